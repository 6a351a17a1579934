import { fileURLToPath } from "node:url";
import { sql, type Kysely } from "kysely";
import { importModuleFiles } from "../base/moduleFiles.ts";
import type { DB } from "./schema.ts";

// A data upgrade changes rows with the application's own code (posting a correcting ledger entry,
// say), which a migration may not do: a migration keeps working on the schema of its day, while
// application code follows today's (docs/decisions/0070-data-upgrades.md). So an upgrade runs
// after every migration, on today's schema, once: it is recorded in data_upgrades by name, in the
// same transaction as its changes, under a lock that keeps a second process starting at the same
// moment waiting until the first has finished. A module adds one as a file of server/src/upgrades
// (`NNNN_words.ts` exporting `upgrade(db)`), run in name order; it must change nothing when
// there is nothing to change (a fresh database, or one that ran it before the record existed).

export const UPGRADES_DIR = fileURLToPath(new URL("../upgrades/", import.meta.url));

const UPGRADE_NAME = /^\d{4}_[a-z0-9_]+$/;

export interface DataUpgrade {
  upgrade(db: Kysely<DB>): Promise<unknown>;
}

export async function loadUpgrades(dir = UPGRADES_DIR): Promise<Array<{ name: string; module: DataUpgrade }>> {
  const found = await importModuleFiles<Partial<DataUpgrade>>(dir);
  return found.map(({ name, module }) => {
    if (!UPGRADE_NAME.test(name)) throw new Error(`Data upgrade ${name}: name it NNNN_words`);
    if (typeof module.upgrade !== "function") throw new Error(`Data upgrade ${name} exports no upgrade()`);
    return { name, module: module as DataUpgrade };
  });
}

/** Runs every upgrade not yet recorded, each in its own transaction; returns the names it ran. */
export async function runDataUpgrades(db: Kysely<DB>, dir = UPGRADES_DIR): Promise<string[]> {
  const ran: string[] = [];
  for (const { name, module } of await loadUpgrades(dir)) {
    const done = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('tumble.data_upgrades'))`.execute(trx);
      const inserted = await trx
        .insertInto("dataUpgrades")
        .values({ name })
        .onConflict((c) => c.column("name").doNothing())
        .returning("name")
        .executeTakeFirst();
      if (!inserted) return false;
      await module.upgrade(trx);
      return true;
    });
    if (done) ran.push(name);
  }
  return ran;
}
