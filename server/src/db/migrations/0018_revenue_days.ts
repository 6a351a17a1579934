import { sql, type Kysely } from "kysely";

// Revenue by day (docs/decisions/0027): each machine's verified coins and bills per store and
// business date, kept by statement-level triggers on collections and collection_lines, so every
// path that verifies, adjusts or seeds a collection keeps it exact without knowing it exists. The
// reports read it instead of joining millions of lines; a test recomputes it from the lines.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table revenue_days (
    company_id text not null references companies (id),
    business_date date not null,
    store_id text not null,
    machine_id text not null,
    coins_cents bigint not null,
    bills_cents bigint not null,
    primary key (company_id, business_date, store_id, machine_id),
    constraint revenue_days_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint revenue_days_machine_id_company_fk foreign key (company_id, machine_id) references machines (company_id, id)
  )`);
  await run(`create index revenue_days_store_date on revenue_days (company_id, store_id, business_date) include (machine_id, coins_cents, bills_cents)`);

  // Adds the grouped sums of a select (sign 1, or −1 to take them away) into revenue_days.
  const upsert = (sign: "" | "-", select: string) => `
    insert into revenue_days (company_id, business_date, store_id, machine_id, coins_cents, bills_cents)
    select company_id, business_date, store_id, machine_id, ${sign}sum(coins_cents), ${sign}sum(bills_cents)
    from (${select}) x
    group by company_id, business_date, store_id, machine_id
    on conflict (company_id, business_date, store_id, machine_id) do update
      set coins_cents = revenue_days.coins_cents + excluded.coins_cents, bills_cents = revenue_days.bills_cents + excluded.bills_cents;`;
  const linesOf = (table: string) => `
    select c.company_id, c.business_date, c.store_id, t.machine_id, t.coins_cents, t.bills_cents
    from ${table} t join collections c on c.company_id = t.company_id and c.id = t.collection_id where c.status = 'verified'`;

  // Lines inserted into, removed from or changed in a verified collection (an adjusting record's
  // lines arrive after their verified header; seeds insert verified collections whole).
  await run(`create function revenue_days_lines() returns trigger language plpgsql as $$
  begin
    if tg_op in ('DELETE', 'UPDATE') then ${upsert("-", linesOf("old_lines"))} end if;
    if tg_op in ('INSERT', 'UPDATE') then ${upsert("", linesOf("new_lines"))} end if;
    return null;
  end $$`);
  await run(`create trigger revenue_days_lines_insert after insert on collection_lines referencing new table as new_lines
    for each statement execute function revenue_days_lines()`);
  await run(`create trigger revenue_days_lines_update after update on collection_lines referencing old table as old_lines new table as new_lines
    for each statement execute function revenue_days_lines()`);
  await run(`create trigger revenue_days_lines_delete after delete on collection_lines referencing old table as old_lines
    for each statement execute function revenue_days_lines()`);

  // A collection becoming verified brings its lines in; one leaving verified (or moving while
  // verified) takes them out of where they were.
  const moved = (from: string, to: string) => `
    select ${from}.company_id, ${from}.business_date, ${from}.store_id, l.machine_id, l.coins_cents, l.bills_cents
    from ${from} join ${to} on ${to}.id = ${from}.id join collection_lines l on l.company_id = ${from}.company_id and l.collection_id = ${from}.id
    where ${from}.status = 'verified' and (${to}.status <> 'verified' or ${to}.business_date <> ${from}.business_date or ${to}.store_id <> ${from}.store_id)`;
  await run(`create function revenue_days_collections() returns trigger language plpgsql as $$
  begin
    ${upsert("-", moved("old_rows", "new_rows"))}
    ${upsert("", moved("new_rows", "old_rows"))}
    return null;
  end $$`);
  await run(`create trigger revenue_days_collections_update after update on collections referencing old table as old_rows new table as new_rows
    for each statement execute function revenue_days_collections()`);

  await run(`insert into revenue_days (company_id, business_date, store_id, machine_id, coins_cents, bills_cents)
    select c.company_id, c.business_date, c.store_id, l.machine_id, sum(l.coins_cents), sum(l.bills_cents)
    from collections c join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
    where c.status = 'verified'
    group by c.company_id, c.business_date, c.store_id, l.machine_id`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
