import { sql } from "kysely";
import { daysBetween, type BankMapping } from "@tumble/domain/bankStatement";
import { todayIn } from "@tumble/domain/businessDate";
import { reconciliationRefusal } from "@tumble/domain/reconciliation";
import { accountOfCompany } from "../cash/access.ts";
import { businessDateNow } from "../cash/dates.ts";
import { isoDate } from "../db/isoDate.ts";
import type { QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { PAGE_SIZE_DEFAULT, pageOf } from "../runtime/paging.ts";
import { depositsById, unmatchedDeposits } from "./bank.ts";
import { lineBooked, standingBookings } from "./bankEntries.ts";
import { groupDifferences } from "./clearing.ts";

type LineRow = {
  id: string;
  date: string;
  description: string;
  amountCents: number | string | bigint;
  reference: string | null;
  source: string;
  clearingId: string | null;
  settlementId: string | null;
};

type DepositRow = Awaited<ReturnType<typeof unmatchedDeposits>>[number];

const LINE_COLUMNS = ["l.id", "l.date", "l.description", "l.amountCents", "l.reference", "l.source", "l.clearingId", "l.settlementId"] as const;

export async function bankAccountOf(ctx: QueryCtx<"isAdmin">, accountId: string) {
  const account = await accountOfCompany(ctx, accountId);
  if (account.kind !== "bank") throw refused(reconciliationRefusal("notBankAccount"));
  return account;
}

function depositView(now: Date) {
  return (d: DepositRow) => ({
    _id: d.id,
    businessDate: d.businessDate,
    amountCents: Number(d.amountCents),
    bagNumber: d.bagNumber,
    slipNumber: d.slipNumber,
    storeId: d.storeId,
    storeName: d.storeName,
    ageDays: daysBetween(d.businessDate, todayIn(d.timeZone ?? "UTC", now)),
  });
}

/** The given lines with their matches, their match group's difference and standing booking; and the deposits matched to them. */
async function describeLines(ctx: QueryCtx<"isAdmin">, lines: LineRow[]) {
  const companyId = ctx.company.id;
  const listed = lines.map((l) => l.id);
  const matches = listed.length
    ? await ctx.db
        .selectFrom("bankLineMatches")
        .select(["bankLineId", "transactionId", "automatic"])
        .where("companyId", "=", companyId)
        .where("bankLineId", "in", listed)
        .orderBy("transactionId")
        .execute()
    : [];
  const matchedIds = [...new Set(matches.map((m) => m.transactionId))];
  // A match group may reach lines beyond those listed (a deposit split with an older line).
  const groupMatches = matchedIds.length
    ? await ctx.db
        .selectFrom("bankLineMatches")
        .select(["bankLineId", "transactionId"])
        .where("companyId", "=", companyId)
        .where("transactionId", "in", matchedIds)
        .execute()
    : [];
  const outside = [...new Set(groupMatches.map((m) => m.bankLineId))].filter((l) => !listed.includes(l));
  const outsideLines = outside.length
    ? await ctx.db.selectFrom("bankLines").select(["id", "amountCents"]).where("companyId", "=", companyId).where("id", "in", outside).execute()
    : [];
  const matchedDeposits = matchedIds.length ? await depositsById(ctx.db, companyId, matchedIds) : [];
  const differences = groupDifferences(
    [...lines, ...outsideLines].map((l) => ({ id: l.id, amountCents: Number(l.amountCents) })),
    matchedDeposits.map((d) => ({ id: d.id, amountCents: Number(d.amountCents) })),
    groupMatches.map((m) => ({ lineId: m.bankLineId, depositId: m.transactionId })),
  );
  const bookings = await standingBookings(ctx.db, companyId, listed);
  const now = new Date(ctx.now);
  const today = await businessDateNow(ctx.db, companyId, null, now);
  const views = lines.map(({ id: lineId, amountCents, clearingId, settlementId, ...l }) => {
    const mine = matches.filter((m) => m.bankLineId === lineId);
    return {
      _id: lineId,
      ...l,
      date: isoDate(l.date),
      amountCents: Number(amountCents),
      ageDays: daysBetween(isoDate(l.date), today),
      depositIds: mine.map((m) => m.transactionId),
      automatic: mine.some((m) => m.automatic),
      differenceCents: differences.get(lineId) ?? null,
      clearingId,
      settlementId,
      /** The fee or interest entry booked from this line, while it stands. */
      booking: bookings.get(lineId) ?? null,
    };
  });
  return { views, matchedDeposits: matchedDeposits.map(depositView(now)) };
}

/** The account's lines (newest first) with their deposits, the remembered mapping, and the deposits still in transit with their age. */
export async function bankLinesOfAccount(ctx: QueryCtx<"isAdmin">, accountId: string) {
  const companyId = ctx.company.id;
  const account = await bankAccountOf(ctx, accountId);
  const lines = await ctx.db
    .selectFrom("bankLines as l")
    .select(LINE_COLUMNS)
    .where("l.companyId", "=", companyId)
    .where("l.accountId", "=", account.id)
    .orderBy("l.date", "desc")
    .orderBy("l.id")
    .limit(2000)
    .execute();
  const { views, matchedDeposits } = await describeLines(ctx, lines);
  const mapping = await rememberedMapping(ctx, companyId, account.id);
  const deposits = await unmatchedDeposits(ctx.db, companyId);
  return {
    mapping,
    lines: views,
    unmatchedDeposits: deposits.map(depositView(new Date(ctx.now))),
    matchedDeposits,
  };
}

/** "date:id" of the last line of a page. */
export const BANK_LINE_CURSOR = /^\d{4}-\d{2}-\d{2}:[a-z2-7]{32}$/;

export const BANK_LINE_VIEWS = ["all", "unmatched", "matched"] as const;

/**
 * The account's lines a page at a time, newest date first, then by id, each with the deposits
 * matched to it; of one view (matched: to a deposit or booked from the statement; unmatched:
 * neither) when given, and only its credits when asked. The next page starts after the cursor.
 */
export async function bankLinesPage(
  ctx: QueryCtx<"isAdmin">,
  args: { accountId: string; view?: (typeof BANK_LINE_VIEWS)[number]; credits?: boolean; cursor?: string; pageSize?: number },
) {
  const companyId = ctx.company.id;
  const account = await bankAccountOf(ctx, args.accountId);
  const pageSize = args.pageSize ?? PAGE_SIZE_DEFAULT;
  let q = ctx.db.selectFrom("bankLines as l").select(LINE_COLUMNS).where("l.companyId", "=", companyId).where("l.accountId", "=", account.id);
  const matched = sql<boolean>`(exists (select 1 from bank_line_matches m where m.company_id = l.company_id and m.bank_line_id = l.id) or ${lineBooked})`;
  if (args.view === "matched") q = q.where(matched);
  if (args.view === "unmatched") q = q.where(sql<boolean>`not ${matched}`);
  if (args.credits) q = q.where("l.amountCents", ">", 0);
  if (args.cursor) {
    const at = args.cursor.indexOf(":");
    q = q.where(sql<boolean>`(l.date, l.id) < (${args.cursor.slice(0, at)}::date, ${args.cursor.slice(at + 1)})`);
  }
  const lines = await q
    .orderBy("l.date", "desc")
    .orderBy("l.id", "desc")
    .limit(pageSize + 1)
    .execute();
  const shown = lines.slice(0, pageSize);
  const { views, matchedDeposits } = await describeLines(ctx, shown);
  const byId = new Map(matchedDeposits.map((d) => [d._id, d]));
  const rows = views.map((v) => ({ ...v, deposits: v.depositIds.flatMap((id) => byId.get(id) ?? []) }));
  return pageOf(
    lines.map((l, i) => ({ line: l, view: rows[i] })),
    pageSize,
    ({ line }) => `${isoDate(line.date)}:${line.id}`,
    ({ view }) => view,
  );
}

/** The column mapping remembered for an account's CSV statements, null before the first import. */
export async function rememberedMapping(ctx: Pick<QueryCtx, "db">, companyId: string, accountId: string): Promise<BankMapping | null> {
  const row = await ctx.db
    .selectFrom("bankMappings")
    .select("mapping")
    .where("companyId", "=", companyId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
  return (row?.mapping as BankMapping | undefined) ?? null;
}
