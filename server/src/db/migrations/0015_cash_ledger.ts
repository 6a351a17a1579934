import { sql, type Kysely } from "kysely";

// The cash ledger becomes double entry (docs/decisions/0023-cash-ledger.md):
// - cash_transactions is the journal entry (kind, status, who asked and who decided, deposit bag
//   and slip, expense category and payee, the entry it reverses); its lines are cash_entries, one
//   per account touched, summing to zero. An approved line gets the account's next sequence
//   number and the balance after it, so a balance or a ledger page is one index read.
// - cash_accounts gains the company's counterpart accounts (collections income, owner draws,
//   expenses by category, cash over/short, deposits in transit, opening balance), every store's
//   safe, change fund and petty cash, and an archived flag.
// - physical_counts (by denomination) and cash_settings (approval, blind counts, variance threshold).
// Every existing posting is kept: each old row becomes an entry with its cash line and a
// collections-income line, numbered per account in the order it was approved.

const STORE_KINDS = `('safe', 'change_fund', 'petty_cash')`;
const LEDGER_KINDS = `('collections_income', 'owner_draws', 'expense', 'cash_over_short', 'deposits_in_transit', 'opening_balance')`;
const EXPENSE_CATEGORIES = ["supplies", "repairs", "utilities", "rent", "wages", "fees", "other"];
/** A 32-character id made in SQL, for rows this migration creates. */
const NEW_ID = `md5(random()::text || clock_timestamp()::text)`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  // --- accounts ---
  await run(`alter table cash_accounts add column category text, add column archived_at timestamptz`);
  await run(`alter table cash_accounts drop constraint cash_accounts_kind_check`);
  await run(
    `alter table cash_accounts add constraint cash_accounts_kind_check check (kind in ('safe', 'change_fund', 'petty_cash', 'bank', 'other', ${LEDGER_KINDS.slice(1)})`,
  );
  await run(`alter table cash_accounts add constraint cash_accounts_store_check check (
    (kind in ${STORE_KINDS} and store_id is not null) or (kind in ${LEDGER_KINDS} and store_id is null) or kind in ('bank', 'other'))`);
  await run(`alter table cash_accounts add constraint cash_accounts_category_check check ((kind = 'expense') = (category is not null))`);
  await run(`drop index cash_accounts_company_store_kind`);
  // One safe, change fund and petty cash per store; one of each counterpart per company.
  await run(`create unique index cash_accounts_company_store_kind on cash_accounts (company_id, store_id, kind) where kind in ${STORE_KINDS}`);
  await run(`create unique index cash_accounts_company_ledger on cash_accounts (company_id, kind, category) nulls not distinct where kind in ${LEDGER_KINDS}`);

  await run(`
    insert into cash_accounts (id, company_id, store_id, kind, name)
    select ${NEW_ID}, s.company_id, s.id, k.kind, k.name
    from stores s cross join (values ('safe', 'Safe'), ('change_fund', 'Change fund'), ('petty_cash', 'Petty cash')) k(kind, name)
    on conflict do nothing`);
  const ledger = [
    ["collections_income", null, "Collections income"],
    ["owner_draws", null, "Owner draws"],
    ["cash_over_short", null, "Cash over/short"],
    ["deposits_in_transit", null, "Deposits in transit"],
    ["opening_balance", null, "Opening balance"],
    ...EXPENSE_CATEGORIES.map((c) => ["expense", c, `Expenses: ${c}`]),
  ];
  await run(`
    insert into cash_accounts (id, company_id, store_id, kind, category, name)
    select ${NEW_ID}, c.id, null, l.kind, l.category, l.name
    from companies c cross join (values ${ledger.map(([k, c, n]) => `('${k}', ${c ? `'${c}'` : "null"}, '${n}')`).join(", ")}) l(kind, category, name)
    on conflict do nothing`);

  // --- entries (headers) ---
  await run(`alter table cash_transactions
    add column store_id text, add column business_date date, add column category text, add column payee text,
    add column bag_number text, add column slip_number text, add column reverses_id text, add column count_id text,
    add column decision_reason text`);
  await run(`alter table cash_transactions rename column approved_by to decided_by`);
  await run(`alter table cash_transactions rename column approved_at to decided_at`);
  await run(`
    update cash_transactions t set store_id = a.store_id, business_date = (t.created_at at time zone coalesce(s.time_zone, 'UTC'))::date
    from cash_accounts a left join stores s on s.id = a.store_id
    where a.id = t.account_id`);
  await run(`update cash_transactions t set business_date = c.business_date from collections c where c.id = t.collection_id`);
  await run(`alter table cash_transactions alter column business_date set not null`);

  // --- lines ---
  await db.schema
    .createTable("cash_entries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("transaction_id", "text", (c) => c.notNull())
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("amount_cents", "bigint", (c) => c.notNull())
    // The entry's store and date, copied (an entry never changes), so totals by store and range read one index.
    .addColumn("store_id", "text")
    .addColumn("business_date", "date", (c) => c.notNull())
    // Set when the entry is approved, under the account's row lock: the account's next number and its balance after this line.
    .addColumn("seq", "bigint")
    .addColumn("balance_after_cents", "bigint")
    .addColumn("posted_at", "timestamptz")
    .execute();
  await run(`
    insert into cash_entries (id, company_id, transaction_id, account_id, amount_cents, store_id, business_date, seq, balance_after_cents, posted_at)
    select ${NEW_ID}, t.company_id, t.id, l.account_id, l.amount_cents, t.store_id, t.business_date,
      case when t.status = 'approved' then row_number() over w end,
      case when t.status = 'approved' then sum(l.amount_cents) over w end,
      case when t.status = 'approved' then coalesce(t.decided_at, t.created_at) end
    from cash_transactions t
    cross join lateral (
      select t.account_id, t.amount_cents
      union all
      select x.id, -t.amount_cents from cash_accounts x
      where x.company_id = t.company_id and x.kind = case when t.kind = 'collection' then 'collections_income' else 'opening_balance' end
    ) l(account_id, amount_cents)
    window w as (partition by l.account_id, t.status = 'approved' order by coalesce(t.decided_at, t.created_at), t.id)`);
  // An entry's size is the amount it moves; which way is in its lines.
  await run(`update cash_transactions set amount_cents = abs(amount_cents) where amount_cents < 0`);

  await run(`alter table cash_transactions drop constraint cash_transactions_account_id_company_fk`);
  await run(`drop index cash_transactions_company_account`);
  await run(`alter table cash_transactions drop column account_id`);
  await run(`alter table cash_transactions drop constraint cash_transactions_status_check`);
  await run(`alter table cash_transactions add constraint cash_transactions_status_check check (status in ('pending', 'approved', 'rejected', 'cancelled'))`);
  await run(`alter table cash_transactions add constraint cash_transactions_kind_check check (kind in
    ('collection', 'deposit', 'withdrawal', 'transfer', 'expense', 'change_fund_replenishment', 'adjustment', 'count_variance'))`);
  await run(`alter table cash_transactions add constraint cash_transactions_amount_check check (amount_cents >= 0)`);
  await run(`alter table cash_transactions add constraint cash_transactions_company_id_id unique (company_id, id)`);
  await run(
    `alter table cash_transactions add constraint cash_transactions_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id)`,
  );
  await run(
    `alter table cash_transactions add constraint cash_transactions_reverses_id_company_fk foreign key (company_id, reverses_id) references cash_transactions (company_id, id)`,
  );
  // An entry is reversed once; a collection posts once.
  await run(`create unique index cash_transactions_one_reversal on cash_transactions (company_id, reverses_id) where reverses_id is not null`);
  await run(`create unique index cash_transactions_one_posting on cash_transactions (company_id, collection_id) where collection_id is not null`);
  await run(`create index cash_transactions_company_date on cash_transactions (company_id, business_date, kind)`);
  await run(`create index cash_transactions_company_store_date on cash_transactions (company_id, store_id, business_date)`);

  await run(
    `alter table cash_entries add constraint cash_entries_transaction_id_company_fk foreign key (company_id, transaction_id) references cash_transactions (company_id, id)`,
  );
  await run(`alter table cash_entries add constraint cash_entries_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id)`);
  await run(
    `alter table cash_entries add constraint cash_entries_account_id_company_fk foreign key (company_id, account_id) references cash_accounts (company_id, id)`,
  );
  await run(
    `alter table cash_entries add constraint cash_entries_posted_check check ((seq is null) = (balance_after_cents is null) and (seq is null) = (posted_at is null))`,
  );
  // The ledger's order: a balance is the last line's balance_after, a page a range of seq.
  await run(`create unique index cash_entries_account_seq on cash_entries (company_id, account_id, seq)`);
  await run(`create index cash_entries_transaction on cash_entries (company_id, transaction_id)`);
  await run(`create index cash_entries_pending on cash_entries (company_id, account_id) where seq is null`);
  // Totals over a date range (the cash dashboard's collections against the comparison period).
  await run(
    `create index cash_entries_account_date on cash_entries (company_id, account_id, business_date) include (amount_cents, store_id) where seq is not null`,
  );

  // --- counts ---
  await db.schema
    .createTable("physical_counts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull().references("companies.id"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('counting', 'submitted', 'accepted', 'recount_requested')`))
    .addColumn("blind", "boolean", (c) => c.notNull())
    .addColumn("expected_cents", "bigint", (c) => c.notNull())
    .addColumn("counted_cents", "bigint", (c) => c.check(sql`counted_cents >= 0`))
    .addColumn("variance_cents", "bigint")
    .addColumn("denominations", "jsonb")
    .addColumn("reason", "text")
    .addColumn("note", "text")
    .addColumn("counted_by", "text", (c) => c.notNull().references("users.id"))
    .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("submitted_at", "timestamptz")
    .addColumn("reviewed_by", "text", (c) => c.references("users.id"))
    .addColumn("reviewed_at", "timestamptz")
    .addColumn("review_note", "text")
    .addColumn("transaction_id", "text")
    .execute();
  await run(`alter table physical_counts add constraint physical_counts_company_id_id unique (company_id, id)`);
  await run(
    `alter table physical_counts add constraint physical_counts_account_id_company_fk foreign key (company_id, account_id) references cash_accounts (company_id, id)`,
  );
  await run(
    `alter table physical_counts add constraint physical_counts_transaction_id_company_fk foreign key (company_id, transaction_id) references cash_transactions (company_id, id)`,
  );
  await run(`create unique index physical_counts_one_open on physical_counts (company_id, account_id) where status in ('counting', 'submitted')`);
  await run(`create index physical_counts_company_account on physical_counts (company_id, account_id, started_at)`);
  await run(
    `alter table cash_transactions add constraint cash_transactions_count_id_company_fk foreign key (company_id, count_id) references physical_counts (company_id, id)`,
  );

  // --- settings (a company without a row has the defaults) ---
  await db.schema
    .createTable("cash_settings")
    .addColumn("company_id", "text", (c) => c.primaryKey().references("companies.id"))
    .addColumn("require_approval", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("blind_counts", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("variance_threshold_cents", "bigint", (c) =>
      c
        .notNull()
        .defaultTo(500)
        .check(sql`variance_threshold_cents >= 0`),
    )
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
