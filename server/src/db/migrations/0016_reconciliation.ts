import { sql, type Kysely } from "kysely";

// Reconciliation (docs/decisions/0025-reconciliation.md): closed periods per store with their
// frozen figures, bank statement lines (one per fingerprint per bank account), their matches to
// deposits, and the CSV column mapping remembered per bank account.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table reconciliations (
    id text primary key,
    company_id text not null references companies (id),
    store_id text not null,
    account_id text not null,
    from_date date not null,
    to_date date not null,
    status text not null check (status in ('closed', 'reopened')),
    count_id text not null,
    opening_cents bigint not null,
    expected_cents bigint not null,
    counted_cents bigint not null,
    counted_closing_cents bigint not null,
    variance_cents bigint not null,
    figures jsonb not null,
    note text,
    closed_by text not null references users (id),
    closed_at timestamptz not null default now(),
    reopened_by text references users (id),
    reopened_at timestamptz,
    reopen_reason text,
    constraint reconciliations_dates check (from_date <= to_date),
    constraint reconciliations_reopened check ((status = 'reopened') = (reopened_at is not null)),
    constraint reconciliations_company_id_id unique (company_id, id),
    constraint reconciliations_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint reconciliations_account_id_company_fk foreign key (company_id, account_id) references cash_accounts (company_id, id),
    constraint reconciliations_count_id_company_fk foreign key (company_id, count_id) references physical_counts (company_id, id)
  )`);
  // Overlap is refused under the store's row lock; these catch the plain duplicates.
  await run(`create unique index reconciliations_closed_from on reconciliations (company_id, store_id, from_date) where status = 'closed'`);
  await run(`create unique index reconciliations_closed_count on reconciliations (company_id, count_id) where status = 'closed'`);
  await run(`create index reconciliations_store_dates on reconciliations (company_id, store_id, to_date)`);

  await run(`create table bank_lines (
    id text primary key,
    company_id text not null references companies (id),
    account_id text not null,
    date date not null,
    description text not null,
    amount_cents bigint not null,
    reference text,
    fingerprint text not null,
    source text not null check (source in ('csv', 'ofx', 'manual')),
    created_by text references users (id),
    created_at timestamptz not null default now(),
    constraint bank_lines_company_id_id unique (company_id, id),
    constraint bank_lines_account_id_company_fk foreign key (company_id, account_id) references cash_accounts (company_id, id)
  )`);
  await run(`create unique index bank_lines_fingerprint on bank_lines (company_id, account_id, fingerprint)`);
  await run(`create index bank_lines_account_date on bank_lines (company_id, account_id, date)`);

  await run(`create table bank_line_matches (
    company_id text not null references companies (id),
    bank_line_id text not null,
    transaction_id text not null,
    automatic boolean not null,
    matched_by text references users (id),
    matched_at timestamptz not null default now(),
    primary key (company_id, bank_line_id, transaction_id),
    constraint bank_line_matches_bank_line_id_company_fk foreign key (company_id, bank_line_id) references bank_lines (company_id, id),
    constraint bank_line_matches_transaction_id_company_fk foreign key (company_id, transaction_id) references cash_transactions (company_id, id)
  )`);
  await run(`create index bank_line_matches_transaction on bank_line_matches (company_id, transaction_id)`);

  await run(`create table bank_mappings (
    company_id text not null references companies (id),
    account_id text not null,
    mapping jsonb not null,
    updated_at timestamptz not null default now(),
    primary key (company_id, account_id),
    constraint bank_mappings_account_id_company_fk foreign key (company_id, account_id) references cash_accounts (company_id, id)
  )`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
