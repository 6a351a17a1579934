import { sql, type Kysely } from "kysely";

// Platform data tools (issue 20, docs/decisions/0043-exports-demo-reset-balance-admin.md):
// - companies.demo_seed: the companies the demo seed made (Rio Laundromat, Suds Express), which
//   demo:reset may delete and make again. Set by the seed (server/src/seed/demo/11_demo_marker.ts);
//   here for databases seeded before the column existed, recognised by their code and name.
//   (companies.is_demo is another thing: the one company of the public demo page.)
// - balance_adjustments: a system admin's correction of a cash account, posted through the ledger
//   as an adjustment entry; one over the threshold waits for a second system admin.
// - balance_admin_settings: the platform's one row holding that threshold.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`alter table companies add column demo_seed boolean not null default false`);
  await run(`update companies set demo_seed = true
    where (company_code = 'CMP100001' and name = 'Rio Laundromat') or (company_code = 'CMP200002' and name = 'Suds Express')`);

  await run(`create table balance_adjustments (
    id text primary key,
    company_id text not null references companies (id),
    account_id text not null,
    amount_cents bigint not null,
    reason text not null,
    status text not null,
    requested_by text not null references users (id),
    requested_at timestamptz not null default now(),
    decided_by text references users (id),
    decided_at timestamptz,
    decision_reason text,
    transaction_id text,
    balance_before_cents bigint,
    balance_after_cents bigint,
    constraint balance_adjustments_company_id_id unique (company_id, id),
    constraint balance_adjustments_account_fk foreign key (company_id, account_id) references cash_accounts (company_id, id),
    constraint balance_adjustments_transaction_fk foreign key (company_id, transaction_id) references cash_transactions (company_id, id),
    constraint balance_adjustments_status check (status in ('pending', 'posted', 'rejected')),
    constraint balance_adjustments_amount check (amount_cents <> 0 and amount_cents between -1000000000 and 1000000000),
    constraint balance_adjustments_reason check (length(btrim(reason)) between 1 and 500),
    constraint balance_adjustments_second_admin check (status <> 'posted' or decided_by is null or decided_by <> requested_by),
    constraint balance_adjustments_posted check ((status = 'posted') = (transaction_id is not null))
  )`);
  await run(`create index balance_adjustments_company_requested on balance_adjustments (company_id, requested_at desc)`);
  await run(`create index balance_adjustments_requested on balance_adjustments (requested_at desc)`);
  await run(`create index balance_adjustments_pending on balance_adjustments (requested_at) where status = 'pending'`);

  await run(`create table balance_admin_settings (
    id boolean primary key default true,
    approval_threshold_cents bigint not null default 50000,
    updated_by text references users (id) on delete set null,
    updated_at timestamptz not null default now(),
    constraint balance_admin_settings_one_row check (id),
    constraint balance_admin_settings_threshold check (approval_threshold_cents between 0 and 1000000000)
  )`);
  await run(`insert into balance_admin_settings (id) values (true)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
