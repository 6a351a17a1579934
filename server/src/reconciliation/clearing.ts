import type { Kysely } from "kysely";
import { moveLegs, reversedLegs } from "@tumble/domain/cashLedger";
import { reconciliationRefusal } from "@tumble/domain/reconciliation";
import { ledgerAccountId } from "../cash/accounts.ts";
import { businessDateNow } from "../cash/dates.ts";
import { createEntry, legsOf } from "../cash/ledger.ts";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// What a bank match does to the ledger (docs/decisions/0026). A deposit moves cash from the safe
// to deposits in transit; when the bank line that received it is matched, the line's amount moves
// from deposits in transit into the bank account (deposit_clearing). Deposits in transit then
// holds exactly what has not reached the bank: a split deposit clears line by line, and a short
// one leaves its shortfall there until an approver posts the match group's difference to cash
// over/short (deposit_difference). Unmatching reverses both with new entries.

interface Line {
  id: string;
  accountId: string;
  date: string;
  description: string;
  amountCents: number;
  clearingId: string | null;
  settlementId: string | null;
}

async function linesById(db: Kysely<DB>, companyId: string, lineIds: readonly string[]): Promise<Line[]> {
  if (!lineIds.length) return [];
  const rows = await db
    .selectFrom("bankLines")
    .select(["id", "accountId", "date", "description", "amountCents", "clearingId", "settlementId"])
    .where("companyId", "=", companyId)
    .where("id", "in", [...lineIds])
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}

/** Posts the clearing of every given line that is matched and not yet cleared. */
export async function clearLines(db: Kysely<DB>, companyId: string, lineIds: readonly string[], actorId: string): Promise<void> {
  const lines = (await linesById(db, companyId, lineIds)).filter((l) => !l.clearingId);
  if (!lines.length) return;
  const transit = await ledgerAccountId(db, companyId, "deposits_in_transit");
  for (const line of lines) {
    const clearingId = await createEntry(db, {
      companyId,
      kind: "deposit_clearing",
      status: "approved",
      storeId: null,
      businessDate: line.date,
      legs: moveLegs(transit, line.accountId, line.amountCents),
      description: `Bank line ${line.date}: ${line.description}`.slice(0, 500),
      requestedBy: actorId,
    });
    await db.updateTable("bankLines").set({ clearingId }).where("companyId", "=", companyId).where("id", "=", line.id).execute();
  }
}

/** Undoes an entry with a new one linked to it, dated today. */
async function reverseEntry(db: Kysely<DB>, companyId: string, transactionId: string, actorId: string, now: Date, why: string): Promise<string> {
  const original = await db
    .selectFrom("cashTransactions")
    .select(["kind", "storeId"])
    .where("companyId", "=", companyId)
    .where("id", "=", transactionId)
    .executeTakeFirstOrThrow();
  return createEntry(db, {
    companyId,
    kind: original.kind as "deposit_clearing" | "deposit_difference",
    status: "approved",
    storeId: original.storeId,
    businessDate: await businessDateNow(db, companyId, original.storeId, now),
    legs: reversedLegs(await legsOf(db, companyId, transactionId)),
    description: `Reversal: ${why}`,
    requestedBy: actorId,
    reversesId: transactionId,
  });
}

/** Reverses the settlement of any match group the given lines belong to (the group changed, so its difference did). */
export async function reverseSettlements(db: Kysely<DB>, companyId: string, lineIds: readonly string[], actorId: string, now: Date): Promise<void> {
  const lines = await linesById(db, companyId, lineIds);
  const settlements = [...new Set(lines.map((l) => l.settlementId).filter((s): s is string => s !== null))];
  for (const settlementId of settlements) {
    await reverseEntry(db, companyId, settlementId, actorId, now, "bank match changed");
    await db.updateTable("bankLines").set({ settlementId: null }).where("companyId", "=", companyId).where("settlementId", "=", settlementId).execute();
  }
}

/** After matches were removed: reverses the group's settlement, and the clearing of each line left with no match. */
export async function unclearLines(db: Kysely<DB>, companyId: string, lineIds: readonly string[], actorId: string, now: Date): Promise<void> {
  await reverseSettlements(db, companyId, lineIds, actorId, now);
  const lines = await linesById(db, companyId, lineIds);
  const stillMatched = new Set(
    (
      await db
        .selectFrom("bankLineMatches")
        .select("bankLineId")
        .where("companyId", "=", companyId)
        .where(
          "bankLineId",
          "in",
          lines.map((l) => l.id),
        )
        .execute()
    ).map((m) => m.bankLineId),
  );
  for (const line of lines.filter((l) => l.clearingId && !stillMatched.has(l.id))) {
    await reverseEntry(db, companyId, line.clearingId!, actorId, now, "bank match removed");
    await db.updateTable("bankLines").set({ clearingId: null }).where("companyId", "=", companyId).where("id", "=", line.id).execute();
  }
}

