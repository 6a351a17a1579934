import { sql, type Kysely } from "kysely";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { EXPENSE_CATEGORIES, type ExpenseCategory } from "@tumble/domain/cashLedger";
import { covered, ledgerLine, prorateToMonths, supersededBy, type FigureSource, type PnlLineKey, type StoreMonthInputs } from "@tumble/domain/economics";
import type { DB } from "../db/schema.ts";
import { costLines } from "../labourAnalytics/cost.ts";
import { storesOf } from "../labourAnalytics/read.ts";
import { latestToday, monthSpan, notChanger, payrollSpan, storeMonths } from "./pnl.ts";

// The entries behind one P&L figure of one month (a store's, or the company's): the collections,
// other revenue lines, ledger postings and bank bookings, bills (with the month's prorated share),
// recurring expenses and each employee's labour cost. A ledger or bank posting that gives way to a
// more specific record (decision 0074) is listed with counted false, so the drill-down explains
// the figure and what was left out of it.

export interface FigureEntry {
  source: FigureSource;
  /** The record's id (a collection, a ledger entry, a bill, a recurring expense, an employee). */
  id: string;
  /** Its business date, or the first day of a period it covers. */
  date: string;
  storeId: string | null;
  storeName: string | null;
  description: string;
  cents: number;
  /** Whether it counts in the figure (false: a posting superseded by bills, recurring rent or payroll). */
  counted: boolean;
}

