import { describe, expect, it } from "vitest";
import {
  assemblePnl,
  belowMedianFlag,
  comparisonPeriod,
  cyclePriceCents,
  labourBand,
  machineFigures,
  median,
  monthsBetween,
  payback,
  periodRange,
  priceOn,
  prorateToMonths,
  utilityBand,
  utilityRise,
  type PriceRow,
  type StoreMonthInputs,
} from "./economics.ts";

const price = (p: Partial<PriceRow> & Pick<PriceRow, "effectiveFrom" | "priceCents">): PriceRow => ({
  equipmentTypeId: null,
  machineId: null,
  perMinutes: null,
  typicalCycleMinutes: null,
  ...p,
});

describe("periods", () => {
  it("are calendar months, quarters and years, compared with the one before or a year earlier", () => {
    expect(periodRange("month", "2026-02-14")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodRange("quarter", "2026-05-31")).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(periodRange("year", "2026-05-31")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(comparisonPeriod("month", "2026-03-31", "previous")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(comparisonPeriod("quarter", "2026-01-10", "previous")).toEqual({ from: "2025-10-01", to: "2025-12-31" });
    expect(comparisonPeriod("month", "2026-03-31", "lastYear")).toEqual({ from: "2025-03-01", to: "2025-03-31" });
    expect(monthsBetween("2025-11-20", "2026-02-01")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});

describe("prices", () => {
  const rows = [
    price({ equipmentTypeId: "washer", effectiveFrom: "2026-01-01", priceCents: 300 }),
    price({ equipmentTypeId: "washer", effectiveFrom: "2026-06-01", priceCents: 325 }),
    price({ machineId: "W2", effectiveFrom: "2026-03-11", priceCents: 350 }),
  ];
  it("take a machine's own latest row from on or before the day, else its type's latest", () => {
    expect(priceOn(rows, "W1", "washer", "2025-12-31")).toBeNull();
    expect(priceOn(rows, "W1", "washer", "2026-03-11")?.priceCents).toBe(300);
    expect(priceOn(rows, "W1", "washer", "2026-06-01")?.priceCents).toBe(325);
    expect(priceOn(rows, "W2", "washer", "2026-03-10")?.priceCents).toBe(300);
    // The machine's own price stands even after its type's price changes.
    expect(priceOn(rows, "W2", "washer", "2026-07-01")?.priceCents).toBe(350);
  });
  it("of a dryer are per minutes: 25¢ per 8 minutes with a 40-minute cycle is 25 × 40 ÷ 8 = 125¢ a cycle", () => {
    expect(cyclePriceCents({ priceCents: 25, perMinutes: 8, typicalCycleMinutes: 40 })).toBe(125);
    expect(cyclePriceCents({ priceCents: 25, perMinutes: 8, typicalCycleMinutes: null })).toBeNull();
    expect(cyclePriceCents({ priceCents: 300, perMinutes: null, typicalCycleMinutes: null })).toBe(300);
  });
});

describe("a machine's turns per day", () => {
  it("counts a washer's price change inside the range day by day", () => {
    // Washer W2, range 2026-03-01 … 03-20, today 03-25. Type price $3.00; its own $3.50 from 03-11.
    // Collections: 02-28 (before the range), 03-07 $63.00, 03-14 $73.50, 03-21 $73.50 (after the range).
    // 03-07 spreads over 03-01…03-07, 7 days: 6300 / 7 = 900 a day → 900 / 300 = 3 cycles a day → 21 cycles.
    // 03-14 spreads over 03-08…03-14: 7350 / 7 = 1050 a day; 03-08…03-10 at 300: 3.5 a day × 3 = 10.5;
    //   03-11…03-14 at 350: 3 a day × 4 = 12.
    // 03-21 spreads over 03-15…03-21: 1050 a day at 350 = 3 a day; the range holds 03-15…03-20 = 6 days → 18.
    // Card: $7.00 on 03-12 at 350 → 2 cycles.
    // Cycles 21 + 10.5 + 12 + 18 + 2 = 63.5 over 20 days in service → 3.175 → 3.18 turns a day.
    // Revenue: coins 6300 + 7350 + 6 × 1050 = 19950, card 700 → 20650; per cycle 20650 / 63.5 = 325.2 → 325¢;
    // per day 20650 / 20 = 1032.5 → 1033¢.
    const f = machineFigures(
      {
        machineId: "W2",
        equipmentTypeId: "washer",
        installedOn: "2024-05-01",
        previous: "2026-02-28",
        collections: [
          { date: "2026-03-07", cents: 6300 },
          { date: "2026-03-14", cents: 7350 },
          { date: "2026-03-21", cents: 7350 },
        ],
        card: new Map([["2026-03-12", 700]]),
        app: new Map(),
        prices: [
          price({ equipmentTypeId: "washer", effectiveFrom: "2026-01-01", priceCents: 300 }),
          price({ machineId: "W2", effectiveFrom: "2026-03-11", priceCents: 350 }),
        ],
      },
      "2026-03-01",
      "2026-03-20",
      "2026-03-25",
    );
    expect(f).toMatchObject({
      coinsCents: 19950,
      cardCents: 700,
      appCents: 0,
      revenueCents: 20650,
      daysInService: 20,
      cycles: 63.5,
      turnsPerDay: 3.18,
      revenuePerCycleCents: 325,
      revenuePerDayCents: 1033,
      unpricedCents: 0,
    });
    // Weekdays: 2026-03-02 is a Monday. Mondays 03-02 (3), 03-09 (3.5), 03-16 (3) → 9.5 / 3 = 3.17.
    // Thursdays 03-05 (3), 03-12 (3 + 2 card), 03-19 (3) → 11 / 3 = 3.67.
    expect(f.turnsByWeekday[0]).toBe(3.17);
    expect(f.turnsByWeekday[3]).toBe(3.67);
    // Weeks: 03-01 is a Sunday, its week starts 02-23 and holds one day of 900.
    expect(f.weeks[0]).toEqual({ week: "2026-02-23", cents: 900, days: 1, cycles: 3, pricedDays: 1 });
    expect(f.weeks.reduce((s, w) => s + w.cents, 0)).toBe(20650);
  });

  it("counts a dryer priced per minutes, installed mid-range, from its install date", () => {
    // Dryer D1 installed 03-10, 25¢ per 8 minutes with a 40-minute cycle = 125¢ a cycle.
    // Its first collection 03-14 $25.00 spreads back to the install date: 03-10…03-14, 5 days → 500 a day = 4 cycles.
    // 03-21 $35.00 spreads over 03-15…03-21: 500 a day; the range keeps 03-15…03-20.
    // Days in service 03-10…03-20 = 11, cycles 44, 4 turns a day; revenue 11 × 500 = 5500.
    const f = machineFigures(
      {
        machineId: "D1",
        equipmentTypeId: "dryer",
        installedOn: "2026-03-10",
        previous: null,
        collections: [
          { date: "2026-03-14", cents: 2500 },
          { date: "2026-03-21", cents: 3500 },
        ],
        card: new Map(),
        app: new Map(),
        prices: [price({ equipmentTypeId: "dryer", effectiveFrom: "2026-01-01", priceCents: 25, perMinutes: 8, typicalCycleMinutes: 40 })],
      },
      "2026-03-01",
      "2026-03-20",
      "2026-03-25",
    );
    expect(f).toMatchObject({ revenueCents: 5500, daysInService: 11, cycles: 44, turnsPerDay: 4, revenuePerCycleCents: 125, revenuePerDayCents: 500 });
  });

  it("stops at the last day a collection covers, and leaves revenue without a price out of the cycles", () => {
    // Range 03-01…03-31, today 03-20; last collection 03-10 (previous 03-03): 03-04…03-10, 7 × 100.
    // In service 03-01…03-10 = 10 days (after 03-10 the box is still filling); 03-01…03-03 hold nothing.
    // No price row at all: every cent is unpriced, no cycles.
    const f = machineFigures(
      {
        machineId: "V1",
        equipmentTypeId: "vending",
        installedOn: null,
        previous: "2026-03-03",
        collections: [{ date: "2026-03-10", cents: 700 }],
        card: new Map(),
        app: new Map(),
        prices: [],
      },
      "2026-03-01",
      "2026-03-31",
      "2026-03-20",
    );
    expect(f).toMatchObject({ revenueCents: 700, daysInService: 10, cycles: null, turnsPerDay: null, unpricedCents: 700, revenuePerDayCents: 70 });
  });

  it("counts a machine nobody collected in the range as in service to today with nothing earned", () => {
    const f = machineFigures(
      { machineId: "W9", equipmentTypeId: "washer", installedOn: null, previous: "2026-02-01", collections: [], card: new Map(), app: new Map(), prices: [] },
      "2026-03-01",
      "2026-03-31",
      "2026-03-05",
    );
    expect(f).toMatchObject({ revenueCents: 0, daysInService: 5 });
  });

  it("counts cycles from the meter where two collections in a row have a reading", () => {
    // W4 at $5.00 a cycle, collected 03-10 (meter 1,000), 03-17 (1,035: 35 cycles over 03-11 … 03-17,
    // 5 a day) and 03-24 (no reading). Coins $150.00 then $140.00, $20.00 a day each week.
    // 03-11 … 03-17 come from the meter: 7 days × 5 = 35 cycles (revenue ÷ price would say 30).
    // 03-18 … 03-24 from the price: $140.00 ÷ $5.00 = 28 cycles. Together 63 cycles over 14 days:
    // 4.5 a day; revenue $290.00 ÷ 63 = 460.3 → $4.60 a cycle. Seven of the days are metered.
    const input = {
      machineId: "W4",
      equipmentTypeId: "washer",
      installedOn: null,
      previous: "2026-03-10",
      collections: [
        { date: "2026-03-17", cents: 15_000 },
        { date: "2026-03-24", cents: 14_000 },
      ],
      card: new Map<string, number>(),
      app: new Map<string, number>(),
      prices: [price({ equipmentTypeId: "washer", effectiveFrom: "2026-01-01", priceCents: 500 })],
      meters: new Map([
        ["2026-03-10", 1_000],
        ["2026-03-17", 1_035],
      ]),
    };
    expect(machineFigures(input, "2026-03-11", "2026-03-24", "2026-03-30")).toMatchObject({
      revenueCents: 29_000,
      daysInService: 14,
      cycles: 63,
      turnsPerDay: 4.5,
      revenuePerCycleCents: 460,
      meteredDays: 7,
    });
    // A counter that went back (replaced) is no reading: all 14 days from the price, 58 cycles.
    const reset = { ...input, meters: new Map([...input.meters, ["2026-03-17", 12]]) };
    expect(machineFigures(reset, "2026-03-11", "2026-03-24", "2026-03-30")).toMatchObject({ cycles: 58, meteredDays: 0 });
    // Without a price the metered days still have cycles; the rest is unpriced revenue.
    expect(machineFigures({ ...input, prices: [] }, "2026-03-11", "2026-03-24", "2026-03-30")).toMatchObject({
      cycles: 35,
      turnsPerDay: 5,
      unpricedCents: 14_000,
      meteredDays: 7,
    });
  });
});

describe("medians and the flag", () => {
  it("take the middle value, or the mean of the middle two", () => {
    expect(median([])).toBeNull();
    expect(median([900, 300, 500])).toBe(500);
    expect(median([900, 300, 500, 100])).toBe(400);
  });
  it("flags a machine under half its type's median for three weeks in a row", () => {
    // Turns 2.0, 2.2, 2.49 < 5 × 0.5 = 2.5 in the last three weeks; the week before (3.0) was not below.
    const weeks = [3, 2, 2.2, 2.49].map((own) => ({ own, median: 5 }));
    expect(belowMedianFlag(weeks)).toEqual({ flagged: true, weeksBelow: 3 });
    // Exactly half is not below; two weeks are not "weeks".
    expect(belowMedianFlag([2.5, 2, 2].map((own) => ({ own, median: 5 })))).toEqual({ flagged: false, weeksBelow: 2 });
    // A week without a median is skipped, not a break.
    expect(
      belowMedianFlag([
        { own: 100, median: 1000 },
        { own: 100, median: null },
        { own: 100, median: 1000 },
        { own: 100, median: 1000 },
      ]),
    ).toEqual({ flagged: true, weeksBelow: 3 });
  });
});

describe("payback", () => {
  it("of a dryer bought mid-year counts only its days since install", () => {
    // $4,000.00; since its install 160 days in service earned $800.00 = 500¢ a day; the store's expenses are half its
    // revenue → 250¢ a day net. A year: 250 × 365 = 91,250¢; a month 91,250 / 12 = 7,604.17¢.
    // Payback 400,000 / 7,604.17 = 52.60 → 52.6 months; return 91,250 / 400,000 = 22.81 % → 22.8 %.
    expect(payback({ purchasePriceCents: 400_000, revenueCents: 80_000, daysInService: 160, expenseShare: 0.5 })).toEqual({
      netPerDayCents: 250,
      paybackMonths: 52.6,
      roiPercent: 22.8,
    });
    expect(payback({ purchasePriceCents: null, revenueCents: 80_000, daysInService: 160, expenseShare: 0.5 }).paybackMonths).toBeNull();
    // A store spending all its revenue never pays a machine back.
    expect(payback({ purchasePriceCents: 400_000, revenueCents: 80_000, daysInService: 160, expenseShare: 1 }).paybackMonths).toBeNull();
  });
});

describe("bands", () => {
  it("label the utility ratio and labour share", () => {
    expect([19.9, 20, 25, 25.1, 29.9, 30].map(utilityBand)).toEqual(["low", "good", "good", "watch", "watch", "problem"]);
    expect([null, 18, 20, 20.1, 30].map(labourBand)).toEqual([null, "good", "good", "watch", "problem"]);
  });
});

describe("utility bills into months", () => {
  it("split by days, the left-over cents on the latest days", () => {
    // 2026-03-15 … 04-14 is 31 days; 46,503 / 31 = 1,500 a day and 3 cents left for 04-12, 04-13, 04-14.
    // March 03-15…03-31 = 17 days × 1,500 = 25,500; April 14 × 1,500 + 3 = 21,003; together 46,503.
    expect(prorateToMonths(46_503, "2026-03-15", "2026-04-14")).toEqual([
      { month: "2026-03", cents: 25_500 },
      { month: "2026-04", cents: 21_003 },
    ]);
    // 10,000 over 2026-01-31 … 03-01 (30 days): 333 a day, 10 left on 02-20 … 03-01.
    // January 1 × 333; February 28 × 333 + 9 (02-20…02-28) = 9,333; March 333 + 1 = 334.
    expect(prorateToMonths(10_000, "2026-01-31", "2026-03-01")).toEqual([
      { month: "2026-01", cents: 333 },
      { month: "2026-02", cents: 9_333 },
      { month: "2026-03", cents: 334 },
    ]);
  });
});

describe("the P&L", () => {
  const empty = { otherRevenue: {}, ledger: {}, bank: {}, bills: {}, recurring: {}, payrollCents: null };
  // Store S, March 2026:
  //   revenue: coins 1,200.00 (a changer's collection is never in collectionsCents), card 300.00, app 50.00,
  //   wash-dry-fold 100.00 → 1,650.00.
  //   bills: electricity 255.00, gas 80.00, water and sewer 60.00 → the ledger's utilities 90.00 is left out;
  //   recurring rent 400.00 (the ledger's rent 0), insurance 50.00, loan 100.00 (below operating profit);
  //   payroll 300.00 → the ledger's wages 150.00 is left out; ledger repairs 45.00, supplies 20.00.
  //   Expenses 255 + 80 + 60 + 400 + 50 + 45 + 20 + 300 = 1,210.00; operating profit 440.00;
  //   margin 440 / 1,650 = 26.67 → 26.7 %; after loans 340.00.
  //   Utility ratio 395 / 1,650 = 23.94 → 23.9 % (good); labour 300 / 1,650 = 18.18 → 18.2 % (good).
  // The company's postings tied to no store: a bank fee 15.00 (counts) and bank utilities 80.00 (left out:
  // the store has bills that month). Company: expenses 1,225.00, profit 425.00, margin 425 / 1,650 = 25.76 → 25.8 %.
  const store: StoreMonthInputs = {
    storeId: "S",
    month: "2026-03",
    collectionsCents: 120_000,
    otherRevenue: { card: 30_000, app: 5_000, wash_dry_fold: 10_000 },
    ledger: { utilities: 9_000, repairs: 4_500, supplies: 2_000, wages: 15_000 },
    bank: {},
    bills: { electricity: 25_500, gas: 8_000, water_sewer: 6_000 },
    recurring: { rent: 40_000, insurance: 5_000, loan: 10_000 },
    payrollCents: 30_000,
  };
  const company: StoreMonthInputs = { ...empty, storeId: null, month: "2026-03", collectionsCents: 0, bank: { fees: 1_500, utilities: 8_000 } };

  it("of one store's month gives each figure from the record that wins, to the cent", () => {
    const pnl = assemblePnl([store]);
    expect(pnl.revenue).toEqual([
      { line: "coins", cents: 120_000, sources: ["collections"] },
      { line: "card", cents: 30_000, sources: ["otherRevenue"] },
      { line: "app", cents: 5_000, sources: ["otherRevenue"] },
      { line: "wash_dry_fold", cents: 10_000, sources: ["otherRevenue"] },
    ]);
    expect(pnl.expenses).toEqual([
      { line: "electricity", cents: 25_500, sources: ["bills"] },
      { line: "gas", cents: 8_000, sources: ["bills"] },
      { line: "water_sewer", cents: 6_000, sources: ["bills"] },
      { line: "rent", cents: 40_000, sources: ["recurring"] },
      { line: "insurance", cents: 5_000, sources: ["recurring"] },
      { line: "repairs", cents: 4_500, sources: ["ledger"] },
      { line: "supplies", cents: 2_000, sources: ["ledger"] },
      { line: "wages", cents: 30_000, sources: ["payroll"] },
    ]);
    expect(pnl).toMatchObject({
      revenueCents: 165_000,
      expenseCents: 121_000,
      operatingProfitCents: 44_000,
      marginPercent: 26.7,
      loanPaymentsCents: 10_000,
      afterLoansCents: 34_000,
      utilityCents: 39_500,
      utilityPercent: 23.9,
      utilityBand: "good",
      labourCents: 30_000,
      labourPercent: 18.2,
      labourBand: "good",
    });
    expect(pnl.superseded).toEqual([
      { line: "utilities", source: "ledger", cents: 9_000, by: "bills" },
      { line: "wages", source: "ledger", cents: 15_000, by: "payroll" },
    ]);
  });

  it("of the company adds postings tied to no store, by the same rules over the month", () => {
    const pnl = assemblePnl([store, company]);
    expect(pnl).toMatchObject({ revenueCents: 165_000, expenseCents: 122_500, operatingProfitCents: 42_500, marginPercent: 25.8 });
    expect(pnl.expenses.find((e) => e.line === "fees")).toEqual({ line: "fees", cents: 1_500, sources: ["bank"] });
    expect(pnl.superseded).toContainEqual({ line: "utilities", source: "bank", cents: 8_000, by: "bills" });
  });

  it("takes the ledger's utilities, rent and wages when no bill, recurring rent or payroll covers the month", () => {
    // Same store in April with no bills, no recurring lines and no payroll: ledger utilities 90.00, rent 400.00,
    // wages 150.00 and a bank rent 10.00 all count; 1,000.00 of coins → utilities 9.0 %, labour 15.0 %.
    const pnl = assemblePnl([
      { ...empty, storeId: "S", month: "2026-04", collectionsCents: 100_000, ledger: { utilities: 9_000, rent: 40_000, wages: 15_000 }, bank: { rent: 1_000 } },
    ]);
    expect(pnl.expenses).toEqual([
      { line: "utilities", cents: 9_000, sources: ["ledger"] },
      { line: "rent", cents: 41_000, sources: ["ledger", "bank"] },
      { line: "wages", cents: 15_000, sources: ["ledger"] },
    ]);
    expect(pnl).toMatchObject({ operatingProfitCents: 35_000, utilityPercent: 9, utilityBand: "low", labourPercent: 15, superseded: [] });
  });

  it("has no margin or ratios without revenue", () => {
    // Revenue but neither payroll nor wages posted: the labour share is unknown, never "0 %, good".
    const noLabour = assemblePnl([{ ...empty, storeId: "S", month: "2026-04", collectionsCents: 50_000 }]);
    expect(noLabour).toMatchObject({ revenueCents: 50_000, labourCents: 0, labourPercent: null, labourBand: null });
    // Payroll that came to nothing is a known 0 %.
    expect(assemblePnl([{ ...empty, storeId: "S", month: "2026-04", collectionsCents: 50_000, payrollCents: 0 }])).toMatchObject({
      labourPercent: 0,
      labourBand: "good",
    });
    expect(assemblePnl([])).toMatchObject({ revenueCents: 0, marginPercent: null, utilityPercent: null, utilityBand: null, labourBand: null });
  });

  it("takes the labour share over the months with labour recorded only", () => {
    // A quarter whose payroll began in its last month. Store S: January coins 1,000.00 and February 1,200.00
    // with no payroll or wages; March coins 800.00 + card 200.00 = 1,000.00 with payroll 280.00. Store T:
    // March coins 500.00, no payroll (an unattended store). Labour is recorded in March only, so the share is
    // 280.00 of March's 1,500.00 = 18.67 → 18.7 % (good), not 280.00 of the quarter's 3,700.00 = 7.6 %.
    const pnl = assemblePnl([
      { ...empty, storeId: "S", month: "2026-01", collectionsCents: 100_000 },
      { ...empty, storeId: "S", month: "2026-02", collectionsCents: 120_000 },
      { ...empty, storeId: "S", month: "2026-03", collectionsCents: 80_000, otherRevenue: { card: 20_000 }, payrollCents: 28_000 },
      { ...empty, storeId: "T", month: "2026-03", collectionsCents: 50_000 },
    ]);
    expect(pnl).toMatchObject({ revenueCents: 370_000, labourCents: 28_000, labourPercent: 18.7, labourBand: "good", months: { revenue: 3, labour: 1 } });
    // Wages posted in the ledger record a month's labour as payroll does (February: 150.00 of 1,200.00).
    const posted = assemblePnl([
      { ...empty, storeId: "S", month: "2026-01", collectionsCents: 100_000 },
      { ...empty, storeId: "S", month: "2026-02", collectionsCents: 120_000, ledger: { wages: 15_000 } },
    ]);
    expect(posted).toMatchObject({ labourPercent: 12.5, months: { revenue: 2, labour: 1 } });
  });
});

describe("a utility ratio rising beyond the store's own normal", () => {
  // Twelve months before: 22, 23, 21, 24, 22, 25, 23, 22, 24, 23, 21, 22 % → sorted 21 21 22 22 22 22 23 23 23 24 24 25,
  // median (22 + 23) / 2 = 22.5 %. Rising takes 3 points and a sixth (3.75) above it: 26.25 % and up.
  const year = [22, 23, 21, 24, 22, 25, 23, 22, 24, 23, 21, 22];
  it("rises when a month is well past the median of the twelve before it", () => {
    expect(utilityRise(year, 26.3)).toEqual({ normalPercent: 22.5, currentPercent: 26.3, rising: true });
    expect(utilityRise(year, 26.2)).toEqual({ normalPercent: 22.5, currentPercent: 26.2, rising: false });
    // Below normal is never a rise.
    expect(utilityRise(year, 15).rising).toBe(false);
  });
  it("takes both three points and a sixth: a low-ratio store needs the three points", () => {
    // Normal 10 %: a sixth is 1.67 points, so the three points decide: 12.9 % is not rising, 13 % is.
    const low = Array.from({ length: 12 }, () => 10);
    expect(utilityRise(low, 12.9).rising).toBe(false);
    expect(utilityRise(low, 13).rising).toBe(true);
    // Normal 30 %: three points are not enough, a sixth (5 points) is: 34.9 % no, 35 % yes.
    const high = Array.from({ length: 12 }, () => 30);
    expect(utilityRise(high, 34.9).rising).toBe(false);
    expect(utilityRise(high, 35).rising).toBe(true);
  });
  it("has no normal before six months with revenue, and reads only the last twelve", () => {
    // Five months with a ratio and seven without revenue: no normal yet.
    expect(utilityRise([20, 21, null, null, 22, null, 20, null, 21, null, null, null], 40)).toEqual({ normalPercent: null, currentPercent: 40, rising: false });
    // Eighteen months given: the six oldest (at 50 %) are left out; the last twelve at 20 % make the normal.
    expect(utilityRise([...Array.from({ length: 6 }, () => 50), ...Array.from({ length: 12 }, () => 20)], 30)).toMatchObject({
      normalPercent: 20,
      rising: true,
    });
    // No revenue this month: nothing to compare.
    expect(utilityRise(year, null)).toEqual({ normalPercent: 22.5, currentPercent: null, rising: false });
  });
});
