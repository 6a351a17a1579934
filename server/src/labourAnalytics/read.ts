import { sql, type Kysely, type RawBuilder } from "kysely";
import { businessDateOf, startOfBusinessDay } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { reviewStatus, workedMinutesOf } from "@tumble/domain/timeEntryReview";
import type { DB } from "../db/schema.ts";

// What labour analytics and the payroll reports read, for one company, a range of business dates
// and optionally one store: the stores, published shifts, closed time entries at their effective
// times (the newest correction, else the raw punches) with whether they are verified, approved
// time off, and verified collections per store and day. Every business date is the store's own:
// an entry or a shift belongs to the date of its start in its store's time zone.

const DAY = 86_400_000;
const ms = (d: Date | string | number) => (typeof d === "number" ? d : new Date(d).getTime());
/** An instant as whole epoch milliseconds (a float8 the driver reads as a number): parsing a year of timestamps into Dates cost a quarter second. */
const epochMs = (instant: RawBuilder<unknown>) => sql<number>`floor(extract(epoch from ${instant}) * 1000)::float8`;

export interface StoreRow {
  id: string;
  name: string;
  timeZone: string;
}

export interface ShiftRow {
  id: string;
  storeId: string;
  employeeId: string;
  businessDate: string;
  startsAt: number;
  endsAt: number;
  breakMinutes: number;
  minutes: number;
}

export interface EntryRow {
  id: string;
  storeId: string;
  employeeId: string;
  businessDate: string;
  clockInAt: number;
  clockOutAt: number;
  breakMinutes: number;
  minutes: number;
  /** The job worked (null: the profile's own): its rate pays the time. */
  jobId: string | null;
  /** Approved at these very times (decision 0033): the only time payroll pays. */
  verified: boolean;
  rejected: boolean;
}

export interface EmployeeRow {
  id: string;
  name: string;
  position: string | null;
}

export interface TimeOffRow {
  employeeId: string;
  startsAt: number;
  endsAt: number;
}

export interface RevenueRow {
  storeId: string;
  businessDate: string;
  cents: number;
}

export interface LabourInputs {
  stores: StoreRow[];
  employees: Map<string, EmployeeRow>;
  shifts: ShiftRow[];
  entries: EntryRow[];
  timeOff: TimeOffRow[];
  revenue: RevenueRow[];
}

export interface Scope {
  companyId: string;
  storeId: string | null;
  from: string;
  to: string;
}

export async function storesOf(db: Kysely<DB>, companyId: string, storeId: string | null): Promise<StoreRow[]> {
  let q = db.selectFrom("stores").select(["id", "name", "timeZone"]).where("companyId", "=", companyId);
  if (storeId) q = q.where("id", "=", storeId);
  return q.orderBy("name").orderBy("id").execute();
}

/** The instants that hold every business date of [from, to] in any of the stores' zones, with a day to spare. */
function window(stores: StoreRow[], from: string, to: string): { start: Date; end: Date } {
  const starts = stores.map((s) => startOfBusinessDay(from, s.timeZone));
  const ends = stores.map((s) => startOfBusinessDay(addDays(to, 1), s.timeZone));
  return { start: new Date(Math.min(...starts) - DAY), end: new Date(Math.max(...ends) + DAY) };
}

/** Closed entries of the stores with business dates in [from, to], at their effective times, with whether they are verified. */
export async function readEntries(
  db: Kysely<DB>,
  companyId: string,
  stores: StoreRow[],
  from: string,
  to: string,
  /** Only these people's entries (all of them when absent). */
  employeeIds?: readonly string[],
): Promise<EntryRow[]> {
  if (!stores.length) return [];
  const storeIds = stores.map((s) => s.id);
  const zoneOf = new Map(stores.map((s) => [s.id, s.timeZone]));
  const { start, end } = window(stores, from, to);
  const inRange = (date: string) => date >= from && date <= to;
  // The effective times: the newest correction when there is one (as timeClock/entries.ts reads it).
  const entryRows = await sql<{
    id: string;
    storeId: string;
    employeeId: string;
    jobId: string | null;
    clockInAt: number;
    clockOutAt: number | null;
    breakMinutes: number;
    reviewStatus: string | null;
    reviewIn: number | null;
    reviewOut: number | null;
    reviewBreak: number | null;
  }>`
    select t.id, t.store_id as "storeId", t.employee_id as "employeeId", t.job_id as "jobId",
      ${epochMs(sql`case when c.entry_id is null then t.clock_in_at else c.clock_in_at end`)} as "clockInAt",
      ${epochMs(sql`case when c.entry_id is null then t.clock_out_at else c.clock_out_at end`)} as "clockOutAt",
      case when c.entry_id is null then t.break_minutes else c.break_minutes end as "breakMinutes",
      r.status as "reviewStatus", ${epochMs(sql`r.clock_in_at`)} as "reviewIn", ${epochMs(sql`r.clock_out_at`)} as "reviewOut", r.break_minutes as "reviewBreak"
    from time_entries t
    left join lateral (
      select x.entry_id, x.clock_in_at, x.clock_out_at, x.break_minutes from time_entry_corrections x
      where x.company_id = t.company_id and x.entry_id = t.id
      order by x.created_at desc, x.id desc limit 1
    ) c on true
    left join time_entry_reviews r on r.company_id = t.company_id and r.entry_id = t.id
    where t.company_id = ${companyId} and t.store_id = any(${storeIds}::text[]) and t.status = 'closed'
      and t.clock_in_at >= ${start} and t.clock_in_at < ${end}
      ${employeeIds ? sql`and t.employee_id = any(${[...employeeIds]}::text[])` : sql``}`.execute(db);
  const entries: EntryRow[] = [];
  for (const r of entryRows.rows) {
    if (r.clockOutAt === null) continue;
    const effective = { clockInAt: ms(r.clockInAt), clockOutAt: ms(r.clockOutAt), breakMinutes: Number(r.breakMinutes) };
    const businessDate = businessDateOf(effective.clockInAt, zoneOf.get(r.storeId)!);
    if (!inRange(businessDate)) continue;
    const stored =
      r.reviewStatus && r.reviewIn && r.reviewOut
        ? { status: r.reviewStatus as "approved" | "rejected", clockInAt: ms(r.reviewIn), clockOutAt: ms(r.reviewOut), breakMinutes: Number(r.reviewBreak) }
        : null;
    const status = reviewStatus(effective, stored);
    entries.push({
      id: r.id,
      storeId: r.storeId,
      employeeId: r.employeeId,
      jobId: r.jobId,
      businessDate,
      ...effective,
      minutes: workedMinutesOf(effective),
      verified: status === "approved",
      rejected: status === "rejected",
    });
  }

  return entries;
}

