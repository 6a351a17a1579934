import { describe, expect, it } from "vitest";
import { localizeValidationMessage } from "./validationMessages.ts";
import {
  findConflicts,
  groupConflicts,
  laborCostCents,
  localParts,
  shiftFormSchema,
  templateNameFormSchema,
  shiftHours,
  shiftInstants,
  weekRange,
  weekStartOf,
  zonedInstant,
  type ConflictInput,
  type ScheduledShift,
} from "./scheduling.ts";

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 23, 0, 0); // Monday 2026-11-23 00:00 UTC

function shift(id: string, employeeId: string | null, startHour: number, endHour: number, storeId = "s1", breakMinutes = 0): ScheduledShift {
  return { id, employeeId, storeId, startsAt: T0 + startHour * H, endsAt: T0 + endHour * H, breakMinutes };
}

function input(shifts: ScheduledShift[], extra: Partial<ConflictInput> = {}): ConflictInput {
  return {
    shifts,
    others: [],
    timeOff: [],
    storesOf: new Map([
      ["ana", new Set(["s1", "s2"])],
      ["ben", new Set(["s1"])],
    ]),
    week: { from: T0, to: T0 + 7 * 24 * H },
    settings: { weeklyHoursLimit: 40, minRestHours: 8 },
    ...extra,
  };
}

