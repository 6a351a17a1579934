import type { Insertable } from "kysely";
import { todayIn } from "@tumble/domain/businessDate";
import type { CollectionLinesTable, CollectionsTable } from "../../db/schema.ts";
import { newId } from "../../runtime/ids.ts";
import { prng, type DemoSeeder } from "../demoContext.ts";
import { TYPICAL_TAKE as TAKE } from "../storeLayout.ts";

// This morning's visit at every active store, waiting for verification, so the laundromat
// screens' default range (today, in the store's time zone) opens on work to do. The visit skips
// the front washers (W1 ...): recording them today stays free of duplicate warnings.

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const rand = prng(20251104);
  const stores = await db.selectFrom("stores").select(["id", "timeZone"]).execute();
  const zoneOf = new Map(stores.map((s) => [s.id, s.timeZone]));
  for (const store of data.stores) {
    if (!store.isActive) continue;
    const id = newId();
    const collector = store.company === "rio" ? data.users["staff@demo.test"] : data.users["owner@suds.test"];
    const machines = store.machines.filter((m) => m.key !== "washer" && m.key !== "changer");
    const lines: Array<Insertable<CollectionLinesTable>> = machines.map((m) => {
      const [coins, bills] = TAKE[m.key];
      const factor = 0.75 + rand() * 0.5;
      return {
        id: newId(),
        companyId: store.companyId,
        collectionId: id,
        machineId: m.id,
        coinsCents: Math.round((coins * factor) / 25) * 25,
        billsCents: Math.round((bills * factor) / 100) * 100,
        meterReading: null,
        note: null,
      };
    });
    // Submitted a minute before "now", so it is dated today wherever the store is.
    const at = new Date(today.getTime() - 60_000);
    const collection: Insertable<CollectionsTable> = {
      id,
      companyId: store.companyId,
      storeId: store.id,
      businessDate: todayIn(zoneOf.get(store.id) ?? "America/Chicago", today),
      collectorId: collector,
      status: "submitted",
      totalCents: lines.reduce((sum, l) => sum + Number(l.coinsCents) + Number(l.billsCents), 0),
      lineCount: lines.length,
      adjustsCollectionId: null,
      rejectionReason: null,
      submittedAt: at,
      verifiedAt: null,
      verifiedBy: null,
      createdAt: at,
      updatedAt: at,
    };
    await db.insertInto("collections").values(collection).execute();
    await db.insertInto("collectionLines").values(lines).execute();
    data.collections.push(collection);
  }
};
