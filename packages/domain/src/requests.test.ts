import { describe, expect, it } from "vitest";
import {
  createRequestSchema,
  decisionRefusal,
  instantAt,
  localizeRequestMessage,
  rangesOverlap,
  REQUEST_MESSAGES,
  timeOfDayIn,
  timeOffRange,
} from "./requests.ts";

describe("time off", () => {
  it("covers whole days from the store's midnight to the midnight after the last day", () => {
    // Chicago is UTC-6 in late November.
    const r = timeOffRange({ allDay: true, startDate: "2026-11-30", endDate: "2026-12-01" }, "America/Chicago");
    expect(new Date(r.startsAt).toISOString()).toBe("2026-11-30T06:00:00.000Z");
    expect(new Date(r.endsAt).toISOString()).toBe("2026-12-02T06:00:00.000Z");
  });

  it("covers a partial day between the times given, across a daylight-saving change", () => {
    const r = timeOffRange({ allDay: false, startDate: "2026-11-01", endDate: "2026-11-01", startTime: "00:30", endTime: "03:30" }, "America/Chicago");
    // 00:30 CDT (UTC-5) to 03:30 CST (UTC-6): four hours.
    expect((r.endsAt - r.startsAt) / 3_600_000).toBe(4);
  });

  it("refuses an end before the start, a partial day without times and more than 60 days", () => {
    const base = { kind: "timeOff", allDay: true, startDate: "2026-12-02", endDate: "2026-12-01", timeOffType: "vacation" } as const;
    expect(createRequestSchema.safeParse(base).error?.issues[0].message).toBe(REQUEST_MESSAGES.endBeforeStart);
    expect(createRequestSchema.safeParse({ ...base, endDate: "2026-12-02", allDay: false }).error?.issues[0].message).toBe(REQUEST_MESSAGES.timesNeeded);
    expect(
      createRequestSchema.safeParse({ ...base, endDate: "2026-12-02", allDay: false, startTime: "10:00", endTime: "09:00" }).error?.issues[0].message,
    ).toBe(REQUEST_MESSAGES.endBeforeStart);
    expect(createRequestSchema.safeParse({ ...base, endDate: "2027-01-31" }).error?.issues[0].message).toBe(REQUEST_MESSAGES.tooLong);
    expect(createRequestSchema.safeParse({ ...base, endDate: "2027-01-30" }).success).toBe(true);
    expect(createRequestSchema.safeParse({ ...base, endDate: "2026-12-02", timeOffType: "holiday" }).success).toBe(false);
  });
});

describe("shift requests and decisions", () => {
  it("needs the other employee for a swap", () => {
    expect(createRequestSchema.safeParse({ kind: "swap", shiftId: "s" }).success).toBe(false);
    expect(createRequestSchema.safeParse({ kind: "swap", shiftId: "s", targetEmployeeId: "e" }).success).toBe(true);
    expect(createRequestSchema.safeParse({ kind: "drop", shiftId: "s" }).success).toBe(true);
  });

  it("decides only a pending request, and a denial only with a reason", () => {
    expect(decisionRefusal("pending", true, undefined)).toBeNull();
    expect(decisionRefusal("pending", false, " ")).toBe("reasonNeeded");
    expect(decisionRefusal("pending", false, "Short-staffed")).toBeNull();
    expect(decisionRefusal("approved", true, undefined)).toBe("alreadyDecided");
  });

  it("overlaps ranges that share time, not ranges that only touch", () => {
    expect(rangesOverlap({ startsAt: 0, endsAt: 10 }, { startsAt: 10, endsAt: 20 })).toBe(false);
    expect(rangesOverlap({ startsAt: 0, endsAt: 11 }, { startsAt: 10, endsAt: 20 })).toBe(true);
  });
});

describe("wall-clock times", () => {
  it("read and write a time of day in the store's zone", () => {
    const at = instantAt("2026-11-23", "09:05", "America/Chicago");
    expect(new Date(at).toISOString()).toBe("2026-11-23T15:05:00.000Z");
    expect(timeOfDayIn(at, "America/Chicago")).toBe("09:05");
    expect(timeOfDayIn(at, "America/New_York")).toBe("10:05");
  });
});

describe("request refusals in the reader's language", () => {
  it("has a Spanish text for every refusal the server sends, and leaves other texts alone", () => {
    for (const english of Object.values(REQUEST_MESSAGES)) {
      expect(localizeRequestMessage(english, "en")).toBe(english);
      const spanish = localizeRequestMessage(english, "es");
      expect(spanish, english).toBeTruthy();
      expect(spanish).not.toBe(english);
    }
    expect(localizeRequestMessage("Something else", "es")).toBeNull();
    expect(localizeRequestMessage(REQUEST_MESSAGES.awaitingCoworker, "es")).toBe("El compañero aún no ha aceptado este intercambio");
  });
});