describe("weeks", () => {
  it("start on the company's workweek day", () => {
    // 2026-11-25 is a Wednesday.
    expect(weekStartOf("2026-11-25", "sunday")).toBe("2026-11-22");
    expect(weekStartOf("2026-11-25", "monday")).toBe("2026-11-23");
    expect(weekStartOf("2026-11-25", "wednesday")).toBe("2026-11-25");
    expect(weekStartOf("2026-11-25", "thursday")).toBe("2026-11-19");
  });

  it("are measured in the store's zone, 169 hours across the autumn clock change", () => {
    const { from, to } = weekRange("2026-11-01", "America/Chicago");
    expect(new Date(from).toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect((to - from) / H).toBe(169); // 2026-11-01 is the fall-back day: 25 h + 6 × 24 h
    expect(new Date(zonedInstant("2026-07-01", 9 * 60, "America/Chicago")).toISOString()).toBe("2026-07-01T14:00:00.000Z");
    expect(localParts(Date.parse("2026-07-01T14:30:00Z"), "America/Chicago")).toEqual({ date: "2026-07-01", minutes: 570 });
  });

  it("put an end at or before the start on the next day", () => {
    const { startsAt, endsAt } = shiftInstants("2026-07-01", 22 * 60, 6 * 60, "America/Chicago");
    expect((endsAt - startsAt) / H).toBe(8);
    expect(new Date(endsAt).toISOString()).toBe("2026-07-02T11:00:00.000Z");
  });
});

describe("hours and cost", () => {
  it("count the shift less its break", () => {
    expect(shiftHours({ startsAt: 0, endsAt: 8 * H, breakMinutes: 30 })).toBe(7.5);
    expect(laborCostCents(7.5, 1525)).toBe(11438); // 7.5 × $15.25 = $114.375 → $114.38
  });
});

describe("conflicts", () => {
  it("flag an overlap with the same person's shift at another store", () => {
    const a = shift("a", "ana", 9, 17, "s1");
    const b = shift("b", "ana", 16, 20, "s2");
    const found = findConflicts(input([a], { others: [b] }));
    expect(found).toEqual([{ kind: "overlap", shiftId: "a", employeeId: "ana", otherShiftId: "b", otherStoreId: "s2" }]);
  });

  it("do not count touching shifts as overlapping, but flag the missing rest", () => {
    const a = shift("a", "ana", 9, 13);
    const b = shift("b", "ana", 13, 17);
    const found = findConflicts(input([a, b]));
    expect(found.map((c) => [c.kind, c.shiftId, c.hours])).toEqual([
      ["rest", "a", 0],
      ["rest", "b", 0],
    ]);
  });

  it("flag rest under the minimum and accept exactly the minimum", () => {
    // Ana closes at 23:00 and opens at 06:59 (7.98 h) / 07:00 (8 h) next day.
    const close = shift("close", "ana", 15, 23);
    const early = { ...shift("early", "ana", 24 + 7, 24 + 15), startsAt: T0 + 31 * H - 60_000 };
    expect(findConflicts(input([close, early])).filter((c) => c.shiftId === "early")).toEqual([
      { kind: "rest", shiftId: "early", employeeId: "ana", otherShiftId: "close", otherStoreId: "s1", hours: 7.98, limit: 8 },
    ]);
    const onTime = shift("onTime", "ana", 24 + 7, 24 + 15);
    expect(findConflicts(input([close, onTime]))).toEqual([]);
  });

  it("flag approved time off the shift touches", () => {
    const a = shift("a", "ben", 9, 17);
    const timeOff = [
      { id: "r1", employeeId: "ben", startsAt: T0 + 16 * H, endsAt: T0 + 40 * H },
      { id: "r2", employeeId: "ana", startsAt: T0, endsAt: T0 + 40 * H },
      { id: "r3", employeeId: "ben", startsAt: T0 + 17 * H, endsAt: T0 + 20 * H },
    ];
    expect(findConflicts(input([a], { timeOff }))).toEqual([{ kind: "timeOff", shiftId: "a", employeeId: "ben", requestId: "r1" }]);
  });

  it("flag a store the person does not work at", () => {
    expect(findConflicts(input([shift("a", "ben", 9, 17, "s2")]))).toEqual([{ kind: "outsideStores", shiftId: "a", employeeId: "ben" }]);
    expect(findConflicts(input([shift("a", "zoe", 9, 17)]))).toEqual([{ kind: "outsideStores", shiftId: "a", employeeId: "zoe" }]);
  });

  it("flag the weekly limit on every shift of the week once all stores pass it", () => {
    // Five 8-hour days are exactly 40: fine. A sixth 1-hour shift at the other store makes 41.
    const days = [0, 1, 2, 3, 4].map((d) => shift(`d${d}`, "ana", d * 24 + 9, d * 24 + 17));
    expect(findConflicts(input(days))).toEqual([]);
    const extra = shift("x", "ana", 5 * 24 + 9, 5 * 24 + 10, "s2");
    const found = findConflicts(input(days, { others: [extra] }));
    expect(found).toHaveLength(5);
    expect(found[0]).toEqual({ kind: "weeklyHours", shiftId: "d0", employeeId: "ana", hours: 41, limit: 40 });
    // Breaks are unpaid: a 30-minute break on the extra shift brings it back to 40.5, still over.
    expect(findConflicts(input(days, { others: [{ ...extra, breakMinutes: 30 }] }))[0].hours).toBe(40.5);
    // A shift of the next week does not count.
    expect(findConflicts(input(days, { others: [shift("next", "ana", 7 * 24 + 9, 7 * 24 + 17)] }))).toEqual([]);
  });

  it("give open shifts none", () => {
    expect(findConflicts(input([shift("o", null, 9, 17, "s9"), shift("p", null, 10, 12, "s9")]))).toEqual([]);
  });
});

describe("the shift form", () => {
  it("accepts an overnight shift and refuses a break as long as the shift", () => {
    expect(shiftFormSchema.safeParse({ date: "2026-11-23", start: "22:00", end: "06:00", breakMinutes: 30 }).success).toBe(true);
    const r = shiftFormSchema.safeParse({ date: "2026-11-23", start: "09:00", end: "10:00", breakMinutes: 60 });
    expect(r.success).toBe(false);
    expect(shiftFormSchema.safeParse({ date: "2026-11-23", start: "09:00", end: "09:00", breakMinutes: 0 }).success).toBe(false);
    expect(shiftFormSchema.safeParse({ date: "2026-11-23", start: "9:00", end: "17:00", breakMinutes: 0 }).success).toBe(false);
  });
});

describe("conflicts as a person reads them", () => {
  it("are one line per person and rule, with every shift they touch", () => {
    const weekly = (shiftId: string, hours: number) => ({ kind: "weeklyHours" as const, shiftId, employeeId: "ana", hours, limit: 40 });
    const groups = groupConflicts([
      weekly("s5", 41),
      weekly("s6", 44),
      { kind: "overlap", shiftId: "s2", employeeId: "ana", otherShiftId: "x1", otherStoreId: "north" },
      { kind: "overlap", shiftId: "s3", employeeId: "ana", otherShiftId: "x2", otherStoreId: "north" },
      { kind: "rest", shiftId: "s4", employeeId: "ben", otherShiftId: "x3", otherStoreId: "south", hours: 7.5, limit: 8 },
      { kind: "rest", shiftId: "s7", employeeId: "ben", otherShiftId: "x4", otherStoreId: "south", hours: 6, limit: 8 },
    ]);
    expect(groups).toEqual([
      { kind: "weeklyHours", employeeId: "ana", hours: 44, limit: 40, shiftIds: ["s5", "s6"] },
      { kind: "overlap", employeeId: "ana", otherStoreId: "north", shiftIds: ["s2", "s3"] },
      { kind: "rest", employeeId: "ben", otherStoreId: "south", hours: 6, limit: 8, shiftIds: ["s4", "s7"] },
    ]);
  });
});

describe("templateNameFormSchema", () => {
  it("asks for a name (in Spanish too), refuses more than 80 characters and hands the name on trimmed", () => {
    const empty = templateNameFormSchema.safeParse({ name: "  " });
    expect(empty.error?.issues[0]?.message).toBe("Give the template a name");
    expect(localizeValidationMessage("Give the template a name", "es")).toBe("Ponle un nombre a la plantilla");
    expect(templateNameFormSchema.safeParse({ name: "x".repeat(81) }).error?.issues[0]?.message).toBe("The name is too long");
    expect(templateNameFormSchema.parse({ name: " Summer week " })).toEqual({ name: "Summer week" });
  });
});
