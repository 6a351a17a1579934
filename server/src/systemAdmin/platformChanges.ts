import { sql, type Kysely } from "kysely";
import type { SystemRole } from "@tumble/domain/permissions";
import { globalRoleGivesPower, twoPersonRefusal, type PlatformChangeKind, type PlatformChangeStatus } from "@tumble/domain/twoPersonRules";
import { approvalThresholdCents, writeApprovalThreshold } from "../balanceAdmin/adjustments.ts";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";

// Two-person rules on the platform (issue 32, docs/decisions/0060-two-person-rules.md). One system
// administrator alone could post a $990,000 balance adjustment by raising the approval threshold,
// or by making a second account of theirs an admin to approve it. So what gives power waits for a
// second administrator as a pending change (platform_changes, migration 0047):
// - a global role given to an account without one, or SUPER_ADMIN to one without it (only another
//   super administrator approves that); taking a role away or moving between the equal system
//   roles applies at once;
// - a higher balance-adjustment threshold; a lower one applies at once.
// The requester never approves their own change, nor the account a role is for; the database
// refuses it too (platform_changes_second_admin). The last administrator who can sign in keeps
// the role: neither they nor anyone else removes it (or disables them) while nobody else holds one.
// The first administrator of an installation comes from `npm run admin -- create EMAIL` (cli/admin.ts).

export interface PlatformActor {
  id: string;
  isSuperAdmin: boolean;
}

const fail = (key: Parameters<typeof twoPersonRefusal>[0]): never => {
  throw refused(twoPersonRefusal(key));
};

/**
 * Locks every account holding a global role (in id order, so two callers never wait on each other
 * crosswise) and returns the ones that can sign in. Whoever removes or disables an admin holds
 * these rows until the end of the transaction: two removals at once are decided one after the other.
 */
async function lockActiveAdmins(db: Kysely<DB>): Promise<string[]> {
  const admins = await db.selectFrom("users").select("id").where("globalRole", "is not", null).orderBy("id").forUpdate().execute();
  if (!admins.length) return [];
  const disabled = new Set(
    (
      await db
        .selectFrom("userDisablements")
        .select("userId")
        .where(
          "userId",
          "in",
          admins.map((a) => a.id),
        )
        .execute()
    ).map((d) => d.userId),
  );
  return admins.map((a) => a.id).filter((id) => !disabled.has(id));
}

/** Refuses taking `userId` out of the administrators who can sign in when nobody else would be left. */
export async function refuseLastAdmin(db: Kysely<DB>, userId: string): Promise<void> {
  const active = await lockActiveAdmins(db);
  if (active.includes(userId) && active.length <= 1) fail("lastPlatformAdmin");
}

/** Withdraws a grant waiting for the account: a role changed directly replaces it. */
async function withdrawPendingGrant(db: Kysely<DB>, actorId: string, userId: string, now: Date): Promise<void> {
  const withdrawn = await db
    .updateTable("platformChanges")
    .set({ status: "rejected", decidedBy: actorId, decidedAt: now, decisionReason: "Withdrawn: the account's role was changed" })
    .where("targetUserId", "=", userId)
    .where("status", "=", "pending")
    .returning("id")
    .execute();
  for (const w of withdrawn)
    await audit(db, { companyId: null, actorId, action: "withdraw", entity: "platformChange", entityId: w.id, after: { status: "rejected" } });
}

async function writeGlobalRole(db: Kysely<DB>, userId: string, role: SystemRole | null): Promise<void> {
  await db.updateTable("users").set({ globalRole: role }).where("id", "=", userId).execute();
  invalidates(db, { userId });
}

/** The answer to a change: applied now, or waiting for a second administrator (its id). */
export type ChangeOutcome = { status: "applied"; changeId: null } | { status: "pending"; changeId: string };

/**
 * Gives, changes or takes an account's global role. What gives power becomes a pending change;
 * the rest applies now, the last administrator keeping theirs. The caller checked the super
 * administrator rule and the last super administrator.
 */
