import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { newId } from "../runtime/ids.ts";

/** The store's safe account, made on first use. */
export async function safeAccountId(db: Kysely<DB>, companyId: string, storeId: string): Promise<string> {
  const existing = await db
    .selectFrom("cashAccounts")
    .select("id")
    .where("companyId", "=", companyId)
    .where("storeId", "=", storeId)
    .where("kind", "=", "safe")
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = newId();
  await db
    .insertInto("cashAccounts")
    .values({ id, companyId, storeId, kind: "safe", name: "Safe" })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const row = await db
    .selectFrom("cashAccounts")
    .select("id")
    .where("companyId", "=", companyId)
    .where("storeId", "=", storeId)
    .where("kind", "=", "safe")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A verified collection (or adjustment) enters the safe as an approved transaction. */
export async function postToSafe(
  db: Kysely<DB>,
  entry: { companyId: string; storeId: string; collectionId: string; amountCents: number; actorId: string; description: string },
): Promise<void> {
  const accountId = await safeAccountId(db, entry.companyId, entry.storeId);
  await db
    .insertInto("cashTransactions")
    .values({
      id: newId(),
      companyId: entry.companyId,
      accountId,
      kind: "collection",
      amountCents: entry.amountCents,
      status: "approved",
      collectionId: entry.collectionId,
      description: entry.description,
      requestedBy: entry.actorId,
      approvedBy: entry.actorId,
      approvedAt: new Date(),
    })
    .execute();
}
