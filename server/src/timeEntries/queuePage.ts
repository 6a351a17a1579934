import { sql, type Kysely } from "kysely";
import type { ReviewStatus } from "@tumble/domain/timeEntryReview";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { isoDate } from "../db/isoDate.ts";
import type { DB } from "../db/schema.ts";
import { PAGE_SIZE_DEFAULT, type Page } from "../runtime/paging.ts";
import { reviewedEntries, type ReviewedEntry } from "./review.ts";

// The verification queue a page at a time (issue 33): the entries of a date range and store,
// newest clock-in first, then by id, each page read with its cursor in the query's WHERE; and the
// counts of the whole range by review status, a query of their own, so loading a page never
// changes them. The status is worked out in SQL as reviewStatus (@tumble/domain/timeEntryReview)
// does it: open while the effective clock-out is missing; approved or rejected while the review's
// times are the effective ones (the newest correction's, else the entry's own); else pending.

export interface QueueFilter {
  from: string;
  to: string;
  storeId?: string;
}

/** "microseconds since 1970 of its clock-in:id" of the last entry of a page. */
export const QUEUE_CURSOR = /^\d{1,18}:[a-z0-9]{1,64}$/;

/** The range's entries (as entriesBetween reads them: with their employee and store) with each one's review status. */
function queueRows(db: Kysely<DB>, companyId: string, filter: QueueFilter, now: number) {
  let q = db
    .selectFrom("timeEntries as t")
    .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "t.companyId").onRef("e.id", "=", "t.employeeId"))
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "t.companyId").onRef("s.id", "=", "t.storeId"))
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("timeEntryCorrections as c")
          .select(["c.entryId", "c.clockInAt", "c.clockOutAt", "c.breakMinutes"])
          .whereRef("c.companyId", "=", "t.companyId")
          .whereRef("c.entryId", "=", "t.id")
          .orderBy("c.createdAt", "desc")
          .orderBy("c.id", "desc")
          .limit(1)
          .as("c"),
      (j) => j.onTrue(),
    )
    .leftJoin("timeEntryReviews as r", (j) => j.onRef("r.companyId", "=", "t.companyId").onRef("r.entryId", "=", "t.id"))
    .where("t.companyId", "=", companyId)
    .where("t.businessDate", ">=", filter.from)
    .where("t.businessDate", "<=", filter.to);
  if (filter.storeId) q = q.where("t.storeId", "=", filter.storeId);
  // A break still running counts up to now, as the entry's own break minutes do when read.
  const running = sql<number>`coalesce((select round(sum(greatest(0, ${now}::bigint - (b->>'start')::bigint)) / 60000.0)
    from jsonb_array_elements(t.breaks) b where b->>'end' is null), 0)`;
  const out = sql`(case when c.entry_id is not null then c.clock_out_at else t.clock_out_at end)`;
  const inAt = sql`(case when c.entry_id is not null then c.clock_in_at else t.clock_in_at end)`;
  const breaks = sql`(case when c.entry_id is not null then c.break_minutes else t.break_minutes + ${running} end)`;
  const ms = (v: unknown) => sql`date_trunc('milliseconds', ${v})`;
  const status = sql<ReviewStatus>`(case
    when ${out} is null then 'open'
    when r.entry_id is null then 'pending'
    when ${ms(sql`r.clock_in_at`)} = ${ms(inAt)} and ${ms(sql`r.clock_out_at`)} = ${ms(out)} and r.break_minutes = ${breaks} then r.status
    else 'pending' end)`;
  return q.select([
    "t.id",
    "t.employeeId",
    "t.clockInAt",
    "t.businessDate",
    status.as("reviewStatus"),
    sql<string>`(extract(epoch from t.clock_in_at) * 1000000)::bigint::text`.as("clockInMicros"),
  ]);
}

/** How many entries of the range stand in each review status. */
export async function queueCounts(db: Kysely<DB>, companyId: string, filter: QueueFilter, now: number) {
  const rows = await db
    .selectFrom(queueRows(db, companyId, filter, now).as("q"))
    .select(["q.reviewStatus", (eb) => eb.fn.countAll<string>().as("n")])
    .groupBy("q.reviewStatus")
    .execute();
  const count = (status: ReviewStatus) => Number(rows.find((r) => r.reviewStatus === status)?.n ?? 0);
  return { pending: count("pending"), approved: count("approved"), rejected: count("rejected"), open: count("open") };
}

/** The queue's entries a page at a time, newest clock-in first, then by id, of one status when given; the next page starts after the cursor. */
export async function queuePage(
  db: Kysely<DB>,
  companyId: string,
  args: QueueFilter & { status?: ReviewStatus | "all"; cursor?: string; pageSize?: number },
  settings: WorkforceSettings,
  now: number,
): Promise<Page<ReviewedEntry>> {
  const pageSize = args.pageSize ?? PAGE_SIZE_DEFAULT;
  let q = db.selectFrom(queueRows(db, companyId, args, now).as("q")).selectAll("q");
  if (args.status && args.status !== "all") q = q.where("q.reviewStatus", "=", args.status);
  if (args.cursor) {
    const at = args.cursor.indexOf(":");
    const micros = args.cursor.slice(0, at);
    q = q.where(sql<boolean>`(q.clock_in_at, q.id) < (to_timestamp(0) + ${micros}::bigint * interval '1 microsecond', ${args.cursor.slice(at + 1)})`);
  }
  const fetched = await q
    .orderBy("q.clockInAt", "desc")
    .orderBy("q.id", "desc")
    .limit(pageSize + 1)
    .execute();
  const shown = fetched.slice(0, pageSize);
  // Each entry as the queue shows it (each matched to its shift on its own): read for the page's
  // people and business dates only.
  const employeeIds = [...new Set(shown.map((r) => r.employeeId))];
  const dates = shown.map((r) => isoDate(r.businessDate)).sort();
  const views = employeeIds.length
    ? await reviewedEntries(db, companyId, { from: dates[0], to: dates[dates.length - 1], storeId: args.storeId, employeeIds }, settings, now)
    : [];
  const byId = new Map(views.map((v) => [v._id, v]));
  const last = shown[shown.length - 1];
  return {
    rows: shown.flatMap((r) => byId.get(r.id) ?? []),
    nextCursor: fetched.length > pageSize ? `${last.clockInMicros}:${last.id}` : null,
  };
}
