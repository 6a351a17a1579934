import { sql, type Kysely } from "kysely";

// Two-person platform changes (issue 32, docs/decisions/0060-two-person-rules.md): what gives a
// system administrator more power — a global role given to an account, a higher threshold above
// which balance adjustments wait for a second admin — is a pending change until another system
// administrator (never the requester, never the account it is given to) approves it.
// - kind 'globalRole': target_user_id gets global_role; before_global_role is what it held.
// - kind 'approvalThreshold': threshold_cents replaces before_threshold_cents.
// One change waits per account and one for the threshold (partial unique indexes), and the
// database refuses an approval by the requester or by the account the role is for.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table platform_changes (
    id text primary key,
    kind text not null,
    target_user_id text references users (id) on delete cascade,
    global_role text,
    before_global_role text,
    threshold_cents bigint,
    before_threshold_cents bigint,
    status text not null default 'pending',
    requested_by text not null references users (id),
    requested_at timestamptz not null default now(),
    decided_by text references users (id),
    decided_at timestamptz,
    decision_reason text,
    constraint platform_changes_kind_check check (kind in ('globalRole', 'approvalThreshold')),
    constraint platform_changes_status_check check (status in ('pending', 'approved', 'rejected')),
    constraint platform_changes_role_check check ((kind = 'globalRole') = (target_user_id is not null and global_role is not null)),
    constraint platform_changes_role_value_check check (global_role is null or global_role in ('SUPER_ADMIN', 'COMPANIES_ADMIN', 'SYSTEM_ADMIN')),
    constraint platform_changes_threshold_check check ((kind = 'approvalThreshold') = (threshold_cents is not null)),
    constraint platform_changes_threshold_range check (threshold_cents is null or threshold_cents between 0 and 1000000000),
    constraint platform_changes_decided_check check ((status = 'pending') = (decided_at is null)),
    constraint platform_changes_second_admin check (status <> 'approved' or (decided_by <> requested_by and decided_by is distinct from target_user_id)),
    constraint platform_changes_reason_check check (decision_reason is null or length(decision_reason) <= 500)
  )`);
  await run(`create unique index platform_changes_one_per_account on platform_changes (target_user_id) where status = 'pending'`);
  await run(`create unique index platform_changes_one_threshold on platform_changes (kind) where status = 'pending' and kind = 'approvalThreshold'`);
  await run(`create index platform_changes_requested on platform_changes (requested_at desc)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
