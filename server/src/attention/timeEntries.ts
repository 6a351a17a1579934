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

/** Days back from today, today included, as on the time clock dashboard. */
export const TIME_REVIEW_DAYS = 14;

export const attention: AttentionContributor[] = [
  {
    key: "timeToVerify",
    link: "employee-management/time-entry-verification",
    prepare: async (db, { companyId, permissions, now }): Promise<number> => {
      if (!companyId || !permissions.canViewTimeClocks) return 0;
      const settings = await settingsOf(db, companyId, "workforce");
      const today = await companyToday(db, companyId, now);
      const entries = await reviewedEntries(db, companyId, { from: addDays(today, -(TIME_REVIEW_DAYS - 1)), to: today }, settings, now);
      return entries.filter(
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
      ).length;
    },
    count: (_eb, { companyId, permissions }, prepared) => (companyId && permissions.canViewTimeClocks ? sql<number>`${sql.lit(Number(prepared) || 0)}` : null),
  },
];
