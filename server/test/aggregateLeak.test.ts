import { sql } from "kysely";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { query, type AnyRegisteredFunction, type Identity } from "../src/runtime/define.ts";
import { INTERNAL_ERROR_MESSAGE } from "../src/runtime/errors.ts";
import { Executor, isCompanyLevel } from "../src/runtime/executor.ts";
import { resolveIdentity } from "../src/runtime/identity.ts";
import { loadRegistry, type Registry } from "../src/runtime/registry.ts";
import { seedTestWorld } from "../src/seed/testWorld.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// The totals-leak sweep (docs/decisions/0063). The id sweep (companyScoping.test.ts) finds a
// function that hands out another company's rows; a sum or a count over every company's rows
// names no id of theirs and passes it. So here every company-level query is called as members of
// Rio Laundromat, then another company gains a lot of history (eight weeks of collections and
// their cash postings, staff, punches, corrected and approved hours, a published week, a
// campaign and its claims, announcements, cash movements, a count and a closed day), and every
// query is called again: each answer must be exactly what it was. Nothing is normalised: a
// company's answers depend on nothing of another company's.

let server: TestServer;
let registry: Registry;
let rioId: string;
/** Rio's first row of each company-owned table, for id arguments. */
const rioIds: Record<string, string> = {};
let callers: Array<{ email: string; identity: Identity }>;

/** Argument field stems that name a table differently from its own name. */
const FIELD_TABLE: Record<string, string> = {
  section: "store_sections",
  type: "equipment_types",
  request: "join_requests",
  claim: "campaign_claims",
  account: "cash_accounts",
  transaction: "cash_transactions",
  period: "pay_periods",
  count: "physical_counts",
  deposit: "cash_transactions",
  entry: "time_entries",
};

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { def: Def }).def;

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A value for a string field, by its name: Rio's ids, dates spanning the history, else a word. */
function stringFor(field: string): string {
  if (/id$/i.test(field)) {
    const stem = field.replace(/Ids?$/, "");
    if (stem === "collector" || stem === "user") return rioIds.collector ?? "";
    const table = FIELD_TABLE[stem] ?? `${snake(stem)}s`;
    return rioIds[table] ?? Object.entries(rioIds).find(([t]) => t.endsWith(`_${table}`))?.[1] ?? "";
  }
  if (/^(from|fromDate|startDate)$/.test(field)) return daysAgo(60);
  if (/^(compareFrom)$/.test(field)) return daysAgo(121);
  if (/^(compareTo)$/.test(field)) return daysAgo(61);
  if (/^(to|toDate|endDate|date|anchor)$/.test(field)) return daysAgo(0);
  if (field === "month") return daysAgo(0).slice(0, 7);
  if (field === "weekStart") {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() - d.getUTCDay());
    return d.toISOString().slice(0, 10);
  }
  if (/^from.*Time$/.test(field)) return "00:00";
  if (/^to.*Time$/.test(field)) return "23:59";
  if (field === "language") return "en";
  return "";
}

/**
 * Arguments for a query from its schema: "required" fills only what must be given, "all" every
 * field too (filters set to Rio's first store, account and so on).
 */
function argsFor(schema: unknown, mode: "required" | "all", field = ""): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const shape = (schema as { shape: Record<string, unknown> }).shape;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(shape)) {
        const optional = ["optional", "default", "prefault"].includes(defOf(value).type);
        if (mode === "required" && optional) continue;
        out[key] = argsFor(value, mode, key);
      }
      return out;
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
      return argsFor(def.innerType, mode, field);
    case "pipe":
      return argsFor(def.in, mode, field);
    case "string":
      return stringFor(field);
    case "number":
    case "int":
      return field === "limit" ? 500 : field === "days" ? 60 : 1;
    case "boolean":
      return true;
    case "literal":
      return (def.values as unknown[])[0];
    case "enum": {
      const values = Object.values(def.entries as Record<string, unknown>);
      return values.includes("all") ? "all" : values[0];
    }
    case "array":
      return [argsFor(def.element, mode, field)];
    case "union":
      return argsFor((def.options as unknown[])[0], mode, field);
    case "record":
      return {};
    default:
      return null;
  }
}

