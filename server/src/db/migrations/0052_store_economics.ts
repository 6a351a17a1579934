import { sql, type Kysely } from "kysely";

// Store economics (issue 35): the inputs a store's P&L and per-machine figures read besides
// collections, the cash ledger, bank lines and payroll.
// - machine_prices: a vend price from a business date on, for an equipment type (every machine of
//   the type in every store) or for one machine (its override). A dryer's price buys `per_minutes`
//   minutes and a typical cycle lasts `typical_cycle_minutes`; a washer's price is per cycle (both
//   null). On a day, a machine's price is its own latest row dated on or before it, else its type's.
// - machines gain their capacity (lb), purchase price and install date.
// - other_revenue: money a store takes outside the coin boxes (card, app, wash-dry-fold, vending,
//   retail, other), per store or machine and business date; `import_batch` names the import that
//   wrote it and `import_key` the row's fingerprint, so the same file imported again adds nothing.
// - revenue_import_mappings: the column mapping of a payment system's CSV export, remembered per
//   provider name.
// - recurring_expenses: rent, insurance, loan payments and the like per store and month, from a
//   month to an optional last month (inclusive).
// - utility_bills: a store's electricity, gas or water-and-sewer bill for its period, with usage.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  const MONTH = `'^[0-9]{4}-(0[1-9]|1[0-2])$'`;

  // A machine's revenue line must name a machine of the line's store.
  await run(`alter table machines add constraint machines_company_store_id unique (company_id, store_id, id)`);
  await run(`alter table machines add column capacity_lb integer`);
  await run(`alter table machines add column purchase_price_cents integer`);
  await run(`alter table machines add column installed_on date`);
  await run(`alter table machines add constraint machines_capacity_lb_check check (capacity_lb is null or (capacity_lb > 0 and capacity_lb <= 1000))`);
  await run(
    `alter table machines add constraint machines_purchase_price_check check (purchase_price_cents is null or (purchase_price_cents >= 0 and purchase_price_cents <= 100000000))`,
  );

  await run(`create table machine_prices (
    id text primary key,
    company_id text not null references companies (id),
    equipment_type_id text,
    machine_id text,
    effective_from date not null,
    price_cents integer not null,
    per_minutes integer,
    typical_cycle_minutes integer,
    created_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint machine_prices_company_id_id unique (company_id, id),
    constraint machine_prices_equipment_type_id_company_fk foreign key (company_id, equipment_type_id) references equipment_types (company_id, id),
    constraint machine_prices_machine_id_company_fk foreign key (company_id, machine_id) references machines (company_id, id),
    constraint machine_prices_company_type_from unique (company_id, equipment_type_id, effective_from),
    constraint machine_prices_company_machine_from unique (company_id, machine_id, effective_from),
    constraint machine_prices_target_check check ((equipment_type_id is null) <> (machine_id is null)),
    constraint machine_prices_price_check check (price_cents > 0 and price_cents <= 100000),
    constraint machine_prices_minutes_check check (
      (per_minutes is null) = (typical_cycle_minutes is null)
      and (per_minutes is null or (per_minutes between 1 and 240 and typical_cycle_minutes between 1 and 240))
    )
  )`);

  await run(`create table other_revenue (
    id text primary key,
    company_id text not null references companies (id),
    store_id text not null,
    machine_id text,
    business_date date not null,
    source text not null,
    amount_cents integer not null,
    note text,
    import_batch text,
    import_key text,
    created_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint other_revenue_company_id_id unique (company_id, id),
    constraint other_revenue_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint other_revenue_store_id_machine_id_company_fk foreign key (company_id, store_id, machine_id) references machines (company_id, store_id, id),
    constraint other_revenue_source_check check (source in ('card', 'app', 'wash_dry_fold', 'vending', 'retail', 'other')),
    constraint other_revenue_amount_check check (amount_cents >= 0 and amount_cents <= 100000000),
    constraint other_revenue_note_check check (note is null or length(note) <= 500),
    constraint other_revenue_import_check check ((import_batch is null) = (import_key is null))
  )`);
  await run(`create index other_revenue_company_store_date on other_revenue (company_id, store_id, business_date)`);
  await run(`create index other_revenue_company_machine_date on other_revenue (company_id, machine_id, business_date) where machine_id is not null`);
  await run(`create unique index other_revenue_company_import_key on other_revenue (company_id, import_key) where import_key is not null`);
  await run(`create index other_revenue_company_batch on other_revenue (company_id, import_batch) where import_batch is not null`);

  await run(`create table revenue_import_mappings (
    company_id text not null references companies (id),
    provider text not null,
    mapping jsonb not null,
    updated_by text references users (id) on delete set null,
    updated_at timestamptz not null default now(),
    primary key (company_id, provider),
    constraint revenue_import_mappings_provider_check check (length(btrim(provider)) between 1 and 60)
  )`);

  await run(`create table recurring_expenses (
    id text primary key,
    company_id text not null references companies (id),
    store_id text not null,
    category text not null,
    description text not null,
    amount_cents integer not null,
    from_month text not null,
    to_month text,
    created_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint recurring_expenses_company_id_id unique (company_id, id),
    constraint recurring_expenses_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint recurring_expenses_category_check check (category in ('rent', 'insurance', 'loan', 'other')),
    constraint recurring_expenses_description_check check (length(btrim(description)) between 1 and 200),
    constraint recurring_expenses_amount_check check (amount_cents > 0 and amount_cents <= 100000000),
    constraint recurring_expenses_months_check check (
      from_month ~ ${MONTH} and (to_month is null or (to_month ~ ${MONTH} and to_month >= from_month))
    )
  )`);
  await run(`create index recurring_expenses_company_store on recurring_expenses (company_id, store_id, from_month)`);

  await run(`create table utility_bills (
    id text primary key,
    company_id text not null references companies (id),
    store_id text not null,
    utility text not null,
    period_start date not null,
    period_end date not null,
    amount_cents integer not null,
    usage integer,
    unit text,
    created_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint utility_bills_company_id_id unique (company_id, id),
    constraint utility_bills_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint utility_bills_company_store_utility_start unique (company_id, store_id, utility, period_start),
    constraint utility_bills_utility_check check (utility in ('electricity', 'gas', 'water_sewer')),
    constraint utility_bills_period_check check (period_end >= period_start and period_end - period_start <= 92),
    constraint utility_bills_amount_check check (amount_cents >= 0 and amount_cents <= 100000000),
    constraint utility_bills_unit_check check (
      (usage is null) = (unit is null)
      and (usage is null or usage >= 0)
      and (unit is null or (utility = 'electricity' and unit = 'kWh') or (utility = 'gas' and unit in ('therms', 'CCF'))
        or (utility = 'water_sewer' and unit in ('gallons', 'CCF')))
    )
  )`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
