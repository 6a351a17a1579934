import { sql, type Kysely } from "kysely";

// Linking an account to an employee profile (issue 31, docs/decisions/0030-geo-zones.md "Linking"):
// the kiosk username and PIN no longer link by themselves. They open a link request, proven
// either by a 6-digit code e-mailed to the profile's address (stored hashed, 15 minutes, five
// wrong tries) or by a manager's approval when the profile has no address. One request waits
// per profile and one per account at a time (partial unique indexes), so two accounts asking
// for the same profile cannot both be waiting.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table employee_link_requests (
    company_id text not null references companies (id),
    id text primary key,
    employee_id text not null,
    user_id text not null references users (id) on delete cascade,
    method text not null,
    status text not null default 'pending',
    sent_to text,
    code_hash text,
    expires_at timestamptz,
    attempts integer not null default 0,
    created_at timestamptz not null default now(),
    decided_at timestamptz,
    decided_by text references users (id) on delete set null,
    reason text,
    constraint employee_link_requests_company_id_id unique (company_id, id),
    constraint employee_link_requests_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id) on delete cascade,
    constraint employee_link_requests_method_check check (method in ('code', 'approval')),
    constraint employee_link_requests_status_check check (status in ('pending', 'linked', 'declined', 'cancelled')),
    constraint employee_link_requests_code_check check ((method = 'code') = (code_hash is not null and expires_at is not null and sent_to is not null)),
    constraint employee_link_requests_attempts_check check (attempts between 0 and 5),
    constraint employee_link_requests_reason_check check (reason is null or length(reason) <= 500)
  )`);
  await run(`create unique index employee_link_requests_one_per_profile on employee_link_requests (company_id, employee_id) where status = 'pending'`);
  await run(`create unique index employee_link_requests_one_per_account on employee_link_requests (company_id, user_id) where status = 'pending'`);
  await run(`create index employee_link_requests_company_status on employee_link_requests (company_id, status, created_at)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