export interface MatchGroup {
  lineIds: string[];
  depositIds: string[];
  linesCents: number;
  depositsCents: number;
  /** What the bank received less what the deposits carried: negative when short. */
  differenceCents: number;
  settlementId: string | null;
  storeIds: string[];
}

/** The lines and deposits linked to a line through matches, however many hops away. */
export async function matchGroup(db: Kysely<DB>, companyId: string, bankLineId: string): Promise<MatchGroup> {
  const lineIds = new Set([bankLineId]);
  const depositIds = new Set<string>();
  let frontier = [bankLineId];
  while (frontier.length) {
    const deposits = await db
      .selectFrom("bankLineMatches")
      .select("transactionId")
      .where("companyId", "=", companyId)
      .where("bankLineId", "in", frontier)
      .execute();
    const newDeposits = [...new Set(deposits.map((d) => d.transactionId))].filter((d) => !depositIds.has(d));
    newDeposits.forEach((d) => depositIds.add(d));
    if (!newDeposits.length) break;
    const lines = await db
      .selectFrom("bankLineMatches")
      .select("bankLineId")
      .where("companyId", "=", companyId)
      .where("transactionId", "in", newDeposits)
      .execute();
    frontier = [...new Set(lines.map((l) => l.bankLineId))].filter((l) => !lineIds.has(l));
    frontier.forEach((l) => lineIds.add(l));
  }
  const lines = await linesById(db, companyId, [...lineIds]);
  const deposits = depositIds.size
    ? await db
        .selectFrom("cashTransactions")
        .select(["amountCents", "storeId"])
        .where("companyId", "=", companyId)
        .where("id", "in", [...depositIds])
        .execute()
    : [];
  const linesCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const depositsCents = deposits.reduce((sum, d) => sum + Number(d.amountCents), 0);
  return {
    lineIds: [...lineIds].sort(),
    depositIds: [...depositIds].sort(),
    linesCents,
    depositsCents,
    differenceCents: linesCents - depositsCents,
    settlementId: lines.find((l) => l.settlementId)?.settlementId ?? null,
    storeIds: [...new Set(deposits.map((d) => d.storeId).filter((s): s is string => s !== null))],
  };
}

/** Each matched line's group difference (its group's lines less its deposits), from the matches in memory. */
export function groupDifferences(
  lines: ReadonlyArray<{ id: string; amountCents: number }>,
  deposits: ReadonlyArray<{ id: string; amountCents: number }>,
  matches: ReadonlyArray<{ lineId: string; depositId: string }>,
): Map<string, number> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const m of matches) parent.set(find(`l:${m.lineId}`), find(`d:${m.depositId}`));
  const totals = new Map<string, number>();
  const add = (key: string, cents: number) => totals.set(find(key), (totals.get(find(key)) ?? 0) + cents);
  for (const l of lines) if (parent.has(`l:${l.id}`)) add(`l:${l.id}`, l.amountCents);
  for (const d of deposits) if (parent.has(`d:${d.id}`)) add(`d:${d.id}`, -d.amountCents);
  const result = new Map<string, number>();
  for (const l of lines) if (parent.has(`l:${l.id}`)) result.set(l.id, totals.get(find(`l:${l.id}`)) ?? 0);
  return result;
}

/** Posts a match group's difference to cash over/short: a short deposit's loss, or an over deposit's gain. */
export async function settleGroup(db: Kysely<DB>, companyId: string, bankLineId: string, actorId: string, now: Date, reason: string | undefined) {
  const group = await matchGroup(db, companyId, bankLineId);
  if (!group.depositIds.length) throw refused(reconciliationRefusal("notSettleable"));
  if (group.settlementId) throw refused(reconciliationRefusal("settled"));
  if (group.differenceCents === 0) throw refused(reconciliationRefusal("noDifference"));
  const transit = await ledgerAccountId(db, companyId, "deposits_in_transit");
  const overShort = await ledgerAccountId(db, companyId, "cash_over_short");
  // Short (difference < 0): deposits in transit still holds the shortfall; it leaves as a loss.
  const legs = group.differenceCents < 0 ? moveLegs(transit, overShort, -group.differenceCents) : moveLegs(overShort, transit, group.differenceCents);
  const storeId = group.storeIds.length === 1 ? group.storeIds[0] : null;
  const settlementId = await createEntry(db, {
    companyId,
    kind: "deposit_difference",
    status: "approved",
    storeId,
    businessDate: await businessDateNow(db, companyId, storeId, now),
    legs,
    description: (reason
      ? `Bank deposit ${group.differenceCents < 0 ? "short" : "over"}: ${reason}`
      : `Bank deposit ${group.differenceCents < 0 ? "short" : "over"}`
    ).slice(0, 500),
    requestedBy: actorId,
  });
  await db.updateTable("bankLines").set({ settlementId }).where("companyId", "=", companyId).where("id", "in", group.lineIds).execute();
  return { transactionId: settlementId, differenceCents: group.differenceCents, lineIds: group.lineIds, depositIds: group.depositIds };
}
