import { sql, type Kysely } from "kysely";
import { allocateFifo, reconciliationRefusal } from "@tumble/domain/reconciliation";
import { storeAccountId } from "../cash/accounts.ts";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// Following a dollar: collection → its postings to the safe → the deposits that carried its cash
// → the bank lines that received them, and back. No one writes down which bills went into which
// bag, so deposits carry the safe's collections first in, first out (allocateFifo), both in ledger
// order; bank lines are linked to deposits by matching.

export type TraceStart = { collectionId: string } | { depositId: string } | { bankLineId: string };

export interface Piece {
  collectionId: string;
  depositId: string;
  cents: number;
}

/** The store's collections (by original collection, adjustments included) and deposits on its safe, and who carried what. */
async function safeFlows(db: Kysely<DB>, companyId: string, storeId: string) {
  const safe = await storeAccountId(db, companyId, storeId, "safe");
  const collections = await db
    .selectFrom("cashEntries as e")
    .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "e.companyId").onRef("t.id", "=", "e.transactionId"))
    .innerJoin("collections as c", (j) => j.onRef("c.companyId", "=", "t.companyId").onRef("c.id", "=", "t.collectionId"))
    .select([
      sql<string>`coalesce(c.adjusts_collection_id, c.id)`.as("collectionId"),
      sql<string>`sum(e.amount_cents)`.as("cents"),
      sql<string>`min(e.seq)`.as("firstSeq"),
      sql<string[]>`array_agg(t.id order by e.seq)`.as("postingIds"),
    ])
    .where("e.companyId", "=", companyId)
    .where("e.accountId", "=", safe)
    .where("e.seq", "is not", null)
    .where("t.kind", "in", ["collection", "collection_correction"])
    .groupBy(sql`coalesce(c.adjusts_collection_id, c.id)`)
    .orderBy(sql`min(e.seq)`)
    .execute();
  // Deposits that stand: approved, neither a reversal nor reversed.
  const deposits = await db
    .selectFrom("cashEntries as e")
    .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "e.companyId").onRef("t.id", "=", "e.transactionId"))
    .select(["t.id", "e.amountCents"])
    .where("e.companyId", "=", companyId)
    .where("e.accountId", "=", safe)
    .where("e.seq", "is not", null)
    .where("t.kind", "=", "deposit")
    .where("t.reversesId", "is", null)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom("cashTransactions as r").select("r.id").whereRef("r.companyId", "=", "t.companyId").whereRef("r.reversesId", "=", "t.id")),
      ),
    )
    .orderBy("e.seq")
    .execute();
  const pieces = allocateFifo(
    collections.map((c) => ({ id: c.collectionId, cents: Number(c.cents) })),
    deposits.map((d) => ({ id: d.id, cents: -Number(d.amountCents) })),
  );
  return { collections, pieces };
}

