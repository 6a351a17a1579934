import type { Insertable } from "kysely";
import type { MachinePricesTable, OtherRevenueTable, RecurringExpensesTable, UtilityBillsTable } from "../../db/economicsSchema.ts";
import { newId } from "../../runtime/ids.ts";
import { prng, type DemoSeeder } from "../demoContext.ts";
import { DEMO_HISTORY_DAYS } from "./30_collections.ts";

// Store economics inputs for Rio's active stores (issue 35), so a newcomer sees a believable P&L
// and per-machine table. Only rows of the economics tables, the new machine columns and the
// meter readings of W1's and W2's collection lines are written; nothing else earlier seeders made changes.
//
// Sized against the demo's collections (30_collections.ts): every machine is collected Mondays and
// Thursdays over the last year (the sixteen weeks in Tumble, the rest imported; verified up to a
// week ago) with a visit's typical take (storeLayout.ts TYPICAL_TAKE) times 0.75–1.25, so a washer
// takes about $90 × 2 a week ≈ $25.70 a day, a dryer $60 × 2 ≈ $17.10 a day, and a store's coin
// boxes (six washers, six dryers, soap vending $40 and the claw machine $25 a visit; the changer's
// bills are exchanged, not earned) about $965 a visit ≈ $8,390 a month.
// - The costs cover what the collections cover, and nothing before: from the day after the visit
//   before the first one (what the first visit collected) to the latest verified visit. Bills,
//   rent and insurance start with that month, so the year's P&L holds the months Tumble has
//   revenue for; the first month's bills and the current month's (read to the latest verified
//   visit, as the revenue is) cover only those days. Card lines run from the first visit on.
//   Payroll is in Tumble for the sixteen weeks only (70_payroll.ts): the P&L takes the labour
//   share over the months that have it.
// - Prices: washers $5.50 a cycle (the type's, every Rio store) until 60 days ago, $6.00 since;
//   at Rio Downtown the 40 lb washers W3 and W4 are $6.50 and the 60 lb W5 $7.50 (their own
//   prices). Dryers $0.25 per 3 minutes with a 48-minute typical cycle ($4.00 a cycle). So a
//   washer turns about 4–5 times a day and a dryer about 4.
// - The one machine that underperforms: W6 at Rio Downtown, an 80 lb washer installed eight months
//   ago at $15.00 a cycle, takes what the others take in coins and nothing by card (its reader was
//   never connected), so it turns under 2 times a day against about 4.4 for the store's washers.
// - Card revenue: at Rio Downtown, a line on about half the days for each of W1–W5, one cycle at its
//   price (about $3 a washer a day), and wash-dry-fold orders once a week.
// - Utility bills: one bill per utility and month, about 25 % of a store's coin take in total
//   (electricity ~10 %, gas ~9 %, water and sewer ~6 %), gas higher in winter; usage from the rates
//   $0.16/kWh, $1.30/therm and $0.012/gallon. At Rio Northgate a leak takes the water bill to 2.5 times since
//   last month, so its utility ratio rises beyond its own normal (about 25 % → 34 %) and is flagged.
// - Meter readings: the collector reads W1's and W2's cycle counters at Rio Downtown over the last
//   eight weeks; each reading adds the cycles paid since the visit before (coins ÷ price, card lines).
// - Recurring expenses: rent and insurance per store from the first month, still running.

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Capacity (lb), purchase price (cents) of Rio Downtown's washers W1–W6. */
const DOWNTOWN_WASHERS: Array<[number, number]> = [
  [30, 650_000],
  [30, 650_000],
  [40, 820_000],
  [40, 820_000],
  [60, 1_150_000],
  [80, 1_600_000],
];

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const rand = prng(20260035);
  const day = (daysAgo: number) => isoDate(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo)));
  const owner = data.users["owner@demo.test"];
  const rioStores = data.stores.filter((s) => s.company === "rio" && s.isActive);
  if (!rioStores.length) return;
  const companyId = rioStores[0].companyId;
  const types = await db.selectFrom("equipmentTypes").select(["id", "name"]).where("companyId", "=", companyId).execute();
  const typeId = (name: string) => types.find((t) => t.name === name)!.id;
  const longAgo = day(3 * 365);
  const priceChange = day(60);
  // The collections' days (30_collections.ts): Mondays and Thursdays of the last year, verified when older than a week.
  const visitDays = Array.from({ length: DEMO_HISTORY_DAYS }, (_, i) => DEMO_HISTORY_DAYS - i).filter((d) =>
    [1, 4].includes(new Date(`${day(d)}T00:00:00Z`).getUTCDay()),
  );
  const firstVisit = visitDays[0];
  // The first visit collects what came in since the visit before it (a Monday's since Friday, a Thursday's since Tuesday).
  const costsFrom = day(firstVisit + (new Date(`${day(firstVisit)}T00:00:00Z`).getUTCDay() === 1 ? 3 : 2));
  const costsTo = day(visitDays.filter((d) => d > 7).at(-1)!);

  const prices: Array<Insertable<MachinePricesTable>> = [
    { equipmentTypeId: typeId("Front-load washer"), effectiveFrom: longAgo, priceCents: 550 },
    { equipmentTypeId: typeId("Front-load washer"), effectiveFrom: priceChange, priceCents: 600 },
    { equipmentTypeId: typeId("Stack dryer"), effectiveFrom: longAgo, priceCents: 25, perMinutes: 3, typicalCycleMinutes: 48 },
  ].map((p) => ({ id: newId(), companyId, machineId: null, perMinutes: null, typicalCycleMinutes: null, createdBy: owner, ...p }));

  const revenue: Array<Insertable<OtherRevenueTable>> = [];
  const expenses: Array<Insertable<RecurringExpensesTable>> = [];
  const bills: Array<Insertable<UtilityBillsTable>> = [];
  const firstMonth = costsFrom.slice(0, 7);

  for (const [index, store] of rioStores.entries()) {
    const downtown = store.name === "Rio Downtown";
    const washers = store.machines.filter((m) => m.key === "washer");
    const dryers = store.machines.filter((m) => m.key === "dryer");
    // Machine facts: Downtown's washers by capacity, every store's dryers 30 lb stack dryers.
    for (const [i, m] of washers.entries()) {
      const [capacityLb, purchasePriceCents] = downtown ? DOWNTOWN_WASHERS[i] : [40, 820_000];
      const installedOn = downtown && i === 5 ? day(240) : day(downtown ? 5 * 365 : (3 + index) * 365);
      await db.updateTable("machines").set({ capacityLb, purchasePriceCents, installedOn }).where("companyId", "=", companyId).where("id", "=", m.id).execute();
    }
    for (const m of dryers)
      await db
        .updateTable("machines")
        .set({ capacityLb: 30, purchasePriceCents: 420_000, installedOn: day(downtown ? 5 * 365 : (3 + index) * 365) })
        .where("companyId", "=", companyId)
        .where("id", "=", m.id)
        .execute();

    if (downtown) {
      const own: Array<[number, number, string]> = [
        [2, 650, longAgo],
        [3, 650, longAgo],
        [4, 750, longAgo],
        [5, 1500, day(240)],
      ];
      for (const [i, priceCents, effectiveFrom] of own)
        prices.push({
          id: newId(),
          companyId,
          equipmentTypeId: null,
          machineId: washers[i].id,
          effectiveFrom,
          priceCents,
          perMinutes: null,
          typicalCycleMinutes: null,
          createdBy: owner,
        });
      // Card payments at W1–W5: none or one cycle a day at the machine's price that day.
      const priceOf = (i: number, date: string) => own.find(([w]) => w === i)?.[1] ?? (date >= priceChange ? 600 : 550);
      for (let daysAgo = firstVisit; daysAgo >= 1; daysAgo--) {
        const date = day(daysAgo);
        for (let i = 0; i < 5; i++) {
          const cycles = rand() < 0.5 ? 0 : 1;
          if (cycles === 0) continue;
          revenue.push({
            id: newId(),
            companyId,
            storeId: store.id,
            machineId: washers[i].id,
            businessDate: date,
            source: "card",
            amountCents: cycles * priceOf(i, date),
            createdBy: owner,
          });
        }
        // Wash-dry-fold orders, settled on Saturdays.
        if (new Date(`${date}T00:00:00Z`).getUTCDay() === 6)
          revenue.push({
            id: newId(),
            companyId,
            storeId: store.id,
            machineId: null,
            businessDate: date,
            source: "wash_dry_fold",
            amountCents: 15_000 + Math.round(rand() * 100) * 100,
            note: "Wash-dry-fold orders of the week",
            createdBy: owner,
          });
      }
    }

    expenses.push(
      {
        id: newId(),
        companyId,
        storeId: store.id,
        category: "rent",
        description: "Lease",
        amountCents: downtown ? 260_000 : 200_000,
        fromMonth: firstMonth,
        createdBy: owner,
      },
      {
        id: newId(),
        companyId,
        storeId: store.id,
        category: "insurance",
        description: "Property and liability insurance",
        amountCents: 32_000,
        fromMonth: firstMonth,
        createdBy: owner,
      },
    );

    // One bill per utility and month from the first month of collections to the latest verified visit.
    for (let next = 0; ; next++) {
      const start = new Date(Date.UTC(Number(costsFrom.slice(0, 4)), Number(costsFrom.slice(5, 7)) - 1 + next, 1));
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
      if (isoDate(start) > costsTo) break;
      const periodStart = isoDate(start) < costsFrom ? costsFrom : isoDate(start);
      const periodEnd = isoDate(end) > costsTo ? costsTo : isoDate(end);
      // A month's bill covers its days with collections only: the first month's and the current one's are part bills.
      const share = (Date.parse(periodEnd) - Date.parse(periodStart) + 86_400_000) / (Date.parse(isoDate(end)) - Date.parse(isoDate(start)) + 86_400_000);
      const month = start.getUTCMonth();
      const winter = month <= 2 || month >= 10 ? 1.25 : month >= 5 && month <= 7 ? 0.8 : 1;
      const summer = month >= 5 && month <= 7 ? 1.12 : 1;
      const size = downtown ? 1.2 : 1;
      const noise = () => 0.93 + rand() * 0.14;
      const of = (cents: number) => Math.round(cents * share * size * noise());
      const electricity = of(84_000 * summer);
      const gas = of(75_000 * winter);
      const leak = store.name === "Rio Northgate" && start.getTime() >= Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1) ? 2.5 : 1;
      const water = of(50_000 * leak);
      const period = { periodStart, periodEnd };
      bills.push(
        {
          id: newId(),
          companyId,
          storeId: store.id,
          utility: "electricity",
          ...period,
          amountCents: electricity,
          usage: Math.round(electricity / 16),
          unit: "kWh",
          createdBy: owner,
        },
        {
          id: newId(),
          companyId,
          storeId: store.id,
          utility: "gas",
          ...period,
          amountCents: gas,
          usage: Math.round(gas / 130),
          unit: "therms",
          createdBy: owner,
        },
        {
          id: newId(),
          companyId,
          storeId: store.id,
          utility: "water_sewer",
          ...period,
          amountCents: water,
          usage: Math.round(water / 1.2),
          unit: "gallons",
          createdBy: owner,
        },
      );
    }
  }

  await db.insertInto("machinePrices").values(prices).execute();
  for (let i = 0; i < revenue.length; i += 500)
    await db
      .insertInto("otherRevenue")
      .values(revenue.slice(i, i + 500))
      .execute();
  await db.insertInto("recurringExpenses").values(expenses).execute();
  await db.insertInto("utilityBills").values(bills).execute();

  // W1's and W2's cycle counters at Rio Downtown, read at each verified visit of the last eight weeks.
  const downtown = rioStores.find((s) => s.name === "Rio Downtown");
  if (downtown) {
    const metered = downtown.machines.filter((m) => m.key === "washer").slice(0, 2);
    const readings: Array<{ id: string; reading: number }> = [];
    for (const [i, machine] of metered.entries()) {
      const visits = await db
        .selectFrom("collectionLines as l")
        .innerJoin("collections as c", (j) => j.onRef("c.id", "=", "l.collectionId").onRef("c.companyId", "=", "l.companyId"))
        .select(["l.id", "l.coinsCents", "c.businessDate"])
        .where("l.companyId", "=", companyId)
        .where("l.machineId", "=", machine.id)
        .where("c.status", "=", "verified")
        .where("c.businessDate", ">=", day(56))
        .orderBy("c.businessDate")
        .execute();
      let counter = 18_000 + i * 2_500;
      let since = day(60);
      for (const v of visits) {
        const date = String(v.businessDate);
        const price = date >= priceChange ? 600 : 550;
        const card = revenue
          .filter((r) => r.machineId === machine.id && String(r.businessDate) > since && String(r.businessDate) <= date)
          .reduce((n, r) => n + Math.round(r.amountCents / price), 0);
        counter += Math.round(v.coinsCents / price) + card;
        readings.push({ id: v.id, reading: counter });
        since = date;
      }
    }
    for (const { id, reading } of readings)
      await db.updateTable("collectionLines").set({ meterReading: reading }).where("companyId", "=", companyId).where("id", "=", id).execute();
  }
  // The card system's export columns, remembered as if imported once.
  await db
    .insertInto("revenueImportMappings")
    .values({
      companyId,
      provider: "Card system",
      mapping: JSON.stringify({ date: "Date", store: "Location", machine: "Machine", amount: "Amount" }),
      updatedBy: owner,
    })
    .execute();
};
