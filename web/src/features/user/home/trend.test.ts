import { describe, expect, it } from "vitest";
import { spanLabel, trendOf } from "./trend";

describe("the home's trends", () => {
  it("give a change its amount and share only when both periods had collections", () => {
    expect(trendOf(112_000, 100_000)).toEqual({ kind: "up", changeCents: 12_000, percent: "+12%" });
    expect(trendOf(92_000, 100_000)).toEqual({ kind: "down", changeCents: 8_000, percent: "−8%" });
    expect(trendOf(5_000, 5_000)).toEqual({ kind: "flat", changeCents: 0, percent: "0%" });
  });

  it("say a period had no collections instead of a change of 100%", () => {
    expect(trendOf(12_000, 0)).toEqual({ kind: "noComparison", changeCents: 12_000, percent: null });
    expect(trendOf(0, 92_925)).toEqual({ kind: "noneYet", changeCents: 92_925, percent: null });
    expect(trendOf(0, 0)).toEqual({ kind: "none", changeCents: 0, percent: null });
  });

  it("name a day or a range in the reader's language", () => {
    expect(spanLabel({ fromDate: "2026-11-27", toDate: "2026-11-27" }, "en")).toBe("Nov 27");
    expect(spanLabel({ fromDate: "2026-11-01", toDate: "2026-11-27" }, "en")).toBe("Nov 1 – Nov 27");
    expect(spanLabel({ fromDate: "2026-11-01", toDate: "2026-11-27" }, "es")).toMatch(/^1 nov\.? – 27 nov\.?$/);
  });
});
