import { sql, type Kysely } from "kysely";
import { addDays } from "@tumble/domain/datePresets";
import { rateOn, type PayType } from "@tumble/domain/employees";
import { laborCostCents, localParts, shiftHours, weekDates } from "@tumble/domain/scheduling";
import type { DB } from "../db/schema.ts";
import { approvedTimeOff, conflictsOf, scheduled, shiftView, storeWeek, weekShifts, type StoreWeek } from "./week.ts";

// The store's week as the manager's grid shows it (shifts:listWeek): the people who work there,
// the shifts (open ones with no employee), their conflicts, approved time off and the labour
// forecast against the store's average collections; and the conflicts alone (shifts:conflicts).

const ms = (d: Date | string) => new Date(d).getTime();

/** Average verified collections per weekday over the eight weeks before the week (changers excluded). */
async function averageCollections(db: Kysely<DB>, companyId: string, week: StoreWeek): Promise<Map<number, number>> {
  const from = addDays(week.weekStart, -56);
  const to = addDays(week.weekStart, -1);
  const rows = await sql<{ dow: number; total: string }>`
    select extract(dow from d.business_date)::int as dow, sum(d.coins_cents + d.bills_cents) as total
    from revenue_days d
    join machines m on m.company_id = d.company_id and m.id = d.machine_id
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    where d.company_id = ${companyId} and d.store_id = ${week.store.id}
      and d.business_date between ${from}::date and ${to}::date
      and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
    group by 1`.execute(db);
  return new Map(rows.rows.map((r) => [Number(r.dow), Math.round(Number(r.total) / 8)]));
}

/** The store's week: people who work there, shifts (open ones with no employee), conflicts, time off and the forecast. */
export async function weekView(db: Kysely<DB>, companyId: string, storeId: string, weekStart: string) {
  const week = await storeWeek(db, companyId, storeId, weekStart);
  const rows = await weekShifts(db, companyId, week);
  const live = rows.filter((r) => !r.removedAt);
  const { conflicts } = await conflictsOf(db, companyId, week, live.map(scheduled));

  const staff = await db
    .selectFrom("employees as e")
    .select(["e.id", "e.name", "e.position", "e.status"])
    .where("e.companyId", "=", companyId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb("e.status", "=", "active"),
          // Employed during the week: not offered before their hire date or after their end date.
          eb.or([eb("e.hireDate", "is", null), eb("e.hireDate", "<=", addDays(week.weekStart, 6))]),
          eb.or([eb("e.endDate", "is", null), eb("e.endDate", ">=", week.weekStart)]),
          eb.exists(
            eb
              .selectFrom("employeeStores as es")
              .select("es.employeeId")
              .whereRef("es.companyId", "=", "e.companyId")
              .whereRef("es.employeeId", "=", "e.id")
              .where("es.storeId", "=", storeId),
          ),
        ]),
        eb(
          "e.id",
          "in",
          live
            .map((r) => r.employeeId)
            .filter((x): x is string => x !== null)
            .concat([""]),
        ),
      ]),
    )
    .orderBy("e.name")
    .execute();
  const storeRows = await db.selectFrom("employeeStores").select("employeeId").where("companyId", "=", companyId).where("storeId", "=", storeId).execute();
  const atStore = new Set(storeRows.map((r) => r.employeeId));

  const rates = staff.length
    ? await db
        .selectFrom("employeeRates")
        .select(["employeeId", "payType", "rateCents", "effectiveFrom"])
        .where("companyId", "=", companyId)
        // A shift names no job: it is priced at the profile's own job's rate.
        .where("jobId", "is", null)
        .where(
          "employeeId",
          "in",
          staff.map((s) => s.id),
        )
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, payType: r.payType as PayType, rateCents: Number(r.rateCents) })))
    : [];
  const averages = await averageCollections(db, companyId, week);
  const days = weekDates(week.weekStart);
  const forecast = days.map((day) => {
    const dayShifts = live.filter((r) => localParts(ms(r.startsAt), week.store.timeZone).date === day);
    let hours = 0;
    let costCents = 0;
    let unpriced = 0;
    for (const s of dayShifts) {
      const h = shiftHours({ startsAt: ms(s.startsAt), endsAt: ms(s.endsAt), breakMinutes: s.breakMinutes });
      hours += h;
      const rate = s.employeeId
        ? rateOn(
            rates.filter((r) => r.employeeId === s.employeeId),
            day,
          )
        : null;
      if (rate && rate.payType === "hourly") costCents += laborCostCents(h, rate.rateCents);
      else unpriced++;
    }
    const dow = new Date(`${day}T12:00:00Z`).getUTCDay();
    const avg = averages.get(dow) ?? 0;
    return {
      date: day,
      hours: Math.round(hours * 100) / 100,
      costCents,
      unpricedShifts: unpriced,
      averageCollectionsCents: avg,
      laborShare: avg > 0 ? Math.round((costCents / avg) * 1000) / 1000 : null,
    };
  });
  const lastPublication = await db
    .selectFrom("shiftPublications")
    .select(["publishedAt", "overrideReason"])
    .where("companyId", "=", companyId)
    .where("storeId", "=", storeId)
    .where("weekStart", "=", week.weekStart)
    .orderBy("publishedAt", "desc")
    .executeTakeFirst();

  return {
    store: week.store,
    weekStart: week.weekStart,
    days,
    workweekStart: week.settings.workweekStart,
    employees: staff.map((s) => ({ _id: s.id, name: s.name, position: s.position, worksHere: atStore.has(s.id) })),
    shifts: live.map((r) => shiftView(r, week.store.timeZone)),
    removedCount: rows.length - live.length,
    unpublishedCount: rows.filter((r) => r.removedAt || r.status === "draft").length,
    conflicts,
    // Everyone on the grid, shifts or not: a manager sees who is away before scheduling them.
    timeOff: (
      await approvedTimeOff(
        db,
        companyId,
        staff.map((s) => s.id),
        week.from,
        week.to,
      )
    ).map((t) => ({
      _id: t.id,
      employeeId: t.employeeId,
      startsAt: t.startsAt,
      endsAt: t.endsAt,
      fromDate: localParts(t.startsAt, week.store.timeZone).date,
      toDate: localParts(t.endsAt - 1, week.store.timeZone).date,
    })),
    forecast,
    lastPublishedAt: lastPublication ? ms(lastPublication.publishedAt) : null,
  };
}

/** The conflicts of the store's week (what publishing would be blocked by). */
export async function weekConflicts(db: Kysely<DB>, companyId: string, storeId: string, weekStart: string) {
  const week = await storeWeek(db, companyId, storeId, weekStart);
  const live = (await weekShifts(db, companyId, week)).filter((r) => !r.removedAt);
  return (await conflictsOf(db, companyId, week, live.map(scheduled))).conflicts;
}
