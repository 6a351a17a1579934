import { sql, type Kysely } from "kysely";

// Payroll (issue 18, docs/decisions/0037-payroll.md):
// - pay_periods: a period of the company's pay calendar once something happened to it (an
//   adjustment, a lock). Periods nobody touched are computed from the workforce settings and have
//   the same id they get here, so the table holds only what must be remembered: the status
//   (open → locked → paid, reopened by an owner back to open), who did what, when and why, and at
//   lock the frozen figures of the whole period (what is paid, whatever happens to the time later).
// - payroll_adjustments: bonus, commission, reimbursement or deduction of one employee in one
//   period, with its reason; only added while the period is open.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table pay_periods (
    id text primary key,
    company_id text not null references companies (id),
    starts_on date not null,
    ends_on date not null,
    pay_date date,
    status text not null default 'open',
    locked_by text references users (id) on delete set null,
    locked_at timestamptz,
    override_reason text,
    frozen jsonb,
    reopened_by text references users (id) on delete set null,
    reopened_at timestamptz,
    reopen_reason text,
    paid_by text references users (id) on delete set null,
    paid_at timestamptz,
    created_at timestamptz not null default now(),
    constraint pay_periods_company_id_id unique (company_id, id),
    constraint pay_periods_company_starts unique (company_id, starts_on),
    constraint pay_periods_status_check check (status in ('open', 'locked', 'paid')),
    constraint pay_periods_dates_check check (starts_on <= ends_on),
    constraint pay_periods_frozen_check check ((status = 'open') = (frozen is null)),
    constraint pay_periods_locked_check check ((status = 'open') = (locked_at is null)),
    constraint pay_periods_paid_check check ((status = 'paid') = (paid_at is not null)),
    constraint pay_periods_reopen_check check ((reopened_at is null) = (reopen_reason is null)),
    constraint pay_periods_reason_check check (
      (override_reason is null or length(override_reason) between 1 and 500) and (reopen_reason is null or length(reopen_reason) between 1 and 500)
    )
  )`);
  await run(`create index pay_periods_company_ends on pay_periods (company_id, ends_on)`);

  await run(`create table payroll_adjustments (
    id text primary key,
    company_id text not null references companies (id),
    period_id text not null,
    employee_id text not null,
    kind text not null,
    amount_cents bigint not null,
    reason text not null,
    created_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint payroll_adjustments_company_id_id unique (company_id, id),
    constraint payroll_adjustments_period_id_company_fk foreign key (company_id, period_id) references pay_periods (company_id, id),
    constraint payroll_adjustments_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint payroll_adjustments_kind_check check (kind in ('bonus', 'commission', 'reimbursement', 'deduction')),
    constraint payroll_adjustments_amount_check check (amount_cents > 0 and amount_cents <= 100000000),
    constraint payroll_adjustments_reason_check check (length(btrim(reason)) between 1 and 500)
  )`);
  await run(`create index payroll_adjustments_company_period on payroll_adjustments (company_id, period_id, employee_id)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
