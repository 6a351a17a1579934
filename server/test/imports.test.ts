import ExcelJS from "exceljs";
import { sql, type Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportKind } from "@tumble/domain/imports";
import type { ImportsTable } from "../src/db/importsSchema.ts";
import { refusalText } from "@tumble/domain/refusals";
import { isoDate } from "../src/db/isoDate.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// Spreadsheet import over HTTP (issue 19): every kind with a good file, a file with bad rows
// (all-or-nothing and valid-rows-only), a dry run that writes nothing and a re-import that changes
// nothing; past collections keeping the daily roll-up right without touching the cash ledger; an
// XLSX file and a file sent in parts; who may import, and another company's imports out of reach.

let server: TestServer;
let manager: Client;
let staff: Client;
let sudsOwner: Client;
let rioId: string;

beforeAll(async () => {
  server = await startTestServer();
  [manager, staff, sudsOwner] = await Promise.all(
    ["manager@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
  rioId = (await server.database.db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.stop());

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-5)}${counter++}`;

interface ImportResult {
  _id: string;
  status: "queued" | "running" | "completed" | "failed";
  counts: { created: number; updated: number; unchanged: number; failed: number };
  errors: Array<{ row: number; column: string | null; code: string; message: string }>;
  failureReason: string | null;
  totalRows: number;
  createdBy: string;
}

async function finished(client: Client, importId: string): Promise<ImportResult> {
  for (let i = 0; i < 600; i++) {
    const result = await client.query<ImportResult>("imports:get", { importId });
    if (result.status === "completed" || result.status === "failed") return result;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("import did not finish");
}

function headersOf(csv: string) {
  return Object.fromEntries(
    csv
      .split("\n")[0]
      .split(",")
      .map((h) => [h, h]),
  );
}

async function run(
  kind: ImportKind,
  csv: string,
  options: { dryRun?: boolean; allOrNothing?: boolean; mapping?: Record<string, string>; client?: Client } = {},
): Promise<ImportResult> {
  const client = options.client ?? manager;
  const { importId } = await client.action<{ importId: string }>("imports:start", {
    kind,
    fileName: `${kind}.csv`,
    content: csv,
    mapping: options.mapping ?? headersOf(csv),
    dryRun: options.dryRun ?? false,
    allOrNothing: options.allOrNothing ?? true,
  });
  return finished(client, importId);
}

const db = () => server.database.db;
const storeNamed = (name: string) => db().selectFrom("stores").selectAll().where("companyId", "=", rioId).where("name", "=", name).executeTakeFirst();
const counts = (created: number, updated: number, unchanged: number, failed: number) => ({ created, updated, unchanged, failed });

/** A store with a section, a washer type and two machines, made by importing them. */
async function storeWithMachines() {
  const store = `Imp ${unique()}`;
  const type = `Washer ${unique()}`;
  await run("stores", `name,address,timeZone\n${store},1 Import St,America/Chicago\n`);
  await run("sections", `store,name\n${store},Front\n`);
  await run("equipmentTypes", `name,category\n${type},laundry\n`);
  await run("machines", `store,machine,section,equipmentType\n${store},W1,Front,${type}\n${store},W2,Front,${type}\n`);
  return { store, type };
}

describe("stores", () => {
  it("a dry run reports what would be created and writes nothing; the import creates; a re-import changes nothing", async () => {
    const [a, b] = [`Imp ${unique()}`, `Imp ${unique()}`];
    const csv = `Name,Address,Phone,Time zone,Active\n${a},1 Main St,555-0100,America/Chicago,yes\n${b},2 Main St,,,no\n`;
    const mapping = { name: "Name", address: "Address", phone: "Phone", timeZone: "Time zone", active: "Active" };
    const dry = await run("stores", csv, { dryRun: true, mapping });
    expect(dry).toMatchObject({ status: "completed", counts: counts(2, 0, 0, 0), errors: [], totalRows: 2 });
    expect(await storeNamed(a)).toBeUndefined();

    expect(await run("stores", csv, { mapping })).toMatchObject({ status: "completed", counts: counts(2, 0, 0, 0) });
    expect(await storeNamed(a)).toMatchObject({ address: "1 Main St", phone: "555-0100", timeZone: "America/Chicago", isActive: true });
    expect(await storeNamed(b)).toMatchObject({ phone: null, isActive: false });
    const accounts = await db()
      .selectFrom("cashAccounts")
      .select("kind")
      .where("storeId", "=", (await storeNamed(a))!.id)
      .execute();
    expect(accounts.map((x) => x.kind).sort()).toEqual(["change_fund", "petty_cash", "safe"]);

    expect(await run("stores", csv, { mapping })).toMatchObject({ status: "completed", counts: counts(0, 0, 2, 0) });
    const changed = csv.replace("2 Main St", "22 Main St");
    expect(await run("stores", changed, { mapping })).toMatchObject({ counts: counts(0, 1, 1, 0) });
    expect((await storeNamed(b))?.address).toBe("22 Main St");
  });

  it("a bad row stops the whole file when all-or-nothing, or only itself otherwise", async () => {
    const [a, b] = [`Imp ${unique()}`, `Imp ${unique()}`];
    const csv = `name,address,timeZone\n${a},1 Main St,America/Chicago\n${b},,Mars/Olympus\n${a},3 Main St,\n`;
    const all = await run("stores", csv);
    expect(all.status).toBe("failed");
    expect(all.failureReason).toBe("Nothing was written: 2 rows have errors");
    expect(all.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [3, "address", "required"],
      [3, "timeZone", "invalid"],
      [4, "name", "duplicateInFile"],
    ]);
    expect(await storeNamed(a)).toBeUndefined();

    const some = await run("stores", csv, { allOrNothing: false });
    expect(some).toMatchObject({ status: "completed", counts: counts(1, 0, 0, 2) });
    expect(await storeNamed(a)).toBeDefined();
    expect(await storeNamed(b)).toBeUndefined();
  });

  it("refuses a mapping without a required column, naming it", async () => {
    expect(
      await failure(manager.action("imports:start", { kind: "stores", fileName: "s.csv", content: "name\nA\n", mapping: { name: "name" }, dryRun: true })),
    ).toBe("Map a column of the file to: address");
    const unmapped = await failureOf(
      manager.action("imports:start", { kind: "stores", fileName: "s.csv", content: "name\nA\n", mapping: { name: "name" }, dryRun: true }),
    );
    expect(unmapped.data).toEqual({ code: "imports.mapColumns", params: { columns: "address" } });
    expect(refusalText(unmapped.data, "es")).toBe("Elige una columna del archivo para: address");
  });
});

describe("sections, equipment types and machines", () => {
  it("import against the company's stores, refuse unknown ones, and re-import unchanged", async () => {
    const store = `Imp ${unique()}`;
    const type = `Dryer ${unique()}`;
    await run("stores", `name,address\n${store},1 Import St\n`);

    const sections = `store,name\n${store},Front\n${store},Back\nNowhere ${unique()},Side\n`;
    expect(await run("sections", sections, { dryRun: true })).toMatchObject({ status: "completed", counts: counts(2, 0, 0, 1) });
    expect(await run("sections", sections)).toMatchObject({ status: "failed", counts: counts(0, 0, 0, 1) });
    expect(await run("sections", sections, { allOrNothing: false })).toMatchObject({ status: "completed", counts: counts(2, 0, 0, 1) });
    expect(await run("sections", sections, { allOrNothing: false })).toMatchObject({ counts: counts(0, 0, 2, 1) });

    const types = `name,category,acceptsCoins,acceptsBills,color,icon\n${type},laundry,yes,no,#1e88e5,dryer\nBad ${unique()},spaceship,,,blue,\n`;
    const typeResult = await run("equipmentTypes", types);
    expect(typeResult.errors.map((e) => [e.row, e.column])).toEqual([
      [3, "category"],
      [3, "color"],
    ]);
    expect(await run("equipmentTypes", types, { allOrNothing: false })).toMatchObject({ counts: counts(1, 0, 0, 1) });
    const saved = await db().selectFrom("equipmentTypes").selectAll().where("companyId", "=", rioId).where("name", "=", type).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ category: "laundry", acceptsCoins: true, acceptsBills: false, colorHex: "#1E88E5", iconType: "dryer" });
    expect(await run("equipmentTypes", types.replace("yes,no", "yes,yes"), { allOrNothing: false })).toMatchObject({ counts: counts(0, 1, 0, 1) });

    const machines = `store,machine,section,equipmentType,coinBoxCapacity\n${store},D1,Front,${type},250\n${store},D2,Back,${type},\n${store},D3,Attic,${type},\n${store},D1,Back,${type},\n`;
    const bad = await run("machines", machines);
    expect(bad.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [4, "section", "notFound"],
      [5, "machine", "duplicateInFile"],
    ]);
    const storeId = (await storeNamed(store))!.id;
    expect(await db().selectFrom("machines").select("id").where("storeId", "=", storeId).execute()).toHaveLength(0);
    const fixed = machines.replace(`${store},D3,Attic`, `${store},D3,Back`).replace(`\n${store},D1,Back,${type},\n`, "\n");
    expect(await run("machines", fixed)).toMatchObject({ status: "completed", counts: counts(3, 0, 0, 0) });
    const rows = await db()
      .selectFrom("machines")
      .select(["label", "coinBoxCapacityCents", "position"])
      .where("storeId", "=", storeId)
      .orderBy("label")
      .execute();
    expect(rows.map((m) => [m.label, m.coinBoxCapacityCents === null ? null : Number(m.coinBoxCapacityCents)])).toEqual([
      ["D1", 25000],
      ["D2", null],
      ["D3", null],
    ]);
    expect(await run("machines", fixed)).toMatchObject({ counts: counts(0, 0, 3, 0) });
    // D1 moves to the back, after D2 and D3, with a larger coin box.
    expect(await run("machines", fixed.replace(`${store},D1,Front,${type},250`, `${store},D1,Back,${type},300`))).toMatchObject({ counts: counts(0, 1, 2, 0) });
    const moved = await db()
      .selectFrom("machines")
      .innerJoin("storeSections", "storeSections.id", "machines.sectionId")
      .select(["storeSections.name as section", "machines.position", "machines.coinBoxCapacityCents"])
      .where("machines.storeId", "=", storeId)
      .where("machines.label", "=", "D1")
      .executeTakeFirstOrThrow();
    expect([moved.section, moved.position, Number(moved.coinBoxCapacityCents)]).toEqual(["Back", 2, 30000]);
  });

  it("imports a machine's load capacity, purchase price and install date for store economics, refusing bad ones", async () => {
    const { store, type } = await storeWithMachines();
    const storeId = (await storeNamed(store))!.id;
    const facts = async () =>
      (
        await db()
          .selectFrom("machines")
          .select(["label", "capacityLb", "purchasePriceCents", "installedOn"])
          .where("storeId", "=", storeId)
          .orderBy("label")
          .execute()
      ).map((m) => [m.label, m.capacityLb, m.purchasePriceCents === null ? null : Number(m.purchasePriceCents), m.installedOn && isoDate(m.installedOn)]);
    // Bad cells: a capacity of 0 lb, a price with letters, a date that does not exist. Nothing is written.
    const header = "store,machine,section,equipmentType,capacityLb,purchasePrice,installedOn";
    const bad = await run("machines", `${header}\n${store},W1,Front,${type},0,8200.00,2024-03-01\n${store},W2,Front,${type},40,82OO,2024-02-30\n`);
    expect(bad.status).toBe("failed");
    expect(bad.errors.map((e) => [e.row, e.column])).toEqual([
      [2, "capacityLb"],
      [3, "purchasePrice"],
      [3, "installedOn"],
    ]);
    expect(await facts()).toEqual([
      ["W1", null, null, null],
      ["W2", null, null, null],
    ]);
    // W1 40 lb bought for $8,200.00 on 2024-03-01; W2 "60 lb" with no price or date.
    const good = `${header}\n${store},W1,Front,${type},40,"$8,200.00",2024-03-01\n${store},W2,Front,${type},60 lb,,\n`;
    expect(await run("machines", good)).toMatchObject({ status: "completed", counts: counts(0, 2, 0, 0) });
    expect(await facts()).toEqual([
      ["W1", 40, 820_000, "2024-03-01"],
      ["W2", 60, null, null],
    ]);
    // A file without those columns leaves the facts as they are.
    expect(await run("machines", `store,machine,section,equipmentType\n${store},W1,Front,${type}\n`)).toMatchObject({ counts: counts(0, 0, 1, 0) });
    expect((await facts())[0]).toEqual(["W1", 40, 820_000, "2024-03-01"]);
  });

  it("reads an XLSX workbook and a file sent in parts", async () => {
    const { store, type } = await storeWithMachines();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Machines");
    sheet.addRow(["Store", "Machine", "Section", "Equipment type", "Capacity"]);
    sheet.addRow([store, "W3", "Front", type, 120.5]);
    sheet.addRow([store, "W4", "Front", type, null]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString("base64");
    const preview = await manager.action<{ headers: string[]; rowCount: number; mapping: Record<string, string> }>("imports:preview", {
      kind: "machines",
      fileName: "machines.xlsx",
      content,
    });
    expect(preview).toMatchObject({
      rowCount: 2,
      mapping: { store: "Store", machine: "Machine", section: "Section", equipmentType: "Equipment type", coinBoxCapacity: "Capacity" },
    });
    const { importId } = await manager.action<{ importId: string }>("imports:start", {
      kind: "machines",
      fileName: "machines.xlsx",
      content,
      mapping: preview.mapping,
      dryRun: false,
    });
    expect(await finished(manager, importId)).toMatchObject({ status: "completed", counts: counts(2, 0, 0, 0) });
    const w3 = await db()
      .selectFrom("machines")
      .select("coinBoxCapacityCents")
      .where("companyId", "=", rioId)
      .where("label", "=", "W3")
      .where("storeId", "=", (await storeNamed(store))!.id)
      .executeTakeFirstOrThrow();
    expect(Number(w3.coinBoxCapacityCents)).toBe(12050);

    // The mapping is remembered for the kind: a file with the same headers starts from it.
    const again = await manager.action<{ mapping: Record<string, string>; remembered: boolean }>("imports:preview", {
      kind: "machines",
      fileName: "machines.xlsx",
      content,
    });
    expect(again.remembered).toBe(true);

    const csv = `store,machine,section,equipmentType\n${store},W5,Front,${type}\n${store},W6,Front,${type}\n`;
    const uploadId = `upload-${unique()}`;
    await manager.mutation("imports:uploadPart", { uploadId, part: 0, content: csv.slice(0, 30) });
    await manager.mutation("imports:uploadPart", { uploadId, part: 1, content: csv.slice(30) });
    const started = await manager.action<{ importId: string }>("imports:start", {
      kind: "machines",
      fileName: "machines.csv",
      uploadId,
      parts: 2,
      mapping: headersOf(csv),
      dryRun: false,
    });
    expect(await finished(manager, started.importId)).toMatchObject({ status: "completed", counts: counts(2, 0, 0, 0) });
    // The upload stays for the next run of the same file (a dry run, then the import).
    const rerun = await manager.action<{ importId: string }>("imports:start", {
      kind: "machines",
      fileName: "machines.csv",
      uploadId,
      parts: 2,
      mapping: headersOf(csv),
      dryRun: true,
    });
    expect(await finished(manager, rerun.importId)).toMatchObject({ status: "completed", counts: counts(0, 0, 2, 0) });
    expect(
      await failure(manager.action("imports:start", { kind: "machines", fileName: "m.csv", uploadId, parts: 3, mapping: headersOf(csv), dryRun: true })),
    ).toBe("Part 3 of 3 of the file is missing; upload the file again");
    // The screen says it in the reader's language by its code (decision 0067).
    const missing = await failureOf(
      manager.action("imports:start", { kind: "machines", fileName: "m.csv", uploadId, parts: 3, mapping: headersOf(csv), dryRun: true }),
    );
    expect(missing.data).toEqual({ code: "files.partMissing", params: { part: 3, parts: 3, noun: "file" } });
    expect(refusalText(missing.data, "es")).toBe("Falta la parte 3 de 3 del archivo; vuelve a subir el archivo");
  });
});

