import { sql, type Kysely } from "kysely";
import { startOfBusinessDay } from "@tumble/domain/businessDate";
import { expectedClosing, figureOf, FIGURES, reconciliationRefusal, type Figure } from "@tumble/domain/reconciliation";
import { storeAccountId } from "../cash/accounts.ts";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// A store's reconciliation for a period, read from the ledger (docs/decisions/0025). The account
// reconciled is the store's safe, where collections land and deposits, draws and transfers leave.
// Only approved lines count. The variance postings of counts that close a period are left out:
// the counted closing already carries them.

export interface FigureLines {
  cents: number;
  entryIds: string[];
}

export interface ClosingCount {
  countId: string;
  status: string;
  startedAt: number;
  countedCents: number;
  /** Safe lines dated after the period but posted before the count started: the count holds them. */
  afterPeriodCents: number;
  afterPeriodEntryIds: string[];
  /** Safe lines dated in or before the period but posted after the count started: the count does not hold them yet. */
  lateCents: number;
  lateEntryIds: string[];
  /** countedCents − afterPeriodCents + lateCents: what the safe held at the period's end. */
  countedClosingCents: number;
}

export interface Reconciliation {
  storeId: string;
  accountId: string;
  from: string;
  to: string;
  opening: { cents: number; source: "closedPeriod" | "ledger"; reconciliationId: string | null; entryIds: string[] };
  figures: Record<Figure, FigureLines>;
  expectedClosingCents: number;
  count: ClosingCount | null;
  varianceCents: number | null;
}

export interface StoreRow {
  id: string;
  name: string;
  timeZone: string;
}

export async function storeOf(db: Kysely<DB>, companyId: string, storeId: string, lock = false): Promise<StoreRow> {
  let q = db.selectFrom("stores").select(["id", "name", "timeZone"]).where("companyId", "=", companyId).where("id", "=", storeId);
  if (lock) q = q.forUpdate();
  const store = await q.executeTakeFirst();
  if (!store) throw refused(reconciliationRefusal("storeNotFound"));
  return store;
}

export function checkRange(from: string, to: string): void {
  if (from > to) throw refused(reconciliationRefusal("fromAfterTo"));
  if (Date.parse(to) - Date.parse(from) > 365 * 86_400_000) throw refused(reconciliationRefusal("tooLong"));
}

const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
export { dayAfter };

/** The latest closed period of the store ending before `from`. */
export async function previousClosed(db: Kysely<DB>, companyId: string, storeId: string, from: string) {
  return db
    .selectFrom("reconciliations")
    .select(["id", "fromDate", "toDate", "countedClosingCents"])
    .where("companyId", "=", companyId)
    .where("storeId", "=", storeId)
    .where("status", "=", "closed")
    .where("toDate", "<", from)
    .orderBy("toDate", "desc")
    .limit(1)
    .executeTakeFirst();
}

interface SafeLine {
  transactionId: string;
  kind: string;
  countId: string | null;
  amountCents: number;
}

/** The safe's approved lines dated in [from, to] (either end open), less closing counts' variance postings. */
interface LineRange {
  from?: string;
  to?: string;
  postedBefore?: Date;
  postedFrom?: Date;
}

function safeLinesQuery(db: Kysely<DB>, companyId: string, storeId: string, accountId: string, range: LineRange) {
  let q = db
    .selectFrom("cashEntries as e")
    .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "e.companyId").onRef("t.id", "=", "e.transactionId"))
    .where("e.companyId", "=", companyId)
    .where("e.accountId", "=", accountId)
    .where("e.seq", "is not", null)
    .where((eb) =>
      eb.or([
        eb("t.countId", "is", null),
        eb.not(
          eb.exists(
            eb
              .selectFrom("reconciliations as r")
              .select("r.id")
              .whereRef("r.companyId", "=", "t.companyId")
              .whereRef("r.countId", "=", "t.countId")
              .where("r.storeId", "=", storeId)
              .where("r.status", "=", "closed"),
          ),
        ),
      ]),
    );
  if (range.from) q = q.where("e.businessDate", ">=", range.from);
  if (range.to) q = q.where("e.businessDate", "<=", range.to);
  if (range.postedBefore) q = q.where("e.postedAt", "<", range.postedBefore);
  if (range.postedFrom) q = q.where("e.postedAt", ">=", range.postedFrom);
  return q;
}

async function safeLines(db: Kysely<DB>, companyId: string, storeId: string, accountId: string, range: LineRange): Promise<SafeLine[]> {
  const rows = await safeLinesQuery(db, companyId, storeId, accountId, range)
    .select(["e.transactionId", "t.kind", "t.countId", "e.amountCents"])
    .orderBy("e.businessDate")
    .orderBy("e.seq")
    .execute();
  return rows.map((r) => ({ transactionId: r.transactionId, kind: r.kind, countId: r.countId, amountCents: Number(r.amountCents) }));
}

