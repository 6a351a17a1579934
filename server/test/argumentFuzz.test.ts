import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INTERNAL_ERROR_MESSAGE } from "../src/runtime/errors.ts";
import { loadRegistry } from "../src/runtime/registry.ts";
import { ArgsMaker, seeded } from "./support/arbitraryArgs.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: every function's handlers on the pooled driver, where their locks and statement errors come from the server
// Every function, called by an owner and by a system administrator with arguments drawn from its
// own schema (real ids of several companies, edge values, now and then a wrong kind), answers
// with a result or a clear refusal — never the generic server error that hides a crash.
// FUZZ_SEED picks another repeatable run.

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
// Slow or whole-installation jobs, tested on their own; and the calls that end the caller's session.
const SKIP = new Set(["backups:create", "backups:restore", "demo:reset", "exports:company", "exports:user", "auth:signOut"]);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function idPool(): Promise<string[]> {
  const db = server.database.db;
  const tables = await sql<{ table: string }>`
    select c.table_name as "table" from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'id' and t.table_type = 'BASE TABLE'
    order by 1`.execute(db);
  const ids: string[] = [];
  for (const { table } of tables.rows) {
    const rows = await sql<{ id: unknown }>`select id from ${sql.table(table)} order by id limit 4`.execute(db);
    for (const r of rows.rows) if (typeof r.id === "string") ids.push(r.id);
  }
  return ids;
}

describe("arguments drawn from each function's schema", () => {
  it("never end in the generic server error", { timeout: 600_000 }, async () => {
    const registry = await loadRegistry();
    const maker = new ArgsMaker(seeded(SEED), await idPool());
    const callers = [
      { email: "owner@demo.test", tries: 10, client: new Client(server.url) },
      { email: "sysadmin@demo.test", tries: 3, client: new Client(server.url) },
    ];
    for (const c of callers) await c.client.signIn(c.email);
    const crashes: string[] = [];
    let calls = 0;
    for (const [path, fn] of [...registry].sort(([a], [b]) => a.localeCompare(b))) {
      if (SKIP.has(path)) continue;
      for (const caller of callers) {
        for (let i = 0; i < caller.tries; i++) {
          const args = i === 0 ? {} : maker.make(fn.args as never);
          const { status, body } = await caller.client.raw(fn.kind, path, args);
          calls++;
          const message = typeof body === "string" ? body : body.errorMessage;
          if (status >= 500 && status !== 560)
            crashes.push(`${path} as ${caller.email}: HTTP ${status} ${String(message).slice(0, 200)} — ${JSON.stringify(args).slice(0, 300)}`);
          else if (message === INTERNAL_ERROR_MESSAGE) crashes.push(`${path} as ${caller.email}: ${JSON.stringify(args).slice(0, 300)}`);
        }
        // A call may have ended the session (a disabled account, a revoked role): sign in again.
        const me = await caller.client.raw("query", "auth:loggedInUser", {});
        if (typeof me.body === "string" || me.body.value == null) await caller.client.signIn(caller.email).catch(() => undefined);
      }
    }
    expect(calls).toBeGreaterThan(2500);
    expect(crashes).toEqual([]);
  });
});
