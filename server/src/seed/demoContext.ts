import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

// What the demo seeders (server/src/seed/demo/*.ts) share. Each seeder adds the ids later ones
// need to DemoData with a module augmentation in its own file:
//   declare module "../demoContext.ts" { interface DemoData { stores: DemoStore[] } }

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each seeder's augmentation
export interface DemoData {}

export interface DemoSeedContext {
  /** The seeding transaction. */
  db: Kysely<DB>;
  /** "Today" for dated demo data, so tests can fix it. */
  today: Date;
  /** Filled in by the seeders in file order: a seeder reads only what earlier files wrote. */
  data: DemoData;
}

/** A file in server/src/seed/demo exports `seed`; files run in name order (10_, 20_, ...). */
export type DemoSeeder = (ctx: DemoSeedContext) => Promise<void>;

/** A fixed pseudo-random sequence, so every fresh database gets the same demo amounts. */
export function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
