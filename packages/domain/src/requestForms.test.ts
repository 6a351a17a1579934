import { describe, expect, it } from "vitest";
import { emptyRequestForm, requestFormSchema, type RequestFormValues } from "./requestForms.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
const check = (values: Partial<RequestFormValues>) => messages(requestFormSchema.safeParse({ ...emptyRequestForm(), ...values }));
const spanish = (found: Record<string, string>) => Object.fromEntries(Object.entries(found).map(([k, m]) => [k, localizeValidationMessage(m, "es")]));

describe("the new-request form", () => {
  it("hands on requests:create's arguments of the chosen kind only, one day ending on its start", () => {
    expect(requestFormSchema.parse({ ...emptyRequestForm(), startDate: "2026-04-02", note: " Appointment ", shiftId: "sh1" })).toEqual({
      kind: "timeOff",
      allDay: true,
      startDate: "2026-04-02",
      endDate: "2026-04-02",
      timeOffType: "vacation",
      note: "Appointment",
    });
    expect(requestFormSchema.parse({ ...emptyRequestForm("swap"), shiftId: "sh1", targetEmployeeId: "e2", startDate: "x" })).toEqual({
      kind: "swap",
      shiftId: "sh1",
      targetEmployeeId: "e2",
    });
    expect(requestFormSchema.parse({ ...emptyRequestForm("claim"), shiftId: "sh9" })).toEqual({ kind: "claim", shiftId: "sh9" });
    expect(
      requestFormSchema.parse({ ...emptyRequestForm(), allDay: false, startDate: "2026-04-02", startTime: "09:00", endTime: "12:00", timeOffType: "sick" }),
    ).toMatchObject({ allDay: false, startTime: "09:00", endTime: "12:00", timeOffType: "sick" });
  });

  it("asks for the first day and the type of time off, in English and Spanish", () => {
    const found = check({ timeOffType: null });
    expect(found).toEqual({ startDate: "Choose the first day", timeOffType: "Choose the type" });
    expect(spanish(found)).toEqual({ startDate: "Elige el primer día", timeOffType: "Elige el tipo" });
  });

  it("says the server's time-off rules under their fields", () => {
    const before = check({ startDate: "2026-04-10", endDate: "2026-04-09" });
    expect(before).toEqual({ endDate: "The time off ends before it starts" });
    expect(spanish(before)).toEqual({ endDate: "El tiempo libre termina antes de empezar" });
    const times = check({ startDate: "2026-04-10", allDay: false, startTime: "09:00" });
    expect(times).toEqual({ startTime: "Give the start and end times of a partial day" });
    expect(spanish(times)).toEqual({ startTime: "Indica la hora de inicio y de fin de un día parcial" });
    const long = check({ startDate: "2026-04-01", endDate: "2026-06-30" });
    expect(long).toEqual({ endDate: "Time off can be asked for at most 60 days at once" });
    expect(spanish(long)).toEqual({ endDate: "Se pueden pedir como máximo 60 días libres a la vez" });
    expect(check({ startDate: "2026-02-30" })).toEqual({ startDate: "Not a real calendar date" });
  });

  it("asks for the shift, and for a swap the coworker, in English and Spanish", () => {
    const drop = check({ kind: "drop" });
    expect(drop).toEqual({ shiftId: "Choose a shift" });
    expect(spanish(drop)).toEqual({ shiftId: "Elige un turno" });
    const swap = check({ kind: "swap" });
    expect(swap).toEqual({ shiftId: "Choose a shift", targetEmployeeId: "Choose who takes the shift" });
    expect(spanish(swap)).toEqual({ shiftId: "Elige un turno", targetEmployeeId: "Elige quién toma el turno" });
  });
});
