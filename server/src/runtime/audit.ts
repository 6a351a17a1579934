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
