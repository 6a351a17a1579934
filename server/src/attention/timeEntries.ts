import { sql } from "kysely";
import { addDays } from "@tumble/domain/datePresets";
import { autoApprovable } from "@tumble/domain/timeEntryReview";
import type { AttentionContributor } from "../runtime/attention.ts";
import { settingsOf } from "../companySettings/settings.ts";
import { companyToday } from "../payroll/periods.ts";
import { reviewedEntries } from "../timeEntries/review.ts";

// Time entries of the last two weeks (the time clock dashboard's window) waiting for a person's
// review, for those who verify time. Whether an entry needs a person (an exception, no shift, a
// manual entry) is the review rules' decision, made on the entries before the statement; the
// clean ones the queue approves by itself when it opens are not counted.

interface Waiting {
  count: number;
  /** The business date of the oldest entry waiting, null when none. */
  oldest: string | null;
}

/** Days back from today, today included, as on the time clock dashboard. */
export const TIME_REVIEW_DAYS = 14;

export const attention: AttentionContributor[] = [
  {
    key: "timeToVerify",
    link: "employee-management/time-entry-verification",
    prepare: async (db, { companyId, permissions, now }): Promise<Waiting> => {
      if (!companyId || !permissions.canViewTimeClocks) return { count: 0, oldest: null };
      const settings = await settingsOf(db, companyId, "workforce");
      const today = await companyToday(db, companyId, now);
      const entries = await reviewedEntries(db, companyId, { from: addDays(today, -(TIME_REVIEW_DAYS - 1)), to: today }, settings, now);
      const waiting = entries.filter(
        (e) =>
          e.reviewStatus === "pending" &&
          !(
            e.manual === null &&
            e.review === null &&
            autoApprovable(
              { ...e.effective, storeId: e.storeId, flags: e.flags, edited: e.corrected !== null, autoClockOut: e.autoClockOut },
              e.shift,
              settings.autoApproveToleranceMinutes,
            )
          ),
      );
      const oldest = waiting.reduce<string | null>((min, e) => (min === null || e.businessDate < min ? e.businessDate : min), null);
      return { count: waiting.length, oldest };
    },
    count: (_eb, { companyId, permissions }, prepared) =>
      companyId && permissions.canViewTimeClocks ? sql<number>`${sql.lit((prepared as Waiting).count)}` : null,
    // The queue opens on the current pay period: from the oldest waiting entry, so it shows them all.
    search: (prepared) => ((prepared as Waiting).oldest ? { from: (prepared as Waiting).oldest! } : null),
  },
];
