import { sql, type RawBuilder } from "kysely";
import { CallError, type TestServer } from "./testServer.ts";

// The one way a test runs calls at the same time. On PostgreSQL the given holds (a table lock, a
// row lock) are taken in a transaction first and kept until every call is in flight, so the calls
// really meet at the database instead of finishing one by one; PGlite runs one transaction at a
// time, so there the calls simply run together. A file that imports this runs on both databases
// (the `@postgres` mark, checked by engineMarks.test.ts).

export interface RaceResult<T> {
  outcomes: PromiseSettledResult<T>[];
  /** How many calls succeeded. */
  ok: number;
  /** The refusals' messages; anything other than a clear refusal is listed as `unexpected: …`. */
  errors: string[];
}

/** Holds every insert into `table` back (and any lock on its rows) until the holding transaction ends. */
export const lockTable = (table: string) => sql`lock table ${sql.table(table)} in share row exclusive mode`;

/** Holds one row: whoever locks it to change it waits until the holding transaction ends. */
export const lockRow = (table: string, id: string) => sql`select id from ${sql.table(table)} where id = ${id} for update`;

/** `count` copies of one call. */
export const times = <T>(count: number, call: (i: number) => Promise<T>): Array<() => Promise<T>> => Array.from({ length: count }, (_, i) => () => call(i));

export async function race<T>(server: TestServer, calls: Array<() => Promise<T>>, holds: RawBuilder<unknown>[] = [], holdMs = 1000): Promise<RaceResult<T>> {
  const all = () => Promise.allSettled(calls.map((call) => call()));
  let outcomes: PromiseSettledResult<T>[];
  if (server.database.kind === "postgres" && holds.length > 0) {
    outcomes = await server.database.db.connection().execute(async (conn) => {
      await sql`begin`.execute(conn);
      for (const hold of holds) await hold.execute(conn);
      const settled = all();
      await new Promise((r) => setTimeout(r, holdMs));
      await sql`commit`.execute(conn);
      return settled;
    });
  } else {
    outcomes = await all();
  }
  const errors = outcomes.flatMap((o) =>
    o.status === "rejected" ? [o.reason instanceof CallError ? o.reason.message : `unexpected: ${String(o.reason)}`] : [],
  );
  return { outcomes, ok: outcomes.filter((o) => o.status === "fulfilled").length, errors };
}

/** The values of a race every call of which must succeed. */
export async function together<T>(server: TestServer, calls: Array<() => Promise<T>>, holds: RawBuilder<unknown>[] = [], holdMs = 1000): Promise<T[]> {
  const { outcomes } = await race(server, calls, holds, holdMs);
  return outcomes.map((o) => {
    if (o.status === "rejected") throw o.reason;
    return o.value;
  });
}
