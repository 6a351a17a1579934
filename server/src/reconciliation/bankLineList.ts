import { daysBetween, type BankMapping } from "@tumble/domain/bankStatement";
import { todayIn } from "@tumble/domain/businessDate";
import { accountOfCompany } from "../cash/access.ts";
import { businessDateNow } from "../cash/dates.ts";
import type { QueryCtx } from "../runtime/define.ts";
import { AppError } from "../runtime/errors.ts";
import { depositsById, unmatchedDeposits } from "./bank.ts";
import { standingBookings } from "./bankEntries.ts";
import { groupDifferences } from "./clearing.ts";

/** The account's lines (newest first) with their deposits, the remembered mapping, and the deposits still in transit with their age. */
export async function bankLinesOfAccount(ctx: QueryCtx<"isAdmin">, accountId: string) {
  const companyId = ctx.company.id;
  const account = await accountOfCompany(ctx, accountId);
  if (account.kind !== "bank") throw new AppError("Choose a bank account");
  const lines = await ctx.db
    .selectFrom("bankLines")
    .select(["id", "date", "description", "amountCents", "reference", "source", "clearingId", "settlementId"])
    .where("companyId", "=", companyId)
    .where("accountId", "=", account.id)
    .orderBy("date", "desc")
    .orderBy("id")
    .limit(2000)
    .execute();
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
  const mapping = await ctx.db
    .selectFrom("bankMappings")
    .select("mapping")
    .where("companyId", "=", companyId)
    .where("accountId", "=", account.id)
    .executeTakeFirst();
  const deposits = await unmatchedDeposits(ctx.db, companyId);
  const bookings = await standingBookings(ctx.db, companyId, listed);
  const now = new Date(ctx.now);
  const today = await businessDateNow(ctx.db, companyId, null, now);
  const deposit = (d: Awaited<ReturnType<typeof unmatchedDeposits>>[number]) => ({
    _id: d.id,
    businessDate: d.businessDate,
    amountCents: Number(d.amountCents),
    bagNumber: d.bagNumber,
    slipNumber: d.slipNumber,
    storeId: d.storeId,
    storeName: d.storeName,
    ageDays: daysBetween(d.businessDate, todayIn(d.timeZone ?? "UTC", now)),
  });
  return {
    mapping: (mapping?.mapping as BankMapping | undefined) ?? null,
    lines: lines.map(({ id: lineId, amountCents, clearingId, settlementId, ...l }) => {
      const mine = matches.filter((m) => m.bankLineId === lineId);
      return {
        _id: lineId,
        ...l,
        amountCents: Number(amountCents),
        ageDays: daysBetween(l.date, today),
        depositIds: mine.map((m) => m.transactionId),
        automatic: mine.some((m) => m.automatic),
        differenceCents: differences.get(lineId) ?? null,
        clearingId,
        settlementId,
        /** The fee or interest entry booked from this line, while it stands. */
        booking: bookings.get(lineId) ?? null,
      };
    }),
    unmatchedDeposits: deposits.map(deposit),
    matchedDeposits: matchedDeposits.map(deposit),
  };
}
