import { sql, type Kysely } from "kysely";

// Jobs (issue 30): one person may hold several jobs — an attendant who also runs the collection
// route — each with its own title, usual store and rate history, and the hours of all of them add
// up in the workweek (29 CFR 778.115). The profile itself is the person's first job: its position
// and the rates with no job (job_id null), so every existing profile is one job without a copy.
// - employee_jobs: the further jobs; ended ones are kept (their rates pay the time worked in them).
// - employee_rates.job_id: the job a rate belongs to (null: the profile's own job); a date may
//   hold one rate per job.
// - punches.job_id / time_entries.job_id: the job a clock-in was for (null: the profile's own job).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table employee_jobs (
    id text primary key,
    company_id text not null references companies (id),
    employee_id text not null,
    title text not null check (length(title) between 1 and 100),
    store_id text,
    ended_on date,
    created_by text references users (id),
    created_at timestamptz not null default now(),
    constraint employee_jobs_company_id_id unique (company_id, id),
    constraint employee_jobs_employee_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint employee_jobs_store_company_fk foreign key (company_id, store_id) references stores (company_id, id)
  )`);
  await run(`create unique index employee_jobs_title on employee_jobs (company_id, employee_id, lower(title), coalesce(store_id, '')) where ended_on is null`);
  await run(`alter table employee_rates add column job_id text`);
  await run(
    `alter table employee_rates add constraint employee_rates_job_company_fk foreign key (company_id, job_id) references employee_jobs (company_id, id)`,
  );
  await run(`alter table employee_rates drop constraint employee_rates_effective`);
  await run(`create unique index employee_rates_effective on employee_rates (company_id, employee_id, coalesce(job_id, ''), effective_from)`);
  await run(`alter table punches add column job_id text`);
  await run(`alter table punches add constraint punches_job_company_fk foreign key (company_id, job_id) references employee_jobs (company_id, id)`);
  await run(`alter table time_entries add column job_id text`);
  await run(`alter table time_entries add constraint time_entries_job_company_fk foreign key (company_id, job_id) references employee_jobs (company_id, id)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