describe("employees", () => {
  it("creates with a PIN, updates by username, refuses unknown stores and a new employee without a PIN", async () => {
    const store = `Imp ${unique()}`;
    await run("stores", `name,address\n${store},1 Import St\n`);
    const [ana, luis] = [`ana_${unique()}`, `luis_${unique()}`];
    const csv = `username,name,email,payType,rate,hireDate,stores,pin\n${ana},Ana Ruiz,ANA@example.com,hourly,15.50,2025-01-06,${store},4821\n${luis},Luis Peña,,salary,900,,Nowhere;${store},\nnobody,Nadie,,hourly,10,,,\n`;
    const bad = await run("employees", csv);
    expect(bad.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [3, "stores", "notFound"],
      [3, "pin", "pinRequired"],
      [4, "pin", "pinRequired"],
    ]);
    const good = csv.replace(`Nowhere;${store},`, `${store},5930`).replace("nobody,Nadie,,hourly,10,,,\n", "");
    expect(await run("employees", good, { dryRun: true })).toMatchObject({ counts: counts(2, 0, 0, 0) });
    expect(await db().selectFrom("employees").select("id").where("companyId", "=", rioId).where("username", "=", ana).execute()).toEqual([]);
    expect(await run("employees", good)).toMatchObject({ status: "completed", counts: counts(2, 0, 0, 0) });
    const saved = await db().selectFrom("employees").selectAll().where("companyId", "=", rioId).where("username", "=", ana).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({ name: "Ana Ruiz", email: "ana@example.com", payType: "hourly", hireDate: "2025-01-06", status: "active" });
    const rates = await db().selectFrom("employeeRates").select(["rateCents", "effectiveFrom"]).where("employeeId", "=", saved.id).execute();
    expect(rates.map((r) => [Number(r.rateCents), r.effectiveFrom])).toEqual([[1550, "2025-01-06"]]);

    expect(await run("employees", good)).toMatchObject({ counts: counts(0, 0, 2, 0) });
    expect(await run("employees", good.replace("Ana Ruiz,ANA@example.com,hourly,15.50", "Ana Ruiz Soto,ANA@example.com,hourly,16.00"))).toMatchObject({
      counts: counts(0, 1, 1, 0),
    });
    const after = await db().selectFrom("employeeRates").select("rateCents").where("employeeId", "=", saved.id).orderBy("effectiveFrom").execute();
    expect(after.map((r) => Number(r.rateCents))).toEqual([1550, 1600]);
  });
});

