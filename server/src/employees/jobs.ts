import type { Kysely } from "kysely";
import { defaultJobAt, employeeRefusal, jobOpenOn, type EmployeeJob } from "@tumble/domain/employees";
import type { DB } from "../db/schema.ts";
import { isoDate } from "../db/isoDate.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// Jobs (migration 0040, docs/decisions/0055): the profile is a person's first job (its position and
// the rates without a job); further jobs have their own title, usual store and rate history. A
// clock-in is for one job: the one chosen, else the one kept for the store, else the profile's own.

/** A person's jobs, the profile's own first (id null), then the further ones by title. */
export async function jobsOf(db: Kysely<DB>, companyId: string, employeeId: string): Promise<Array<EmployeeJob & { title: string | null }>> {
  const profile = await db.selectFrom("employees").select("position").where("companyId", "=", companyId).where("id", "=", employeeId).executeTakeFirst();
  if (!profile) throw refused(employeeRefusal("employeeNotFound"));
  const rows = await db
    .selectFrom("employeeJobs")
    .select(["id", "title", "storeId", "endedOn"])
    .where("companyId", "=", companyId)
    .where("employeeId", "=", employeeId)
    .orderBy("title")
    .orderBy("id")
    .execute();
  return [
    { id: null, title: profile.position, storeId: null, endedOn: null },
    ...rows.map((r) => ({ id: r.id, title: r.title, storeId: r.storeId, endedOn: r.endedOn ? isoDate(r.endedOn) : null })),
  ];
}

/** A further job of the person, or "Job not found" (another person's or company's job included). */
export async function jobOfEmployee(db: Kysely<DB>, companyId: string, employeeId: string, jobId: string) {
  const job = await db
    .selectFrom("employeeJobs")
    .select(["id", "title", "storeId", "endedOn"])
    .where("companyId", "=", companyId)
    .where("employeeId", "=", employeeId)
    .where("id", "=", jobId)
    .executeTakeFirst();
  if (!job) throw refused(employeeRefusal("jobNotFound"));
  return { ...job, endedOn: job.endedOn ? isoDate(job.endedOn) : null };
}

/** Creates a further job (its first rate is added by the caller). The store, when given, must be one the person works at. */
export async function createJob(
  db: Kysely<DB>,
  input: { companyId: string; employeeId: string; title: string; storeId: string | null; createdBy: string },
): Promise<string> {
  if (input.storeId) {
    const works = await db
      .selectFrom("employeeStores")
      .select("storeId")
      .where("companyId", "=", input.companyId)
      .where("employeeId", "=", input.employeeId)
      .where("storeId", "=", input.storeId)
      .executeTakeFirst();
    if (!works) throw refused(employeeRefusal("jobNotAtStore"));
  }
  const taken = await db
    .selectFrom("employeeJobs")
    .select("id")
    .where("companyId", "=", input.companyId)
    .where("employeeId", "=", input.employeeId)
    .where((eb) => eb(eb.fn("lower", ["title"]), "=", input.title.toLowerCase()))
    .where((eb) => (input.storeId ? eb("storeId", "=", input.storeId) : eb("storeId", "is", null)))
    .where("endedOn", "is", null)
    .executeTakeFirst();
  if (taken) throw refused(employeeRefusal("jobTitleTaken"));
  const id = newId();
  await db
    .insertInto("employeeJobs")
    .values({ id, companyId: input.companyId, employeeId: input.employeeId, title: input.title, storeId: input.storeId, createdBy: input.createdBy })
    .execute();
  return id;
}

/** Ends a further job on `endedOn`; refused while time after that day is recorded in it. */
export async function endJob(db: Kysely<DB>, companyId: string, employeeId: string, jobId: string, endedOn: string): Promise<void> {
  await jobOfEmployee(db, companyId, employeeId, jobId);
  const later = await db
    .selectFrom("timeEntries")
    .select("id")
    .where("companyId", "=", companyId)
    .where("jobId", "=", jobId)
    .where("businessDate", ">", endedOn)
    .executeTakeFirst();
  if (later) throw refused(employeeRefusal("jobEndBeforeWork"));
  await db.updateTable("employeeJobs").set({ endedOn }).where("companyId", "=", companyId).where("id", "=", jobId).execute();
}

/**
 * The job a clock-in at `storeId` on `date` is for: the one asked for (the person's, open that
 * day, at this store or at no store in particular; null asks for the profile's own), else the one
 * kept for the store, else null (the profile's own).
 */
export async function punchJob(
  db: Kysely<DB>,
  companyId: string,
  employeeId: string,
  storeId: string,
  date: string,
  requested: string | null | undefined,
): Promise<string | null> {
  // Absent: the person did not choose; null: the profile's own job, chosen.
  if (requested === undefined) return defaultJobAt(await jobsOf(db, companyId, employeeId), storeId, date);
  if (requested === null) return null;
  const job = await jobOfEmployee(db, companyId, employeeId, requested);
  if (!jobOpenOn(job, date)) throw refused(employeeRefusal("jobEnded"));
  if (job.storeId && job.storeId !== storeId) throw refused(employeeRefusal("jobNotAtStore"));
  return job.id;
}

/** What a clock offers a person at a store: their open jobs there, and the one it picks unasked. */
export async function jobChoice(db: Kysely<DB>, companyId: string, employeeId: string, storeId: string, date: string) {
  const all = await jobsOf(db, companyId, employeeId);
  const open = all.filter((j) => jobOpenOn(j, date) && (j.storeId === null || j.storeId === storeId));
  return { jobs: open.map((j) => ({ id: j.id, title: j.title })), defaultJobId: defaultJobAt(all, storeId, date) };
}

/** The person's jobs open on `date` when they have several (the phone asks which one at clock-in); none otherwise. */
export async function openJobs(db: Kysely<DB>, companyId: string, employeeId: string, date: string) {
  const jobs = (await jobsOf(db, companyId, employeeId)).filter((j) => jobOpenOn(j, date));
  return jobs.length > 1 ? jobs.map((j) => ({ id: j.id, title: j.title, storeId: j.storeId })) : [];
}
