import { sql, type Kysely } from "kysely";
import { EXPECTED_WINDOW_DAYS, expectedFigure } from "@tumble/domain/collectionStats";
import { addDays } from "@tumble/domain/datePresets";

// Report roll-ups (docs/decisions/0031).
// - Revenue by week and by month: revenue_days summed per Monday week and per calendar month, kept
//   by statement-level triggers on revenue_days itself, so whatever keeps the daily roll-up exact
//   (its triggers on collections and collection_lines) keeps these exact too, in the same
//   transaction. A year of fifty stores reads 24,000 monthly rows instead of 730,000 daily ones.
// - The expected figure verification showed is kept on each line (`expected_cents`), and
//   collector_days sums per collector, store and business date what they collected, what was
//   expected of the lines that had a figure, and how many lines were low — kept by triggers on
//   collection_lines and collections like revenue_days, so the collector report reads sums.
// A test recomputes every roll-up from the lines.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  for (const [table, period, bucket] of [
    ["revenue_weeks", "week_start", "date_trunc('week', business_date)::date"],
    ["revenue_months", "month_start", "date_trunc('month', business_date)::date"],
  ] as const) {
    await run(`create table ${table} (
      company_id text not null references companies (id),
      ${period} date not null,
      store_id text not null,
      machine_id text not null,
      coins_cents bigint not null,
      bills_cents bigint not null,
      primary key (company_id, ${period}, store_id, machine_id),
      constraint ${table}_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
      constraint ${table}_machine_id_company_fk foreign key (company_id, machine_id) references machines (company_id, id)
    )`);
    await run(`create index ${table}_store_period on ${table} (company_id, store_id, ${period}) include (machine_id, coins_cents, bills_cents)`);

    // Adds the daily rows of a transition table (sign "" or "-") into their week or month.
    const upsert = (sign: "" | "-", rows: string) => `
      insert into ${table} (company_id, ${period}, store_id, machine_id, coins_cents, bills_cents)
      select company_id, ${bucket}, store_id, machine_id, ${sign}sum(coins_cents), ${sign}sum(bills_cents)
      from ${rows}
      group by 1, 2, 3, 4
      on conflict (company_id, ${period}, store_id, machine_id) do update
        set coins_cents = ${table}.coins_cents + excluded.coins_cents, bills_cents = ${table}.bills_cents + excluded.bills_cents;`;
    await run(`create function ${table}_from_days() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then ${upsert("-", "old_days")} end if;
      if tg_op in ('INSERT', 'UPDATE') then ${upsert("", "new_days")} end if;
      return null;
    end $$`);
    // PostgreSQL allows transition tables only on single-event triggers: one per event.
    await run(`create trigger ${table}_insert after insert on revenue_days referencing new table as new_days
      for each statement execute function ${table}_from_days()`);
    await run(`create trigger ${table}_update after update on revenue_days referencing old table as old_days new table as new_days
      for each statement execute function ${table}_from_days()`);
    await run(`create trigger ${table}_delete after delete on revenue_days referencing old table as old_days
      for each statement execute function ${table}_from_days()`);

    await run(`insert into ${table} (company_id, ${period}, store_id, machine_id, coins_cents, bills_cents)
      select company_id, ${bucket}, store_id, machine_id, sum(coins_cents), sum(bills_cents)
      from revenue_days group by 1, 2, 3, 4`);
  }

  // Lines updated without a change to what revenue counts (an expected figure written at
  // verification) leave revenue_days alone: the daily trigger (0018) now compares each line's old
  // and new amounts, machine and collection, and moves only the lines that differ.
  const revenueUpsert = (sign: "" | "-", select: string) => `
    insert into revenue_days (company_id, business_date, store_id, machine_id, coins_cents, bills_cents)
    select company_id, business_date, store_id, machine_id, ${sign}sum(coins_cents), ${sign}sum(bills_cents)
    from (${select}) x
    group by company_id, business_date, store_id, machine_id
    on conflict (company_id, business_date, store_id, machine_id) do update
      set coins_cents = revenue_days.coins_cents + excluded.coins_cents, bills_cents = revenue_days.bills_cents + excluded.bills_cents;`;
  const revenueLines = (rows: string) => `
    select c.company_id, c.business_date, c.store_id, t.machine_id, t.coins_cents, t.bills_cents
    from ${rows} t join collections c on c.company_id = t.company_id and c.id = t.collection_id where c.status = 'verified'`;
  const changed = (side: string, other: string) => `(
    select ${side}.* from ${side} join ${other} on ${other}.id = ${side}.id
    where (${side}.coins_cents, ${side}.bills_cents, ${side}.machine_id, ${side}.collection_id)
      is distinct from (${other}.coins_cents, ${other}.bills_cents, ${other}.machine_id, ${other}.collection_id))`;
  await run(`create or replace function revenue_days_lines() returns trigger language plpgsql as $$
  begin
    if tg_op = 'DELETE' then ${revenueUpsert("-", revenueLines("old_lines"))} end if;
    if tg_op = 'INSERT' then ${revenueUpsert("", revenueLines("new_lines"))} end if;
    if tg_op = 'UPDATE' then
      ${revenueUpsert("-", revenueLines(changed("old_lines", "new_lines")))}
      ${revenueUpsert("", revenueLines(changed("new_lines", "old_lines")))}
    end if;
    return null;
  end $$`);

  await run(`alter table collection_lines add column expected_cents bigint`);
  await run(`create table collector_days (
    company_id text not null references companies (id),
    business_date date not null,
    store_id text not null,
    collector_id text not null references users (id),
    collected_cents bigint not null,
    expected_cents bigint not null,
    against_expected_cents bigint not null,
    expected_lines integer not null,
    low_lines integer not null,
    primary key (company_id, business_date, store_id, collector_id),
    constraint collector_days_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id)
  )`);
  await run(`create index collector_days_store_date on collector_days (company_id, store_id, business_date)`);

  // Adds the sums of a select of lines (sign "" or "-") into collector_days. An adjusting record's
  // lines count for its original's collector (same date and store); they have no expected figure,
  // so they add to what was collected only. Low: under half the expected figure (LOW_LINE_RATIO).
  const upsert = (sign: "" | "-", select: string) => `
    insert into collector_days (company_id, business_date, store_id, collector_id, collected_cents, expected_cents, against_expected_cents, expected_lines, low_lines)
    select company_id, business_date, store_id, collector_id, ${sign}sum(amount), ${sign}coalesce(sum(expected_cents), 0),
      ${sign}coalesce(sum(amount) filter (where expected_cents is not null), 0), ${sign}count(expected_cents),
      ${sign}count(*) filter (where expected_cents > 0 and amount * 2 < expected_cents)
    from (${select}) x
    group by 1, 2, 3, 4
    on conflict (company_id, business_date, store_id, collector_id) do update set
      collected_cents = collector_days.collected_cents + excluded.collected_cents,
      expected_cents = collector_days.expected_cents + excluded.expected_cents,
      against_expected_cents = collector_days.against_expected_cents + excluded.against_expected_cents,
      expected_lines = collector_days.expected_lines + excluded.expected_lines,
      low_lines = collector_days.low_lines + excluded.low_lines;`;
  // Non-changer lines of verified collections, from a lines table (or all lines of a collections table).
  const lines = (linesFrom: string, collectionsFrom: string, where: string) => `
    select c.company_id, c.business_date, c.store_id, coalesce(o.collector_id, c.collector_id) as collector_id,
      l.coins_cents + l.bills_cents as amount, l.expected_cents
    from ${linesFrom} l
    join ${collectionsFrom} c on c.company_id = l.company_id and c.id = l.collection_id
    join machines m on m.company_id = l.company_id and m.id = l.machine_id
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    left join collections o on o.company_id = c.company_id and o.id = c.adjusts_collection_id
    where c.status = 'verified' and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change' ${where}`;
  await run(`create function collector_days_lines() returns trigger language plpgsql as $$
  begin
    if tg_op in ('DELETE', 'UPDATE') then ${upsert("-", lines("old_lines", "collections", ""))} end if;
    if tg_op in ('INSERT', 'UPDATE') then ${upsert("", lines("new_lines", "collections", ""))} end if;
    return null;
  end $$`);
  await run(`create trigger collector_days_lines_insert after insert on collection_lines referencing new table as new_lines
    for each statement execute function collector_days_lines()`);
  await run(`create trigger collector_days_lines_update after update on collection_lines referencing old table as old_lines new table as new_lines
    for each statement execute function collector_days_lines()`);
  await run(`create trigger collector_days_lines_delete after delete on collection_lines referencing old table as old_lines
    for each statement execute function collector_days_lines()`);
  // A collection entering or leaving verified, or moving while verified, brings or takes its lines.
  const moved = (from: string, to: string) =>
    lines(
      "collection_lines",
      from,
      `and exists (select 1 from ${to} n where n.id = c.id and (n.status <> 'verified' or n.business_date <> c.business_date or n.store_id <> c.store_id or n.collector_id <> c.collector_id))`,
    );
  await run(`create function collector_days_collections() returns trigger language plpgsql as $$
  begin
    ${upsert("-", moved("old_rows", "new_rows"))}
    ${upsert("", moved("new_rows", "old_rows"))}
    return null;
  end $$`);
  await run(`create trigger collector_days_collections_update after update on collections referencing old table as old_rows new table as new_rows
    for each statement execute function collector_days_collections()`);

  await run(`insert into collector_days (company_id, business_date, store_id, collector_id, collected_cents, expected_cents, against_expected_cents, expected_lines, low_lines)
    select company_id, business_date, store_id, collector_id, sum(amount), 0, 0, 0, 0 from (${lines("collection_lines", "collections", "")}) x group by 1, 2, 3, 4`);
  // The figures of lines verified before they were kept (the triggers above add them in).
  await fillExpectedFigures(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}

