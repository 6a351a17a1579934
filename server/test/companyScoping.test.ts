import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { loadRegistry } from "../src/runtime/registry.ts";
import { sampleArgs } from "./support/sampleArgs.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// Every registered function, called by the owner of Suds Express with ids taken from Rio
// Laundromat, must neither return nor change Rio's data. The sweep walks the registry, so each
// new function is covered the day it is written, and it reads the company-owned tables from the
// database catalogue (every table with a company_id column), so each new table is too: a table
// the sweep has no Rio row in fails the test until its fixture below creates one.

let server: TestServer;
let sudsOwnerId: string;
let rio: { companyId: string; tables: string[]; ids: Record<string, string[]>; sensitive: Set<string> };

/**
 * Company-owned tables the sweep need not hold a Rio row in, with the reason. Keep this short:
 * a table belongs here only when no Rio row of it can exist or matter.
 */
const EXEMPT_TABLES: Record<string, string> = {};

/**
 * Tables where a function open to anyone legitimately adds a row for Rio when called with Rio's
 * ids: a join request (the caller's own), a customer's claim on Rio's public campaign, and the
 * claim's code message. Existing Rio rows must still be left exactly as they were.
 */
const PUBLIC_INSERTS = new Set(["join_requests", "campaign_claims", "outbox"]);

// Discovery functions show any company's public face (name, code) to people looking for one.
const MAY_NAME_OTHER_COMPANIES = new Set([
  "companies:listActiveCompanies",
  "companyJoinRequests:searchCompanies",
  "companyJoinRequests:validateCompanyCode",
  "companyJoinRequests:requestToJoin",
  // The caller's own requests name the companies they asked to join.
  "companyJoinRequests:getUserPendingRequests",
  // A campaign's landing page is public: anyone with its link sees the offer and whose it is.
  "marketing:getCampaignById",
  "marketing:getCampaignByFriendlyIdPublic",
]);

/** Argument field stems that name a table differently from its own name. */
const FIELD_TABLE: Record<string, string> = {
  section: "store_sections",
  type: "equipment_types",
  request: "join_requests",
  claim: "campaign_claims",
  account: "cash_accounts",
  transaction: "cash_transactions",
};

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** "campaignClaimId" → "campaign_claims", "storeId" → "stores"; null for fields no table owns. */
function tableForField(field: string): string | null {
  const stem = field.replace(/Ids?$/, "");
  if (stem === "company") return "company";
  if (stem === "user" || stem === "collector") return "user";
  if (FIELD_TABLE[stem]) return FIELD_TABLE[stem];
  const plural = `${snake(stem)}s`;
  return rio.tables.find((t) => t === plural || t.endsWith(`_${plural}`)) ?? null;
}

