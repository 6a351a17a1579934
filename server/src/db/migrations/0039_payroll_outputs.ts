import { sql, type Kysely } from "kysely";

// What an accountant takes out of payroll (issue 30, docs/decisions/0054-payroll-outputs.md):
// - companies: the employer's postal address and employer id number (EIN), printed on the pay
//   statement, and the company's code at its payroll provider (ADP "Co Code", Paychex "Client ID").
// - employees: the person's id at the payroll provider, used by the provider presets instead of
//   our ids; unique in the company when set.
// - pay_period_versions: every lock of a period is a version (1, 2, ...) with its frozen figures,
//   who locked it, when and why, and who reopened it, when and why. pay_periods.version names the
//   newest; pay_periods.frozen stays the current copy that readers use. Periods locked or paid
//   before this migration become version 1.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table companies
    add column address text,
    add column employer_id text,
    add column payroll_client_code text`.execute(db);
  await sql`alter table companies add constraint companies_address_check check (
    (address is null or length(address) between 1 and 300)
    and (employer_id is null or length(employer_id) between 1 and 20)
    and (payroll_client_code is null or length(payroll_client_code) between 1 and 20)
  )`.execute(db);

  await sql`alter table employees add column payroll_external_id text`.execute(db);
  await sql`alter table employees add constraint employees_payroll_external_id_check check (
    payroll_external_id is null or payroll_external_id ~ '^[A-Za-z0-9_-]{1,20}$'
  )`.execute(db);
  await sql`create unique index employees_company_payroll_external_id on employees (company_id, payroll_external_id)
    where payroll_external_id is not null`.execute(db);

  await sql`alter table pay_periods add column version integer not null default 0`.execute(db);
  await sql`alter table pay_periods add constraint pay_periods_version_check check (version >= 0 and (status = 'open' or version >= 1))`.execute(db);
  await sql`create table pay_period_versions (
    company_id text not null references companies (id),
    period_id text not null,
    version integer not null,
    frozen jsonb not null,
    gross_cents bigint not null,
    locked_by text references users (id) on delete set null,
    locked_at timestamptz not null,
    lock_reason text,
    reopened_by text references users (id) on delete set null,
    reopened_at timestamptz,
    reopen_reason text,
    constraint pay_period_versions_pkey primary key (company_id, period_id, version),
    constraint pay_period_versions_period_id_company_fk foreign key (company_id, period_id) references pay_periods (company_id, id),
    constraint pay_period_versions_version_check check (version >= 1),
    constraint pay_period_versions_reopen_check check ((reopened_at is null) = (reopen_reason is null)),
    constraint pay_period_versions_reason_check check (
      (lock_reason is null or length(lock_reason) between 1 and 500) and (reopen_reason is null or length(reopen_reason) between 1 and 500)
    )
  )`.execute(db);
  // What was locked before versions existed is version 1.
  await sql`insert into pay_period_versions (company_id, period_id, version, frozen, gross_cents, locked_by, locked_at, lock_reason)
    select company_id, id, 1, frozen, coalesce((frozen -> 'totals' ->> 'grossCents')::bigint, 0), locked_by, locked_at, override_reason
    from pay_periods where frozen is not null and locked_at is not null`.execute(db);
  await sql`update pay_periods set version = 1 where frozen is not null and locked_at is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
