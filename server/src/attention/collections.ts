import { sql } from "kysely";
import { LOW_LINE_RATIO } from "@tumble/domain/collectionStats";
import { addDays } from "@tumble/domain/datePresets";
import { todayIn } from "@tumble/domain/businessDate";
import type { AttentionContributor } from "../runtime/attention.ts";

// Collections on the home's attention list: those waiting for a verifier (all of them for one who
// verifies; one's own for a collector who does not), machines whose latest recent collection came
// in under half their expected figure (the verifier's low-line flag, collectionStats isLowLine),
// and active stores nobody has collected for a week.

/** A machine's latest line within this many days is looked at for the low flag. */
export const LOW_MACHINE_DAYS = 14;
/** An active store with no collection for more than this many days is overdue. */
export const COLLECTION_OVERDUE_DAYS = 7;

const COUNTED = ["submitted", "verified"];

/** The calendar date `days` before now (UTC's today: a store's own today is at most a day apart). */
const daysAgo = (now: number, days: number) => addDays(todayIn("UTC", now), -days);

export const attention: AttentionContributor[] = [
  {
    key: "collectionsToVerify",
    link: "laundromat/collections-list",
    count: (eb, { companyId, permissions }) =>
      companyId && permissions.canVerify
        ? eb.selectFrom("collections").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "submitted")
        : null,
  },
  {
    // Someone who verifies sees these among all the collections to verify.
    key: "ownCollectionsWaiting",
    link: "laundromat/collection-record",
    count: (eb, { companyId, userId, permissions }) =>
      companyId && !permissions.canVerify
        ? eb
            .selectFrom("collections")
            .select(eb.fn.countAll().as("n"))
            .where("companyId", "=", companyId)
            .where("status", "=", "submitted")
            .where("collectorId", "=", userId)
        : null,
  },
  {
    key: "machinesLow",
    link: "laundromat/collections-list",
    count: (eb, { companyId, permissions, now }) =>
      companyId && permissions.canExportReports
        ? eb
            .selectFrom("collectionLines as l")
            .innerJoin("collections as c", (j) => j.onRef("c.companyId", "=", "l.companyId").onRef("c.id", "=", "l.collectionId"))
            .select(sql<number>`count(distinct l.machine_id)`.as("n"))
            .where("l.companyId", "=", companyId)
            .where("c.status", "in", COUNTED)
            .where("c.adjustsCollectionId", "is", null)
            .where("c.businessDate", ">=", daysAgo(now, LOW_MACHINE_DAYS))
            .where("l.expectedCents", ">", 0)
            .where(sql<boolean>`(l.coins_cents + l.bills_cents) < l.expected_cents * ${sql.lit(LOW_LINE_RATIO)}`)
            // Only the machine's latest collection counts: a machine that came back up is not flagged.
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom("collectionLines as l2")
                    .innerJoin("collections as c2", (j) => j.onRef("c2.companyId", "=", "l2.companyId").onRef("c2.id", "=", "l2.collectionId"))
                    .select("l2.id")
                    .whereRef("l2.companyId", "=", "l.companyId")
                    .whereRef("l2.machineId", "=", "l.machineId")
                    .where("c2.status", "in", COUNTED)
                    .where("c2.adjustsCollectionId", "is", null)
                    .whereRef("c2.businessDate", ">", "c.businessDate"),
                ),
              ),
            )
        : null,
  },
  {
    key: "storesNotCollected",
    link: "laundromat/collections-list",
    count: (eb, { companyId, permissions, now }) =>
      companyId && permissions.canExportReports
        ? eb
            .selectFrom("stores as s")
            .select(eb.fn.countAll().as("n"))
            .where("s.companyId", "=", companyId)
            .where("s.isActive", "=", true)
            // A store opened this week has had no chance to be collected yet.
            .where("s.createdAt", "<", new Date(now - COLLECTION_OVERDUE_DAYS * 86_400_000))
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom("collections as c")
                    .select("c.id")
                    .whereRef("c.companyId", "=", "s.companyId")
                    .whereRef("c.storeId", "=", "s.id")
                    .where("c.status", "in", COUNTED)
                    .where("c.businessDate", ">=", daysAgo(now, COLLECTION_OVERDUE_DAYS)),
                ),
              ),
            )
        : null,
  },
];
