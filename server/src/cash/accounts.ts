import { sql, type Kysely } from "kysely";
import { cashRefusal, DEFAULT_ACCOUNT_NAMES, STORE_ACCOUNT_KINDS, type LedgerAccountKind } from "@tumble/domain/cashLedger";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// Which accounts exist: every store has a safe, a change fund and petty cash; every company has
// its counterpart accounts. Both are made on first need (insert, or keep the one already there),
// so a store or company made by any path — the stores:create function, a seed, a migration —
// has them the moment money moves.

/** Opens a store's safe, change fund and petty cash (those it does not have yet). */
export async function ensureStoreAccounts(db: Kysely<DB>, companyId: string, storeId: string): Promise<void> {
  await db
    .insertInto("cashAccounts")
    .values(STORE_ACCOUNT_KINDS.map((kind) => ({ id: newId(), companyId, storeId, kind, name: DEFAULT_ACCOUNT_NAMES[kind], category: null })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A store's safe, change fund or petty cash, opened if needed. */
export async function storeAccountId(db: Kysely<DB>, companyId: string, storeId: string, kind: (typeof STORE_ACCOUNT_KINDS)[number]): Promise<string> {
  const find = () =>
    db.selectFrom("cashAccounts").select("id").where("companyId", "=", companyId).where("storeId", "=", storeId).where("kind", "=", kind).executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  await ensureStoreAccounts(db, companyId, storeId);
  const made = await find();
  if (!made) throw refused(cashRefusal("storeNotFound"));
  return made.id;
}

/** The company's counterpart account of a kind (expenses: of a category), opened if needed. */
export async function ledgerAccountId(db: Kysely<DB>, companyId: string, kind: LedgerAccountKind, category: string | null = null): Promise<string> {
  const find = () =>
    db
      .selectFrom("cashAccounts")
      .select("id")
      .where("companyId", "=", companyId)
      .where("kind", "=", kind)
      .where(sql<boolean>`category is not distinct from ${category}`)
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  const name = category ? `${DEFAULT_ACCOUNT_NAMES[kind]}: ${category}` : DEFAULT_ACCOUNT_NAMES[kind];
  await db
    .insertInto("cashAccounts")
    .values({ id: newId(), companyId, storeId: null, kind, name, category })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return (await find())!.id;
}
