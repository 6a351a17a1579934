import type { Kysely } from "kysely";
import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import * as m0001 from "./migrations/0001_foundation.ts";
import * as m0002 from "./migrations/0002_user_preferences.ts";
import * as m0003 from "./migrations/0003_employee_usernames.ts";
import * as m0004 from "./migrations/0004_themes.ts";
import * as m0006 from "./migrations/0006_marketing.ts";
import * as m0007 from "./migrations/0007_cash_posting.ts";
import * as m0008 from "./migrations/0008_collections_performance.ts";
import * as m0009 from "./migrations/0009_collection_line_count.ts";
import * as m0010 from "./migrations/0010_join_request_decision_reason.ts";

// Migrations are listed here rather than read from disk, so they run the same under tsx,
// bundlers and tests. Append new ones; never edit a released one.
const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0002_user_preferences": m0002,
  "0003_employee_usernames": m0003,
  "0004_themes": m0004,
  "0006_marketing": m0006,
  "0007_cash_posting": m0007,
  "0008_collections_performance": m0008,
  "0009_collection_line_count": m0009,
  "0010_join_request_decision_reason": m0010,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
  db: Kysely<any>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
