import { sql, type Kysely } from "kysely";

// - A changer's bills less coins paid out were booked as collections income; they are change
//   (docs/decisions/0052). Dated `collection_correction` entries, linked to the collection they
//   correct, move them to cash over/short; a collection still has one `collection` posting. They
//   are posted by the data upgrade server/src/upgrades/0035_changer_correction.ts, after every
//   migration, with today's ledger code.
// - Bank lines nobody deposited (fees, interest) are booked from the statement as `bank_entry`
//   entries against an expense or the new other-income account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table cash_transactions drop constraint cash_transactions_kind_check`);
  await run(`alter table cash_transactions add constraint cash_transactions_kind_check check (kind in
    ('collection', 'collection_correction', 'deposit', 'withdrawal', 'transfer', 'expense', 'change_fund_replenishment', 'adjustment',
     'count_variance', 'deposit_clearing', 'deposit_difference', 'bank_entry'))`);
  await run(`drop index cash_transactions_one_posting`);
  await run(
    `create unique index cash_transactions_one_posting on cash_transactions (company_id, collection_id) where collection_id is not null and kind = 'collection'`,
  );
  await run(`alter table cash_accounts drop constraint cash_accounts_kind_check`);
  await run(`alter table cash_accounts add constraint cash_accounts_kind_check check (kind in ('safe', 'change_fund', 'petty_cash', 'bank', 'other',
    'collections_income', 'owner_draws', 'expense', 'cash_over_short', 'deposits_in_transit', 'opening_balance', 'other_income'))`);
  await run(`alter table cash_accounts drop constraint cash_accounts_store_check`);
  await run(`alter table cash_accounts add constraint cash_accounts_store_check check (
    (kind in ('safe', 'change_fund', 'petty_cash') and store_id is not null)
    or (kind in ('collections_income', 'owner_draws', 'expense', 'cash_over_short', 'deposits_in_transit', 'opening_balance', 'other_income') and store_id is null)
    or kind in ('bank', 'other'))`);
  await run(`drop index cash_accounts_company_ledger`);
  await run(`create unique index cash_accounts_company_ledger on cash_accounts (company_id, kind, category) nulls not distinct
    where kind in ('collections_income', 'owner_draws', 'expense', 'cash_over_short', 'deposits_in_transit', 'opening_balance', 'other_income')`);
  await run(`alter table bank_lines add column booking_id text`);
  await run(`alter table bank_lines add constraint bank_lines_booking_fkey foreign key (company_id, booking_id) references cash_transactions (company_id, id)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
