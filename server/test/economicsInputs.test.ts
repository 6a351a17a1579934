// @postgres: two imports of one file, and two prices from one date, racing at the database
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { cyclePriceCents } from "@tumble/domain/economics";
import { lockTable, race, times } from "./support/race.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// Store economics inputs over HTTP (issue 35): who may read and change them, another company's ids,
// bad input refused with its own message and nothing changed, the price rule (a machine's own price
// before its type's, each from its date), and the card revenue import (a dry run lists bad rows and
// writes nothing, a good file writes, the same file again writes nothing).

let server: TestServer;
let owner: Client;
let supervisor: Client;
let staff: Client;
let sudsOwner: Client;
let storeId: string;
let otherStoreId: string;
const type: Record<"washer" | "dryer", string> = { washer: "", dryer: "" };
const machine: Record<"E1" | "E2" | "D1" | "X1", string> = { E1: "", E2: "", D1: "", X1: "" };
const today = todayIn("UTC");

interface Price {
  id: string;
  equipmentTypeId: string | null;
  machineId: string | null;
  effectiveFrom: string;
  priceCents: number;
  perMinutes: number | null;
  typicalCycleMinutes: number | null;
}
interface Prices {
  today: string;
  types: Array<{ id: string; name: string; history: Price[] }>;
  machines: Array<{
    id: string;
    label: string;
    capacityLb: number | null;
    purchasePriceCents: number | null;
    installedOn: string | null;
    history: Price[];
    current: (Price & { from: "machine" | "type" }) | null;
  }>;
}
interface ImportResult {
  rows: number;
  added: number;
  alreadyImported: number;
  totalCents: number;
  errorCount: number;
  errors: Array<{ row: number; code: string; params: Record<string, unknown>; message: string }>;
  batch: string | null;
}

const db = () => server.database.db;
const prices = (client = owner, id = storeId) => client.query<Prices>("economics:prices", { storeId: id });
const machineRow = async (label: keyof typeof machine) => (await prices()).machines.find((m) => m.id === machine[label])!;
const count = async (table: "machinePrices" | "otherRevenue" | "recurringExpenses" | "utilityBills", store = storeId) =>
  table === "machinePrices"
    ? (await db().selectFrom("machinePrices").select("id").where("equipmentTypeId", "in", [type.washer, type.dryer]).execute()).length +
      (await db().selectFrom("machinePrices").select("id").where("machineId", "in", Object.values(machine)).execute()).length
    : (await db().selectFrom(table).select("id").where("storeId", "=", store).execute()).length;