// A frozen copy of collections/expectedFill.ts as it was when this migration was written: a
// migration imports no application code, which moves on with later schemas (decision 0064).

const CHUNK = 20_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration sees the raw schema
type AnyDb = Kysely<any>;

/** Fills `expected_cents` on the verified, non-adjusting, non-changer lines that have none. */
async function fillExpectedFigures(db: AnyDb, companyId?: string): Promise<number> {
  const stores = await sql<{ companyId: string; id: string }>`
    select company_id, id from stores ${companyId ? sql`where company_id = ${companyId}` : sql``} order by company_id, id`.execute(db);
  let filled = 0;
  // One store at a time keeps memory bounded.
  for (const store of stores.rows) {
    const figures = await figuresToFill(db, store.companyId, store.id, null);
    for (let k = 0; k < figures.ids.length; k += CHUNK) await writeFigures(db, store.companyId, figures, k, CHUNK);
    filled += figures.ids.length;
  }
  return filled;
}

interface Figures {
  ids: string[];
  values: number[];
}

async function writeFigures(db: AnyDb, companyId: string, { ids, values }: Figures, from: number, count: number): Promise<void> {
  await sql`update collection_lines l set expected_cents = v.expected
    from unnest(${ids.slice(from, from + count)}::text[], ${values.slice(from, from + count)}::bigint[]) as v(id, expected)
    where l.company_id = ${companyId} and l.id = v.id`.execute(db);
}

