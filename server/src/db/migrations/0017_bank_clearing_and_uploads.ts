import { sql, type Kysely } from "kysely";

// Bank matching moves money (docs/decisions/0026): a matched line clears its amount from deposits
// in transit into the bank account (a deposit_clearing entry), and a match group's difference is
// posted to cash over/short on approval (a deposit_difference entry); each line remembers both so
// an unmatch can reverse them. Long statements arrive in parts (bank_uploads) under the body limit
// and are parsed whole.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`alter table cash_transactions drop constraint cash_transactions_kind_check`);
  await run(`alter table cash_transactions add constraint cash_transactions_kind_check check (kind in
    ('collection', 'deposit', 'withdrawal', 'transfer', 'expense', 'change_fund_replenishment', 'adjustment', 'count_variance',
     'deposit_clearing', 'deposit_difference'))`);

  await run(`alter table bank_lines add column clearing_id text`);
  await run(`alter table bank_lines add column settlement_id text`);
  await run(
    `alter table bank_lines add constraint bank_lines_clearing_id_company_fk foreign key (company_id, clearing_id) references cash_transactions (company_id, id)`,
  );
  await run(
    `alter table bank_lines add constraint bank_lines_settlement_id_company_fk foreign key (company_id, settlement_id) references cash_transactions (company_id, id)`,
  );

  await run(`create table bank_uploads (
    company_id text not null references companies (id),
    upload_id text not null,
    part integer not null check (part >= 0 and part < 100),
    content text not null,
    created_by text not null references users (id),
    created_at timestamptz not null default now(),
    primary key (company_id, upload_id, part)
  )`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