beforeAll(async () => {
  server = await startTestServer();
  [owner, supervisor, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "supervisor@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
  const newStore = async (name: string) =>
    (await owner.mutation<{ storeId: string }>("stores:create", { name, address: "35 Ledger St", timeZone: "UTC" })).storeId;
  storeId = await newStore("Economics Inputs");
  otherStoreId = await newStore("Economics Other");
  for (const [key, name] of [
    ["washer", "Econ Washer 40 lb"],
    ["dryer", "Econ Dryer 30 lb"],
  ] as const)
    type[key] = (await owner.mutation<{ equipmentTypeId: string }>("equipmentConfig:createEquipmentType", { name, category: "laundry" })).equipmentTypeId;
  const { sectionId } = await owner.mutation<{ sectionId: string }>("storeSections:create", { storeId, name: "Floor" });
  const other = await owner.mutation<{ sectionId: string }>("storeSections:create", { storeId: otherStoreId, name: "Floor" });
  const add = async (target: string, section: string, label: string, equipmentTypeId: string) =>
    (await owner.mutation<{ machineId: string }>("equipment:createMachine", { storeId: target, sectionId: section, equipmentTypeId, label })).machineId;
  machine.E1 = await add(storeId, sectionId, "E1", type.washer);
  machine.E2 = await add(storeId, sectionId, "E2", type.washer);
  machine.D1 = await add(storeId, sectionId, "D1", type.dryer);
  machine.X1 = await add(otherStoreId, other.sectionId, "X1", type.washer);
});
afterAll(() => server?.stop());

describe("access", () => {
  it("staff may neither read nor change the inputs; a supervisor reads them but changes nothing", async () => {
    expect(await failure(prices(staff))).toMatch(/permission to export reports/);
    expect(await failure(staff.query("economics:otherRevenue", { storeId, from: today, to: today }))).toMatch(/permission/);
    expect(await failure(staff.query("economics:recurringExpenses", { storeId }))).toMatch(/permission/);
    expect(await failure(staff.query("economics:utilityBills", { storeId, from: today, to: today }))).toMatch(/permission/);
    expect(await failure(staff.query("economics:revenueImportProviders", {}))).toMatch(/permission/);
    const price = { equipmentTypeId: type.washer, effectiveFrom: "2025-01-01", priceCents: 400, perMinutes: null, typicalCycleMinutes: null };
    for (const client of [staff, supervisor]) {
      expect(await failure(client.mutation("economics:setPrice", price))).toMatch(/permission to manage stores/);
      expect(await failure(client.mutation("economics:setMachineFacts", { machineId: machine.E1, capacityLb: 40 }))).toMatch(/permission/);
      expect(await failure(client.mutation("economics:addOtherRevenue", { storeId, businessDate: today, source: "card", amountCents: 100 }))).toMatch(
        /permission/,
      );
      expect(
        await failure(
          client.mutation("economics:addRecurringExpense", { storeId, category: "rent", description: "Rent", amountCents: 100, fromMonth: "2025-01" }),
        ),
      ).toMatch(/permission/);
      expect(
        await failure(
          client.mutation("economics:addUtilityBill", { storeId, utility: "gas", periodStart: "2025-01-01", periodEnd: "2025-01-31", amountCents: 100 }),
        ),
      ).toMatch(/permission/);
      expect(await failure(client.mutation("economics:importRevenue", { provider: "Card", content: "date,amount\n", storeId }))).toMatch(/permission/);
    }
    expect((await prices(supervisor)).machines.map((m) => m.label)).toEqual(["D1", "E1", "E2"]);
    expect(await count("machinePrices")).toBe(0);
  });

  it("another company's stores, machines, types and rows are not found, and nothing of them changes", async () => {
    expect(await failure(prices(sudsOwner))).toBe("Store not found");
    expect((await failureOf(prices(sudsOwner))).data).toEqual({ code: "economicsInputs.storeNotFound", params: {} });
    expect(await failure(sudsOwner.query("economics:otherRevenue", { storeId, from: today, to: today }))).toBe("Store not found");
    expect(await failure(sudsOwner.query("economics:recurringExpenses", { storeId }))).toBe("Store not found");
    expect(await failure(sudsOwner.query("economics:utilityBills", { storeId, from: today, to: today }))).toBe("Store not found");
    const price = { effectiveFrom: "2025-01-01", priceCents: 400, perMinutes: null, typicalCycleMinutes: null };
    expect(await failure(sudsOwner.mutation("economics:setPrice", { ...price, equipmentTypeId: type.washer }))).toBe("Equipment type not found");
    expect(await failure(sudsOwner.mutation("economics:setPrice", { ...price, machineId: machine.E1 }))).toBe("Machine not found");
    expect(await failure(sudsOwner.mutation("economics:setMachineFacts", { machineId: machine.E1, capacityLb: 40 }))).toBe("Machine not found");
    expect(await failure(sudsOwner.mutation("economics:addOtherRevenue", { storeId, businessDate: today, source: "card", amountCents: 100 }))).toBe(
      "Store not found",
    );
    // A file naming Rio's store is Suds's unknown store.
    const result = await sudsOwner.mutation<ImportResult>("economics:importRevenue", {
      provider: "Card",
      content: `date,store,amount\n${today},Economics Inputs,3.50\n`,
      mapping: { date: "date", store: "store", amount: "amount" },
    });
    expect(result.errors.map((e) => [e.row, e.code])).toEqual([[2, "economicsInputs.rowUnknownStore"]]);
    // Rio's rows, by id.
    const { revenueId } = await owner.mutation<{ revenueId: string }>("economics:addOtherRevenue", {
      storeId,
      businessDate: today,
      source: "vending",
      amountCents: 1234,
    });
    const { expenseId } = await owner.mutation<{ expenseId: string }>("economics:addRecurringExpense", {
      storeId,
      category: "insurance",
      description: "Policy",
      amountCents: 25_000,
      fromMonth: "2025-01",
    });
    const { billId } = await owner.mutation<{ billId: string }>("economics:addUtilityBill", {
      storeId,
      utility: "water_sewer",
      periodStart: "2024-01-01",
      periodEnd: "2024-01-31",
      amountCents: 50_000,
    });
    const { priceId } = await owner.mutation<{ priceId: string }>("economics:setPrice", {
      ...price,
      effectiveFrom: addDays(today, 30),
      machineId: machine.E1,
    });
    expect(await failure(sudsOwner.mutation("economics:deleteOtherRevenue", { revenueId }))).toBe("Revenue line not found");
    expect(await failure(sudsOwner.mutation("economics:endRecurringExpense", { expenseId, toMonth: "2025-06" }))).toBe("Recurring expense not found");
    expect(await failure(sudsOwner.mutation("economics:deleteUtilityBill", { billId }))).toBe("Utility bill not found");
    expect(await failure(sudsOwner.mutation("economics:deletePrice", { priceId }))).toBe("Price not found");
    expect(await db().selectFrom("otherRevenue").select("id").where("id", "=", revenueId).executeTakeFirst()).toBeDefined();
    expect((await db().selectFrom("recurringExpenses").select("toMonth").where("id", "=", expenseId).executeTakeFirstOrThrow()).toMonth).toBeNull();
    expect(await db().selectFrom("utilityBills").select("id").where("id", "=", billId).executeTakeFirst()).toBeDefined();
    // Clean up for the tests below (each its own).
    await owner.mutation("economics:deleteOtherRevenue", { revenueId });
    await owner.mutation("economics:deleteUtilityBill", { billId });
    await owner.mutation("economics:deletePrice", { priceId });
    expect(await sudsOwner.query("economics:revenueImportProviders", {})).toEqual([]);
  });
});

describe("prices", () => {
  it("a machine's own latest price holds before its type's, each from its date", async () => {
    const set = (target: Record<string, string>, effectiveFrom: string, priceCents: number, minutes: [number, number] | null = null) =>
      owner.mutation<{ priceId: string; created: boolean }>("economics:setPrice", {
        ...target,
        effectiveFrom,
        priceCents,
        perMinutes: minutes?.[0] ?? null,
        typicalCycleMinutes: minutes?.[1] ?? null,
      });
    // Washers: $4.00 from 2025-01-01, $4.50 from 2025-06-01; E2's own $3.00 from 2025-03-01.
    expect((await set({ equipmentTypeId: type.washer }, "2025-01-01", 400)).created).toBe(true);
    await set({ equipmentTypeId: type.washer }, "2025-06-01", 450);
    await set({ machineId: machine.E2 }, "2025-03-01", 300);
    // Dryers: $0.25 buys 8 minutes, a typical cycle 40 minutes.
    await set({ equipmentTypeId: type.dryer }, "2025-01-01", 25, [8, 40]);
    const now = await prices();
    const current = (label: keyof typeof machine) => now.machines.find((m) => m.id === machine[label])!.current!;
    // E1 has no price of its own: the type's latest, $4.50.
    expect([current("E1").priceCents, current("E1").from, current("E1").effectiveFrom]).toEqual([450, "type", "2025-06-01"]);
    // E2's own $3.00 (2025-03-01) holds although its type's $4.50 is later.
    expect([current("E2").priceCents, current("E2").from]).toEqual([300, "machine"]);
    // A dryer's cycle: 40 minutes at $0.25 per 8 minutes = 5 × $0.25 = $1.25.
    expect(cyclePriceCents(current("D1"))).toBe(125);
    expect(now.types.find((t) => t.id === type.washer)!.history.map((p) => [p.effectiveFrom, p.priceCents])).toEqual([
      ["2025-06-01", 450],
      ["2025-01-01", 400],
    ]);

    // A price others followed is history: changing it is refused and changes nothing.
    expect(await failure(set({ equipmentTypeId: type.washer }, "2025-01-01", 999))).toBe(
      "A later price (from 2025-06-01) exists: add a new price from a date instead of changing this one",
    );
    const washerRows = await db().selectFrom("machinePrices").select(["effectiveFrom", "priceCents"]).where("equipmentTypeId", "=", type.washer).execute();
    expect(washerRows.find((r) => r.effectiveFrom === "2025-01-01")!.priceCents).toBe(400);
    // The latest one may be corrected in place.
    expect((await set({ equipmentTypeId: type.washer }, "2025-06-01", 475)).created).toBe(false);
    expect((await machineRow("E1")).current!.priceCents).toBe(475);

    // A future price can be deleted; a started one cannot.
    const future = await set({ machineId: machine.E1 }, addDays(today, 10), 500);
    expect((await machineRow("E1")).current!.priceCents).toBe(475);
    await owner.mutation("economics:deletePrice", { priceId: future.priceId });
    const started = (await prices()).types.find((t) => t.id === type.washer)!.history[0];
    expect(await failure(owner.mutation("economics:deletePrice", { priceId: started.id }))).toBe(
      "Only a price that has not started yet can be deleted; add a new price from a date instead",
    );
    // Every change is audited.
    const audited = await db().selectFrom("auditLog").select("action").where("entity", "=", "machinePrice").where("entityId", "=", future.priceId).execute();
    expect(audited.map((a) => a.action).sort()).toEqual(["create", "delete"]);
  });

  it("refuses a price without exactly one target, minutes without a cycle, or no price, each with its own message", async () => {
    const before = await count("machinePrices");
    const base = { effectiveFrom: "2025-02-01", priceCents: 100, perMinutes: null, typicalCycleMinutes: null };
    expect(await failure(owner.mutation("economics:setPrice", { ...base, equipmentTypeId: type.washer, machineId: machine.E1 }))).toBe(
      'Invalid argument "machineId": Give an equipment type or a machine, not both',
    );
    expect(await failure(owner.mutation("economics:setPrice", base))).toBe('Invalid argument "machineId": Give an equipment type or a machine, not both');
    expect(await failure(owner.mutation("economics:setPrice", { ...base, equipmentTypeId: type.dryer, perMinutes: 8 }))).toBe(
      'Invalid argument "typicalCycleMinutes": A price per minutes needs both the minutes it buys and a typical cycle\'s length',
    );
    expect(await failure(owner.mutation("economics:setPrice", { ...base, equipmentTypeId: type.washer, priceCents: 0 }))).toBe(
      'Invalid argument "priceCents": Enter a price above zero',
    );
    const tooLarge = await failureOf(owner.mutation("economics:setPrice", { ...base, equipmentTypeId: type.washer, priceCents: 200_000 }));
    expect(tooLarge.message).toBe('Invalid argument "priceCents": A price is at most $1,000.00');
    expect(await count("machinePrices")).toBe(before);
  });
});

describe("machine facts", () => {
  it("sets capacity, purchase price and install date, and refuses values out of range", async () => {
    await owner.mutation("economics:setMachineFacts", { machineId: machine.E1, capacityLb: 40, purchasePriceCents: 650_000, installedOn: "2024-05-01" });
    expect(await machineRow("E1")).toMatchObject({ capacityLb: 40, purchasePriceCents: 650_000, installedOn: "2024-05-01" });
    // A field left out is kept; null clears it.
    await owner.mutation("economics:setMachineFacts", { machineId: machine.E1, installedOn: null });
    expect(await machineRow("E1")).toMatchObject({ capacityLb: 40, purchasePriceCents: 650_000, installedOn: null });
    expect(await failure(owner.mutation("economics:setMachineFacts", { machineId: machine.E1, capacityLb: 0 }))).toBe(
      'Invalid argument "capacityLb": Give the capacity in whole pounds, from 1 to 1,000',
    );
    expect(await failure(owner.mutation("economics:setMachineFacts", { machineId: machine.E1, purchasePriceCents: -1 }))).toBe(
      'Invalid argument "purchasePriceCents": The purchase price must be from $0.00 to $1,000,000.00',
    );
    expect(await machineRow("E1")).toMatchObject({ capacityLb: 40, purchasePriceCents: 650_000 });
    const audited = await db().selectFrom("auditLog").select("after").where("entity", "=", "machineFacts").where("entityId", "=", machine.E1).execute();
    expect(audited).toHaveLength(2);
  });
});

describe("revenue beyond the coin boxes", () => {
  it("adds, lists and deletes lines; refuses a machine of another store, a day after today and a reversed range", async () => {
    const yesterday = addDays(today, -1);
    const { revenueId } = await owner.mutation<{ revenueId: string }>("economics:addOtherRevenue", {
      storeId,
      machineId: machine.E1,
      businessDate: yesterday,
      source: "card",
      amountCents: 1_750,
      note: "Card reader",
    });
    await owner.mutation("economics:addOtherRevenue", { storeId, businessDate: today, source: "wash_dry_fold", amountCents: 4_200 });
    const list = await supervisor.query<Array<{ id: string; source: string; amountCents: number; machineLabel: string | null }>>("economics:otherRevenue", {
      storeId,
      from: yesterday,
      to: today,
    });
    expect(list.map((r) => [r.source, r.amountCents, r.machineLabel])).toEqual([
      ["wash_dry_fold", 4_200, null],
      ["card", 1_750, "E1"],
    ]);
    const before = await count("otherRevenue");
    expect(
      await failure(owner.mutation("economics:addOtherRevenue", { storeId, machineId: machine.X1, businessDate: today, source: "card", amountCents: 100 })),
    ).toBe("The machine belongs to another store");
    const tomorrow = addDays(today, 1);
    expect(await failure(owner.mutation("economics:addOtherRevenue", { storeId, businessDate: tomorrow, source: "card", amountCents: 100 }))).toBe(
      `The date ${tomorrow} is after the store's today`,
    );
    expect(await failure(owner.mutation("economics:addOtherRevenue", { storeId, businessDate: today, source: "coins", amountCents: 100 }))).toBe(
      'Invalid argument "source": Choose where the money came from',
    );
    expect(await failure(owner.mutation("economics:addOtherRevenue", { storeId, businessDate: today, source: "card", amountCents: 0 }))).toBe(
      'Invalid argument "amountCents": Enter an amount above zero',
    );
    expect(await count("otherRevenue")).toBe(before);
    expect(await failure(owner.query("economics:otherRevenue", { storeId, from: today, to: yesterday }))).toBe(
      "The start date must be on or before the end date",
    );
    expect(await failure(owner.query("economics:otherRevenue", { storeId, from: "2024-01-01", to: "2025-01-01" }))).toBe("Choose at most 366 days");
    await owner.mutation("economics:deleteOtherRevenue", { revenueId });
    expect(await count("otherRevenue")).toBe(before - 1);
    expect(await failure(owner.mutation("economics:deleteOtherRevenue", { revenueId }))).toBe("Revenue line not found");
  });
});

describe("recurring expenses", () => {
  it("adds and ends an expense; refuses months out of order or malformed", async () => {
    const { expenseId } = await owner.mutation<{ expenseId: string }>("economics:addRecurringExpense", {
      storeId: otherStoreId,
      category: "rent",
      description: "Lease, unit 4",
      amountCents: 480_000,
      fromMonth: "2025-01",
    });
    const before = await count("recurringExpenses", otherStoreId);
    expect(
      await failure(
        owner.mutation("economics:addRecurringExpense", {
          storeId: otherStoreId,
          category: "rent",
          description: "Lease",
          amountCents: 100,
          fromMonth: "2025-05",
          toMonth: "2025-04",
        }),
      ),
    ).toBe('Invalid argument "toMonth": The last month cannot be before the first');
    expect(
      await failure(
        owner.mutation("economics:addRecurringExpense", {
          storeId: otherStoreId,
          category: "rent",
          description: "Lease",
          amountCents: 100,
          fromMonth: "2025-13",
        }),
      ),
    ).toBe('Invalid argument "fromMonth": Give a month as YYYY-MM');
    expect(
      await failure(
        owner.mutation("economics:addRecurringExpense", { storeId: otherStoreId, category: "rent", description: "  ", amountCents: 100, fromMonth: "2025-01" }),
      ),
    ).toBe('Invalid argument "description": Give a description');
    expect(await count("recurringExpenses", otherStoreId)).toBe(before);
    expect(await failure(owner.mutation("economics:endRecurringExpense", { expenseId, toMonth: "2024-12" }))).toBe("The last month cannot be before the first");
    await owner.mutation("economics:endRecurringExpense", { expenseId, toMonth: "2025-12" });
    const list = await owner.query<Array<{ id: string; toMonth: string | null; amountCents: number }>>("economics:recurringExpenses", {
      storeId: otherStoreId,
    });
    expect(list.map((e) => [e.amountCents, e.toMonth])).toEqual([[480_000, "2025-12"]]);
  });
});

describe("utility bills", () => {
  it("adds, lists and deletes bills; refuses a unit of another utility, a long period and a second bill from the same day", async () => {
    const bill = {
      storeId: otherStoreId,
      utility: "electricity",
      periodStart: "2025-01-01",
      periodEnd: "2025-01-31",
      amountCents: 182_000,
      usage: 9_100,
      unit: "kWh",
    };
    const { billId } = await owner.mutation<{ billId: string }>("economics:addUtilityBill", bill);
    const before = await count("utilityBills", otherStoreId);
    expect(await failure(owner.mutation("economics:addUtilityBill", bill))).toBe("This store already has a bill for this utility starting on this date");
    expect(await failure(owner.mutation("economics:addUtilityBill", { ...bill, periodStart: "2025-02-01", periodEnd: "2025-02-28", unit: "therms" }))).toBe(
      "A electricity bill is not read in therms",
    );
    expect(await failure(owner.mutation("economics:addUtilityBill", { ...bill, periodStart: "2025-02-01", periodEnd: "2025-06-01" }))).toBe(
      "A bill covers at most 93 days",
    );
    expect(await failure(owner.mutation("economics:addUtilityBill", { ...bill, periodStart: "2025-02-01", periodEnd: "2025-01-31" }))).toBe(
      'Invalid argument "periodEnd": The period\'s end cannot be before its start',
    );
    expect(await failure(owner.mutation("economics:addUtilityBill", { ...bill, periodStart: "2025-02-01", periodEnd: "2025-02-28", unit: null }))).toBe(
      'Invalid argument "unit": Give the usage together with its unit',
    );
    expect(await count("utilityBills", otherStoreId)).toBe(before);
    const list = await owner.query<Array<{ id: string; usage: number | null }>>("economics:utilityBills", {
      storeId: otherStoreId,
      from: "2025-01-15",
      to: "2025-03-01",
    });
    expect(list.map((b) => [b.id, b.usage])).toEqual([[billId, 9_100]]);
    await owner.mutation("economics:deleteUtilityBill", { billId });
    expect(await count("utilityBills", otherStoreId)).toBe(before - 1);
  });
});

describe("card revenue import", () => {
  const providers = async () => (await owner.query<Array<{ provider: string }>>("economics:revenueImportProviders", {})).map((p) => p.provider);
  const mapping = { date: "Date", store: "Location", machine: "Device", amount: "Amount" };
  const d1 = addDays(today, -2);
  const d2 = addDays(today, -1);
  const tomorrow = addDays(today, 1);

  it("a dry run lists every bad row and writes nothing; a file with bad rows writes nothing either", async () => {
    const csv = [
      "Date,Location,Device,Amount,Source,Txn",
      `${d1},Economics Inputs,E1,3.50,card,T1`, // row 2: good
      `31/31/2025,Economics Inputs,E1,3.50,card,T2`, // row 3: bad date
      `${d1},Nowhere Store,E1,3.50,card,T3`, // row 4: unknown store
      `${d1},Economics Inputs,Z9,3.50,card,T4`, // row 5: unknown machine
      `${d1},Economics Inputs,E1,3.5x,card,T5`, // row 6: bad amount
      `${d1},Economics Inputs,E1,-3.50,card,T6`, // row 7: negative
      `${d1},Economics Inputs,E1,3.50,card,T1`, // row 8: T1 again
      `${tomorrow},Economics Inputs,E1,3.50,card,T8`, // row 9: after today
      `${d1},Economics Inputs,E1,3.50,cash,T9`, // row 10: not a source
    ].join("\n");
    const args = { provider: "Card Co", content: csv, mapping: { ...mapping, source: "Source", reference: "Txn" }, dryRun: true };
    const before = await count("otherRevenue");
    const dry = await owner.mutation<ImportResult>("economics:importRevenue", args);
    expect(dry.errors.map((e) => [e.row, e.code.replace("economicsInputs.", "")])).toEqual([
      [3, "rowBadDate"],
      [4, "rowUnknownStore"],
      [5, "rowUnknownMachine"],
      [6, "rowBadAmount"],
      [7, "rowNegativeAmount"],
      [8, "rowDuplicate"],
      [9, "rowDateAfterToday"],
      [10, "rowBadSource"],
    ]);
    expect(dry.errors[5].message).toBe('The transaction "T1" is in the file twice (first on row 2)');
    expect(dry.errors[1].message).toBe('No store is named "Nowhere Store"');
    expect([dry.rows, dry.added, dry.errorCount, dry.batch]).toEqual([9, 1, 8, null]);
    const real = await owner.mutation<ImportResult>("economics:importRevenue", { ...args, dryRun: false });
    expect([real.added, real.errorCount, real.batch]).toEqual([1, 8, null]);
    expect(await count("otherRevenue")).toBe(before);
    // Nothing was remembered either: a mapping is kept once a file is imported.
    expect(await providers()).not.toContain("Card Co");
  });

  it("refuses a mapping naming a column the file lacks, and a file with no store to put rows in", async () => {
    expect(await failure(owner.mutation("economics:importRevenue", { provider: "Card Co", content: "Day,Amount\n2025-01-01,1.00\n", mapping }))).toBe(
      'The file has no column "Date"',
    );
    expect(
      await failure(
        owner.mutation("economics:importRevenue", {
          provider: "Card Co",
          content: "Date,Amount\n2025-01-01,1.00\n",
          mapping: { date: "Date", amount: "Amount" },
        }),
      ),
    ).toBe("Map a store or machine column, or choose the store the file is for");
    expect(await failure(owner.mutation("economics:importRevenue", { provider: "Never Mapped", content: "Date,Amount\n", storeId }))).toBe(
      "Map the file's columns first: no mapping is remembered for this payment system",
    );
  });

  it("a good file writes its rows once: the same file again writes nothing, and its mapping is remembered", async () => {
    // Two identical $3.50 payments at E1 on d1 are two payments (ranks 1 and 2); the store-level
    // $12.00 has no machine. Total: 3.50 + 3.50 + 5.25 + 12.00 = $24.25.
    const csv = [
      "Date,Location,Device,Amount",
      `${d1},Economics Inputs,E1,3.50`,
      `${d1},Economics Inputs,E1,3.50`,
      `${d2},economics inputs,e2,"5.25"`,
      `${d2},Economics Inputs,,12.00`,
    ].join("\n");
    const before = await count("otherRevenue");
    const dry = await owner.mutation<ImportResult>("economics:importRevenue", { provider: "Card Co", content: csv, mapping, dryRun: true });
    expect([dry.added, dry.alreadyImported, dry.totalCents, dry.errorCount]).toEqual([4, 0, 2_425, 0]);
    expect(await count("otherRevenue")).toBe(before);
    const first = await owner.mutation<ImportResult>("economics:importRevenue", { provider: "Card Co", content: csv, mapping });
    expect([first.added, first.alreadyImported, first.totalCents]).toEqual([4, 0, 2_425]);
    expect(first.batch).toEqual(expect.any(String));
    const written = await db()
      .selectFrom("otherRevenue")
      .select(["machineId", "businessDate", "source", "amountCents", "importBatch"])
      .where("importBatch", "=", first.batch)
      .orderBy("businessDate")
      .orderBy("amountCents")
      .execute();
    expect(written.map((r) => [r.machineId, r.businessDate, r.source, r.amountCents])).toEqual([
      [machine.E1, d1, "card", 350],
      [machine.E1, d1, "card", 350],
      [machine.E2, d2, "card", 525],
      [null, d2, "card", 1_200],
    ]);
    // Again, with the remembered mapping: nothing new.
    const remembered = await owner.query<Array<{ provider: string; mapping: unknown }>>("economics:revenueImportProviders", {});
    expect(remembered.find((p) => p.provider === "Card Co")?.mapping).toEqual(mapping);
    const again = await owner.mutation<ImportResult>("economics:importRevenue", { provider: "Card Co", content: csv });
    expect([again.added, again.alreadyImported, again.batch]).toEqual([0, 4, null]);
    expect(await count("otherRevenue")).toBe(before + 4);
    // A third identical payment later in the export is new.
    const more = await owner.mutation<ImportResult>("economics:importRevenue", {
      provider: "Card Co",
      content: `${csv}\n${d1},Economics Inputs,E1,3.50`,
    });
    expect([more.added, more.alreadyImported, more.totalCents]).toEqual([1, 4, 350]);
    const audited = await db().selectFrom("auditLog").select("entityId").where("entity", "=", "otherRevenue").where("action", "=", "import").execute();
    expect(audited.map((a) => a.entityId)).toEqual(expect.arrayContaining([first.batch, more.batch]));
    // A file imported by mistake is taken back whole: its four lines go, the later import's one stays.
    expect(await failure(sudsOwner.mutation("economics:deleteImportBatch", { batch: first.batch }))).toBe(
      "Import not found, or its lines were already deleted",
    );
    expect(await failure(supervisor.mutation("economics:deleteImportBatch", { batch: first.batch }))).toMatch(/permission/);
    expect(await owner.mutation("economics:deleteImportBatch", { batch: first.batch })).toEqual({ deleted: 4 });
    expect(await count("otherRevenue")).toBe(before + 1);
    expect(await failure(owner.mutation("economics:deleteImportBatch", { batch: first.batch }))).toBe("Import not found, or its lines were already deleted");
  });

  it("two imports of one file at the same moment write its rows once", async () => {
    const csv = ["Date,Amount", `${d1},7.00`, `${d1},8.00`, `${d2},9.00`].join("\n");
    const before = await count("otherRevenue", otherStoreId);
    const args = { provider: "Race Pay", content: csv, mapping: { date: "Date", amount: "Amount" }, storeId: otherStoreId, defaultSource: "app" };
    const result = await race(
      server,
      times(3, () => owner.mutation<ImportResult>("economics:importRevenue", args)),
      [lockTable("other_revenue")],
    );
    expect(result.errors).toEqual([]);
    const added = result.outcomes.map((o) => (o.status === "fulfilled" ? o.value.added : -1));
    expect(added.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await count("otherRevenue", otherStoreId)).toBe(before + 3);
  });

  it("two prices of one machine from one date at the same moment make one row", async () => {
    const args = { machineId: machine.D1, effectiveFrom: "2025-09-01", priceCents: 30, perMinutes: 8, typicalCycleMinutes: 40 };
    const result = await race(
      server,
      times(2, () => owner.mutation("economics:setPrice", args)),
      [lockTable("machine_prices")],
    );
    // On PGlite the second call finds the first's row and corrects it in place; on PostgreSQL both
    // read none and the database's unique key refuses the second.
    expect(result.errors.every((m) => m === "This machine already has a price from this date")).toBe(true);
    if (server.database.kind === "postgres") expect(result.errors).toEqual(["This machine already has a price from this date"]);
    const rows = await db().selectFrom("machinePrices").select("id").where("machineId", "=", machine.D1).where("effectiveFrom", "=", "2025-09-01").execute();
    expect(rows).toHaveLength(1);
  });
});