/** The same lines' sum, without reading them: the opening of a store's first period is its whole history before it. */
async function safeSum(db: Kysely<DB>, companyId: string, storeId: string, accountId: string, range: { from?: string; to?: string }): Promise<number> {
  const row = await safeLinesQuery(db, companyId, storeId, accountId, range)
    .select((eb) => eb.fn.sum<string | null>("e.amountCents").as("cents"))
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

const total = (lines: SafeLine[]) => lines.reduce((sum, l) => sum + l.amountCents, 0);
const ids = (lines: SafeLine[]) => [...new Set(lines.map((l) => l.transactionId))];

/** The count that closes the period: the one given, or the first of the safe taken on or after its last day. */
async function closingCount(db: Kysely<DB>, companyId: string, store: StoreRow, accountId: string, to: string, countId: string | undefined) {
  let q = db.selectFrom("physicalCounts").select(["id", "accountId", "status", "startedAt", "countedCents"]).where("companyId", "=", companyId);
  if (countId) q = q.where("id", "=", countId);
  else
    q = q
      .where("accountId", "=", accountId)
      .where("status", "in", ["submitted", "accepted"])
      .where("startedAt", ">=", new Date(startOfBusinessDay(to, store.timeZone)))
      .orderBy("startedAt")
      .orderBy("id")
      .limit(1);
  const count = await q.executeTakeFirst();
  if (!count) {
    if (countId) throw refused(reconciliationRefusal("countNotFound"));
    return null;
  }
  if (count.accountId !== accountId) throw refused(reconciliationRefusal("countNotSafe"));
  if (count.status !== "submitted" && count.status !== "accepted") throw refused(reconciliationRefusal("countNotSubmitted"));
  const startedAt = new Date(count.startedAt);
  if (startedAt.getTime() < startOfBusinessDay(to, store.timeZone)) throw refused(reconciliationRefusal("countTooEarly", { to }));
  return { id: count.id, status: count.status, startedAt, countedCents: Number(count.countedCents) };
}

/** The period's figures, each with its entries, the closing count and the variance. */
export async function reconcile(db: Kysely<DB>, companyId: string, store: StoreRow, from: string, to: string, countId?: string): Promise<Reconciliation> {
  checkRange(from, to);
  const accountId = await storeAccountId(db, companyId, store.id, "safe");
  const previous = await previousClosed(db, companyId, store.id, from);
  let opening: Reconciliation["opening"];
  if (previous) {
    // Days between the closed period and this one (none when they are contiguous) carry on from its counted closing.
    const gap =
      previous.toDate < dayBefore(from) ? await safeLines(db, companyId, store.id, accountId, { from: dayAfter(previous.toDate), to: dayBefore(from) }) : [];
    opening = { cents: Number(previous.countedClosingCents) + total(gap), source: "closedPeriod", reconciliationId: previous.id, entryIds: ids(gap) };
  } else {
    // The whole history before the period: summed in the database, not listed (years of lines).
    opening = { cents: await safeSum(db, companyId, store.id, accountId, { to: dayBefore(from) }), source: "ledger", reconciliationId: null, entryIds: [] };
  }
  const lines = await safeLines(db, companyId, store.id, accountId, { from, to });
  const figures = Object.fromEntries(FIGURES.map((f) => [f, { cents: 0, entryIds: [] as string[] }])) as Record<Figure, FigureLines>;
  for (const line of lines) {
    const figure = figures[figureOf(line.kind)];
    figure.cents += line.amountCents;
    if (!figure.entryIds.includes(line.transactionId)) figure.entryIds.push(line.transactionId);
  }
  const expectedClosingCents = expectedClosing(opening.cents, Object.fromEntries(FIGURES.map((f) => [f, figures[f].cents])) as Record<Figure, number>);
  const found = await closingCount(db, companyId, store, accountId, to, countId);
  let count: ClosingCount | null = null;
  if (found) {
    const notThisCount = (lines: SafeLine[]) => lines.filter((l) => l.countId !== found.id);
    // The count saw the safe as the ledger stood when it started: less what was posted before it
    // for later days, plus what was posted after it for this period (a draw approved after the count).
    const after = notThisCount(await safeLines(db, companyId, store.id, accountId, { from: dayAfter(to), postedBefore: found.startedAt }));
    const late = notThisCount(await safeLines(db, companyId, store.id, accountId, { from, to, postedFrom: found.startedAt }));
    count = {
      countId: found.id,
      status: found.status,
      startedAt: found.startedAt.getTime(),
      countedCents: found.countedCents,
      afterPeriodCents: total(after),
      afterPeriodEntryIds: ids(after),
      lateCents: total(late),
      lateEntryIds: ids(late),
      countedClosingCents: found.countedCents - total(after) + total(late),
    };
  }
  return {
    storeId: store.id,
    accountId,
    from,
    to,
    opening,
    figures,
    expectedClosingCents,
    count,
    varianceCents: count ? count.countedClosingCents - expectedClosingCents : null,
  };
}

/** Whether any entry of the store dated in the period still waits for a decision. */
export async function hasPendingIn(db: Kysely<DB>, companyId: string, storeId: string, from: string, to: string): Promise<boolean> {
  const row = await db
    .selectFrom("cashTransactions")
    .select(sql<number>`1`.as("one"))
    .where("companyId", "=", companyId)
    .where("storeId", "=", storeId)
    .where("status", "=", "pending")
    .where("businessDate", ">=", from)
    .where("businessDate", "<=", to)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
