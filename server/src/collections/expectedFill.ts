import { sql, type Kysely } from "kysely";
import { EXPECTED_WINDOW_DAYS, expectedFigure } from "@tumble/domain/collectionStats";
import { addDays } from "@tumble/domain/datePresets";

// The expected figure verification shows is kept on each line when its collection is verified
// (collections:verify). Collections that became verified another way — the demo seed, a bulk
// import, rows from before the figure was kept — get theirs here, computed by the same rule from
// each machine's verified lines of the eight weeks before the line's date. Plain SQL on an untyped
// database so the migration that introduced the column can call it too.

const CHUNK = 20_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- used by a migration, which sees the raw schema
type AnyDb = Kysely<any>;

/** Fills `expected_cents` on the verified, non-adjusting, non-changer lines that have none. */
export async function fillExpectedFigures(db: AnyDb, companyId?: string): Promise<number> {
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

/** Figures written per statement by fillExpectedFiguresByMachine: each is a short statement. */
const SMALL_CHUNK = 200;

/**
 * The same, for the given stores only and in small pieces — one machine's lines read, then their
 * figures written SMALL_CHUNK at a time — each piece run by `step` (a bulk import on PGlite runs
 * each in a short transaction of its own, so no statement holds the server's thread for long;
 * docs/decisions/0061-files-read-safely.md).
 */
export async function fillExpectedFiguresByMachine(
  db: AnyDb,
  companyId: string,
  storeIds: readonly string[],
  step: (work: (db: AnyDb) => Promise<void>) => Promise<void>,
): Promise<void> {
  if (!storeIds.length) return;
  const machines = await sql<{ id: string; storeId: string }>`
    select id, store_id from machines where company_id = ${companyId} and store_id = any(${[...storeIds]}::text[]) order by store_id, id`.execute(db);
  for (const machine of machines.rows) {
    let figures: Figures = { ids: [], values: [] };
    await step(async (trx) => {
      figures = await figuresToFill(trx, companyId, machine.storeId, machine.id);
    });
    for (let k = 0; k < figures.ids.length; k += SMALL_CHUNK) await step((trx) => writeFigures(trx, companyId, figures, k, SMALL_CHUNK));
  }
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
