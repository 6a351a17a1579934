import { describe, expect, it } from "vitest";
import { instantAt } from "./requests.ts";
import { addShiftFormSchema, correctEntryFormSchema, shiftInstants, type AddShiftFormValues } from "./timeEntryForms.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
const spanish = (found: Record<string, string>) => Object.fromEntries(Object.entries(found).map(([k, m]) => [k, localizeValidationMessage(m, "es")]));
const zone = "America/Chicago";

const shift: AddShiftFormValues = {
  employeeId: "e1",
  storeId: "s1",
  jobId: null,
  date: "2026-03-10",
  clockIn: "09:00",
  clockOut: "17:30",
  breakMinutes: "",
  reason: "  Forgot to punch ",
};

describe("the add-shift form", () => {
  it("hands on the ids, the day, the times, no break as 0 and the reason trimmed", () => {
    expect(addShiftFormSchema.parse(shift)).toEqual({ ...shift, breakMinutes: 0, reason: "Forgot to punch" });
    expect(addShiftFormSchema.parse({ ...shift, breakMinutes: 30, jobId: "" })).toMatchObject({ breakMinutes: 30, jobId: "" });
  });

  it("names every missing field at once, in English and Spanish", () => {
    const found = messages(
      addShiftFormSchema.safeParse({ employeeId: null, storeId: null, jobId: null, date: "", clockIn: "", clockOut: "", breakMinutes: 0, reason: " " }),
    );
    expect(found).toEqual({
      employeeId: "Choose the employee",
      storeId: "Choose the store",
      date: "Choose the date",
      clockIn: "Give the start and end times",
      clockOut: "Give the start and end times",
      reason: "Give a reason",
    });
    expect(spanish(found)).toEqual({
      employeeId: "Elige el empleado",
      storeId: "Elige la tienda",
      date: "Elige la fecha",
      clockIn: "Indica la hora de inicio y de fin",
      clockOut: "Indica la hora de inicio y de fin",
      reason: "Indica un motivo",
    });
  });

  it("refuses a date off the calendar and a break outside 0 to 600 whole minutes", () => {
    expect(messages(addShiftFormSchema.safeParse({ ...shift, date: "2026-02-30" }))).toEqual({ date: "Not a real calendar date" });
    for (const breakMinutes of [-5, 601, 12.5]) {
      const found = messages(addShiftFormSchema.safeParse({ ...shift, breakMinutes }));
      expect(found).toEqual({ breakMinutes: "Give the break in whole minutes, from 0 to 600" });
      expect(spanish(found)).toEqual({ breakMinutes: "Indica el descanso en minutos enteros, de 0 a 600" });
    }
  });
});

describe("the correction form", () => {
  it("takes the times, the break and a reason", () => {
    expect(correctEntryFormSchema.parse({ clockIn: "22:00", clockOut: "06:15", breakMinutes: 15, reason: "Night shift" })).toEqual({
      clockIn: "22:00",
      clockOut: "06:15",
      breakMinutes: 15,
      reason: "Night shift",
    });
  });

  it("refuses a missing time and an empty reason, in English and Spanish", () => {
    const found = messages(correctEntryFormSchema.safeParse({ clockIn: "09:00", clockOut: "", breakMinutes: 0, reason: "" }));
    expect(found).toEqual({ clockOut: "Give the start and end times", reason: "Give a reason" });
    expect(spanish(found)).toEqual({ clockOut: "Indica la hora de inicio y de fin", reason: "Indica un motivo" });
  });
});

describe("shiftInstants", () => {
  it("reads the times in the store's zone, an end before the start being the next morning", () => {
    expect(shiftInstants("2026-03-10", "09:00", "17:30", zone)).toEqual({
      clockIn: instantAt("2026-03-10", "09:00", zone),
      clockOut: instantAt("2026-03-10", "17:30", zone),
    });
    const night = shiftInstants("2026-03-10", "22:00", "06:00", zone);
    expect(night.clockOut).toBe(instantAt("2026-03-11", "06:00", zone));
    expect(night.clockOut - night.clockIn).toBe(8 * 3_600_000);
  });
});
