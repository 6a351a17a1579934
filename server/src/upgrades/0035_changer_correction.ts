import type { Kysely } from "kysely";
import { correctChangerPostings } from "../collections/changerCorrection.ts";
import type { DB } from "../db/schema.ts";

// Collections verified before decision 0052 booked a changer's bills less coins as income; this
// posts their dated corrections (migration 0035 made the accounts and entry kind they use).
export const upgrade = (db: Kysely<DB>) => correctChangerPostings(db);