type Answers = Map<string, unknown>;

/** Every company-level query, with both kinds of arguments, as each caller: key → outcome. */
async function answersOf(executor: Executor, functions: Registry): Promise<Answers> {
  const answers: Answers = new Map();
  for (const [path, fn] of functions) {
    if (fn.kind !== "query" || !isCompanyLevel(fn.access)) continue;
    for (const mode of ["required", "all"] as const) {
      const args = argsFor(fn.args, mode);
      for (const { email, identity } of callers) {
        const result = await executor.call(path, args, identity, "127.0.0.1");
        answers.set(`${path} ${mode} as ${email}`, result.ok ? { value: result.value } : { error: result.errorMessage });
      }
    }
  }
  return answers;
}

/** A PDF's text without the moment it was made and the file id drawn from it, which change from one run to the next. */
function pdfWithoutDate(base64: string): string {
  return Buffer.from(base64, "base64")
    .toString("latin1")
    .replace(/\(D:\d{14}Z\)/g, "")
    .replace(/\/ID \[[^\]]*\]/g, "");
}

/** Where two answers first differ ("" when they are the same). */
function firstDifference(before: unknown, after: unknown, at = ""): string {
  if (Object.is(before, after)) return "";
  if (typeof before === "string" && typeof after === "string" && before.startsWith("JVBERi0") && pdfWithoutDate(before) === pdfWithoutDate(after)) return "";
  if (typeof before !== "object" || typeof after !== "object" || before === null || after === null || Array.isArray(before) !== Array.isArray(after)) {
    return `${at || "answer"}: ${JSON.stringify(before)?.slice(0, 80)} became ${JSON.stringify(after)?.slice(0, 80)}`;
  }
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const found = firstDifference((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], `${at}.${key}`);
    if (found) return found;
  }
  return "";
}

/** The answers that changed between two sweeps, each with where it first differs. */
function changedAnswers(before: Answers, after: Answers): string[] {
  const changed: string[] = [];
  for (const [key, answer] of before) {
    const difference = firstDifference(answer, after.get(key));
    if (difference) changed.push(`${key} — ${difference}`);
  }
  return changed;
}

async function identityOf(email: string): Promise<Identity> {
  const client = await new Client(server.url).signIn(email);
  return resolveIdentity(server.database.db, server.services.tokens, client.token);
}

async function callAny(client: Client, path: string, args: unknown): Promise<unknown> {
  const { body } = await client.raw("function", path, args);
  if (typeof body === "string" || body.status === "error") throw new Error(`${path}: ${typeof body === "string" ? body : body.errorMessage}`);
  return body.value;
}

