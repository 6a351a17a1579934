import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { newId } from "./ids.ts";

/** Records who changed what, with the row before and after, in the same transaction as the change. */
export async function audit(
  db: Kysely<DB>,
  entry: { companyId: string | null; actorId: string | null; action: string; entity: string; entityId: string; before?: unknown; after?: unknown },
): Promise<void> {
  await db
    .insertInto("auditLog")
    .values({
      id: newId(),
      companyId: entry.companyId,
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/**
 * An edit of one row: applies the fields `changes` names (nothing happens when it names none) and
 * audits the row before and after, shown through `show`.
 */
export async function auditedUpdate<S extends object, Row>(
  db: Kysely<DB>,
  who: { companyId: string; actorId: string },
  target: { entity: string; entityId: string; before: Row; show?: (row: Row) => unknown },
  changes: S,
  update: (set: Partial<S>) => Promise<Row>,
): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<S>;
  if (!Object.keys(set).length) return;
  const after = await update(set);
  const show = target.show ?? ((row: Row) => row);
  await audit(db, { ...who, action: "update", entity: target.entity, entityId: target.entityId, before: show(target.before), after: show(after) });
}
