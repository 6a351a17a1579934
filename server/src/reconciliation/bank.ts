import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { autoMatch, type StatementLine } from "@tumble/domain/bankStatement";
import { lineBooked } from "./bankEntries.ts";
import type { DB } from "../db/schema.ts";

// Bank statement lines: a stable fingerprint per line so overlapping statements never add a line
// twice, and automatic matching of deposits to credit lines. Statements are read by ofx.ts (OFX)
// and the domain's CSV reader, through server/src/fileReading.

/**
 * The line's fingerprint: the bank's own id when it gives one; otherwise date, amount, description
 * and reference, with the line's rank among identical lines of its statement, so two equal deposits
 * on one day stay two lines and the same statement imported again adds none.
 */
export function fingerprints(lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    let key: string;
    if (l.bankId) key = `id|${l.bankId}`;
    else {
      const base = `${l.date}|${l.amountCents}|${l.description.replace(/\s+/g, " ").trim().toUpperCase()}|${(l.reference ?? "").trim().toUpperCase()}`;
      const rank = (seen.get(base) ?? 0) + 1;
      seen.set(base, rank);
      key = `line|${base}|${rank}`;
    }
    return createHash("sha256").update(key).digest("hex");
  });
}

/** Matches the company's unmatched deposits to unmatched credit lines of the account; returns the pairs made. */
export async function autoMatchAccount(db: Kysely<DB>, companyId: string, accountId: string, windowDays: number, actorId: string) {
  const lines = await db
    .selectFrom("bankLines as l")
    .select(["l.id", "l.date", "l.amountCents", "l.description", "l.reference"])
    .where("l.companyId", "=", companyId)
    .where("l.accountId", "=", accountId)
    .where("l.amountCents", ">", 0)
    .where(sql<boolean>`not ${lineBooked}`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom("bankLineMatches as m").select("m.bankLineId").whereRef("m.companyId", "=", "l.companyId").whereRef("m.bankLineId", "=", "l.id"),
        ),
      ),
    )
    .execute();
  if (!lines.length) return [];
  const deposits = await unmatchedDeposits(db, companyId);
  const pairs = autoMatch(
    deposits.map((d) => ({ id: d.id, date: d.businessDate, amountCents: Number(d.amountCents), bagNumber: d.bagNumber, slipNumber: d.slipNumber })),
    lines.map((l) => ({ id: l.id, date: l.date, amountCents: Number(l.amountCents), description: l.description, reference: l.reference })),
    windowDays,
  );
  if (pairs.length)
    await db
      .insertInto("bankLineMatches")
      .values(pairs.map((p) => ({ companyId, bankLineId: p.lineId, transactionId: p.depositId, automatic: true, matchedBy: actorId })))
      .execute();
  return pairs;
}

function deposits(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom("cashTransactions as t")
    .leftJoin("stores as s", (j) => j.onRef("s.companyId", "=", "t.companyId").onRef("s.id", "=", "t.storeId"))
    .select(["t.id", "t.businessDate", "t.amountCents", "t.bagNumber", "t.slipNumber", "t.storeId", "s.name as storeName", "s.timeZone"])
    .where("t.companyId", "=", companyId);
}

/** The given deposits with their store, oldest first. */
export function depositsById(db: Kysely<DB>, companyId: string, ids: string[]) {
  return deposits(db, companyId).where("t.id", "in", ids).orderBy("t.businessDate").orderBy("t.id").execute();
}

/** Approved deposits, neither reversed nor reversals, matched to no line: the money still in transit. */
export function unmatchedDeposits(db: Kysely<DB>, companyId: string) {
  return deposits(db, companyId)
    .where("t.kind", "=", "deposit")
    .where("t.status", "=", "approved")
    .where("t.reversesId", "is", null)
    .where((eb) =>
      eb.and([
        eb.not(
          eb.exists(eb.selectFrom("cashTransactions as r").select("r.id").whereRef("r.companyId", "=", "t.companyId").whereRef("r.reversesId", "=", "t.id")),
        ),
        eb.not(
          eb.exists(
            eb.selectFrom("bankLineMatches as m").select("m.bankLineId").whereRef("m.companyId", "=", "t.companyId").whereRef("m.transactionId", "=", "t.id"),
          ),
        ),
      ]),
    )
    .orderBy("t.businessDate")
    .orderBy("t.id")
    .execute();
}
