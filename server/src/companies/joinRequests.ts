import type { Kysely } from "kysely";
import { companyRefusal } from "@tumble/domain/companyRefusals";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { notify } from "../notifications/notify.ts";

// Admitting someone to a company and deciding their join request: companyJoinRequests:approveJoinRequest
// and employees:completeRegistration (which approves a self-registered employee's request) share it.

/** Makes the user a member with `role` (nothing when they already are); a first company becomes the active one. */
export async function admit(db: Kysely<DB>, companyId: string, userId: string, role: string): Promise<void> {
  invalidates(db, { userId });
  await db
    .insertInto("memberships")
    .values({ id: newId(), companyId, userId, role })
    .onConflict((oc) => oc.columns(["companyId", "userId"]).doNothing())
    .execute();
  await db.updateTable("users").set({ activeCompanyId: companyId }).where("id", "=", userId).where("activeCompanyId", "is", null).execute();
}

/** The company's pending join request, locked for the transaction; refuses one already decided. */
export async function pendingRequestOfCompany(db: Kysely<DB>, companyId: string, requestId: string) {
  const request = await db.selectFrom("joinRequests").selectAll().where("id", "=", requestId).where("companyId", "=", companyId).forUpdate().executeTakeFirst();
  if (!request) throw refused(companyRefusal("joinRequestNotFound"));
  if (request.status !== "PENDING") throw refused(companyRefusal("joinRequestDecided"));
  return request;
}

/** Approves a pending request with `role` (the caller checked they may grant it), admits the requester and audits. */
export async function approveRequest(db: Kysely<DB>, input: { companyId: string; requestId: string; role: string; actorId: string }): Promise<void> {
  const request = await pendingRequestOfCompany(db, input.companyId, input.requestId);
  await db
    .updateTable("joinRequests")
    .set({ status: "APPROVED", decidedBy: input.actorId, updatedAt: new Date() })
    .where("companyId", "=", input.companyId)
    .where("id", "=", input.requestId)
    .execute();
  await admit(db, request.companyId, request.userId, input.role);
  await notify(db, {
    companyId: input.companyId,
    userId: request.userId,
    kind: "joinRequest.approved",
    params: { role: input.role },
    link: "/user/company-info",
  });
  await audit(db, {
    companyId: input.companyId,
    actorId: input.actorId,
    action: "approve",
    entity: "joinRequest",
    entityId: input.requestId,
    before: { status: "PENDING" },
    after: { status: "APPROVED", role: input.role },
  });
}