export async function figureEntries(
  db: Kysely<DB>,
  companyId: string,
  storeId: string | null,
  month: string,
  line: PnlLineKey,
  settings: WorkforceSettings,
  now: number,
): Promise<FigureEntry[] | null> {
  const stores = await storesOf(db, companyId, storeId);
  if (storeId && !stores.length) return null;
  const ids = stores.map((s) => s.id);
  if (!ids.length) return [];
  const names = new Map(stores.map((s) => [s.id, s.name]));
  const span = monthSpan(month);
  const [kind, name] = line.split(":") as ["revenue" | "expense", string];
  const inStores = (column: string) => sql`${sql.ref(column)} in (${sql.join(ids)})`;
  const out: FigureEntry[] = [];
  const push = (e: Omit<FigureEntry, "storeName">) => out.push({ ...e, storeName: e.storeId ? (names.get(e.storeId) ?? null) : null });

  if (kind === "revenue" && name === "coins") {
    const rows = await sql<{ id: string; storeId: string; date: string; cents: string; adjusts: string | null }>`
      select c.id, c.store_id as "storeId", to_char(c.business_date, 'YYYY-MM-DD') as date, c.adjusts_collection_id as adjusts,
        sum(l.coins_cents + l.bills_cents) as cents
      from collections c join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
      where c.company_id = ${companyId} and c.status = 'verified' and ${inStores("c.store_id")}
        and c.business_date between ${span.from}::date and ${span.to}::date and ${notChanger("l", companyId)}
      group by c.id order by 3, 1`.execute(db);
    for (const r of rows.rows)
      push({
        source: "collections",
        id: r.id,
        date: r.date,
        storeId: r.storeId,
        description: r.adjusts ? "adjustment" : "collection",
        cents: Number(r.cents),
        counted: true,
      });
    return out;
  }
  if (kind === "revenue") {
    const rows = await sql<{ id: string; storeId: string; date: string; cents: number; note: string | null; machine: string | null }>`
      select o.id, o.store_id as "storeId", to_char(o.business_date, 'YYYY-MM-DD') as date, o.amount_cents as cents, o.note, m.label as machine
      from other_revenue o left join machines m on m.company_id = o.company_id and m.id = o.machine_id
      where o.company_id = ${companyId} and ${inStores("o.store_id")} and o.source = ${name}
        and o.business_date between ${span.from}::date and ${span.to}::date
      order by 3, 1`.execute(db);
    for (const r of rows.rows)
      push({
        source: "otherRevenue",
        id: r.id,
        date: r.date,
        storeId: r.storeId,
        description: [r.machine, r.note].filter(Boolean).join(" · "),
        cents: Number(r.cents),
        counted: true,
      });
    return out;
  }

  // Expenses: which postings count depends on what covers each store-month.
  const today = latestToday(stores, now);
  const inputs = await storeMonths(db, companyId, stores, storeId === null, span, settings, today);
  const coverage = new Map<string | null, ReturnType<typeof covered>>(inputs.map((r: StoreMonthInputs) => [r.storeId, covered(r, inputs)]));

  if (name === "electricity" || name === "gas" || name === "water_sewer") {
    const rows = await sql<{ id: string; storeId: string; start: string; end: string; cents: number; usage: number | null; unit: string | null }>`
      select b.id, b.store_id as "storeId", to_char(b.period_start, 'YYYY-MM-DD') as start, to_char(b.period_end, 'YYYY-MM-DD') as "end",
        b.amount_cents as cents, b.usage, b.unit
      from utility_bills b
      where b.company_id = ${companyId} and ${inStores("b.store_id")} and b.utility = ${name}
        and b.period_end >= ${span.from}::date and b.period_start <= ${span.to}::date
      order by 3, 1`.execute(db);
    for (const r of rows.rows) {
      const share = prorateToMonths(Number(r.cents), r.start, r.end).find((s) => s.month === month)?.cents ?? 0;
      const usage = r.usage !== null ? ` · ${r.usage} ${r.unit}` : "";
      push({ source: "bills", id: r.id, date: r.start, storeId: r.storeId, description: `${r.start} – ${r.end}${usage}`, cents: share, counted: true });
    }
    return out;
  }

  const recurringCategory = name === "rent" || name === "insurance" || name === "loan" || name === "other" ? name : null;
  if (recurringCategory) {
    const rows = await sql<{ id: string; storeId: string; description: string; cents: number }>`
      select x.id, x.store_id as "storeId", x.description, x.amount_cents as cents
      from recurring_expenses x
      where x.company_id = ${companyId} and ${inStores("x.store_id")} and x.category = ${recurringCategory}
        and x.from_month <= ${month} and coalesce(x.to_month, '9999-12') >= ${month}
      order by 1`.execute(db);
    for (const r of rows.rows)
      push({ source: "recurring", id: r.id, date: span.from, storeId: r.storeId, description: r.description, cents: Number(r.cents), counted: true });
  }

  if (name === "wages") {
    const byEmployee = new Map<string, { storeId: string; cents: number }>();
    const paid = payrollSpan(span, settings, today);
    for (const c of paid ? await costLines(db, companyId, stores, paid, settings) : []) {
      if (!c.costCents) continue;
      const key = `${c.employeeId}|${c.storeId}`;
      const e = byEmployee.get(key) ?? { storeId: c.storeId, cents: 0 };
      e.cents += c.costCents;
      byEmployee.set(key, e);
    }
    const employeeIds = [...new Set([...byEmployee.keys()].map((k) => k.split("|")[0]!))];
    const people = employeeIds.length
      ? await db.selectFrom("employees").select(["id", "name"]).where("companyId", "=", companyId).where("id", "in", employeeIds).execute()
      : [];
    const nameOf = new Map(people.map((p) => [p.id, p.name]));
    for (const [key, e] of byEmployee) {
      const employeeId = key.split("|")[0]!;
      push({
        source: "payroll",
        id: employeeId,
        date: span.from,
        storeId: e.storeId,
        description: nameOf.get(employeeId) ?? "",
        cents: e.cents,
        counted: true,
      });
    }
  }

  const categories = EXPENSE_CATEGORIES.filter((c: ExpenseCategory) => ledgerLine(c) === name);
  if (categories.length) {
    const rows = await sql<{ id: string; storeId: string | null; date: string; kind: string; description: string | null; payee: string | null; cents: string }>`
      select t.id, e.store_id as "storeId", to_char(e.business_date, 'YYYY-MM-DD') as date, t.kind, t.description, t.payee, sum(e.amount_cents) as cents
      from cash_entries e
      join cash_accounts a on a.company_id = e.company_id and a.id = e.account_id
      join cash_transactions t on t.company_id = e.company_id and t.id = e.transaction_id
      where e.company_id = ${companyId} and a.kind = 'expense' and e.seq is not null
        and coalesce(a.category, 'other') in (${sql.join(categories)})
        and e.business_date between ${span.from}::date and ${span.to}::date
        and ${storeId === null ? sql`(e.store_id is null or ${inStores("e.store_id")})` : inStores("e.store_id")}
      group by t.id, e.store_id, e.business_date order by 3, 1`.execute(db);
    for (const r of rows.rows) {
      const source = r.kind === "bank_entry" ? "bank" : "ledger";
      const cover = coverage.get(r.storeId) ?? { bills: false, rent: false, payroll: false };
      push({
        source,
        id: r.id,
        date: r.date,
        storeId: r.storeId,
        description: [r.payee, r.description].filter(Boolean).join(" · "),
        cents: Number(r.cents),
        counted: supersededBy(ledgerLine(name), cover) === null,
      });
    }
  }
  return out;
}
