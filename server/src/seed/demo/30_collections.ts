import type { Insertable } from "kysely";
import type { CollectionLinesTable, CollectionsTable } from "../../db/schema.ts";
import { newId } from "../../runtime/ids.ts";
import { fillExpectedFigures } from "../../collections/expectedFill.ts";
import { prng, type DemoSeeder } from "../demoContext.ts";
import { lineAmountCents } from "@tumble/domain/collectionStats";
import { typicalLine } from "../storeLayout.ts";

// Sixteen weeks of collections at every active store, two visits a week (Mondays and Thursdays);
// the last week still waits for verification. Amounts come from a fixed pseudo-random sequence.
// Before them, Rio's stores have the rest of a year of visits as its owner imported them from the
// spreadsheet kept before Tumble (verified by the owner, like a collections import, and not in the
// cash ledger, which opened with the sixteen weeks), so store economics has a year to show.

declare module "../demoContext.ts" {
  interface DemoData {
    collections: Array<Insertable<CollectionsTable>>;
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Days of collections at every active store, and of the history before them at Rio's. */
export const DEMO_COLLECTION_DAYS = 112;
export const DEMO_HISTORY_DAYS = 364;

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const rand = prng(20250923);
  // The history's own sequence, so the sixteen weeks' figures are the same with or without it.
  const earlier = prng(20241125);
  const collections: Array<Insertable<CollectionsTable>> = [];
  const history: Array<Insertable<CollectionsTable>> = [];
  const lines: Array<Insertable<CollectionLinesTable>> = [];
  const owner = data.users["owner@demo.test"];
  const importedAt = new Date(today.getTime() - (DEMO_COLLECTION_DAYS + 1) * 86400000);
  for (const store of data.stores) {
    if (!store.isActive) continue;
    const rio = store.company === "rio";
    const collector = rio ? data.users["staff@demo.test"] : data.users["owner@suds.test"];
    const verifier = rio ? data.users["supervisor@demo.test"] : data.users["owner@suds.test"];
    for (let daysAgo = rio ? DEMO_HISTORY_DAYS : DEMO_COLLECTION_DAYS; daysAgo >= 1; daysAgo--) {
      const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo));
      if (![1, 4].includes(date.getUTCDay())) continue;
      const id = newId();
      const imported = daysAgo > DEMO_COLLECTION_DAYS;
      const status = daysAgo > 7 ? "verified" : "submitted";
      let total = 0;
      for (const m of store.machines) {
        const line = typicalLine(m.key, 0.75 + (imported ? earlier : rand)() * 0.5);
        total += lineAmountCents(line, m.key === "changer");
        lines.push({ id: newId(), companyId: store.companyId, collectionId: id, machineId: m.id, ...line, meterReading: null, note: null });
      }
      const at = new Date(date.getTime() + 18 * 3600 * 1000);
      (imported ? history : collections).push({
        id,
        companyId: store.companyId,
        storeId: store.id,
        businessDate: isoDate(date),
        collectorId: imported ? owner : collector,
        status,
        totalCents: total,
        lineCount: store.machines.length,
        adjustsCollectionId: null,
        rejectionReason: null,
        submittedAt: imported ? importedAt : at,
        verifiedAt: imported ? importedAt : status === "verified" ? new Date(at.getTime() + 86400000) : null,
        verifiedBy: imported ? owner : status === "verified" ? verifier : null,
        createdAt: imported ? importedAt : at,
        updatedAt: imported ? importedAt : at,
      });
    }
  }
  const all = [...history, ...collections];
  for (let i = 0; i < all.length; i += 500)
    await db
      .insertInto("collections")
      .values(all.slice(i, i + 500))
      .execute();
  for (let i = 0; i < lines.length; i += 1000)
    await db
      .insertInto("collectionLines")
      .values(lines.slice(i, i + 1000))
      .execute();
  // The expected figures verification would have kept on the verified lines (the collector report reads them).
  await fillExpectedFigures(db);
  data.collections = collections;
};