describe("past collections", () => {
  it("become verified visits per store and date whose lines feed the daily roll-up, without posting to the cash ledger", async () => {
    const { store } = await storeWithMachines();
    const storeId = (await storeNamed(store))!.id;
    const csv = `store,date,machine,coins,bills,meter\n${store},2024-03-04,W1,12.25,5,100\n${store},2024-03-04,W2,8.00,,\n${store},2024-03-07,W1,10,,\n${store},2024-03-07,W9,1,,\n${store},2024-02-31,W2,1,,\n`;
    const bad = await run("collections", csv);
    expect(bad.errors.map((e) => [e.row, e.column, e.code])).toEqual([
      [5, "machine", "notFound"],
      [6, "date", "invalid"],
    ]);
    expect(await run("collections", csv, { dryRun: true, allOrNothing: false })).toMatchObject({ counts: counts(3, 0, 0, 2) });
    const none = await db().selectFrom("collections").select("id").where("storeId", "=", storeId).execute();
    expect(none).toEqual([]);

    expect(await run("collections", csv, { allOrNothing: false })).toMatchObject({ status: "completed", counts: counts(3, 0, 0, 2) });
    const visits = await db()
      .selectFrom("collections")
      .select(["id", "businessDate", "status", "totalCents", "lineCount"])
      .where("storeId", "=", storeId)
      .orderBy("businessDate")
      .execute();
    expect(visits.map((v) => [v.businessDate, v.status, Number(v.totalCents), v.lineCount])).toEqual([
      ["2024-03-04", "verified", 2525, 2],
      ["2024-03-07", "verified", 1000, 1],
    ]);
    const days = await sql<{ date: string; cents: string }>`
      select to_char(business_date, 'YYYY-MM-DD') as date, sum(coins_cents + bills_cents)::text as cents from revenue_days
      where company_id = ${rioId} and store_id = ${storeId} group by 1 order by 1`.execute(db());
    expect(days.rows).toEqual([
      { date: "2024-03-04", cents: "2525" },
      { date: "2024-03-07", cents: "1000" },
    ]);
    const posted = await db()
      .selectFrom("cashTransactions")
      .select("id")
      .where(
        "collectionId",
        "in",
        visits.map((v) => v.id),
      )
      .execute();
    expect(posted).toEqual([]);

    // The same file again: nothing new; a different figure for a recorded visit is refused.
    expect(await run("collections", csv, { allOrNothing: false })).toMatchObject({ counts: counts(0, 0, 3, 2) });
    const conflict = await run("collections", `store,date,machine,coins\n${store},2024-03-04,W1,99\n`);
    expect(conflict.errors.map((e) => [e.row, e.column, e.code])).toEqual([[2, "coins", "conflict"]]);
    expect((await db().selectFrom("collections").select("id").where("storeId", "=", storeId).execute()).length).toBe(2);
  });
});

