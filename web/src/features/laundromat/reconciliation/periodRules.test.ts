import { describe, expect, it } from "vitest";
import {
  amountIn,
  closedPeriodOf,
  nextPeriodStart,
  overlappingClosed,
  overShortSeries,
  signedUSD,
  traceTarget,
  varianceTone,
  type PeriodRow,
} from "./periodRules";

const row = (over: Partial<PeriodRow>): PeriodRow => ({
  _id: "r",
  storeId: "s1",
  storeName: "Downtown",
  fromDate: "2025-01-01",
  toDate: "2025-01-31",
  status: "closed",
  varianceCents: 0,
  countedClosingCents: 0,
  expectedCents: 0,
  ...over,
});

describe("reconciliation periods on the screen", () => {
  const rows = [
    row({ _id: "jan", fromDate: "2025-01-01", toDate: "2025-01-31", varianceCents: -500 }),
    row({ _id: "feb", fromDate: "2025-02-01", toDate: "2025-02-28", varianceCents: 200 }),
    row({ _id: "mar-old", fromDate: "2025-03-01", toDate: "2025-03-31", status: "reopened", varianceCents: 9999 }),
    row({ _id: "other", storeId: "s2", storeName: "Uptown", fromDate: "2025-01-01", toDate: "2025-03-31", varianceCents: 100 }),
  ];

  it("the next period starts the day after the store's latest closed one, across month and year ends", () => {
    expect(nextPeriodStart(rows, "s1")).toBe("2025-03-01");
    expect(nextPeriodStart(rows, "s2")).toBe("2025-04-01");
    expect(nextPeriodStart(rows, "s3")).toBeNull();
    expect(nextPeriodStart([row({ toDate: "2024-12-31" })], "s1")).toBe("2025-01-01");
    expect(nextPeriodStart([row({ toDate: "2024-02-28" })], "s1")).toBe("2024-02-29");
  });

  it("finds the closed period a range is, and one it overlaps; reopened periods do not count", () => {
    expect(closedPeriodOf(rows, "s1", "2025-02-01", "2025-02-28")?._id).toBe("feb");
    expect(closedPeriodOf(rows, "s1", "2025-03-01", "2025-03-31")).toBeNull();
    expect(overlappingClosed(rows, "s1", "2025-02-15", "2025-03-10")?._id).toBe("feb");
    expect(overlappingClosed(rows, "s1", "2025-03-01", "2025-03-10")).toBeNull();
  });

  it("runs the over/short per store, oldest first, closed periods only", () => {
    const series = overShortSeries(rows);
    expect(series.map((r) => [r._id, r.cumulativeCents])).toEqual([
      ["jan", -500],
      ["feb", -300],
      ["other", 100],
    ]);
  });

  it("shows signs and tones", () => {
    expect(signedUSD(12345)).toBe("+$123.45");
    expect(signedUSD(-5)).toBe("-$0.05");
    expect(signedUSD(0)).toBe("$0.00");
    expect([varianceTone(-1), varianceTone(1), varianceTone(0)]).toEqual(["short", "over", "even"]);
  });

  it("traces collections by their collection and deposits by themselves", () => {
    expect(traceTarget({ _id: "t1", kind: "collection", collectionId: "c1" })).toBe("collection:c1");
    expect(traceTarget({ _id: "t2", kind: "deposit", collectionId: null })).toBe("deposit:t2");
    expect(traceTarget({ _id: "t3", kind: "expense", collectionId: null })).toBeNull();
  });

  it("sums an entry's lines in one account", () => {
    const entry = {
      lines: [
        { accountId: "safe", amountCents: -700 },
        { accountId: "transit", amountCents: 700 },
      ],
    };
    expect(amountIn(entry, "safe")).toBe(-700);
    expect(amountIn(entry, "bank")).toBe(0);
  });
});