/** Every company-owned table by the catalogue: each table with a company_id column. */
async function companyOwnedTables(): Promise<string[]> {
  const result = await sql<{ tableName: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.column_name = 'company_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name`.execute(server.database.db);
  return result.rows.map((r) => r.tableName);
}

/** A fingerprint of each Rio row of a table (its whole content), for spotting changes. */
async function rowHashes(table: string): Promise<string[]> {
  const result = await sql<{ h: string }>`select md5(t::text) as h from ${sql.table(table)} t where t.company_id = ${rio.companyId}`.execute(
    server.database.db,
  );
  return result.rows.map((r) => r.h);
}

async function snapshotRio(): Promise<Map<string, string[]>> {
  const snapshot = new Map<string, string[]>();
  for (const table of rio.tables) snapshot.set(table, await rowHashes(table));
  const db = server.database.db;
  snapshot.set("companies", [JSON.stringify(await db.selectFrom("companies").selectAll().where("id", "=", rio.companyId).execute())]);
  snapshot.set(
    "users",
    (await db.selectFrom("users").selectAll().where("id", "in", rio.ids.user).orderBy("id").execute()).map((u) => JSON.stringify(u)),
  );
  return snapshot;
}

/** Calls a function whatever its kind (some may move between action and mutation). */
async function callAny(client: Client, path: string, args: unknown): Promise<unknown> {
  const { body } = await client.raw("function", path, args);
  if (typeof body === "string" || body.status === "error") throw new Error(`${path}: ${typeof body === "string" ? body : body.errorMessage}`);
  return body.value;
}

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const company = await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow();
  sudsOwnerId = (await db.selectFrom("users").select("id").where("email", "=", "owner@suds.test").executeTakeFirstOrThrow()).id;

  // Fixtures, so every company-owned table holds Rio rows to aim at, made the way users make them.
  const applicant = await new Client(server.url).action<{ tokens: { token: string } }>("auth:signIn", {
    provider: "password",
    params: { email: "applicant@example.com", password: "applicant-password", flow: "signUp" },
  });
  const applicantClient = new Client(server.url);
  applicantClient.token = applicant.tokens.token;
  await applicantClient.mutation("companyJoinRequests:requestToJoin", { companyId: company.id });
  const manager = await new Client(server.url).signIn("manager@demo.test");
  const campaign = await manager.mutation<{ campaignId: string }>("marketing:createCampaign", {
    name: "Rio spring",
    campaignType: "SEASONAL",
    startDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
    endDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    offerAmount: 10,
  });
  await callAny(new Client(server.url), "marketing:submitClaim", {
    customerName: "Rio Customer",
    email: "rio.customer@example.com",
    campaignId: campaign.campaignId,
    companyId: company.id,
  });
  await callAny(new Client(server.url), "employeeAuth/index:employeeSignUp", {
    email: "kiosk.rio@example.com",
    username: "kioskrio",
    pin: "482916",
    companyId: company.id,
  });

  // A reconciled day of a new store, and a bank statement line matched to Rio's deposit in transit.
  const owner = await new Client(server.url).signIn("owner@demo.test");
  const { storeId } = await manager.mutation<{ storeId: string }>("stores:create", { name: "Rio Sweep", address: "1 Sweep St", timeZone: "America/Chicago" });
  // An employee working at it, with a rate (employees, employee_stores, employee_rates).
  await manager.mutation("employees:create", {
    name: "Rio Sweeper",
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [storeId],
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: "",
    username: "rio_sweeper",
    pin: "482916",
  });
  // A profile without an e-mail address that a member asks to be linked to (employee_link_requests).
  await manager.mutation("employees:create", {
    name: "Rio Linker",
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [storeId],
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: "",
    username: "rio_linker",
    pin: "482916",
  });
  await (await new Client(server.url).signIn("member@demo.test")).mutation("employment:link", { username: "rio_linker", pin: "482916" });
  const accounts = await owner.query<Array<{ _id: string; kind: string; storeId: string | null }>>("cashAccounts:list", {});
  const safe = (await owner.query<Array<{ _id: string; kind: string }>>("cashAccounts:list", { storeId })).find((a) => a.kind === "safe")!._id;
  const { countId } = await owner.mutation<{ countId: string }>("physicalCounts:start", { accountId: safe, blind: false, idempotencyKey: "sweep-count" });
  await owner.mutation("physicalCounts:submit", { countId, denominations: {}, idempotencyKey: "sweep-submit" });
  const today = todayIn("America/Chicago");
  await owner.mutation("reconciliation:close", { storeId, from: today, to: today, countId });
  const bank = accounts.find((a) => a.kind === "bank")!._id;
  const statement = `Date,Description,Amount\n${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)},Deposit,1500.00\n`;
  await owner.mutation("bankLines:import", {
    accountId: bank,
    format: "csv",
    content: statement,
    mapping: { date: "Date", description: "Description", amount: "Amount" },
  });
  const list = await owner.query<{ lines: Array<{ _id: string; depositIds: string[] }>; unmatchedDeposits: Array<{ _id: string }> }>("bankLines:list", {
    accountId: bank,
  });
  if (list.lines.every((l) => l.depositIds.length === 0)) {
    await owner.mutation("bankLines:match", { bankLineId: list.lines[0]._id, depositIds: [list.unmatchedDeposits[0]._id] });
  }
  // A part of a statement still being uploaded.
  await owner.mutation("bankLines:uploadPart", { uploadId: "sweep-upload", part: 0, content: "Date,Description,Amount\n" });
  // A geo-zone of the new store, and the company's outside-the-zone setting.
  await manager.mutation("geoZones:set", { storeId, latitude: 41.878113, longitude: -87.629799, radiusMeters: 150 });
  await manager.mutation("geoZones:updateSettings", { outsideZone: "flag" });
  // A finished import of a section of the new store, the mapping it remembered, and a part of a
  // file still being uploaded (imports, import_mappings, import_uploads).
  const { importId } = await manager.action<{ importId: string }>("imports:start", {
    kind: "sections",
    fileName: "sections.csv",
    content: "store,name\nRio Sweep,Sweep aisle\n",
    mapping: { store: "store", name: "name" },
    dryRun: false,
  });
  for (let i = 0; i < 200; i++) {
    if (["completed", "failed"].includes((await manager.query<{ status: string }>("imports:get", { importId })).status)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await manager.mutation("imports:uploadPart", { uploadId: "sweep-import", part: 0, content: "store,name\n" });
  // A kiosk of the new store, the sweeper's shift punched on it (kiosks, punches, time_entries),
  // a manager's correction of it, and a wrong PIN (pin_attempts).
  const { kioskToken } = await manager.mutation<{ kioskToken: string }>("kiosks:register", { storeId, name: "Sweep tablet" });
  const kiosk = new Client(server.url);
  for (const action of ["clockIn", "clockOut"]) await callAny(kiosk, "timeclock:punch", { kioskToken, username: "rio_sweeper", pin: "482916", action });
  await callAny(kiosk, "timeclock:punch", { kioskToken, username: "rio_sweeper", pin: "000000", action: "clockIn" }).catch(() => undefined);
  const day = todayIn("America/Chicago");
  const [shift] = await manager.query<Array<{ _id: string; raw: { clockInAt: number; clockOutAt: number } }>>("timeclock:entries", {
    storeId,
    from: day,
    to: day,
  });
  await manager.mutation("timeclock:correct", {
    entryId: shift._id,
    clockInAt: shift.raw.clockInAt - 60_000,
    clockOutAt: shift.raw.clockOutAt,
    breakMinutes: 0,
    reason: "Sweep",
  });
  // A saved settings section.
  await owner.mutation("companySettings:update", { section: "workforce", values: { weeklyHoursLimit: 38 } });
  // A company's own e-mail template (email_templates).
  await owner.mutation("emailTemplates:save", { kind: "claimCode", language: "es", text: "Código {{code}}" });
  // The corrected entry approved (time_entry_reviews), and a time-off request of the sweeper's
  // (requests), the account linked as a manager would link it.
  await manager.mutation("timeEntries:approve", { entryIds: [shift._id] });
  const staffId = (await db.selectFrom("users").select("id").where("email", "=", "staff@demo.test").executeTakeFirstOrThrow()).id;
  await db.updateTable("employees").set({ userId: null }).where("companyId", "=", company.id).where("userId", "=", staffId).execute();
  await db.updateTable("employees").set({ userId: staffId }).where("companyId", "=", company.id).where("username", "=", "rio_sweeper").execute();
  await (
    await new Client(server.url).signIn("staff@demo.test")
  ).mutation("requests:create", {
    kind: "timeOff",
    allDay: true,
    startDate: today,
    endDate: today,
    timeOffType: "vacation",
  });

  // A week of the new store with the sweeper's shift and an open one, published (shifts,
  // shift_publications, shift_notices) and saved as a template (shift_templates, shift_template_items).
  const sweeper = (
    await db.selectFrom("employees").select("id").where("companyId", "=", company.id).where("username", "=", "rio_sweeper").executeTakeFirstOrThrow()
  ).id;
  await manager.mutation("shifts:create", { storeId, employeeId: sweeper, date: "2030-01-07", start: "09:00", end: "17:00", breakMinutes: 30 });
  await manager.mutation("shifts:create", { storeId, employeeId: null, date: "2030-01-08", start: "09:00", end: "13:00", breakMinutes: 0 });
  await manager.mutation("shifts:publish", { storeId, weekStart: "2030-01-06", overrideReason: "Sweep" });
  await manager.mutation("shifts:saveTemplate", { storeId, weekStart: "2030-01-06", name: "Sweep week" });
  // A further job of the sweeper's, at the sweep store (employee_jobs, and its rate in employee_rates).
  await manager.mutation("employees:addJob", {
    employeeId: sweeper,
    title: "Route collections",
    storeId,
    payType: "hourly",
    rateCents: 1800,
    effectiveFrom: "2026-01-01",
  });

  // Announcements to the new store and to a role (announcements, announcement_stores,
  // announcement_roles; the author's own read mark is announcement_reads).
  await manager.mutation("announcements:create", { title: "Sweep note", body: "For the sweep store", audience: "stores", storeIds: [storeId] });
  await manager.mutation("announcements:create", { title: "Sweep staff", body: "For staff", audience: "roles", roles: ["STAFF"] });

  // A suspension of the company, lifted again (company_suspensions).
  const sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
  await sysadmin.mutation("systemAdmin:setCompanySuspended", { companyId: company.id, suspended: true, reason: "Sweep" });
  await sysadmin.mutation("systemAdmin:setCompanySuspended", { companyId: company.id, suspended: false });
  // A system admin's correction of a Rio cash account (balance_adjustments): a safe of another
  // store than the sweep's, whose today was closed above.
  const rioSafe = await db
    .selectFrom("cashAccounts")
    .select("id")
    .where("companyId", "=", company.id)
    .where("kind", "=", "safe")
    .where("storeId", "!=", storeId)
    .orderBy("id")
    .limit(1)
    .executeTakeFirstOrThrow();
  await sysadmin.mutation("balanceAdmin:adjust", { accountId: rioSafe.id, amountCents: 100, reason: "Sweep" });

  const tables = (await companyOwnedTables()).filter((t) => !(t in EXEMPT_TABLES));
  rio = { companyId: company.id, tables, ids: {}, sensitive: new Set() };
  for (const table of tables) {
    const hasId = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name = 'id'`.execute(
      db,
    );
    if (hasId.rows[0].n === 0) continue;
    const rows = await sql<{ id: string }>`select id from ${sql.table(table)} where company_id = ${company.id} order by id limit 5`.execute(db);
    rio.ids[table] = rows.rows.map((r) => String(r.id));
  }
  // Rio's people, except those who are Suds members too (area@demo.test): Suds may see its own.
  rio.ids.user = (
    await db
      .selectFrom("memberships as m")
      .select("m.userId")
      .where("m.companyId", "=", company.id)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("memberships as o").select("o.id").whereRef("o.userId", "=", "m.userId").where("o.companyId", "!=", company.id))),
      )
      .execute()
  ).map((r) => r.userId);
  rio.ids.company = [company.id];
  rio.sensitive = new Set(Object.entries(rio.ids).flatMap(([kind, list]) => (kind === "company" ? [] : list)));
});
afterAll(() => server?.stop());

describe("company scoping sweep", () => {
  it("finds every company-owned table in the catalogue, each with Rio rows to aim at", async () => {
    // The catalogue, not a list kept by hand: these are among the tables a hand-kept list missed.
    expect(rio.tables).toEqual(
      expect.arrayContaining(["stores", "machines", "collection_lines", "campaigns", "campaign_claims", "cash_accounts", "cash_transactions"]),
    );
    const empty: string[] = [];
    for (const table of rio.tables) if ((await rowHashes(table)).length === 0) empty.push(table);
    // A new company-owned table fails here until the fixtures above give Rio a row of it (or it
    // is exempted above, with its reason).
    expect(empty, "company-owned tables without a Rio row for the sweep").toEqual([]);
    for (const exempt of Object.keys(EXEMPT_TABLES)) expect(await companyOwnedTables()).toContain(exempt);
  });

  it("calls every function as Suds Express with Rio ids without reading or changing Rio data", async () => {
    const sweepStart = new Date();
    const before = await snapshotRio();
    const registry = await loadRegistry();
    const kinds = Object.keys(rio.ids).filter((k) => rio.ids[k].length > 0);
    const aimed = new Set<string>();
    let client = await new Client(server.url).signIn("owner@suds.test");
    const leaks: string[] = [];
    let calls = 0;
    for (const [path, fn] of registry) {
      // Each id field goes through its own table's ids; a field no table owns goes through them all.
      let variants = 1;
      sampleArgs(fn.args, (field) => {
        const table = tableForField(field);
        variants = Math.max(variants, table && rio.ids[table]?.length ? rio.ids[table].length : kinds.length);
        return "";
      });
      for (let variant = 0; variant < variants; variant++) {
        const args = sampleArgs(fn.args, (field) => {
          const table = tableForField(field);
          const kind = table && rio.ids[table]?.length ? table : kinds[variant % kinds.length];
          aimed.add(kind);
          return rio.ids[kind][variant % rio.ids[kind].length];
        });
        const outcome = await client.raw(fn.kind, path, args);
        calls++;
        if (outcome.status === 401) client = await new Client(server.url).signIn("owner@suds.test");
        const text = JSON.stringify(outcome.body);
        if (!MAY_NAME_OTHER_COMPANIES.has(path)) {
          for (const id of rio.sensitive) if (text.includes(id)) leaks.push(`${path} returned Rio id ${id}`);
          if (text.includes(rio.companyId) || text.includes("Rio Laundromat")) leaks.push(`${path} named Rio`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(registry.size * 2);
    // Every company-owned table's ids were aimed at some function.
    expect([...aimed].sort()).toEqual(expect.arrayContaining(Object.keys(rio.ids).filter((k) => rio.ids[k].length > 0)));

    const after = await snapshotRio();
    const changes: string[] = [];
    for (const [table, rows] of before) {
      const now = new Set(after.get(table));
      const gone = rows.filter((h) => !now.has(h));
      if (gone.length) changes.push(`${table}: ${gone.length} Rio rows changed or removed`);
      const added = (after.get(table) ?? []).length - rows.length + gone.length;
      if (added > 0 && !PUBLIC_INSERTS.has(table)) changes.push(`${table}: ${added} Rio rows added`);
    }
    expect(changes).toEqual([]);
    // What open functions may add at Rio is the caller's own join request and customers' claims.
    const db = server.database.db;
    const requests = await db
      .selectFrom("joinRequests")
      .select(["id", "userId"])
      .where("companyId", "=", rio.companyId)
      .where("id", "not in", rio.ids.join_requests)
      .execute();
    for (const r of requests) expect(r.userId).toBe(sudsOwnerId);
    const claims = await db
      .selectFrom("campaignClaims")
      .select(["id", "source", "recordedBy"])
      .where("companyId", "=", rio.companyId)
      // Claims made during the sweep (the seeded campaign already has more than the five aimed at).
      .where("createdAt", ">=", sweepStart)
      .execute();
    for (const c of claims) expect(c).toMatchObject({ source: "public", recordedBy: null });
  }, 300_000);
});
