import type { Kysely } from "kysely";
import { rateChange, type PayType, employeeRefusal } from "@tumble/domain/employees";
import type { DB } from "../db/schema.ts";
import { settingsOf } from "../companySettings/settings.ts";
import { guardPayFrom } from "../payroll/guard.ts";
import { businessDateNow } from "../cash/dates.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// What the employee functions share: reading one of the company's profiles, the stores it works
// at, the business date a rate is judged against, and adding a rate to a history.

export interface EmployeeRow {
  id: string;
  userId: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  position: string | null;
  payType: string;
  status: string;
  hireDate: string | null;
  endDate: string | null;
  username: string;
}

const EMPLOYEE_COLUMNS = ["id", "userId", "name", "email", "phone", "position", "payType", "status", "hireDate", "endDate", "username"] as const;

/** One of the company's employees (locked for the transaction when asked), or "Employee not found". */
export async function employeeOfCompany(db: Kysely<DB>, companyId: string, employeeId: string, lock = false): Promise<EmployeeRow> {
  let q = db.selectFrom("employees").select(EMPLOYEE_COLUMNS).where("companyId", "=", companyId).where("id", "=", employeeId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw refused(employeeRefusal("employeeNotFound"));
  return row;
}

/** Refuses store ids that are not the company's (the foreign key would too, less clearly). */
export async function assertStoresOfCompany(db: Kysely<DB>, companyId: string, storeIds: string[]): Promise<string[]> {
  const unique = [...new Set(storeIds)];
  const found = await db.selectFrom("stores").select("id").where("companyId", "=", companyId).where("id", "in", unique).execute();
  if (found.length !== unique.length) throw refused(employeeRefusal("storeNotFound"));
  return unique;
}

/** Replaces the stores an employee works at. */
export async function setStores(db: Kysely<DB>, companyId: string, employeeId: string, storeIds: string[]): Promise<void> {
  await db.deleteFrom("employeeStores").where("companyId", "=", companyId).where("employeeId", "=", employeeId).where("storeId", "not in", storeIds).execute();
  await db
    .insertInto("employeeStores")
    .values(storeIds.map((storeId) => ({ companyId, employeeId, storeId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Today's business date for an employee's pay: in the time zone of the first of their stores (by
 * when it opened), else the company's first store's; UTC only for a company without stores.
 */
export async function payToday(db: Kysely<DB>, companyId: string, employeeId: string, now: number): Promise<string> {
  const first = await db
    .selectFrom("employeeStores as es")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "es.companyId").onRef("s.id", "=", "es.storeId"))
    .select("s.id")
    .where("es.companyId", "=", companyId)
    .where("es.employeeId", "=", employeeId)
    .orderBy("s.createdAt")
    .orderBy("s.id")
    .executeTakeFirst();
  return businessDateNow(db, companyId, first?.id ?? null, new Date(now));
}

/** Whether the company already has this username (compared without case). */
export async function usernameTaken(db: Kysely<DB>, companyId: string, username: string, exceptEmployeeId?: string): Promise<boolean> {
  let q = db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("usernameLower", "=", username.toLowerCase());
  if (exceptEmployeeId) q = q.where("id", "!=", exceptEmployeeId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function assertUsernameFree(taken: boolean): void {
  if (taken) throw refused(employeeRefusal("usernameTaken"));
}

/**
 * The minimum wage an hourly rate of the person may not go under: the company's (federal $7.25 by
 * default), or a higher state or local figure of a store they work at (the highest of them).
 */
export async function minimumWageOf(db: Kysely<DB>, companyId: string, employeeId: string): Promise<number> {
  const { minimumWageCents } = await settingsOf(db, companyId, "workforce");
  const stores = await db
    .selectFrom("employeeStores as es")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "es.companyId").onRef("s.id", "=", "es.storeId"))
    .select("s.minimumWageCents")
    .where("es.companyId", "=", companyId)
    .where("es.employeeId", "=", employeeId)
    .execute();
  return Math.max(minimumWageCents, ...stores.map((s) => Number(s.minimumWageCents ?? 0)));
}

/**
 * Adds a rate to an employee's history under the rule of rateChange (@tumble/domain/employees):
 * the first rate may start any day; later ones start today or after, and only a future rate on the
 * same date is replaced. The employee's pay type follows their newest rate. The caller holds the
 * employee's row lock, so two rate changes for one employee do not interleave.
 */
export async function addRate(
  db: Kysely<DB>,
  input: {
    companyId: string;
    employeeId: string;
    /** The job the rate pays (null or absent: the profile's own); the history is the job's. */
    jobId?: string | null;
    payType: PayType;
    rateCents: number;
    effectiveFrom: string;
    reason: string | null;
    createdBy: string;
    today: string;
  },
): Promise<{ rateId: string; replaced: boolean }> {
  const jobId = input.jobId ?? null;
  const existing = await db
    .selectFrom("employeeRates")
    .select(["id", "effectiveFrom"])
    .where("companyId", "=", input.companyId)
    .where("employeeId", "=", input.employeeId)
    .where((eb) => (jobId ? eb("jobId", "=", jobId) : eb("jobId", "is", null)))
    .execute();
  const change = rateChange(existing, input.effectiveFrom, input.today);
  if (!change.ok) throw refused(employeeRefusal(change.key));
  // A salary of nothing pays nobody: a typing mistake, or a person who should be hourly.
  if (input.payType === "salary" && input.rateCents <= 0) throw refused(employeeRefusal("salaryZero"));
  if (input.payType === "hourly") {
    const minimum = await minimumWageOf(db, input.companyId, input.employeeId);
    if (input.rateCents < minimum) throw refused(employeeRefusal("belowMinimumWage", { rateCents: input.rateCents, minimumCents: minimum }));
  }
  // A change of rate back-dated into a locked period waits for its reopening; into a paid one, the
  // difference is paid next. (A first rate changes no figures already worked out.)
  if (existing.length) await guardPayFrom(db, input.companyId, input.effectiveFrom);
  if (change.replaces) {
    await db
      .deleteFrom("employeeRates")
      .where("companyId", "=", input.companyId)
      .where("employeeId", "=", input.employeeId)
      .where((eb) => (jobId ? eb("jobId", "=", jobId) : eb("jobId", "is", null)))
      .where("effectiveFrom", "=", input.effectiveFrom)
      .where("effectiveFrom", ">", input.today)
      .execute();
  }
  const rateId = newId();
  await db
    .insertInto("employeeRates")
    .values({
      id: rateId,
      companyId: input.companyId,
      employeeId: input.employeeId,
      payType: input.payType,
      rateCents: input.rateCents,
      effectiveFrom: input.effectiveFrom,
      jobId,
      reason: input.reason,
      createdBy: input.createdBy,
    })
    .execute();
  // The profile's pay type is its own job's.
  if (jobId) return { rateId, replaced: change.replaces };
  const newest = await db
    .selectFrom("employeeRates")
    .select("payType")
    .where("companyId", "=", input.companyId)
    .where("employeeId", "=", input.employeeId)
    .where("jobId", "is", null)
    .orderBy("effectiveFrom", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("employees")
    .set({ payType: newest.payType, updatedAt: new Date() })
    .where("companyId", "=", input.companyId)
    .where("id", "=", input.employeeId)
    .execute();
  return { rateId, replaced: change.replaces };
}