/** Another company with eight weeks of history, then a working day of its people on top. */
async function growAnotherCompany(): Promise<string> {
  const db = server.database.db;
  const world = await seedTestWorld(db);
  await seedTestWorld(db);
  const sign = (role: keyof typeof world.users) => new Client(server.url).signIn(world.users[role], world.password);
  const owner = await sign("OWNER");
  const manager = await sign("MANAGER");
  const { storeId } = world;
  const today = todayIn("America/Chicago");

  // Staff with rates, punching in and out on a kiosk; a corrected, approved shift.
  for (const username of ["grow_a", "grow_b"]) {
    await manager.mutation("employees:create", {
      name: `Grower ${username}`,
      email: "",
      phone: "",
      position: "Attendant",
      hireDate: "",
      storeIds: [storeId],
      payType: "hourly",
      rateCents: 2200,
      effectiveFrom: "",
      username,
      pin: "482916",
    });
  }
  const { kioskToken } = await manager.mutation<{ kioskToken: string }>("kiosks:register", { storeId, name: "Grow tablet" });
  const kiosk = new Client(server.url);
  for (const username of ["grow_a", "grow_b"]) {
    for (const action of ["clockIn", "clockOut"]) await callAny(kiosk, "timeclock:punch", { kioskToken, username, pin: "482916", action });
  }
  await callAny(kiosk, "timeclock:punch", { kioskToken, username: "grow_a", pin: "482916", action: "clockIn" });
  const shifts = await manager.query<Array<{ _id: string; raw: { clockInAt: number; clockOutAt: number | null } }>>("timeclock:entries", {
    storeId,
    from: today,
    to: today,
  });
  const closed = shifts.find((s) => s.raw.clockOutAt !== null)!;
  await manager.mutation("timeclock:correct", {
    entryId: closed._id,
    clockInAt: closed.raw.clockInAt - 6 * 3_600_000,
    clockOutAt: closed.raw.clockOutAt,
    breakMinutes: 30,
    reason: "Forgot to punch",
  });
  await manager.mutation("timeEntries:approve", { entryIds: [closed._id] });

  // A published week with assigned and open shifts.
  const grower = (
    await db.selectFrom("employees").select("id").where("companyId", "=", world.companyId).where("username", "=", "grow_a").executeTakeFirstOrThrow()
  ).id;
  const weekStart = stringFor("weekStart");
  const day = (n: number) => new Date(Date.parse(weekStart) + n * 86_400_000).toISOString().slice(0, 10);
  await manager.mutation("shifts:create", { storeId, employeeId: grower, date: day(1), start: "09:00", end: "17:00", breakMinutes: 30 });
  await manager.mutation("shifts:create", { storeId, employeeId: null, date: day(2), start: "09:00", end: "13:00", breakMinutes: 0 });
  await manager.mutation("shifts:publish", { storeId, weekStart, overrideReason: "Grow" });

  // A campaign and customers' claims, and announcements to everyone.
  const campaign = await manager.mutation<{ campaignId: string }>("marketing:createCampaign", {
    name: "Grow spring",
    campaignType: "SEASONAL",
    startDate: daysAgo(2),
    endDate: daysAgo(-30),
    offerAmount: 10,
  });
  for (let i = 0; i < 3; i++) {
    await callAny(new Client(server.url), "marketing:submitClaim", {
      customerName: `Grow Customer ${i}`,
      email: `grow.customer${i}@example.com`,
      campaignId: campaign.campaignId,
      companyId: world.companyId,
    });
  }
  await manager.mutation("announcements:create", { title: "Grow note", body: "For everyone", audience: "roles", roles: ["STAFF", "MANAGER", "OWNER"] });

  // Cash: an expense from the safe, a deposit, a count and a closed day.
  const accounts = await owner.query<Array<{ _id: string; kind: string }>>("cashAccounts:list", { storeId });
  const safe = accounts.find((a) => a.kind === "safe")!._id;
  await owner.mutation("cashTransactions:create", {
    kind: "expense",
    amountCents: 4_500,
    fromAccountId: safe,
    description: "Detergent",
    category: "supplies",
    payee: "Soap Co",
    idempotencyKey: "grow-expense",
  });
  await owner.mutation("cashTransactions:create", {
    kind: "deposit",
    amountCents: 20_000,
    fromAccountId: safe,
    description: "Bank run",
    bagNumber: "G-1",
    idempotencyKey: "grow-deposit",
  });
  const { countId } = await owner.mutation<{ countId: string }>("physicalCounts:start", { accountId: safe, blind: false, idempotencyKey: "grow-count" });
  await owner.mutation("physicalCounts:submit", { countId, denominations: { coin_25: 40 }, reason: "miscount", note: "Short", idempotencyKey: "grow-submit" });
  await owner.mutation("reconciliation:close", { storeId, from: today, to: today, countId });
  return world.companyId;
}

/** A planted bug: the company's takings summed over every company's collections. */
const plantedTotals = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => {
    // Reads through the handle named for every company's rows, as a mistaken opt-out would.
    const row = await ctx.unscopedDb
      .selectFrom("collections")
      .select([(eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.sum<number>("totalCents").as("totalCents")])
      .where("status", "=", "verified")
      .executeTakeFirstOrThrow();
    return { collections: Number(row.count), totalCents: Number(row.totalCents) };
  },
});

