import { timeClockRefusal } from "@tumble/domain/timeClock";
import { settingsOf } from "../companySettings/settings.ts";
import { datesCovered, guardPayDates } from "../payroll/guard.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { refuseOwnTime } from "./corrections.ts";
import { queuePage, type QueueFilter } from "./queuePage.ts";
import { reviewedEntries } from "./review.ts";

// Reviewing entries by hand: the entries a review names, as the queue shows them, and "Approve
// clean" (issue 33), which approves every clean entry of the queue's filters on the server — not
// only those a screen has loaded.

/** The named entries of the company as the queue shows them, with their store's zone; never the caller's own time, never one still on the clock. */
export async function entriesById(ctx: MutationCtx<"canViewTimeClocks">, entryIds: string[]) {
  const rows = await ctx.db
    .selectFrom("timeEntries")
    .select(["id", "businessDate", "employeeId"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "in", entryIds)
    .execute();
  if (rows.length !== new Set(entryIds).size) throw refused(timeClockRefusal("entryNotFound"));
  await refuseOwnTime(ctx.db, ctx.company.id, ctx.user.id, rows);
  const dates = rows.map((r) => r.businessDate).sort();
  const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
  // Their employees' whole days, as the queue showed them: a shift is matched among an employee's entries.
  const employeeIds = [...new Set(rows.map((r) => r.employeeId))];
  const entries = (await reviewedEntries(ctx.db, ctx.company.id, { from: dates[0]!, to: dates[dates.length - 1]!, employeeIds }, settings, ctx.now)).filter(
    (e) => entryIds.includes(e._id),
  );
  if (entries.some((e) => e.effective.clockOutAt === null)) throw refused(timeClockRefusal("stillOnClock"));
  const zones = await storeZones(ctx, [...new Set(entries.map((e) => e.storeId))]);
  return entries.map((e) => ({ ...e, timeZone: zones.get(e.storeId) ?? "UTC" }));
}

async function storeZones(ctx: MutationCtx<"canViewTimeClocks">, storeIds?: string[]) {
  if (storeIds && !storeIds.length) return new Map<string, string>();
  let q = ctx.db.selectFrom("stores").select(["id", "timeZone"]).where("companyId", "=", ctx.company.id);
  if (storeIds) q = q.where("id", "in", storeIds);
  return new Map((await q.execute()).map((s) => [s.id, s.timeZone]));
}

/** The dates an entry's effective time covers: a review or correction of it changes those days' pay. */
export const payDates = (entries: Array<{ effective: { clockInAt: number; clockOutAt: number | null }; timeZone: string }>) =>
  entries.flatMap((e) => datesCovered(e.effective.clockInAt, e.effective.clockOutAt, e.timeZone));

/** Entries read and approved per round: the work stays bounded however long the queue. */
export const APPROVE_BATCH = 200;

/**
 * Approves every pending entry of the filters without exception and not added by hand, a batch
 * at a time. The caller's own entries are skipped and counted (nobody approves their own time),
 * as are flagged ones (exceptions, or added by hand: a person looks at those one by one) and ones
 * in a locked pay period. Each approval is a conditional write — only where no approval of these
 * very times stands — so two managers pressing it at once approve each entry exactly once.
 */
export async function approveClean(ctx: MutationCtx<"canViewTimeClocks">, filter: QueueFilter) {
  const companyId = ctx.company.id;
  const settings = await settingsOf(ctx.db, companyId, "workforce");
  const own = new Set(
    (await ctx.db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("userId", "=", ctx.user.id).execute()).map((e) => e.id),
  );
  const zones = await storeZones(ctx);
  const guarded = new Map<string, boolean>();
  const result = { approved: 0, skippedOwn: 0, skippedFlagged: 0, skippedLocked: 0 };
  let cursor: string | undefined;
  do {
    const page = await queuePage(ctx.db, companyId, { ...filter, status: "pending", cursor, pageSize: APPROVE_BATCH }, settings, ctx.now);
    for (const e of page.rows) {
      // Read as the queue shows it: an entry another call changed meanwhile is no longer pending.
      if (e.reviewStatus !== "pending" || e.effective.clockOutAt === null) continue;
      if (own.has(e.employeeId)) {
        result.skippedOwn++;
        continue;
      }
      if (e.exceptions.length > 0 || e.manual !== null) {
        result.skippedFlagged++;
        continue;
      }
      const dates = datesCovered(e.effective.clockInAt, e.effective.clockOutAt, zones.get(e.storeId) ?? "UTC");
      const key = dates.join(",");
      if (!guarded.has(key)) guarded.set(key, await guardPayDates(ctx.db, companyId, dates, "skip"));
      if (!guarded.get(key)) {
        result.skippedLocked++;
        continue;
      }
      const values = {
        employeeId: e.employeeId,
        status: "approved",
        auto: false,
        clockInAt: new Date(e.effective.clockInAt),
        clockOutAt: new Date(e.effective.clockOutAt),
        breakMinutes: e.effective.breakMinutes,
        reason: null,
        reviewedBy: ctx.user.id,
        reviewedAt: new Date(ctx.now),
      };
      // Written only where no approval of these times stands: the later of two calls finds the
      // earlier one's row (waiting for its lock on PostgreSQL) and leaves it.
      const written = await ctx.db
        .insertInto("timeEntryReviews")
        .values({ companyId, entryId: e._id, ...values })
        .onConflict((oc) =>
          oc
            .columns(["companyId", "entryId"])
            .doUpdateSet(values)
            .where((eb) =>
              eb.or([
                eb("timeEntryReviews.status", "<>", "approved"),
                eb("timeEntryReviews.clockInAt", "<>", values.clockInAt),
                eb("timeEntryReviews.clockOutAt", "<>", values.clockOutAt),
                eb("timeEntryReviews.breakMinutes", "<>", values.breakMinutes),
              ]),
            ),
        )
        .returning("entryId")
        .executeTakeFirst();
      if (!written) continue;
      result.approved++;
      await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "approve", entity: "timeEntry", entityId: e._id, after: e.effective });
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return result;
}