export async function changeGlobalRole(
  db: Kysely<DB>,
  actor: PlatformActor,
  target: { id: string; globalRole: string | null },
  role: SystemRole | null,
  now: Date,
): Promise<ChangeOutcome> {
  if (globalRoleGivesPower(target.globalRole, role)) {
    const changeId = newId();
    const inserted = await db
      .insertInto("platformChanges")
      .values({
        id: changeId,
        kind: "globalRole",
        targetUserId: target.id,
        globalRole: role,
        beforeGlobalRole: target.globalRole,
        requestedBy: actor.id,
        requestedAt: now,
      })
      // One grant waits per account (platform_changes_one_per_account): a second one is refused, even at the same moment.
      .onConflict((oc) =>
        oc
          .column("targetUserId")
          .where(sql<boolean>`status = 'pending'`)
          .doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    if (!inserted) fail("changePending");
    await audit(db, {
      companyId: null,
      actorId: actor.id,
      action: "requestGlobalRole",
      entity: "user",
      entityId: target.id,
      before: { globalRole: target.globalRole },
      after: { globalRole: role, status: "pending", changeId },
    });
    return { status: "pending", changeId };
  }
  if (role === null) await refuseLastAdmin(db, target.id);
  await writeGlobalRole(db, target.id, role);
  await withdrawPendingGrant(db, actor.id, target.id, now);
  await audit(db, {
    companyId: null,
    actorId: actor.id,
    action: "setGlobalRole",
    entity: "user",
    entityId: target.id,
    before: { globalRole: target.globalRole },
    after: { globalRole: role },
  });
  return { status: "applied", changeId: null };
}

/** Sets the balance-adjustment threshold: a lower (or equal) one now, a higher one as a pending change. */
export async function changeApprovalThreshold(db: Kysely<DB>, actor: PlatformActor, cents: number, now: Date): Promise<ChangeOutcome> {
  const before = await approvalThresholdCents(db);
  if (cents > before) {
    const changeId = newId();
    const inserted = await db
      .insertInto("platformChanges")
      .values({ id: changeId, kind: "approvalThreshold", thresholdCents: cents, beforeThresholdCents: before, requestedBy: actor.id, requestedAt: now })
      .onConflict((oc) =>
        oc
          .column("kind")
          .where(sql<boolean>`status = 'pending' and kind = 'approvalThreshold'`)
          .doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    if (!inserted) fail("changePending");
    await audit(db, {
      companyId: null,
      actorId: actor.id,
      action: "requestThreshold",
      entity: "balanceAdminSettings",
      entityId: "approvalThresholdCents",
      before: { approvalThresholdCents: before },
      after: { approvalThresholdCents: cents, status: "pending", changeId },
    });
    return { status: "pending", changeId };
  }
  await writeApprovalThreshold(db, cents, actor.id, now);
  await audit(db, {
    companyId: null,
    actorId: actor.id,
    action: "update",
    entity: "balanceAdminSettings",
    entityId: "approvalThresholdCents",
    before: { approvalThresholdCents: before },
    after: { approvalThresholdCents: cents },
  });
  return { status: "applied", changeId: null };
}

/** The pending change, locked until the transaction ends: a second decision waits, then sees the first. */
async function lockedPending(db: Kysely<DB>, changeId: string) {
  const row = await db.selectFrom("platformChanges").selectAll().where("id", "=", changeId).forUpdate().executeTakeFirst();
  if (!row) fail("changeNotFound");
  if (row!.status !== "pending") fail("changeNotPending");
  return row!;
}

/** Approves another administrator's pending change and applies it. */
export async function approveChange(db: Kysely<DB>, actor: PlatformActor, changeId: string, now: Date): Promise<void> {
  const change = await lockedPending(db, changeId);
  if (change.requestedBy === actor.id) fail("ownPlatformChange");
  if (change.targetUserId === actor.id) fail("grantToApprover");
  if (change.kind === "globalRole") {
    if (change.globalRole === "SUPER_ADMIN" && !actor.isSuperAdmin) fail("superApprovesSuper");
    await writeGlobalRole(db, change.targetUserId!, change.globalRole as SystemRole);
  } else {
    await writeApprovalThreshold(db, Number(change.thresholdCents), actor.id, now);
  }
  await db.updateTable("platformChanges").set({ status: "approved", decidedBy: actor.id, decidedAt: now }).where("id", "=", change.id).execute();
  await audit(db, {
    companyId: null,
    actorId: actor.id,
    action: "approve",
    entity: "platformChange",
    entityId: change.id,
    before: { status: "pending" },
    after: {
      status: "approved",
      kind: change.kind,
      ...(change.kind === "globalRole"
        ? { userId: change.targetUserId, globalRole: change.globalRole }
        : { approvalThresholdCents: Number(change.thresholdCents) }),
    },
  });
}

/** Rejects a pending change: any administrator, the requester too (withdrawing it). */
export async function rejectChange(db: Kysely<DB>, actor: PlatformActor, changeId: string, reason: string | null, now: Date): Promise<void> {
  const change = await lockedPending(db, changeId);
  await db
    .updateTable("platformChanges")
    .set({ status: "rejected", decidedBy: actor.id, decidedAt: now, decisionReason: reason })
    .where("id", "=", change.id)
    .execute();
  await audit(db, {
    companyId: null,
    actorId: actor.id,
    action: "reject",
    entity: "platformChange",
    entityId: change.id,
    before: { status: "pending" },
    after: { status: "rejected", reason },
  });
}

export interface PlatformChange {
  id: string;
  kind: PlatformChangeKind;
  status: PlatformChangeStatus;
  targetUserId: string | null;
  targetEmail: string | null;
  targetName: string | null;
  globalRole: SystemRole | null;
  beforeGlobalRole: SystemRole | null;
  thresholdCents: number | null;
  beforeThresholdCents: number | null;
  requestedBy: string;
  requestedByName: string | null;
  requestedAt: string;
  decidedByName: string | null;
  decidedAt: string | null;
  decisionReason: string | null;
  /** Whether the caller may approve it: pending, neither theirs nor for them, and SUPER_ADMIN only by a super administrator. */
  canApprove: boolean;
}

/** The platform's changes, newest first (pending ones, or all of them). */
export async function listChanges(db: Kysely<DB>, actor: PlatformActor, status: "pending" | "all", limit = 200): Promise<PlatformChange[]> {
  let q = db
    .selectFrom("platformChanges as c")
    .leftJoin("users as t", "t.id", "c.targetUserId")
    .innerJoin("users as r", "r.id", "c.requestedBy")
    .leftJoin("users as d", "d.id", "c.decidedBy")
    .select([
      "c.id",
      "c.kind",
      "c.status",
      "c.targetUserId",
      "t.email as targetEmail",
      "t.name as targetName",
      "c.globalRole",
      "c.beforeGlobalRole",
      "c.thresholdCents",
      "c.beforeThresholdCents",
      "c.requestedBy",
      "r.name as requesterName",
      "r.email as requesterEmail",
      "c.requestedAt",
      "d.name as deciderName",
      "d.email as deciderEmail",
      "c.decidedAt",
      "c.decisionReason",
    ])
    .orderBy("c.requestedAt", "desc")
    .orderBy("c.id", "desc")
    .limit(limit);
  if (status === "pending") q = q.where("c.status", "=", "pending");
  const rows = await q.execute();
  const cents = (v: string | number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    targetUserId: r.targetUserId,
    targetEmail: r.targetEmail,
    targetName: r.targetName,
    globalRole: r.globalRole as SystemRole | null,
    beforeGlobalRole: r.beforeGlobalRole as SystemRole | null,
    thresholdCents: cents(r.thresholdCents),
    beforeThresholdCents: cents(r.beforeThresholdCents),
    requestedBy: r.requestedBy,
    requestedByName: r.requesterName ?? r.requesterEmail,
    requestedAt: new Date(r.requestedAt).toISOString(),
    decidedByName: r.deciderName ?? r.deciderEmail,
    decidedAt: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    decisionReason: r.decisionReason,
    canApprove: r.status === "pending" && r.requestedBy !== actor.id && r.targetUserId !== actor.id && (r.globalRole !== "SUPER_ADMIN" || actor.isSuperAdmin),
  }));
}
