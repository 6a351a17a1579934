import type { Kysely } from "kysely";
import { businessDateOf } from "@tumble/domain/businessDate";
import { addDays, workweekStartOf } from "@tumble/domain/payPeriods";
import { payrollRefusal } from "@tumble/domain/payrollMessages";
import { settingsOf } from "../companySettings/settings.ts";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// Nothing after a lock is lost (issue 30). A change that would alter a period's figures — a time
// entry approved, rejected, corrected or added; a rate or an adjustment dated in it — is refused
// while the period is locked (an owner reopens it), and accepted once it is paid: the paid
// period is marked, and the next open period pays the difference (payroll/periods.ts).
// A date also touches the period holding the end of its workweek, whose overtime it feeds.

/**
 * Refuses `dates` inside a locked period (or, with `skip`, answers false so the caller leaves the
 * change undone); marks paid periods holding them as changed.
 */
export async function guardPayDates(db: Kysely<DB>, companyId: string, dates: readonly string[], onLocked: "refuse" | "skip" = "refuse"): Promise<boolean> {
  if (!dates.length) return true;
  const { workweekStart } = await settingsOf(db, companyId, "workforce");
  const touched = [...new Set(dates.flatMap((d) => [d, addDays(workweekStartOf(d, workweekStart), 6)]))];
  const periods = await db
    .selectFrom("payPeriods")
    .select(["id", "startsOn", "endsOn", "status"])
    .where("companyId", "=", companyId)
    .where("status", "in", ["locked", "paid"])
    .where((eb) => eb.or(touched.map((d) => eb.and([eb("startsOn", "<=", d), eb("endsOn", ">=", d)]))))
    .orderBy("startsOn")
    .forUpdate()
    .execute();
  const locked = periods.find((p) => p.status === "locked");
  if (locked && onLocked === "skip") return false;
  if (locked) throw refused(payrollRefusal("periodLocked", { startsOn: locked.startsOn, endsOn: locked.endsOn }));
  const paid = periods.filter((p) => p.status === "paid").map((p) => p.id);
  if (paid.length) await db.updateTable("payPeriods").set({ changedAfterPaid: true }).where("companyId", "=", companyId).where("id", "in", paid).execute();
  return true;
}

/** The calendar dates an entry's time covers, in its store's zone (a night shift covers two). */
export function datesCovered(clockInAt: number, clockOutAt: number | null, timeZone: string): string[] {
  const first = businessDateOf(clockInAt, timeZone);
  const last = businessDateOf(clockOutAt ?? clockInAt, timeZone);
  const out = [first];
  for (let d = first; d < last;) out.push((d = addDays(d, 1)));
  return out;
}

/** As guardPayDates for a change that holds from `date` on (a new rate): every period ending on or after it. */
export async function guardPayFrom(db: Kysely<DB>, companyId: string, date: string): Promise<void> {
  const periods = await db
    .selectFrom("payPeriods")
    .select(["id", "startsOn", "endsOn", "status"])
    .where("companyId", "=", companyId)
    .where("status", "in", ["locked", "paid"])
    .where("endsOn", ">=", date)
    .orderBy("startsOn")
    .forUpdate()
    .execute();
  const locked = periods.find((p) => p.status === "locked");
  if (locked) throw refused(payrollRefusal("periodLocked", { startsOn: locked.startsOn, endsOn: locked.endsOn }));
  const paid = periods.map((p) => p.id);
  if (paid.length) await db.updateTable("payPeriods").set({ changedAfterPaid: true }).where("companyId", "=", companyId).where("id", "in", paid).execute();
}

/** As guardPayDates for a change over the days from `from` to `to` (null: without end that way). */
export async function guardPayBetween(db: Kysely<DB>, companyId: string, from: string | null, to: string | null): Promise<void> {
  let q = db
    .selectFrom("payPeriods")
    .select(["id", "startsOn", "endsOn", "status"])
    .where("companyId", "=", companyId)
    .where("status", "in", ["locked", "paid"]);
  if (from) q = q.where("endsOn", ">=", from);
  if (to) q = q.where("startsOn", "<=", to);
  const periods = await q.orderBy("startsOn").forUpdate().execute();
  const locked = periods.find((p) => p.status === "locked");
  if (locked) throw refused(payrollRefusal("periodLocked", { startsOn: locked.startsOn, endsOn: locked.endsOn }));
  const paid = periods.map((p) => p.id);
  if (paid.length) await db.updateTable("payPeriods").set({ changedAfterPaid: true }).where("companyId", "=", companyId).where("id", "in", paid).execute();
}
