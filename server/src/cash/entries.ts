import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

// Entries as the screens read them: the header, who asked and decided, and every line with its
// account's name.

export interface EntryFilters {
  status?: string;
  accountId?: string;
  storeId?: string;
  kind?: string;
  from?: string;
  to?: string;
  transactionIds?: string[];
  limit?: number;
}

export interface EntryLine {
  accountId: string;
  accountName: string;
  accountKind: string;
  amountCents: number;
  balanceAfterCents: number | null;
}

export interface Entry {
  _id: string;
  kind: string;
  status: string;
  amountCents: number;
  storeId: string | null;
  storeName: string | null;
  businessDate: string;
  description: string | null;
  category: string | null;
  payee: string | null;
  bagNumber: string | null;
  slipNumber: string | null;
  collectionId: string | null;
  countId: string | null;
  reversesId: string | null;
  reversedById: string | null;
  requestedBy: string | null;
  requestedByName: string | null;
  decidedBy: string | null;
  decidedByName: string | null;
  decisionReason: string | null;
  createdAt: number;
  decidedAt: number | null;
  lines: EntryLine[];
}

export async function listEntries(db: Kysely<DB>, companyId: string, f: EntryFilters): Promise<Entry[]> {
  let q = db
    .selectFrom("cashTransactions as t")
    .leftJoin("stores as s", (j) => j.onRef("s.id", "=", "t.storeId").onRef("s.companyId", "=", "t.companyId"))
    .leftJoin("users as r", "r.id", "t.requestedBy")
    .leftJoin("users as d", "d.id", "t.decidedBy")
    .leftJoin("cashTransactions as rev", (j) => j.onRef("rev.companyId", "=", "t.companyId").onRef("rev.reversesId", "=", "t.id"))
    .select([
      "t.id",
      "t.kind",
      "t.status",
      "t.amountCents",
      "t.storeId",
      "s.name as storeName",
      "t.businessDate",
      "t.description",
      "t.category",
      "t.payee",
      "t.bagNumber",
      "t.slipNumber",
      "t.collectionId",
      "t.countId",
      "t.reversesId",
      "rev.id as reversedById",
      "t.requestedBy",
      sql<string | null>`coalesce(r.name, r.email)`.as("requestedByName"),
      "t.decidedBy",
      sql<string | null>`coalesce(d.name, d.email)`.as("decidedByName"),
      "t.decisionReason",
      "t.createdAt",
      "t.decidedAt",
    ])
    .where("t.companyId", "=", companyId);
  if (f.status) q = q.where("t.status", "=", f.status);
  if (f.storeId) q = q.where("t.storeId", "=", f.storeId);
  if (f.kind) q = q.where("t.kind", "=", f.kind);
  if (f.from) q = q.where("t.businessDate", ">=", f.from);
  if (f.to) q = q.where("t.businessDate", "<=", f.to);
  if (f.transactionIds) q = q.where("t.id", "in", f.transactionIds.length ? f.transactionIds : [""]);
  if (f.accountId) {
    const accountId = f.accountId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("cashEntries as e")
          .select("e.id")
          .whereRef("e.companyId", "=", "t.companyId")
          .whereRef("e.transactionId", "=", "t.id")
          .where("e.accountId", "=", accountId),
      ),
    );
  }
  const rows = await q
    .orderBy("t.createdAt", "desc")
    .orderBy("t.id", "desc")
    .limit(f.limit ?? 500)
    .execute();
  const lines = await linesOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map(({ id, ...r }) => ({
    _id: id,
    ...r,
    amountCents: Number(r.amountCents),
    createdAt: new Date(r.createdAt).getTime(),
    decidedAt: r.decidedAt ? new Date(r.decidedAt).getTime() : null,
    lines: lines.get(id) ?? [],
  }));
}

/** The lines of these entries, each with its account's name, by entry. */
export async function linesOf(db: Kysely<DB>, companyId: string, transactionIds: string[]): Promise<Map<string, EntryLine[]>> {
  const byEntry = new Map<string, EntryLine[]>();
  if (!transactionIds.length) return byEntry;
  const rows = await db
    .selectFrom("cashEntries as e")
    .innerJoin("cashAccounts as a", (j) => j.onRef("a.companyId", "=", "e.companyId").onRef("a.id", "=", "e.accountId"))
    .select(["e.transactionId", "e.accountId", "a.name as accountName", "a.kind as accountKind", "e.amountCents", "e.balanceAfterCents"])
    .where("e.companyId", "=", companyId)
    .where("e.transactionId", "in", transactionIds)
    .orderBy("e.transactionId")
    .orderBy("e.amountCents")
    .execute();
  for (const r of rows) {
    const list = byEntry.get(r.transactionId) ?? [];
    list.push({
      accountId: r.accountId,
      accountName: r.accountName,
      accountKind: r.accountKind,
      amountCents: Number(r.amountCents),
      balanceAfterCents: r.balanceAfterCents === null ? null : Number(r.balanceAfterCents),
    });
    byEntry.set(r.transactionId, list);
  }
  return byEntry;
}
