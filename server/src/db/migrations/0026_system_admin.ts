import { sql, type Kysely } from "kysely";

// System administration (issue 20, docs/decisions/0035-system-administration.md):
// - company_suspensions: each time a system admin suspended a company, and when it was
//   reactivated. A company is suspended while it has a row with no reactivated_at (at most one,
//   by the partial unique index); its members' memberships then give them nothing in it.
// - user_disablements: an account a system admin disabled; while its row exists the account cannot
//   sign in and every token of it is refused.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table company_suspensions (
    id text primary key,
    company_id text not null references companies (id),
    reason text,
    suspended_by text references users (id) on delete set null,
    suspended_at timestamptz not null default now(),
    reactivated_by text references users (id) on delete set null,
    reactivated_at timestamptz,
    constraint company_suspensions_company_id_id unique (company_id, id),
    constraint company_suspensions_order check (reactivated_at is null or reactivated_at >= suspended_at)
  )`);
  await run(`create unique index company_suspensions_open on company_suspensions (company_id) where reactivated_at is null`);

  await run(`create table user_disablements (
    user_id text primary key references users (id) on delete cascade,
    reason text,
    disabled_by text references users (id) on delete set null,
    disabled_at timestamptz not null default now()
  )`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
