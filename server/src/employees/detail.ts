import type { Kysely } from "kysely";
import { sortRates, type PayType } from "@tumble/domain/employees";
import type { DB } from "../db/schema.ts";
import { jobsOf } from "./jobs.ts";
import { storesByEmployee } from "./list.ts";
import { employeeOfCompany, payToday } from "./profiles.ts";
import { recentWork } from "./recentWork.ts";

/** One profile: the person, their stores, the rate history (newest first) with today's, and their recent work. */
export async function employeeDetail(db: Kysely<DB>, companyId: string, userId: string, now: number, employeeId: string) {
  const employee = await employeeOfCompany(db, companyId, employeeId);
  const stores = (await storesByEmployee(db, companyId, [employee.id])).get(employee.id) ?? [];
  const today = await payToday(db, companyId, employee.id, now);
  const rates = await db
    .selectFrom("employeeRates as r")
    .leftJoin("users as u", "u.id", "r.createdBy")
    .select([
      "r.id",
      "r.jobId",
      "r.payType",
      "r.rateCents",
      "r.effectiveFrom",
      "r.reason",
      "r.createdAt",
      "u.name as createdByName",
      "u.email as createdByEmail",
    ])
    .where("r.companyId", "=", companyId)
    .where("r.employeeId", "=", employee.id)
    .execute();
  const historyOf = (jobId: string | null) =>
    sortRates(
      rates
        .filter((r) => r.jobId === jobId)
        .map((r) => ({
          _id: r.id,
          payType: r.payType as PayType,
          rateCents: Number(r.rateCents),
          effectiveFrom: r.effectiveFrom,
          reason: r.reason,
          createdAt: new Date(r.createdAt).getTime(),
          createdBy: r.createdByName ?? r.createdByEmail ?? null,
        })),
    );
  const rateStates = (history: ReturnType<typeof historyOf>) => {
    const current = history.find((r) => r.effectiveFrom <= today) ?? null;
    return {
      currentRate: current,
      rates: history.map((r) => ({ ...r, state: r === current ? "current" : r.effectiveFrom > today ? "scheduled" : "past" })),
    };
  };
  // Further jobs with their own rate histories (the profile's own job is the rates below).
  const jobs = (await jobsOf(db, companyId, employee.id))
    .filter((j) => j.id !== null)
    .map((j) => ({ _id: j.id as string, title: j.title ?? "", storeId: j.storeId, endedOn: j.endedOn, ...rateStates(historyOf(j.id)) }));
  const linkedEmail = employee.userId
    ? ((await db.selectFrom("users").select("email").where("id", "=", employee.userId).executeTakeFirst())?.email ?? null)
    : null;
  const { id: _id, ...rest } = employee;
  return {
    _id,
    ...rest,
    linked: employee.userId !== null,
    /** The caller's own profile: its pay, jobs, dates and status are changed by someone else (decision 0060). */
    own: employee.userId !== null && employee.userId === userId,
    linkedEmail,
    stores,
    today,
    ...rateStates(historyOf(null)),
    jobs,
    work: await recentWork(db, companyId, employee.id, today, now),
  };
}
