import type { Kysely } from "kysely";
import type { z } from "zod";
import { employeeRefusal, type employeeCreateSchema, type employeeUpdateSchema, type resetPinSchema } from "@tumble/domain/employees";
import type { DB } from "../db/schema.ts";
import { hashSecretSlow } from "../auth/passwords.ts";
import { isoDate } from "../db/isoDate.ts";
import { guardPayBetween } from "../payroll/guard.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { refuseOwnProfile } from "./ownProfile.ts";
import { addRate, assertStoresOfCompany, assertUsernameFree, employeeOfCompany, payToday, setStores, usernameTaken } from "./profiles.ts";

// A manager creates and edits profiles: the person, their stores, dates, status and username, and
// the kiosk PIN (hashed, never returned). Nobody changes the dates or status of their own profile
// (decision 0060): someone else with the access does.

/** A new, active employee: profile, stores, first rate, kiosk username and PIN (hashed). */
export async function createEmployee(db: Kysely<DB>, companyId: string, userId: string, now: number, args: z.output<typeof employeeCreateSchema>) {
  const storeIds = await assertStoresOfCompany(db, companyId, args.storeIds);
  assertUsernameFree(await usernameTaken(db, companyId, args.username));
  const employeeId = newId();
  invalidates(db, { companyId });
  await db
    .insertInto("employees")
    .values({
      id: employeeId,
      companyId,
      userId: null,
      name: args.name,
      email: args.email,
      phone: args.phone,
      position: args.position,
      payType: args.payType,
      status: "active",
      hireDate: args.hireDate,
      endDate: null,
      username: args.username,
      usernameLower: args.username.toLowerCase(),
      pinHash: await hashSecretSlow(args.pin),
    })
    .execute();
  await setStores(db, companyId, employeeId, storeIds);
  const today = await payToday(db, companyId, employeeId, now);
  await addRate(db, {
    companyId,
    employeeId,
    payType: args.payType,
    rateCents: args.rateCents,
    effectiveFrom: args.effectiveFrom ?? args.hireDate ?? today,
    reason: null,
    createdBy: userId,
    today,
  });
  const { pin: _pin, ...shown } = args;
  await audit(db, { companyId, actorId: userId, action: "create", entity: "employee", entityId: employeeId, after: shown });
  return { employeeId };
}

/** Edits a profile: contact, position, dates, stores, status (terminated needs an end date) and username. */
export async function updateEmployee(db: Kysely<DB>, companyId: string, userId: string, args: z.output<typeof employeeUpdateSchema>) {
  const before = await employeeOfCompany(db, companyId, args.employeeId, true);
  if (before.status === "pending") throw refused(employeeRefusal("pendingNeedsCompletion"));
  // One's own contact details may be corrected; one's own employment (dates, status) may not.
  const iso = (d: string | null) => (d ? isoDate(d) : null);
  if (iso(before.hireDate) !== args.hireDate || iso(before.endDate) !== args.endDate || before.status !== args.status)
    refuseOwnProfile(before, userId, "ownEmployment");
  const storeIds = await assertStoresOfCompany(db, companyId, args.storeIds);
  if (args.username.toLowerCase() !== before.username.toLowerCase()) assertUsernameFree(await usernameTaken(db, companyId, args.username, before.id));
  await guardEmploymentDates(db, companyId, before, { hireDate: args.hireDate, endDate: args.endDate });
  invalidates(db, { companyId });
  const after = {
    name: args.name,
    email: args.email,
    phone: args.phone,
    position: args.position,
    hireDate: args.hireDate,
    endDate: args.endDate,
    status: args.status,
    username: args.username,
  };
  await db
    .updateTable("employees")
    .set({ ...after, usernameLower: args.username.toLowerCase(), updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", before.id)
    .execute();
  await setStores(db, companyId, before.id, storeIds);
  const { id: _id, userId: _userId, payType: _payType, ...shownBefore } = before;
  await audit(db, {
    companyId,
    actorId: userId,
    action: "update",
    entity: "employee",
    entityId: before.id,
    before: shownBefore,
    after: { ...after, storeIds },
  });
  return null;
}

/**
 * A salaried person's hire and end dates decide the salary days of their periods (decision 0053):
 * moving one into a locked period is refused, naming it; into a paid one, the difference is paid
 * (or taken back) in the next open period. Hourly pay follows the time entries, not these dates.
 */
async function guardEmploymentDates(
  db: Kysely<DB>,
  companyId: string,
  before: { id: string; hireDate: string | null; endDate: string | null },
  after: { hireDate: string | null; endDate: string | null },
): Promise<void> {
  const iso = (d: string | null) => (d ? isoDate(d) : null);
  // The days whose salary the change moves: between the old and the new date; a hire date set or
  // cleared reaches back without end, an end date forward without end.
  const spans: Array<[string | null, string | null]> = [];
  const [hireBefore, endBefore] = [iso(before.hireDate), iso(before.endDate)];
  if (hireBefore !== after.hireDate)
    spans.push(
      hireBefore && after.hireDate
        ? [hireBefore < after.hireDate ? hireBefore : after.hireDate, hireBefore < after.hireDate ? after.hireDate : hireBefore]
        : [null, hireBefore ?? after.hireDate],
    );
  if (endBefore !== after.endDate)
    spans.push(
      endBefore && after.endDate
        ? [endBefore < after.endDate ? endBefore : after.endDate, endBefore < after.endDate ? after.endDate : endBefore]
        : [endBefore ?? after.endDate, null],
    );
  if (!spans.length) return;
  const salaried = await db
    .selectFrom("employeeRates")
    .select("id")
    .where("companyId", "=", companyId)
    .where("employeeId", "=", before.id)
    .where("payType", "=", "salary")
    .executeTakeFirst();
  if (!salaried) return;
  for (const [from, to] of spans) await guardPayBetween(db, companyId, from, to);
}

/** A manager sets a new kiosk PIN; it is stored hashed (argon2id) and never returned, and any PIN lock on the username ends. */
export async function resetEmployeePin(db: Kysely<DB>, companyId: string, userId: string, args: z.output<typeof resetPinSchema>) {
  const employee = await employeeOfCompany(db, companyId, args.employeeId, true);
  invalidates(db, { companyId });
  await db
    .updateTable("employees")
    .set({ pinHash: await hashSecretSlow(args.pin), updatedAt: new Date() })
    .where("companyId", "=", companyId)
    .where("id", "=", employee.id)
    .execute();
  // A new PIN ends a lock that wrong guesses of the old one put on the username (migration 0021).
  await db.deleteFrom("pinAttempts").where("companyId", "=", companyId).where("usernameLower", "=", employee.username.toLowerCase()).execute();
  await audit(db, { companyId, actorId: userId, action: "resetPin", entity: "employee", entityId: employee.id });
  return null;
}