/** The same bug through the function's own handle. */
const plantedThroughHandle = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => {
    const row = await ctx.db
      .selectFrom("collections")
      .select((eb) => eb.fn.sum<number>("totalCents").as("totalCents"))
      .where("status", "=", "verified")
      .executeTakeFirstOrThrow();
    return Number(row.totalCents);
  },
});

beforeAll(async () => {
  server = await startTestServer();
  registry = await loadRegistry();
  const db = server.database.db;
  rioId = (await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
  const tables = await sql<{ tableName: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.column_name = 'company_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
  for (const { tableName } of tables.rows) {
    const row = await sql<{ id: string }>`select id from ${sql.table(tableName)} where company_id = ${rioId} order by id limit 1`.execute(db);
    if (row.rows[0]) rioIds[tableName] = String(row.rows[0].id);
  }
  // An entry still open counts its minutes up to now, so its answer would change with the clock
  // between the two sweeps; closed, every answer depends on stored rows alone.
  await sql`update time_entries set clock_out_at = clock_in_at + interval '30 minutes', status = 'closed'
    where company_id = ${rioId} and clock_out_at is null`.execute(db);
  // The bank account, whatever the ids drew: the bank lines' queries answer only for one.
  rioIds.cash_accounts = (
    await db.selectFrom("cashAccounts").select("id").where("companyId", "=", rioId).where("kind", "=", "bank").orderBy("id").executeTakeFirstOrThrow()
  ).id;
  rioIds.collector = (await db.selectFrom("collections").select("collectorId").where("companyId", "=", rioId).executeTakeFirstOrThrow()).collectorId;
  // The owner sees every company screen; staff see their own hours, shifts and requests.
  callers = [];
  for (const email of ["owner@demo.test", "staff@demo.test"]) callers.push({ email, identity: await identityOf(email) });
}, 120_000);
afterAll(() => server?.stop());

describe("totals-leak sweep", () => {
  it("gives every company-level query the same answer before and after another company grows, and catches a planted totals leak", async () => {
    // The registry, plus one query with a totals leak planted in it: the sweep must report it and nothing else.
    const functions: Registry = new Map([...registry, ["planted:takings", plantedTotals as unknown as AnyRegisteredFunction]]);
    const executor = new Executor(server.services, functions);
    const before = await answersOf(executor, functions);
    // Answers that change with nothing else changing would make the comparison meaningless.
    expect(changedAnswers(before, await answersOf(executor, functions))).toEqual([]);
    expect(await growAnotherCompany()).not.toBe(rioId);
    const changed = changedAnswers(before, await answersOf(executor, functions));
    expect(changed.filter((c) => !c.startsWith("planted:takings "))).toEqual([]);
    expect(changed.filter((c) => c.startsWith("planted:takings ")).length).toBe(callers.length * 2);
    expect(changed[0]).toMatch(/^planted:takings required as owner@demo\.test — \.value\.collections: \d+ became \d+$/);
    // The sweep means something only if nearly every query answers with Rio's data rather than a refusal.
    const queries = new Set([...before.keys()].map((k) => k.split(" ")[0]));
    const answered = new Set([...before].filter(([, a]) => "value" in (a as object)).map(([k]) => k.split(" ")[0]));
    expect(queries.size).toBeGreaterThan(70);
    expect(answered.size / queries.size).toBeGreaterThan(0.9);
  }, 600_000);

  it("refuses the same leak written through the function's own handle before it reaches the database", async () => {
    const executor = new Executor(server.services, new Map([["planted:takings", plantedThroughHandle as unknown as AnyRegisteredFunction]]));
    const result = await executor.call("planted:takings", {}, callers[0].identity, "127.0.0.1");
    expect(result).toMatchObject({ ok: false, errorMessage: INTERNAL_ERROR_MESSAGE });
    expect(server.logs.some((l) => l.includes("planted:takings") && l.includes("not scoped to the caller's company: select from collections"))).toBe(true);
  });
});
