import { describe, expect, it } from "vitest";
import {
  allowedActions,
  breakMinutes,
  formatHoursMinutes,
  localizeTimeClockMessage,
  offlinePunchTime,
  punchRefusal,
  replayPunches,
  timeClockMessage,
  workedMinutes,
  type PunchFact,
} from "./timeClock.ts";

const T0 = Date.UTC(2026, 10, 24, 14, 0); // 09:00 in Chicago
const min = (m: number) => T0 + m * 60_000;
let n = 0;
const punch = (action: PunchFact["action"], at: number, extra: Partial<PunchFact> = {}): PunchFact => ({
  id: `p${String(n++).padStart(3, "0")}`,
  action,
  at,
  storeId: "s1",
  ...extra,
});

describe("the punch state machine", () => {
  it("offers only the buttons that apply", () => {
    expect(allowedActions("off")).toEqual(["clockIn"]);
    expect(allowedActions("working")).toEqual(["breakStart", "clockOut"]);
    expect(allowedActions("onBreak")).toEqual(["breakEnd", "clockOut"]);
  });

  it("refuses clock-out without clock-in, a second clock-in, breaks while off and a break end without a start", () => {
    expect(punchRefusal("off", "clockOut")).toBe("notOnClock");
    expect(punchRefusal("working", "clockIn")).toBe("alreadyOnClock");
    expect(punchRefusal("onBreak", "clockIn")).toBe("alreadyOnClock");
    expect(punchRefusal("off", "breakStart")).toBe("breakNotWhileOff");
    expect(punchRefusal("off", "breakEnd")).toBe("notOnClock");
    expect(punchRefusal("working", "breakEnd")).toBe("notOnBreak");
    expect(punchRefusal("onBreak", "breakStart")).toBe("alreadyOnBreak");
    expect(punchRefusal("working", "clockOut")).toBeNull();
  });
});

describe("replaying punches into entries", () => {
  it("builds a closed entry with its break minutes", () => {
    const r = replayPunches([punch("clockIn", min(0)), punch("breakStart", min(120)), punch("breakEnd", min(150)), punch("clockOut", min(480))]);
    expect(r.state).toBe("off");
    expect(r.ignored).toEqual([]);
    expect(r.entries).toHaveLength(1);
    const [e] = r.entries;
    expect(e).toMatchObject({ status: "closed", clockInAt: min(0), clockOutAt: min(480), flags: [] });
    expect(breakMinutes(e.breaks)).toBe(30);
    expect(workedMinutes({ clockInAt: e.clockInAt, clockOutAt: e.clockOutAt, breakMinutes: 30 })).toBe(450);
  });

  it("orders punches by when they happened, not by arrival: a break end sent before its start still pairs", () => {
    const end = punch("breakEnd", min(90), { offline: true });
    const start = punch("breakStart", min(60), { offline: true });
    const r = replayPunches([punch("clockIn", min(0)), end, start]);
    expect(r.ignored).toEqual([]);
    expect(r.state).toBe("working");
    expect(breakMinutes(r.entries[0].breaks)).toBe(30);
    expect(r.entries[0].flags).toEqual(["offline"]);
  });

  it("ignores a punch that does not fit and flags the entry it falls in", () => {
    const stray = punch("breakEnd", min(30), { offline: true });
    const r = replayPunches([punch("clockIn", min(0)), stray, punch("clockOut", min(60))]);
    expect(r.ignored).toEqual([{ punchId: stray.id, reason: "notOnBreak" }]);
    expect(r.entries[0].flags).toContain("ignoredPunch");
    expect(r.entries[0].punchIds).not.toContain(stray.id);
  });

  it("clocking out during a break ends the break then", () => {
    const r = replayPunches([punch("clockIn", min(0)), punch("breakStart", min(100)), punch("clockOut", min(120))]);
    expect(r.entries[0].breaks).toEqual([{ start: min(100), end: min(120) }]);
    expect(r.state).toBe("off");
  });

  it("a second clock-in at another store is ignored; a clock-out elsewhere closes the entry, flagged", () => {
    const r = replayPunches([punch("clockIn", min(0)), punch("clockIn", min(10), { storeId: "s2" }), punch("clockOut", min(60), { storeId: "s2" })]);
    expect(r.ignored.map((i) => i.reason)).toEqual(["alreadyOnClock"]);
    expect(r.entries[0]).toMatchObject({ storeId: "s1", status: "closed" });
    expect(r.entries[0].flags).toEqual(expect.arrayContaining(["ignoredPunch", "otherStore"]));
  });

  it("keeps an open entry open with its running break flagged, and counts the break until now", () => {
    const r = replayPunches([punch("clockIn", min(0)), punch("breakStart", min(30))]);
    expect(r).toMatchObject({ state: "onBreak", storeId: "s1", since: min(30) });
    expect(r.entries[0].flags).toEqual(["openBreak"]);
    expect(breakMinutes(r.entries[0].breaks, min(45))).toBe(15);
  });

  it("ties in time are broken by id, so every replay agrees", () => {
    const a = { id: "b", action: "clockOut", at: min(5), storeId: "s1" } as const;
    const b = { id: "a", action: "clockIn", at: min(5), storeId: "s1" } as const;
    expect(replayPunches([a, b]).state).toBe("off");
    expect(replayPunches([b, a]).entries).toEqual(replayPunches([a, b]).entries);
  });

  it("an offline punch never counts as later than its arrival", () => {
    expect(offlinePunchTime(min(10), min(5))).toBe(min(5));
    expect(offlinePunchTime(min(1), min(5))).toBe(min(1));
  });
});

describe("formatting and messages", () => {
  it("formats minutes as hours", () => {
    expect(formatHoursMinutes(425)).toBe("7:05");
    expect(formatHoursMinutes(0)).toBe("0:00");
  });

  it("translates the server's messages and leaves others alone", () => {
    expect(localizeTimeClockMessage(timeClockMessage("alreadyOnClock"), "es")).toBe("Ya estás en turno");
    expect(localizeTimeClockMessage("Something else", "es")).toBe("Something else");
  });
});
