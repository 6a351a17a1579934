import { fileURLToPath } from "node:url";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { importModuleFiles } from "../base/moduleFiles.ts";
import type { DemoData, DemoSeeder } from "./demoContext.ts";

// Demo data for a first look and for the tests: two companies, their people, stores, equipment
// and a few months of collections. Runs only on an empty database, in one transaction. Each
// module adds its own demo data from a file in server/src/seed/demo (run in name order), so a new
// module touches no other module's seed.

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo/10_companies.ts";

const SEEDERS_DIR = fileURLToPath(new URL("./demo/", import.meta.url));

export async function seedDemoIfEmpty(db: Kysely<DB>, today = new Date()): Promise<boolean> {
  const any = await db.selectFrom("companies").select("id").limit(1).executeTakeFirst();
  if (any) return false;
  const seeders = await importModuleFiles<{ seed?: DemoSeeder }>(SEEDERS_DIR);
  await db.transaction().execute(async (trx) => {
    const data = {} as DemoData;
    for (const { name, module } of seeders) {
      if (typeof module.seed !== "function") throw new Error(`Demo seeder ${name} exports no seed()`);
      await module.seed({ db: trx, today, data });
    }
  });
  return true;
}
