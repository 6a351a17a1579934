import { describe, expect, it } from "vitest";
import {
  completeRegistrationSchema,
  EMPLOYEE_MESSAGES,
  employeeCreateSchema,
  employeeUpdateSchema,
  localizeEmployeeMessage,
  rateChange,
  rateOn,
  setRateSchema,
  sortRates,
  type RateRow,
} from "./employees.ts";

const rates: RateRow[] = [
  { effectiveFrom: "2026-03-16", rateCents: 1650, payType: "hourly" },
  { effectiveFrom: "2026-01-05", rateCents: 1500, payType: "hourly" },
  { effectiveFrom: "2026-06-01", rateCents: 5200_00, payType: "salary" },
];

describe("rateOn", () => {
  it("gives the rate with the latest effective date on or before the day, whatever the order", () => {
    expect(rateOn(rates, "2026-01-05")?.rateCents).toBe(1500);
    expect(rateOn(rates, "2026-03-15")?.rateCents).toBe(1500);
    expect(rateOn(rates, "2026-03-16")?.rateCents).toBe(1650);
    expect(rateOn(rates, "2026-05-31")?.rateCents).toBe(1650);
    expect(rateOn(rates, "2026-06-01")).toMatchObject({ rateCents: 520000, payType: "salary" });
    expect(rateOn([...rates].reverse(), "2026-04-01")?.rateCents).toBe(1650);
  });

  it("is null before the first rate and with no rates", () => {
    expect(rateOn(rates, "2026-01-04")).toBeNull();
    expect(rateOn([], "2026-01-04")).toBeNull();
  });

  it("compares calendar dates, not times, across month and year ends", () => {
    const history: RateRow[] = [
      { effectiveFrom: "2025-12-31", rateCents: 1, payType: "hourly" },
      { effectiveFrom: "2026-01-01", rateCents: 2, payType: "hourly" },
    ];
    expect(rateOn(history, "2025-12-31")?.rateCents).toBe(1);
    expect(rateOn(history, "2026-01-01")?.rateCents).toBe(2);
  });
});

describe("sortRates", () => {
  it("lists the history newest first without changing the input", () => {
    const copy = [...rates];
    expect(sortRates(rates).map((r) => r.effectiveFrom)).toEqual(["2026-06-01", "2026-03-16", "2026-01-05"]);
    expect(rates).toEqual(copy);
  });
});

describe("rateChange", () => {
  const today = "2026-04-10";
  const existing = [{ effectiveFrom: "2026-01-05" }, { effectiveFrom: "2026-05-01" }];
  it("lets the first rate start on any date", () => {
    expect(rateChange([], "2025-01-01", today)).toEqual({ ok: true, replaces: false });
  });
  it("refuses a later rate starting before today, so past pay is never rewritten", () => {
    expect(rateChange(existing, "2026-04-09", today)).toEqual({ ok: false, key: "rateBeforeToday", message: EMPLOYEE_MESSAGES.rateBeforeToday.en });
  });
  it("accepts today and future dates, replacing only a future rate on the same date", () => {
    expect(rateChange(existing, today, today)).toEqual({ ok: true, replaces: false });
    expect(rateChange(existing, "2026-06-01", today)).toEqual({ ok: true, replaces: false });
    expect(rateChange(existing, "2026-05-01", today)).toEqual({ ok: true, replaces: true });
  });
  it("refuses a second rate on a date that has already started", () => {
    expect(rateChange([{ effectiveFrom: today }], today, today)).toEqual({ ok: false, key: "rateDateTaken", message: EMPLOYEE_MESSAGES.rateDateTaken.en });
  });
});

describe("employee forms", () => {
  const valid = {
    name: " Ana Ruiz ",
    email: "",
    phone: "",
    position: " Attendant ",
    hireDate: "2026-01-05",
    storeIds: ["s1"],
    payType: "hourly" as const,
    rateCents: 1500,
    effectiveFrom: "",
    username: "ana_r",
    pin: "4821",
  };
  it("trims, and turns empty optional fields into null", () => {
    expect(employeeCreateSchema.parse(valid)).toMatchObject({ name: "Ana Ruiz", email: null, phone: null, position: "Attendant", effectiveFrom: null });
  });
  it.each([
    [{ name: "  " }, EMPLOYEE_MESSAGES.nameRequired.en],
    [{ storeIds: [] }, EMPLOYEE_MESSAGES.storesRequired.en],
    [{ rateCents: -1 }, EMPLOYEE_MESSAGES.rateNegative.en],
    [{ rateCents: 10.5 }, EMPLOYEE_MESSAGES.rateWhole.en],
    [{ username: "9lives" }, "Username must start with a letter and contain only letters, numbers, and underscores"],
    [{ pin: "1111" }, "PIN cannot be all the same number"],
    [{ email: "nope" }, "Please enter a valid email address"],
    [{ phone: "call me" }, EMPLOYEE_MESSAGES.phoneFormat.en],
    [{ hireDate: "2026-02-30" }, "Not a real calendar date"],
  ])("refuses %j", (override, message) => {
    const result = employeeCreateSchema.safeParse({ ...valid, ...override });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
  it("asks a terminated employee for an end date not before the hire date", () => {
    const base = { ...valid, employeeId: "e1", status: "terminated" as const, endDate: "" };
    expect(employeeUpdateSchema.safeParse(base).error?.issues[0]).toMatchObject({ path: ["endDate"], message: EMPLOYEE_MESSAGES.endDateRequired.en });
    expect(employeeUpdateSchema.safeParse({ ...base, endDate: "2026-01-01" }).error?.issues[0].message).toBe(EMPLOYEE_MESSAGES.endBeforeHire.en);
    expect(employeeUpdateSchema.safeParse({ ...base, endDate: "2026-03-31" }).success).toBe(true);
    expect(employeeUpdateSchema.safeParse({ ...base, status: "pending" }).success).toBe(false);
  });
  it("checks a new rate's date and a completion's role", () => {
    expect(setRateSchema.safeParse({ employeeId: "e1", rateCents: 1600, effectiveFrom: "2026-13-01" }).success).toBe(false);
    const completion = {
      employeeId: "e1",
      name: "Dana",
      phone: "",
      position: "",
      hireDate: "",
      storeIds: ["s1"],
      payType: "hourly",
      rateCents: 1500,
      effectiveFrom: "",
    };
    expect(completeRegistrationSchema.safeParse({ ...completion, role: "STAFF" }).success).toBe(true);
    expect(completeRegistrationSchema.safeParse({ ...completion, role: "BOSS" }).success).toBe(false);
  });
  it("says its messages in Spanish with tú", () => {
    expect(localizeEmployeeMessage(EMPLOYEE_MESSAGES.storesRequired.en, "es")).toBe("Elige al menos una tienda");
    expect(localizeEmployeeMessage("something else", "es")).toBeNull();
  });
});
