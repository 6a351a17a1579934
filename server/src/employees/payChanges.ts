import type { Kysely } from "kysely";
import type { z } from "zod";
import { employeeRefusal, type addJobSchema, type endJobSchema, type PayType, type setRateSchema } from "@tumble/domain/employees";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { createJob, endJob, jobOfEmployee } from "./jobs.ts";
import { refuseOwnProfile } from "./ownProfile.ts";
import { addRate, employeeOfCompany, payToday } from "./profiles.ts";

// A manager changes a person's pay: a new rate, a further job with its first rate, the end of a
// job. Nobody changes the pay or jobs of their own profile (decision 0060): someone else with the
// access does.

/**
 * A new rate from `effectiveFrom`. The history is kept: a rate starts today or later (the first
 * one any day), and only a future rate on the same date is replaced.
 */
export async function setEmployeeRate(db: Kysely<DB>, companyId: string, userId: string, now: number, args: z.output<typeof setRateSchema>) {
  const employee = await employeeOfCompany(db, companyId, args.employeeId, true);
  refuseOwnProfile(employee, userId, "ownPay");
  if (employee.status === "pending") throw refused(employeeRefusal("pendingNeedsCompletion"));
  invalidates(db, { companyId });
  const today = await payToday(db, companyId, employee.id, now);
  const jobId = args.jobId ?? null;
  const job = jobId ? await jobOfEmployee(db, companyId, employee.id, jobId) : null;
  if (job?.endedOn) throw refused(employeeRefusal("jobEnded"));
  const lastRate = jobId
    ? await db
        .selectFrom("employeeRates")
        .select("payType")
        .where("companyId", "=", companyId)
        .where("jobId", "=", jobId)
        .orderBy("effectiveFrom", "desc")
        .limit(1)
        .executeTakeFirst()
    : null;
  const payType = args.payType ?? ((lastRate?.payType ?? employee.payType) as PayType);
  const result = await addRate(db, {
    companyId,
    employeeId: employee.id,
    jobId,
    payType,
    rateCents: args.rateCents,
    effectiveFrom: args.effectiveFrom,
    reason: args.reason?.trim() || null,
    createdBy: userId,
    today,
  });
  await audit(db, {
    companyId,
    actorId: userId,
    action: "setRate",
    entity: "employee",
    entityId: employee.id,
    after: { jobId, payType, rateCents: args.rateCents, effectiveFrom: args.effectiveFrom, replaced: result.replaced },
  });
  return result;
}

/**
 * A further job for one person (docs/decisions/0055): its title, the store it is worked at (one of
 * theirs, or none in particular) and its first rate. Hours of all jobs add up in the workweek.
 */
export async function addEmployeeJob(db: Kysely<DB>, companyId: string, userId: string, now: number, args: z.output<typeof addJobSchema>) {
  const employee = await employeeOfCompany(db, companyId, args.employeeId, true);
  refuseOwnProfile(employee, userId, "ownPay");
  if (employee.status === "pending") throw refused(employeeRefusal("pendingNeedsCompletion"));
  invalidates(db, { companyId });
  const jobId = await createJob(db, { companyId, employeeId: employee.id, title: args.title, storeId: args.storeId ?? null, createdBy: userId });
  const today = await payToday(db, companyId, employee.id, now);
  await addRate(db, {
    companyId,
    employeeId: employee.id,
    jobId,
    payType: args.payType,
    rateCents: args.rateCents,
    effectiveFrom: args.effectiveFrom,
    reason: null,
    createdBy: userId,
    today,
  });
  await audit(db, { companyId, actorId: userId, action: "addJob", entity: "employee", entityId: employee.id, after: { jobId, ...args } });
  return { jobId };
}

/** Ends a further job on a date; its rates still pay the time worked in it. */
export async function endEmployeeJob(db: Kysely<DB>, companyId: string, userId: string, args: z.output<typeof endJobSchema>) {
  const employee = await employeeOfCompany(db, companyId, args.employeeId, true);
  refuseOwnProfile(employee, userId, "ownPay");
  invalidates(db, { companyId });
  await endJob(db, companyId, employee.id, args.jobId, args.endedOn);
  await audit(db, { companyId, actorId: userId, action: "endJob", entity: "employee", entityId: employee.id, after: args });
  return null;
}
