import { sql } from "kysely";
import type { DateRange } from "@tumble/domain/payPeriods";
import type { AttentionContributor } from "../runtime/attention.ts";
import { settingsOf } from "../companySettings/settings.ts";
import { calendar, companyToday } from "../payroll/periods.ts";

// Pay periods that have ended and are still open, with time worked in them (one nobody worked in
// has nothing to lock), for those who run payroll. The calendar comes from the company's pay
// settings, so it is read before the statement; the statement counts the periods with time.
export const attention: AttentionContributor[] = [
  {
    key: "periodsToLock",
    link: "payroll/pay-periods",
    prepare: async (db, { companyId, now }): Promise<DateRange[]> => {
      if (!companyId) return [];
      const settings = await settingsOf(db, companyId, "workforce");
      const today = await companyToday(db, companyId, now);
      return (await calendar(db, companyId, settings, today))
        .filter((p) => p.range.endsOn < today && (p.stored?.status ?? "open") === "open")
        .map((p) => p.range);
    },
    count: (eb, { companyId, permissions }, prepared) => {
      const ended = prepared as DateRange[];
      if (!companyId || !permissions.canManageStores) return null;
      if (!ended.length) return sql<number>`0`;
      const which = sql.join(
        ended.map((p, i) => sql`when business_date between ${p.startsOn} and ${p.endsOn} then ${sql.lit(i)}`),
        sql` `,
      );
      return eb
        .selectFrom("timeEntries")
        .select(sql<number>`count(distinct case ${which} end)`.as("n"))
        .where("companyId", "=", companyId)
        .where("clockOutAt", "is not", null);
    },
  },
];
