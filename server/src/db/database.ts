import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
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

/** How many times the embedded database has flushed a file to disk (tests check durability is live). */
export const pgliteSyncs = { count: 0 };

/**
 * PGlite's Node file system with a working fsync. PGlite starts PostgreSQL with `-F` (fsync off),
 * and the Emscripten Node file system it mounts has no fsync at all, so a commit reached the OS
 * page cache but never the disk: a power cut could lose committed rows or corrupt the directory.
 * Here PostgreSQL's fsync/fdatasync calls (WAL at commit, data files at checkpoint) reach the disk.
 */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod: { NODEFS: { stream_ops: Record<string, unknown> } }) => {
        mod.NODEFS.stream_ops.fsync = (stream: { nfd?: number }) => {
          if (stream.nfd === undefined) return 0;
          fs.fdatasyncSync(stream.nfd);
          pgliteSyncs.count++;
          return 0;
        };
      },
    ];
    return result;
  }
}

/**
 * PGlite's start parameters without `-F`, so PostgreSQL runs with fsync on (decision 0016). The WAL
 * is flushed with fsync(): fdatasync() is an empty stub in PGlite's Emscripten runtime.
 */
const DURABLE_START_PARAMS = [...PGlite.defaultStartParams.filter((param) => param !== "-F"), "-c", "wal_sync_method=fsync"];

export async function openPGlite(dataDir: string, options: { lock?: boolean; durable?: boolean } = {}): Promise<Database> {
  const unlock = options.lock === false ? () => {} : lockDataDir(dataDir);
  let pgl: PGlite;
  try {
    const parsers = { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v };
    // Durable unless a caller (a throwaway test or benchmark directory) opts out.
    pgl =
      // An in-memory database has nothing to make durable (and "memory://" is no directory).
      options.durable === false || dataDir.startsWith("memory://")
        ? new PGlite(dataDir, { parsers })
        : new PGlite({ fs: new DurableNodeFS(dataDir), parsers, startParams: DURABLE_START_PARAMS });
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
