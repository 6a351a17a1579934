import { PGlite } from "@electric-sql/pglite";
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { DB } from "./schema.ts";
import { PGliteDialect } from "./pgliteDialect.ts";
import { lockDataDir } from "./lockFile.ts";

// One PostgreSQL dialect from laptop to cluster: PGlite in a data directory by default, a real
// server through `pg` when DATABASE_URL is set. Dates stay `yyyy-MM-dd` strings and bigints come
// back as numbers (cents never approach 2^53).

const INT8 = 20;
const DATE = 1082;
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Subscribe to a notification channel; on PostgreSQL `onReconnect` runs after a lost LISTEN connection returns. */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export const camelCase = new CamelCasePlugin();

export async function openPGlite(dataDir: string, options: { lock?: boolean } = {}): Promise<Database> {
  const unlock = options.lock === false ? () => {} : lockDataDir(dataDir);
  let pgl: PGlite;
  try {
    pgl = new PGlite(dataDir, { parsers: { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v } });
    await pgl.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pgl), plugins: [camelCase] });
  return {
    kind: "pglite",
    db,
    // One process owns a PGlite directory, so in-process delivery is all there is.
    listen: async () => async () => {},
    notify: async () => {},
    async close() {
      try {
        await pgl.exec("CHECKPOINT");
        await pgl.close();
      } finally {
        unlock();
      }
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection dropped by the server (restart, failover) is replaced on next use.
  pool.on("error", (error) => process.stderr.write(`[db] idle connection lost: ${error.message}\n`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [camelCase] });
  await sql`select 1`.execute(db);
  const listeners: Array<() => Promise<void>> = [];
  return {
    kind: "postgres",
    db,
    async listen(channel, onMessage, onReconnect) {
      let client: pg.Client | null = null;
      let stopped = false;
      let delay = 250;
      const connect = async (isReconnect: boolean) => {
        if (stopped) return;
        const c = new pg.Client({ connectionString });
        c.on("notification", (n) => n.channel === channel && onMessage(n.payload ?? ""));
        c.on("error", () => {});
        c.on("end", () => {
          if (stopped) return;
          setTimeout(() => void connect(true).catch(() => {}), delay);
          delay = Math.min(delay * 2, 5000);
        });
        try {
          await c.connect();
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          client = c;
          delay = 250;
          if (isReconnect) onReconnect?.();
        } catch {
          await c.end().catch(() => {});
        }
      };
      await connect(false);
      const stop = async () => {
        stopped = true;
        await client?.end().catch(() => {});
      };
      listeners.push(stop);
      return stop;
    },
    async notify(channel, payload) {
      await sql`select pg_notify(${channel}, ${payload})`.execute(db);
    },
    async close() {
      await Promise.all(listeners.map((stop) => stop()));
      await db.destroy();
    },
  };
}
