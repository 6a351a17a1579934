import type { Kysely } from "kysely";
import type { PayType, RateRow } from "@tumble/domain/employees";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/isoDate.ts";

// The pay calculation's read of the employees' rates: payroll and labour analytics read it; the
// employees module writes the rates (employees/jobs.ts) and never reads this, so the dependency
// runs one way, payroll → employees' tables.

/**
 * Every rate history of the company (or of `only` these people) as the pay calculation reads it
 * (PayInputEmployee): per employee, the profile's own job's rates and the further jobs with theirs.
 */
export async function payRates(db: Kysely<DB>, companyId: string, only?: readonly string[]) {
  const rows = await db
    .selectFrom("employeeRates")
    .select(["employeeId", "jobId", "effectiveFrom", "rateCents", "payType"])
    .where("companyId", "=", companyId)
    .$if(only !== undefined, (q) => q.where("employeeId", "in", only!.length ? only! : [""]))
    .execute();
  // Keyed by the job (a further job's id) or by the employee (the profile's own job).
  const byKey = new Map<string, RateRow[]>();
  for (const r of rows) {
    const key = r.jobId ?? r.employeeId;
    byKey.set(key, [...(byKey.get(key) ?? []), { effectiveFrom: isoDate(r.effectiveFrom), rateCents: Number(r.rateCents), payType: r.payType as PayType }]);
  }
  const jobs = await db
    .selectFrom("employeeJobs")
    .select(["id", "employeeId", "title", "endedOn"])
    .where("companyId", "=", companyId)
    .$if(only !== undefined, (q) => q.where("employeeId", "in", only!.length ? only! : [""]))
    .execute();
  const jobsBy = new Map<string, Array<{ id: string; title: string; endedOn: string | null; rates: RateRow[] }>>();
  for (const j of jobs)
    jobsBy.set(j.employeeId, [
      ...(jobsBy.get(j.employeeId) ?? []),
      { id: j.id, title: j.title, endedOn: j.endedOn ? isoDate(j.endedOn) : null, rates: byKey.get(j.id) ?? [] },
    ]);
  return (employeeId: string) => ({ rates: byKey.get(employeeId) ?? [], ...(jobsBy.has(employeeId) ? { jobs: jobsBy.get(employeeId)! } : {}) });
}