/** The figures the store's lines (or one machine's of them) lack, by line id. */
async function figuresToFill(db: AnyDb, companyId: string, storeId: string, machineId: string | null): Promise<Figures> {
  // The lines in date order per machine.
  const lines = await sql<{ id: string; machineId: string; businessDate: string; amount: string; expectedCents: string | null }>`
    select l.id, l.machine_id, to_char(c.business_date, 'YYYY-MM-DD') as business_date, l.coins_cents + l.bills_cents as amount, l.expected_cents
    from collections c
    join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
    join machines m on m.company_id = l.company_id and m.id = l.machine_id
    join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
    where c.company_id = ${companyId} and c.store_id = ${storeId} and c.status = 'verified' and c.adjusts_collection_id is null
      and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'
      ${machineId ? sql`and l.machine_id = ${machineId}` : sql``}
    order by l.machine_id, c.business_date`.execute(db);
  const ids: string[] = [];
  const values: number[] = [];
  let start = 0;
  for (let i = 0; i < lines.rows.length; i++) {
    const line = lines.rows[i];
    if (i > 0 && lines.rows[i - 1].machineId !== line.machineId) start = i;
    if (line.expectedCents !== null) continue;
    const windowStart = addDays(line.businessDate, -EXPECTED_WINDOW_DAYS);
    const history: Array<{ businessDate: string; amountCents: number }> = [];
    for (let j = i - 1; j >= start && lines.rows[j].businessDate >= windowStart; j--)
      if (lines.rows[j].businessDate < line.businessDate) history.push({ businessDate: lines.rows[j].businessDate, amountCents: Number(lines.rows[j].amount) });
    const expected = expectedFigure(history, line.businessDate);
    if (expected === null) continue;
    ids.push(line.id);
    values.push(expected);
  }
  return { ids, values };
}