export async function trace(db: Kysely<DB>, companyId: string, start: TraceStart) {
  let storeIds: string[];
  if ("collectionId" in start) {
    const c = await db
      .selectFrom("collections")
      .select(["id", "storeId", "adjustsCollectionId"])
      .where("companyId", "=", companyId)
      .where("id", "=", start.collectionId)
      .executeTakeFirst();
    if (!c) throw refused(reconciliationRefusal("collectionNotFound"));
    storeIds = [c.storeId];
    start = { collectionId: c.adjustsCollectionId ?? c.id };
  } else if ("depositId" in start) {
    const d = await db
      .selectFrom("cashTransactions")
      .select(["storeId", "kind"])
      .where("companyId", "=", companyId)
      .where("id", "=", start.depositId)
      .executeTakeFirst();
    if (!d || d.kind !== "deposit") throw refused(reconciliationRefusal("depositNotFound"));
    storeIds = d.storeId ? [d.storeId] : [];
  } else {
    const line = await db.selectFrom("bankLines").select("id").where("companyId", "=", companyId).where("id", "=", start.bankLineId).executeTakeFirst();
    if (!line) throw refused(reconciliationRefusal("bankLineNotFound"));
    const stores = await db
      .selectFrom("bankLineMatches as m")
      .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "m.companyId").onRef("t.id", "=", "m.transactionId"))
      .select("t.storeId")
      .distinct()
      .where("m.companyId", "=", companyId)
      .where("m.bankLineId", "=", line.id)
      .execute();
    storeIds = stores.flatMap((s) => (s.storeId ? [s.storeId] : []));
  }

  const pieces: Piece[] = [];
  const postings = new Map<string, { postedCents: number; postingIds: string[] }>();
  for (const storeId of storeIds) {
    const flows = await safeFlows(db, companyId, storeId);
    pieces.push(...flows.pieces);
    for (const c of flows.collections) postings.set(c.collectionId, { postedCents: Number(c.cents), postingIds: c.postingIds });
  }
  // The chain: from the start, the pieces that touch it, then the deposits' bank lines.
  let chainPieces: Piece[];
  let depositIds: string[];
  let bankLineIds: string[] = [];
  if ("collectionId" in start) {
    const id = start.collectionId;
    chainPieces = pieces.filter((p) => p.collectionId === id);
    depositIds = [...new Set(chainPieces.map((p) => p.depositId))];
  } else if ("depositId" in start) {
    const id = start.depositId;
    chainPieces = pieces.filter((p) => p.depositId === id);
    depositIds = [id];
  } else {
    bankLineIds = [start.bankLineId];
    const matched = await db
      .selectFrom("bankLineMatches")
      .select("transactionId")
      .where("companyId", "=", companyId)
      .where("bankLineId", "=", start.bankLineId)
      .execute();
    depositIds = matched.map((m) => m.transactionId);
    chainPieces = pieces.filter((p) => depositIds.includes(p.depositId));
  }
  const collectionIds = "collectionId" in start ? [start.collectionId] : [...new Set(chainPieces.map((p) => p.collectionId))];

  const matches = depositIds.length
    ? await db
        .selectFrom("bankLineMatches")
        .select(["bankLineId", "transactionId"])
        .where("companyId", "=", companyId)
        .where("transactionId", "in", depositIds)
        .execute()
    : [];
  if (!("bankLineId" in start)) bankLineIds = [...new Set(matches.map((m) => m.bankLineId))];

  const collectionRows = collectionIds.length
    ? await db
        .selectFrom("collections")
        .select(["id", "storeId", "businessDate", "status"])
        .where("companyId", "=", companyId)
        .where("id", "in", collectionIds)
        .orderBy("businessDate")
        .orderBy("id")
        .execute()
    : [];
  const depositRows = depositIds.length
    ? await db
        .selectFrom("cashTransactions")
        .select(["id", "storeId", "businessDate", "amountCents", "bagNumber", "slipNumber", "status"])
        .where("companyId", "=", companyId)
        .where("id", "in", depositIds)
        .orderBy("businessDate")
        .orderBy("id")
        .execute()
    : [];
  const lineRows = bankLineIds.length
    ? await db
        .selectFrom("bankLines")
        .select(["id", "accountId", "date", "description", "amountCents"])
        .where("companyId", "=", companyId)
        .where("id", "in", bankLineIds)
        .orderBy("date")
        .orderBy("id")
        .execute()
    : [];
  const sum = (list: Piece[]) => list.reduce((s, p) => s + p.cents, 0);
  return {
    collections: collectionRows.map((c) => {
      const posted = postings.get(c.id);
      const deposited = sum(pieces.filter((p) => p.collectionId === c.id));
      return {
        collectionId: c.id,
        storeId: c.storeId,
        businessDate: c.businessDate,
        status: c.status,
        postedCents: posted?.postedCents ?? 0,
        postingIds: posted?.postingIds ?? [],
        depositedCents: deposited,
        /** Not carried by any deposit yet: still in the safe. */
        inSafeCents: Math.max(posted?.postedCents ?? 0, 0) - deposited,
      };
    }),
    deposits: depositRows.map((d) => ({
      depositId: d.id,
      storeId: d.storeId,
      businessDate: d.businessDate,
      status: d.status,
      amountCents: Number(d.amountCents),
      bagNumber: d.bagNumber,
      slipNumber: d.slipNumber,
      bankLineIds: matches.filter((m) => m.transactionId === d.id).map((m) => m.bankLineId),
    })),
    bankLines: lineRows.map((l) => ({
      bankLineId: l.id,
      accountId: l.accountId,
      date: l.date,
      description: l.description,
      amountCents: Number(l.amountCents),
    })),
    pieces: chainPieces,
  };
}