describe("access and history", () => {
  it("staff may not import; another company's imports are out of reach", async () => {
    const args = { kind: "stores", fileName: "s.csv", content: "name,address\nX,Y\n", mapping: { name: "name", address: "address" }, dryRun: true };
    expect(await failure(staff.action("imports:start", args))).toBe("You don't have permission to import data");
    expect(await failure(staff.query("imports:list", {}))).toBe("You don't have permission to import data");

    const mine = await run("stores", `name,address\nImp ${unique()},1 St\n`, { dryRun: true });
    expect(await failure(sudsOwner.query("imports:get", { importId: mine._id }))).toBe("Import not found");
    expect((await failureOf(sudsOwner.query("imports:get", { importId: mine._id }))).data).toEqual({ code: "imports.importNotFound", params: {} });
    const theirs = await sudsOwner.query<Array<{ _id: string }>>("imports:list", {});
    expect(theirs.map((i) => i._id)).not.toContain(mine._id);
    const history = await manager.query<Array<{ _id: string; createdBy: string; kind: string; dryRun: boolean }>>("imports:list", {});
    expect(history.find((i) => i._id === mine._id)).toMatchObject({ kind: "stores", dryRun: true, createdBy: expect.any(String) });
  });

  /** An import another process said is running (as a row written by hand), with the given heartbeat and progress. */
  async function runningElsewhere(prefix: string, values: Partial<Insertable<ImportsTable>>): Promise<string> {
    const managerId = (await db().selectFrom("users").select("id").where("email", "=", "manager@demo.test").executeTakeFirstOrThrow()).id;
    const importId = `${prefix}-${unique()}`;
    await db()
      .insertInto("imports")
      .values({
        id: importId,
        companyId: rioId,
        kind: "stores",
        fileName: "s.csv",
        status: "running",
        dryRun: false,
        allOrNothing: true,
        mapping: "{}",
        content: "",
        createdBy: managerId,
        ...values,
      })
      .execute();
    return importId;
  }

  it("an import cut off by a restart shows as failed, saying so", async () => {
    // Its process stopped a minute and a half ago.
    const importId = await runningElsewhere("cut", { heartbeatAt: new Date(Date.now() - 90_000) });
    const shown = await manager.query<ImportResult>("imports:get", { importId });
    expect(shown.status).toBe("failed");
    expect(shown.failureReason).toBe("The server restarted during the import; nothing was written. Run it again.");
  });

  it("shows the progress of an import another server process is running, as that process stored it", async () => {
    const importId = await runningElsewhere("elsewhere", {
      totalRows: 100,
      progressPhase: "writing",
      progressDone: 40,
      progressTotal: 100,
      heartbeatAt: new Date(Date.now() - 5_000),
    });
    const shown = await manager.query<ImportResult & { progress: unknown }>("imports:get", { importId });
    expect(shown.status).toBe("running");
    expect(shown.progress).toEqual({ phase: "writing", done: 40, total: 100 });
    // Starting another import leaves it running: its process is alive.
    await run("stores", `name,address\nAlongside ${unique()},1 St\n`, { dryRun: true });
    expect((await db().selectFrom("imports").select("status").where("id", "=", importId).executeTakeFirstOrThrow()).status).toBe("running");
    await db().deleteFrom("imports").where("id", "=", importId).execute();
  });
});
