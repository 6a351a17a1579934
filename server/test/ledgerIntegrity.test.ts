import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/runtime/ids.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: what the database itself refuses, by triggers of a migration, on the server's PostgreSQL version
// Migration 0033: even someone with SQL access who forgot cannot edit a posted ledger line, delete
// any line, commit an entry that does not balance, or touch the audit log.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

/** The database error of a statement (or transaction) that must fail. */
async function refused(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work;
  } catch (error) {
    const e = error as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error("expected the database to refuse");
}

async function postedLine() {
  return sql<{ id: string; companyId: string; transactionId: string; accountId: string; amount: string }>`
    select id, company_id as "companyId", transaction_id as "transactionId", account_id as "accountId", amount_cents::text as amount
    from cash_entries where seq is not null order by id limit 1`
    .execute(server.database.db)
    .then((r) => r.rows[0]);
}

describe("posted ledger lines", () => {
  it("are never edited, whatever the column", async () => {
    const db = server.database.db;
    const line = await postedLine();
    expect(line).toBeDefined();
    for (const change of [sql`amount_cents = amount_cents + 1`, sql`seq = seq + 1000000`, sql`balance_after_cents = 0`, sql`account_id = account_id`]) {
      expect(await refused(sql`update cash_entries set ${change} where id = ${line.id}`.execute(db))).toEqual({
        code: "23001",
        message: "A posted ledger line is never edited: reverse the entry instead",
      });
    }
    const after = await postedLine();
    expect(after).toEqual(line);
  });

  it("and no line, posted or not, is ever deleted", async () => {
    const db = server.database.db;
    expect(await refused(sql`delete from cash_entries where id = ${(await postedLine()).id}`.execute(db))).toMatchObject({ code: "23001" });
    const pending = await sql<{ id: string }>`select id from cash_entries where seq is null limit 1`.execute(db);
    expect(pending.rows.length).toBe(1);
    expect(await refused(sql`delete from cash_entries where id = ${pending.rows[0].id}`.execute(db))).toMatchObject({ code: "23001" });
    // A line waiting for approval keeps its account and amount too.
    expect(await refused(sql`update cash_entries set amount_cents = amount_cents * 2 where id = ${pending.rows[0].id}`.execute(db))).toEqual({
      code: "23001",
      message: "A ledger line's account, amount and entry are never edited",
    });
  });
});

describe("journal entries", () => {
  it("that do not sum to zero cannot be committed", async () => {
    const db = server.database.db;
    const line = await postedLine();
    const before = await sql<{ n: number }>`select count(*)::int as n from cash_entries`.execute(db);
    // One more line on an existing entry: inserted, then refused when the transaction commits.
    const error = await refused(
      db.transaction().execute(async (trx) => {
        await sql`insert into cash_entries (id, company_id, transaction_id, account_id, amount_cents, business_date)
          values (${newId()}, ${line.companyId}, ${line.transactionId}, ${line.accountId}, 100, current_date)`.execute(trx);
      }),
    );
    expect(error.code).toBe("23514");
    const lines = await sql<{ n: number }>`select count(*)::int as n from cash_entries where transaction_id = ${line.transactionId}`.execute(db);
    expect(error.message).toBe(`Journal entry ${line.transactionId} does not balance: ${lines.rows[0].n + 1} lines summing to 100 cents`);
    expect((await sql<{ n: number }>`select count(*)::int as n from cash_entries`.execute(db)).rows[0].n).toBe(before.rows[0].n);
  });

  it("all balance in the demo ledger the migration found", async () => {
    const { rows } = await sql<{ id: string }>`
      select transaction_id as id from cash_entries group by transaction_id having sum(amount_cents) <> 0 or count(*) < 2`.execute(server.database.db);
    expect(rows).toEqual([]);
  });
});

describe("the audit log", () => {
  it("is append-only", async () => {
    const db = server.database.db;
    // Appending is what it is for.
    const id = newId();
    await sql`insert into audit_log (id, action, entity, entity_id) values (${id}, 'test', 'test', 'x')`.execute(db);
    const rows = [{ id }];
    expect(await refused(sql`update audit_log set action = 'nothing' where id = ${rows[0].id}`.execute(db))).toEqual({
      code: "23001",
      message: "The audit log is never edited or deleted",
    });
    expect(await refused(sql`delete from audit_log where id = ${rows[0].id}`.execute(db))).toMatchObject({ code: "23001" });
  });
});