export async function readInputs(db: Kysely<DB>, scope: Scope, stores: StoreRow[]): Promise<LabourInputs> {
  const empty: LabourInputs = { stores, employees: new Map(), shifts: [], entries: [], timeOff: [], revenue: [] };
  if (!stores.length) return empty;
  const { companyId, from, to } = scope;
  const storeIds = stores.map((s) => s.id);
  const zoneOf = new Map(stores.map((s) => [s.id, s.timeZone]));
  const { start, end } = window(stores, from, to);
  const inRange = (date: string) => date >= from && date <= to;

  const shiftRows = await db
    .selectFrom("shifts")
    .select(["id", "storeId", "publishedEmployeeId", "publishedStartsAt", "publishedEndsAt", "publishedBreakMinutes"])
    .where("companyId", "=", companyId)
    .where("storeId", "in", storeIds)
    .where("publishedAt", "is not", null)
    .where("removedAt", "is", null)
    .where("publishedEmployeeId", "is not", null)
    .where("publishedStartsAt", ">=", start)
    .where("publishedStartsAt", "<", end)
    .execute();
  const shifts = shiftRows
    .map((r): ShiftRow => {
      const startsAt = ms(r.publishedStartsAt!);
      const endsAt = ms(r.publishedEndsAt!);
      const breakMinutes = r.publishedBreakMinutes ?? 0;
      return {
        id: r.id,
        storeId: r.storeId,
        employeeId: r.publishedEmployeeId!,
        businessDate: businessDateOf(startsAt, zoneOf.get(r.storeId)!),
        startsAt,
        endsAt,
        breakMinutes,
        minutes: Math.max(0, Math.round((endsAt - startsAt) / 60_000) - breakMinutes),
      };
    })
    .filter((s) => inRange(s.businessDate));

  const entries = await readEntries(db, companyId, stores, from, to);

  const employeeIds = [...new Set([...shifts.map((s) => s.employeeId), ...entries.map((e) => e.employeeId)])];
  const employees = employeeIds.length
    ? await db.selectFrom("employees").select(["id", "name", "position"]).where("companyId", "=", companyId).where("id", "in", employeeIds).execute()
    : [];
  const timeOff = employeeIds.length
    ? await db
        .selectFrom("requests")
        .select(["employeeId", "startsAt", "endsAt"])
        .where("companyId", "=", companyId)
        .where("kind", "=", "timeOff")
        .where("status", "=", "approved")
        .where("employeeId", "in", employeeIds)
        .where("startsAt", "<", end)
        .where("endsAt", ">", start)
        .execute()
    : [];

  // Collected revenue as the revenue report counts it: verified collections, changers left out.
  const revenueRows = await sql<{ storeId: string; businessDate: string; cents: string }>`
    select d.store_id as "storeId", to_char(d.business_date, 'YYYY-MM-DD') as "businessDate", sum(d.coins_cents + d.bills_cents) as cents
    from revenue_days d
    join machines m on m.company_id = d.company_id and m.id = d.machine_id
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    where d.company_id = ${companyId} and d.store_id = any(${storeIds}::text[])
      and d.business_date between ${from}::date and ${to}::date
      and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    group by 1, 2`.execute(db);

  return {
    stores,
    employees: new Map(employees.map((e) => [e.id, e])),
    shifts,
    entries,
    timeOff: timeOff.filter((t) => t.startsAt && t.endsAt).map((t) => ({ employeeId: t.employeeId, startsAt: ms(t.startsAt!), endsAt: ms(t.endsAt!) })),
    revenue: revenueRows.rows.map((r) => ({ storeId: r.storeId, businessDate: r.businessDate, cents: Number(r.cents) })),
  };
}
