import type { Kysely } from "kysely";
import { toCsv } from "@tumble/domain/csv";
import { centsToDollarString } from "@tumble/domain/money";
import type { DB } from "../db/schema.ts";
import { listCollections, type CollectionListFilters, type CollectionViewer } from "./summaries.ts";

/** The collections list's rows as CSV, for those who may export reports. */
export async function collectionsCsv(db: Kysely<DB>, viewer: CollectionViewer, args: CollectionListFilters) {
  const rows = await listCollections(db, viewer, { ...args, limit: args.limit ?? 2000 });
  const header = [
    "Business date",
    "Store",
    "Collector",
    "Status",
    "Total (USD)",
    "Machines",
    "Submitted at",
    "Verified at",
    "Second collection of the day: reason",
  ];
  return toCsv(
    header,
    rows.map((r) => [
      r.businessDate,
      r.storeName,
      r.collectorEmail,
      r.status,
      centsToDollarString(r.totalCents),
      r.lineCount,
      r.submittedAt ? new Date(r.submittedAt).toISOString() : "",
      r.verifiedAt ? new Date(r.verifiedAt).toISOString() : "",
      r.duplicateReason ?? "",
    ]),
  );
}
