import { sql, type Kysely } from "kysely";

// Requests and time-entry verification (issue 17, docs/decisions/0033-time-entry-verification-and-requests.md):
// - requests: an employee's time off (whole or partial days as a timestamptz range), shift swap,
//   shift drop and open-shift claim, with the decision (who, when, why). Scheduling reads approved
//   time off from here to flag conflicts.
// - time_entry_reviews: the verification of a time entry, beside it, because time entries are
//   rebuilt from punches and keep only their id (the clock-in punch). A review holds the times it
//   approved or rejected; when the entry's effective times no longer match, it is pending again.
//   Only an 'approved' review whose times match the entry's counts as verified time.
// - punches may come from 'auto': the clock-out written when an entry stays open longer than the
//   company's maximum shift. It is a raw punch like the others (insert-only), so a rebuild keeps it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table requests (
    id text primary key,
    company_id text not null references companies (id),
    kind text not null,
    employee_id text not null,
    status text not null default 'pending',
    starts_at timestamptz,
    ends_at timestamptz,
    all_day boolean not null default false,
    time_off_type text,
    shift_id text,
    target_employee_id text,
    note text,
    created_by text references users (id) on delete set null,
    decided_by text references users (id) on delete set null,
    decided_at timestamptz,
    decision_reason text,
    created_at timestamptz not null default now(),
    constraint requests_company_id_id unique (company_id, id),
    constraint requests_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint requests_target_employee_id_company_fk foreign key (company_id, target_employee_id) references employees (company_id, id),
    constraint requests_kind_check check (kind in ('timeOff', 'swap', 'drop', 'claim')),
    constraint requests_status_check check (status in ('pending', 'approved', 'denied', 'cancelled')),
    constraint requests_time_off_check check (kind <> 'timeOff' or (starts_at is not null and ends_at is not null and ends_at > starts_at and time_off_type is not null)),
    constraint requests_shift_check check (kind = 'timeOff' or shift_id is not null),
    constraint requests_swap_check check ((kind = 'swap') = (target_employee_id is not null)),
    constraint requests_swap_other_check check (target_employee_id is null or target_employee_id <> employee_id),
    constraint requests_time_off_type_check check (time_off_type is null or time_off_type in ('vacation', 'sick', 'personal', 'unpaid', 'other')),
    constraint requests_note_check check (note is null or length(note) <= 500),
    constraint requests_decision_reason_check check (decision_reason is null or length(decision_reason) <= 500),
    constraint requests_decided_check check ((status in ('approved', 'denied')) = (decided_at is not null))
  )`);
  await run(`create index requests_company_employee_created on requests (company_id, employee_id, created_at)`);
  await run(`create index requests_company_pending on requests (company_id, created_at) where status = 'pending'`);
  await run(`create index requests_company_time_off on requests (company_id, employee_id, starts_at) where kind = 'timeOff' and status = 'approved'`);
  await run(`create index requests_company_shift on requests (company_id, shift_id) where shift_id is not null`);

  await run(`create table time_entry_reviews (
    company_id text not null references companies (id),
    entry_id text not null,
    employee_id text not null,
    status text not null,
    auto boolean not null default false,
    clock_in_at timestamptz not null,
    clock_out_at timestamptz not null,
    break_minutes integer not null,
    reason text,
    reviewed_by text references users (id) on delete set null,
    reviewed_at timestamptz not null default now(),
    primary key (company_id, entry_id),
    constraint time_entry_reviews_entry_id_company_fk foreign key (company_id, entry_id) references punches (company_id, id),
    constraint time_entry_reviews_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint time_entry_reviews_status_check check (status in ('approved', 'rejected')),
    constraint time_entry_reviews_auto_check check (not auto or (status = 'approved' and reviewed_by is null)),
    constraint time_entry_reviews_reason_check check (status <> 'rejected' or length(btrim(coalesce(reason, ''))) between 1 and 500),
    constraint time_entry_reviews_break_check check (break_minutes >= 0)
  )`);
  await run(`create index time_entry_reviews_company_employee on time_entry_reviews (company_id, employee_id, clock_in_at)`);

  await run(`alter table punches drop constraint punches_source_check`);
  await run(`alter table punches add constraint punches_source_check check (
    (source = 'kiosk' and kiosk_id is not null) or (source = 'phone' and kiosk_id is null) or (source = 'auto' and kiosk_id is null and action = 'clockOut')
  )`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
