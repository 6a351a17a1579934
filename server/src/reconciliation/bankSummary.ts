import { sql } from "kysely";
import { daysBetween } from "@tumble/domain/bankStatement";
import { businessDateNow } from "../cash/dates.ts";
import { isoDate } from "../db/isoDate.ts";
import type { QueryCtx } from "../runtime/define.ts";
import { bankAccountOf, rememberedMapping } from "./bankLineList.ts";
import { lineBooked } from "./bankEntries.ts";

// The bank panel's figures (issue 33): counted and summed in SQL over every line of the account
// and every deposit in transit, so they never stop at the lines a list has loaded. A line stands
// in one status: matched (to a deposit), booked (from the statement), or unmatched — a credit
// waiting for its deposit, or a debit waiting to be booked. A match group's difference is its
// lines less its deposits, the group reached through matches however many hops away.

export interface Totals {
  count: number;
  amountCents: number;
}

const totals = (row: { n: string | number | bigint; cents: string | number | bigint | null } | undefined): Totals => ({
  count: Number(row?.n ?? 0),
  amountCents: Number(row?.cents ?? 0),
});

export async function bankSummary(ctx: QueryCtx<"isAdmin">, accountId: string) {
  const companyId = ctx.company.id;
  const account = await bankAccountOf(ctx, accountId);
  const matched = sql`exists (select 1 from bank_line_matches m where m.company_id = l.company_id and m.bank_line_id = l.id)`;
  const status = sql<string>`case when ${matched} then 'matched' when ${lineBooked} then 'booked' when l.amount_cents > 0 then 'unmatchedCredit' else 'unmatchedDebit' end`;
  const byStatus = await ctx.db
    .selectFrom(
      ctx.db
        .selectFrom("bankLines as l")
        .select([status.as("status"), "l.amountCents", "l.date"])
        .where("l.companyId", "=", companyId)
        .where("l.accountId", "=", account.id)
        .as("s"),
    )
    .select([
      "s.status",
      (eb) => eb.fn.countAll<string>().as("n"),
      (eb) => eb.fn.sum<string | null>("s.amountCents").as("cents"),
      sql<string | null>`min(s.date)::text`.as("oldest"),
    ])
    .groupBy("s.status")
    .execute();
  const of = (s: string) => byStatus.find((r) => r.status === s);

  // Each matched, unsettled line of the account with the difference of its whole match group.
  const settle = await sql<{ n: string; cents: string | null }>`
    with recursive start as (
      select l.id from bank_lines l
       where l.company_id = ${companyId} and l.account_id = ${account.id} and l.settlement_id is null
         and exists (select 1 from bank_line_matches m where m.company_id = ${companyId} and m.bank_line_id = l.id)
    ), reach(start, line) as (
      select id, id from start
      union
      select r.start, m2.bank_line_id
        from reach r
        join bank_line_matches m1 on m1.company_id = ${companyId} and m1.bank_line_id = r.line
        join bank_line_matches m2 on m2.company_id = ${companyId} and m2.transaction_id = m1.transaction_id
    ), lines as (
      select r.start, sum(l.amount_cents) as cents
        from reach r join bank_lines l on l.company_id = ${companyId} and l.id = r.line
       group by r.start
    ), deposits as (
      select d.start, sum(t.amount_cents) as cents
        from (select distinct r.start, m.transaction_id from reach r
                join bank_line_matches m on m.company_id = ${companyId} and m.bank_line_id = r.line) d
        join cash_transactions t on t.company_id = ${companyId} and t.id = d.transaction_id
       group by d.start
    ), differences as (
      select l.start, l.cents - coalesce(d.cents, 0) as difference from lines l left join deposits d on d.start = l.start
    )
    select count(*) as n, sum(difference) as cents from differences where difference <> 0`.execute(ctx.db);

  // Deposits in transit: the company's, whichever account they will reach; each one's age in its store's zone.
  const now = new Date(ctx.now);
  const transit = await sql<{ n: string; cents: string | null; oldest: number | null }>`
    select count(*) as n, sum(t.amount_cents) as cents,
           max((${now}::timestamptz at time zone coalesce(s.time_zone, 'UTC'))::date - t.business_date) as oldest
      from cash_transactions t
      left join stores s on s.company_id = t.company_id and s.id = t.store_id
     where t.company_id = ${companyId} and t.kind = 'deposit' and t.status = 'approved' and t.reverses_id is null
       and not exists (select 1 from cash_transactions r where r.company_id = t.company_id and r.reverses_id = t.id)
       and not exists (select 1 from bank_line_matches m where m.company_id = t.company_id and m.transaction_id = t.id)`.execute(ctx.db);

  const mapping = await rememberedMapping(ctx, companyId, account.id);
  const today = await businessDateNow(ctx.db, companyId, null, now);
  const oldestLine = of("unmatchedCredit")?.oldest ?? null;
  const lineCount = byStatus.reduce((sum, r) => sum + Number(r.n), 0);
  return {
    lines: lineCount,
    matched: totals(of("matched")),
    booked: totals(of("booked")),
    unmatchedCredits: { ...totals(of("unmatchedCredit")), oldestAgeDays: oldestLine ? daysBetween(isoDate(oldestLine), today) : null },
    unmatchedDebits: totals(of("unmatchedDebit")),
    toSettle: totals(settle.rows[0]),
    depositsInTransit: {
      ...totals(transit.rows[0]),
      oldestAgeDays: transit.rows[0]?.oldest === null || transit.rows[0]?.oldest === undefined ? null : Number(transit.rows[0].oldest),
    },
    /** The column mapping remembered for the account's CSV statements. */
    mapping,
  };
}
