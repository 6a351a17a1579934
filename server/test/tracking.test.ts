import { CamelCasePlugin, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../src/db/schema.ts";
import { TableTracker } from "../src/runtime/tracking.ts";

// Live queries re-run when a write touches a table they read: the tracker must see the tables of
// hand-written SQL too (a bank statement's bulk insert, the reports' aggregates), or an open
// screen would miss a change.

const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});

async function track(run: (db: Kysely<DB>) => Promise<unknown>, readOnly = false) {
  const tracker = new TableTracker(readOnly);
  await run(db.withPlugin(tracker));
  return { reads: [...tracker.reads].sort(), writes: [...tracker.writes].sort() };
}

describe("the table tracker", () => {
  it("sees the builder's tables by their SQL names", async () => {
    expect(
      await track((d) => d.selectFrom("bankLines").innerJoin("bankLineMatches", "bankLineMatches.bankLineId", "bankLines.id").selectAll().execute()),
    ).toEqual({
      reads: ["bank_line_matches", "bank_lines"],
      writes: [],
    });
  });

  it("sees the tables hand-written SQL reads and writes", async () => {
    const reads = await track((d) =>
      sql`select c.id from collections c
          join collection_lines l on l.collection_id = c.id
          left join "store_sections" s on true
          where extract(dow from c.business_date) = 1 and exists (select 1 from machines m)`.execute(d),
    );
    expect(reads.writes).toEqual([]);
    expect(reads.reads).toEqual(expect.arrayContaining(["collections", "collection_lines", "store_sections", "machines"]));
    const writes = await track((d) =>
      sql`insert into bank_lines (id) select l.id from unnest(${["a"]}::text[]) as l(id)
          on conflict (id) do update set id = excluded.id`.execute(d),
    );
    expect(writes.writes).toEqual(["bank_lines"]);
    expect((await track((d) => sql`update cash_entries set seq = 1`.execute(d))).writes).toEqual(["cash_entries"]);
    expect((await track((d) => sql`delete from bank_uploads where true`.execute(d))).writes).toEqual(["bank_uploads"]);
  });

  it("reads a trigger-kept table's sources with it, so their writes re-run the query", async () => {
    expect((await track((d) => d.selectFrom("revenueDays").selectAll().execute())).reads).toEqual(["collection_lines", "collections", "revenue_days"]);
  });

  it("does not take a row lock for a write, and still refuses a write in a query", async () => {
    expect((await track((d) => sql`select id from stores for update skip locked`.execute(d), true)).writes).toEqual([]);
    await expect(track((d) => sql`insert into stores (id) values ('x')`.execute(d), true)).rejects.toThrow("A query may not write (tried to write stores)");
  });
});
