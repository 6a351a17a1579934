import os from "node:os";
import { sql } from "kysely";
import type { QueryCtx } from "../runtime/define.ts";
import { recentServerErrors, watchServerErrors } from "./recentErrors.ts";

// The platform console's dashboard: counts across every company, the last days charted in the
// viewer's time zone, the outbox's failures and this server process.

const STARTED_AT = new Date(Date.now() - process.uptime() * 1000);
const DAYS_CHARTED = 30;

export async function platformDashboard(ctx: QueryCtx<"isSystemAdmin">, timeZone: string) {
  watchServerErrors(ctx.services);
  const tz = sql`${timeZone}::text`;
  const today = sql<Date>`(date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`;
  const week = sql<Date>`(date_trunc('week', now() at time zone ${tz}) at time zone ${tz})`;
  const since = sql<string>`((now() at time zone ${tz})::date - ${DAYS_CHARTED - 1}::int)`;
  const activeSince = (from: typeof today) =>
    sql<number>`(select count(distinct s.user_id)::int from sessions s where s.created_at >= ${from}
      or exists (select 1 from refresh_tokens r where r.session_id = s.id and r.used_at >= ${from}))`;
  const counts = await ctx.db
    .selectNoFrom([
      sql<number>`(select count(*)::int from companies where not is_demo)`.as("companies"),
      sql<number>`(select count(*)::int from company_suspensions where reactivated_at is null)`.as("suspendedCompanies"),
      sql<number>`(select count(*)::int from users where not is_anonymous)`.as("users"),
      sql<number>`(select count(*)::int from user_disablements)`.as("disabledUsers"),
      activeSince(today).as("activeToday"),
      activeSince(week).as("activeThisWeek"),
      sql<number>`(select count(*)::int from outbox where status = 'failed')`.as("outboxFailed"),
      sql<number>`(select count(*)::int from outbox where status in ('pending', 'sending'))`.as("outboxPending"),
      sql<string>`pg_database_size(current_database())::text`.as("databaseBytes"),
    ])
    .executeTakeFirstOrThrow();
  // Collections by their business date (the store's own day); claims by the day they were made in the viewer's zone.
  const perDay = await sql<{ day: string; collections: number; claims: number }>`
    with days as (select generate_series(${since}, (now() at time zone ${tz})::date, interval '1 day')::date as day)
    select to_char(d.day, 'YYYY-MM-DD') as day,
      (select count(*)::int from collections c where c.business_date::date = d.day and c.adjusts_collection_id is null) as collections,
      (select count(*)::int from campaign_claims k where (k.created_at at time zone ${tz})::date = d.day) as claims
    from days d order by d.day`.execute(ctx.db);
  const failures = await ctx.db
    .selectFrom("outbox")
    .select(["id", "channel", "recipient", "subject", "lastError", "attempts", "createdAt"])
    .where("status", "=", "failed")
    .orderBy("createdAt", "desc")
    .limit(5)
    .execute();
  return {
    companies: counts.companies,
    suspendedCompanies: counts.suspendedCompanies,
    users: counts.users,
    disabledUsers: counts.disabledUsers,
    activeToday: counts.activeToday,
    activeThisWeek: counts.activeThisWeek,
    outbox: {
      failed: counts.outboxFailed,
      pending: counts.outboxPending,
      recentFailures: failures.map((f) => ({ ...f, createdAt: new Date(f.createdAt).toISOString() })),
    },
    database: { kind: ctx.services.database.kind, bytes: Number(counts.databaseBytes) },
    perDay: perDay.rows,
    processes: [
      {
        id: `${os.hostname()}:${process.pid}`,
        startedAt: STARTED_AT.toISOString(),
        uptimeSeconds: Math.round(process.uptime()),
        memoryBytes: process.memoryUsage().rss,
        node: process.version,
      },
    ],
    recentErrors: recentServerErrors(),
  };
}
