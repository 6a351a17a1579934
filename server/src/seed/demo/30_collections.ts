import type { Insertable } from "kysely";
import type { CollectionLinesTable, CollectionsTable } from "../../db/schema.ts";
import { newId } from "../../runtime/ids.ts";
import { fillExpectedFigures } from "../../collections/expectedFill.ts";
import { prng, type DemoSeeder } from "../demoContext.ts";
import { lineAmountCents } from "@tumble/domain/collectionStats";
import { typicalLine } from "../storeLayout.ts";

// Sixteen weeks of collections at every active store, two visits a week (Mondays and Thursdays);
// the last week still waits for verification. Amounts come from a fixed pseudo-random sequence.

declare module "../demoContext.ts" {
  interface DemoData {
    collections: Array<Insertable<CollectionsTable>>;
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const rand = prng(20250923);
  const collections: Array<Insertable<CollectionsTable>> = [];
  const lines: Array<Insertable<CollectionLinesTable>> = [];
  for (const store of data.stores) {
    if (!store.isActive) continue;
    const rio = store.company === "rio";
    const collector = rio ? data.users["staff@demo.test"] : data.users["owner@suds.test"];
    const verifier = rio ? data.users["supervisor@demo.test"] : data.users["owner@suds.test"];
    for (let daysAgo = 112; daysAgo >= 1; daysAgo--) {
      const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo));
      if (![1, 4].includes(date.getUTCDay())) continue;
      const id = newId();
      const status = daysAgo > 7 ? "verified" : "submitted";
      let total = 0;
      for (const m of store.machines) {
        const line = typicalLine(m.key, 0.75 + rand() * 0.5);
        total += lineAmountCents(line, m.key === "changer");
        lines.push({ id: newId(), companyId: store.companyId, collectionId: id, machineId: m.id, ...line, meterReading: null, note: null });
      }
      const at = new Date(date.getTime() + 18 * 3600 * 1000);
      collections.push({
        id,
        companyId: store.companyId,
        storeId: store.id,
        businessDate: isoDate(date),
        collectorId: collector,
        status,
        totalCents: total,
        lineCount: store.machines.length,
        adjustsCollectionId: null,
        rejectionReason: null,
        submittedAt: at,
        verifiedAt: status === "verified" ? new Date(at.getTime() + 86400000) : null,
        verifiedBy: status === "verified" ? verifier : null,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  for (let i = 0; i < collections.length; i += 500)
    await db
      .insertInto("collections")
      .values(collections.slice(i, i + 500))
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
