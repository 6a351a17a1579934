import { sql } from "kysely";
import { reconciliationRefusal } from "@tumble/domain/reconciliation";
import { isoDate } from "../db/isoDate.ts";
import type { QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { PAGE_SIZE_DEFAULT } from "../runtime/paging.ts";

// The deposits a bank line can be matched to (issue 33), chosen on the server: the deposits in
// transit, and on request those already on another line (a deposit the bank split); filtered by
// the line's amount, a window of days around its date, and a search of bag, slip, store or amount;
// the likeliest first (the line's amount, then the nearest date). A page at a time with the total,
// so the match dialog says how many more there are instead of stopping at a cap. Without a line it
// is the deposits in transit, oldest first: the panel's table of them.

/** "same:days apart:business date:id" of the last deposit of a page. */
export const CANDIDATE_CURSOR = /^[01]:\d{1,6}:\d{4}-\d{2}-\d{2}:[a-z0-9]{1,64}$/;

export interface CandidateArgs {
  bankLineId?: string;
  search?: string;
  /** Only deposits at most this many days from the line's date. */
  windowDays?: number;
  /** Only deposits of the line's amount. */
  sameAmount?: boolean;
  /** Deposits already on another line too. */
  includeMatched?: boolean;
  cursor?: string;
  pageSize?: number;
}

/** "$1,234.5" → "1234.5": the part of a search that reads as an amount, or null. */
function amountText(search: string): string | null {
  const plain = search.replace(/[$,\s]/g, "");
  return /^\d+(\.\d{0,2})?$/.test(plain) ? plain : null;
}

export async function depositCandidates(ctx: QueryCtx<"isAdmin">, args: CandidateArgs) {
  const companyId = ctx.company.id;
  const line = args.bankLineId
    ? await ctx.db
        .selectFrom("bankLines")
        .select(["id", "date", "amountCents"])
        .where("companyId", "=", companyId)
        .where("id", "=", args.bankLineId)
        .executeTakeFirst()
    : null;
  if (args.bankLineId && !line) throw refused(reconciliationRefusal("bankLineNotFound"));
  const lineCents = line ? Number(line.amountCents) : 0;
  const matched = sql<boolean>`exists (select 1 from bank_line_matches m where m.company_id = t.company_id and m.transaction_id = t.id)`;
  const same = line ? sql<number>`(case when t.amount_cents = ${lineCents} then 0 else 1 end)` : sql<number>`0`;
  const apart = line ? sql<number>`abs(t.business_date - ${isoDate(line.date)}::date)` : sql<number>`0`;

  let q = ctx.db
    .selectFrom("cashTransactions as t")
    .leftJoin("stores as s", (j) => j.onRef("s.companyId", "=", "t.companyId").onRef("s.id", "=", "t.storeId"))
    .where("t.companyId", "=", companyId)
    .where("t.kind", "=", "deposit")
    .where("t.status", "=", "approved")
    .where("t.reversesId", "is", null)
    .where(sql<boolean>`not exists (select 1 from cash_transactions r where r.company_id = t.company_id and r.reverses_id = t.id)`);
  if (!line || !args.includeMatched) q = q.where(sql<boolean>`not ${matched}`);
  if (line) {
    q = q.where(
      sql<boolean>`not exists (select 1 from bank_line_matches m where m.company_id = t.company_id and m.transaction_id = t.id and m.bank_line_id = ${line.id})`,
    );
    if (args.sameAmount) q = q.where("t.amountCents", "=", lineCents);
    if (args.windowDays !== undefined) q = q.where(sql<boolean>`${apart} <= ${args.windowDays}`);
  }
  const search = args.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const amount = amountText(search);
    q = q.where((eb) =>
      eb.or([
        eb("t.bagNumber", "ilike", pattern),
        eb("t.slipNumber", "ilike", pattern),
        eb("s.name", "ilike", pattern),
        ...(amount ? [eb(sql<string>`to_char(t.amount_cents / 100.0, 'FM999999999990.00')`, "like", `${amount}%`)] : []),
      ]),
    );
  }
  const total = Number((await q.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst())?.n ?? 0);

  let page = q;
  if (args.cursor) {
    const [s, d, date, id] = args.cursor.split(":");
    page = line
      ? page.where(sql<boolean>`(${same}, ${apart}, t.business_date, t.id) > (${Number(s)}, ${Number(d)}, ${date}::date, ${id})`)
      : page.where(sql<boolean>`(t.business_date, t.id) > (${date}::date, ${id})`);
  }
  const pageSize = args.pageSize ?? PAGE_SIZE_DEFAULT;
  const now = new Date(ctx.now);
  // With a line, the line's amount first, then the nearest date; the deposits in transit by date.
  if (line) page = page.orderBy(same).orderBy(apart);
  const fetched = await page
    .select([
      "t.id",
      sql<string>`t.business_date::text`.as("businessDate"),
      "t.amountCents",
      "t.bagNumber",
      "t.slipNumber",
      "t.storeId",
      "s.name as storeName",
      sql<number>`(${now}::timestamptz at time zone coalesce(s.time_zone, 'UTC'))::date - t.business_date`.as("ageDays"),
      matched.as("matched"),
      same.as("same"),
      apart.as("apart"),
    ])
    .orderBy("t.businessDate")
    .orderBy("t.id")
    .limit(pageSize + 1)
    .execute();
  const rows = fetched.slice(0, pageSize);
  const last = rows[rows.length - 1];
  return {
    rows: rows.map((d) => ({
      _id: d.id,
      businessDate: d.businessDate,
      amountCents: Number(d.amountCents),
      bagNumber: d.bagNumber,
      slipNumber: d.slipNumber,
      storeId: d.storeId,
      storeName: d.storeName,
      ageDays: Number(d.ageDays),
      /** On another line already. */
      matched: Boolean(d.matched),
    })),
    nextCursor: fetched.length > pageSize ? `${Number(last.same)}:${Number(last.apart)}:${last.businessDate}:${last.id}` : null,
    /** Every deposit these filters keep, loaded or not. */
    total,
  };
}
