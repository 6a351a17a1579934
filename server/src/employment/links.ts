import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import {
  employmentRefusal,
  LINK_CODE_MINUTES,
  LINK_CODE_TRIES,
  maskEmail,
  type EmploymentMessageKey,
  type LinkMethod,
  type LinkRequestStatus,
} from "@tumble/domain/employment";
import { hashSecretSlow, verifySecretSlow } from "../auth/passwords.ts";
import type { DB } from "../db/schema.ts";
import { enqueue } from "../mail/outbox.ts";
import { audit } from "../runtime/audit.ts";
import type { ActionCtx, MutationCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";

// Linking an account to the employee profile a manager made (issue 31, docs/decisions/0030-geo-zones.md
// "Linking"). The kiosk username and PIN open a link request; they never link by themselves:
// - a profile with an e-mail address (which must be the account's): a 6-digit code goes to that
//   address, stored hashed, good for LINK_CODE_MINUTES and LINK_CODE_TRIES wrong tries;
// - a profile without one: the request waits for a manager of the company (canManageEmployees),
//   who approves or declines it; nobody decides their own.
// One request waits per profile and per account (partial unique indexes, migration 0045): of two
// accounts asking for one profile, the second is told someone already asked.

function fail(key: EmploymentMessageKey): never {
  throw refused(employmentRefusal(key));
}

/** The caller's link request as their employment screen shows it. */
export interface OwnLinkRequest {
  _id: string;
  method: LinkMethod;
  status: LinkRequestStatus;
  /** The kiosk username of the profile asked for. */
  username: string;
  /** code: the address it went to, masked ("m***@example.com"). */
  sentTo: string | null;
  expiresAt: number | null;
  /** code: wrong tries left before a new code is needed. */
  triesLeft: number | null;
  createdAt: number;
  decidedAt: number | null;
  /** A decline's reason. */
  reason: string | null;
}

const ms = (d: Date | string) => new Date(d).getTime();

/**
 * The caller's newest link request in the company, when it still says something: waiting, or
 * declined (so they learn why). A linked, withdrawn or replaced one shows nothing.
 */
export async function ownLinkRequest(db: Kysely<DB>, companyId: string, userId: string): Promise<OwnLinkRequest | null> {
  const row = await db
    .selectFrom("employeeLinkRequests as r")
    .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "r.companyId").onRef("e.id", "=", "r.employeeId"))
    .select(["r.id", "r.method", "r.status", "r.sentTo", "r.expiresAt", "r.attempts", "r.createdAt", "r.decidedAt", "r.reason", "e.username"])
    .where("r.companyId", "=", companyId)
    .where("r.userId", "=", userId)
    .orderBy("r.createdAt", "desc")
    .orderBy("r.id", "desc")
    .executeTakeFirst();
  if (!row || (row.status !== "pending" && row.status !== "declined")) return null;
  const code = row.method === "code";
  return {
    _id: row.id,
    method: row.method as LinkMethod,
    status: row.status as LinkRequestStatus,
    username: row.username,
    sentTo: code && row.sentTo ? maskEmail(row.sentTo) : null,
    expiresAt: code && row.expiresAt ? ms(row.expiresAt) : null,
    triesLeft: code ? Math.max(0, LINK_CODE_TRIES - row.attempts) : null,
    createdAt: ms(row.createdAt),
    decidedAt: row.decidedAt ? ms(row.decidedAt) : null,
    reason: row.reason,
  };
}

export type StartedLink = { status: "codeSent"; sentTo: string; expiresAt: number } | { status: "awaitingApproval" };

/**
 * Step one: the kiosk username and PIN. Replaces the caller's own waiting request, then opens a
 * new one: a code e-mailed to the profile's address, or a wait for a manager. Links nothing.
 */
export async function startLink(ctx: MutationCtx<"member">, { username, pin }: { username: string; pin: string }): Promise<StartedLink> {
  const companyId = ctx.company.id;
  const userId = ctx.user.id;
  const now = new Date(ctx.now);
  // A newer step replaces the caller's waiting request. Done first: the row lock makes a
  // manager's approval of it that is in flight finish before the caller's profile is read below.
  await ctx.db
    .updateTable("employeeLinkRequests")
    .set({ status: "cancelled", decidedAt: now, decidedBy: userId })
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .where("status", "=", "pending")
    .execute();
  const own = await ctx.db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("userId", "=", userId).executeTakeFirst();
  if (own) fail("alreadyLinked");
  const employee = await ctx.db
    .selectFrom("employees")
    .select(["id", "userId", "status", "email", "pinHash", "username"])
    .where("companyId", "=", companyId)
    .where("usernameLower", "=", username.toLowerCase())
    .executeTakeFirst();
  // An unknown username costs the same time as a wrong PIN and gets the same answer.
  const valid = await verifySecretSlow(employee?.pinHash ?? null, pin);
  if (!employee || !valid) return fail("wrongCredentials");
  if (employee.userId !== null) fail("profileTaken");
  if (employee.status !== "active") fail("notActive");
  const account = ctx.user.email?.toLowerCase() ?? null;
  const profileEmail = employee.email?.trim().toLowerCase() || null;
  if (profileEmail && profileEmail !== account) fail("otherEmail");

  // Someone else's request for this profile: a dead code (expired or out of tries) is set aside;
  // anything else still waits, and this one is refused (the partial unique index, when two race).
  const waiting = await ctx.db
    .selectFrom("employeeLinkRequests")
    .select(["id", "method", "expiresAt", "attempts"])
    .where("companyId", "=", companyId)
    .where("employeeId", "=", employee.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (waiting) {
    const dead = waiting.method === "code" && (waiting.attempts >= LINK_CODE_TRIES || (waiting.expiresAt !== null && ms(waiting.expiresAt) <= ctx.now));
    if (!dead) fail("linkPending");
    await ctx.db
      .updateTable("employeeLinkRequests")
      .set({ status: "cancelled", decidedAt: now })
      .where("companyId", "=", companyId)
      .where("id", "=", waiting.id)
      .where("status", "=", "pending")
      .execute();
  }

  const id = newId();
  // Whoever set this profile's pay (a rate, a job, an adjustment) does not link it to themselves by
  // a code they receive: another manager approves it (decision 0060, nobody pays themselves).
  const method: LinkMethod = profileEmail && !(await setPayOf(ctx.db, companyId, employee.id, userId)) ? "code" : "approval";
  await audit(ctx.db, {
    companyId,
    actorId: userId,
    action: "requestLink",
    entity: "employee",
    entityId: employee.id,
    after: { userId, method, requestId: id },
  });
  if (method === "approval" || !profileEmail) {
    await ctx.db.insertInto("employeeLinkRequests").values({ companyId, id, employeeId: employee.id, userId, method }).execute();
    return { status: "awaitingApproval" };
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(ctx.now + LINK_CODE_MINUTES * 60_000);
  await ctx.db
    .insertInto("employeeLinkRequests")
    .values({ companyId, id, employeeId: employee.id, userId, method, sentTo: profileEmail, codeHash: await hashSecretSlow(code), expiresAt })
    .execute();
  // The code's e-mail exists if and only if the request does (same transaction), in the language
  // of the account with that address.
  const companyName = await nameOf(ctx.db, companyId);
  await enqueue(ctx.db, {
    channel: "email",
    to: profileEmail,
    companyId,
    subject: "Your code to link your employee profile",
    body: `Your code to link your account to your employee profile at ${companyName} is ${code}. It expires in ${LINK_CODE_MINUTES} minutes.`,
    template: { kind: "employmentLinkCode", data: { companyName, username: employee.username, code, minutes: LINK_CODE_MINUTES } },
  });
  return { status: "codeSent", sentTo: maskEmail(profileEmail), expiresAt: expiresAt.getTime() };
}

/**
 * Step two of the code path: the e-mailed code links the account. An action, so that a wrong try
 * is counted even though the call then fails: the try is spent in one statement before the slow
 * check (concurrent guesses get LINK_CODE_TRIES in all), and the link is one transaction.
 */
export async function confirmLink(ctx: ActionCtx<"member">, code: string): Promise<{ employeeId: string }> {
  const companyId = ctx.company.id;
  const userId = ctx.user.id;
  const request = await ctx.db
    .selectFrom("employeeLinkRequests")
    .select(["id", "employeeId", "codeHash", "expiresAt", "attempts"])
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .where("status", "=", "pending")
    .where("method", "=", "code")
    .executeTakeFirst();
  if (!request) return fail("noCodeWaiting");
  if (request.attempts >= LINK_CODE_TRIES) fail("codeLocked");
  if (!request.expiresAt || ms(request.expiresAt) <= ctx.now) fail("codeExpired");
  const spent = await ctx.db
    .updateTable("employeeLinkRequests")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("companyId", "=", companyId)
    .where("id", "=", request.id)
    .where("status", "=", "pending")
    .where("attempts", "<", LINK_CODE_TRIES)
    .returning("attempts")
    .executeTakeFirst();
  if (!spent) {
    // Replaced by a newer step meanwhile, or its last tries taken by concurrent guesses.
    const now = await ctx.db
      .selectFrom("employeeLinkRequests")
      .select("status")
      .where("companyId", "=", companyId)
      .where("id", "=", request.id)
      .executeTakeFirst();
    return fail(now?.status === "pending" ? "codeLocked" : "noCodeWaiting");
  }
  if (!(await verifySecretSlow(request.codeHash, code))) {
    const left = LINK_CODE_TRIES - spent.attempts;
    throw refused(left <= 0 ? employmentRefusal("codeLocked") : employmentRefusal("wrongCode", { triesLeft: left }));
  }
  await ctx.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable("employeeLinkRequests")
      .set({ status: "linked", decidedAt: new Date(ctx.now), decidedBy: userId })
      .where("companyId", "=", companyId)
      .where("id", "=", request.id)
      .where("status", "=", "pending")
      .returning("id")
      .executeTakeFirst();
    if (!done) fail("noCodeWaiting");
    await linkAccount(trx, { companyId, employeeId: request.employeeId, userId, accountEmail: ctx.user.email, side: "requester" });
    await audit(trx, {
      companyId,
      actorId: userId,
      action: "linkAccount",
      entity: "employee",
      entityId: request.employeeId,
      before: { userId: null },
      after: { userId, method: "code", requestId: request.id },
    });
  });
  return { employeeId: request.employeeId };
}

/** Withdraws the caller's waiting request (a code not wanted any more, or an approval no longer asked for). */
export async function cancelLink(ctx: MutationCtx<"member">): Promise<{ cancelled: number }> {
  const result = await ctx.db
    .updateTable("employeeLinkRequests")
    .set({ status: "cancelled", decidedAt: new Date(ctx.now), decidedBy: ctx.user.id })
    .where("companyId", "=", ctx.company.id)
    .where("userId", "=", ctx.user.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return { cancelled: Number(result.numUpdatedRows) };
}

/** A request waiting for a manager, as the profiles screen lists it. */
export interface PendingLinkRequest {
  _id: string;
  employeeId: string;
  employeeName: string;
  username: string;
  requesterEmail: string | null;
  requesterName: string | null;
  createdAt: number;
  /** The viewer made it: another manager decides. */
  mine: boolean;
}

/** Every request of the company waiting for a manager's approval, oldest first. */
export async function pendingApprovals(db: Kysely<DB>, companyId: string, viewerId: string): Promise<PendingLinkRequest[]> {
  const rows = await db
    .selectFrom("employeeLinkRequests as r")
    .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "r.companyId").onRef("e.id", "=", "r.employeeId"))
    .innerJoin("users as u", "u.id", "r.userId")
    .select(["r.id", "r.employeeId", "r.userId", "r.createdAt", "e.name", "e.username", "u.email", "u.name as userName"])
    .where("r.companyId", "=", companyId)
    .where("r.status", "=", "pending")
    .where("r.method", "=", "approval")
    .orderBy("r.createdAt")
    .orderBy("r.id")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    employeeId: r.employeeId,
    employeeName: r.name,
    username: r.username,
    requesterEmail: r.email,
    requesterName: r.userName,
    createdAt: ms(r.createdAt),
    mine: r.userId === viewerId,
  }));
}

/**
 * A manager's decision on a request waiting for approval. Approving links the account (in the
 * same transaction, refused when the profile or the account changed meanwhile); either way the
 * requester is told by e-mail in their language. Nobody decides their own request.
 */
export async function decideLink(
  ctx: MutationCtx<"canManageEmployees">,
  { requestId, approve, reason }: { requestId: string; approve: boolean; reason?: string },
): Promise<{ requestId: string; status: "linked" | "declined" }> {
  const companyId = ctx.company.id;
  const request = await ctx.db
    .selectFrom("employeeLinkRequests")
    .select(["id", "employeeId", "userId", "method"])
    .where("companyId", "=", companyId)
    .where("id", "=", requestId)
    .executeTakeFirst();
  if (!request || request.method !== "approval") return fail("requestNotFound");
  if (request.userId === ctx.user.id) fail("ownRequest");
  // Nor a request for the profile the decider is linked to (it would be linked already, but the
  // rule does not lean on that).
  const deciderProfile = await ctx.db
    .selectFrom("employees")
    .select("id")
    .where("companyId", "=", companyId)
    .where("userId", "=", ctx.user.id)
    .executeTakeFirst();
  if (deciderProfile?.id === request.employeeId) fail("ownRequest");
  const status = approve ? "linked" : "declined";
  const decided = await ctx.db
    .updateTable("employeeLinkRequests")
    .set({ status, decidedAt: new Date(ctx.now), decidedBy: ctx.user.id, reason: approve ? null : reason?.trim() || null })
    .where("companyId", "=", companyId)
    .where("id", "=", requestId)
    .where("status", "=", "pending")
    .returning("id")
    .executeTakeFirst();
  if (!decided) fail("requestDecided");
  const account = await ctx.db.selectFrom("users").select(["email", "language"]).where("id", "=", request.userId).executeTakeFirst();
  if (approve)
    await linkAccount(ctx.db, { companyId, employeeId: request.employeeId, userId: request.userId, accountEmail: account?.email ?? null, side: "manager" });
  await audit(ctx.db, {
    companyId,
    actorId: ctx.user.id,
    action: approve ? "linkAccount" : "declineLink",
    entity: "employee",
    entityId: request.employeeId,
    ...(approve ? { before: { userId: null } } : {}),
    after: approve ? { userId: request.userId, method: "approval", requestId } : { userId: request.userId, requestId, reason: reason?.trim() || null },
  });
  invalidates(ctx.db, { companyId, userId: request.userId });
  if (account?.email) {
    const [companyName, profile] = await Promise.all([
      nameOf(ctx.db, companyId),
      ctx.db.selectFrom("employees").select("username").where("companyId", "=", companyId).where("id", "=", request.employeeId).executeTakeFirstOrThrow(),
    ]);
    const url = `${ctx.services.config.publicUrl.replace(/\/$/, "")}/user/employment`;
    const why = approve ? null : reason?.trim() || null;
    await enqueue(ctx.db, {
      channel: "email",
      to: account.email,
      companyId,
      subject: `Your request to link your employee profile at ${companyName} was ${approve ? "approved" : "declined"}`,
      body: approve
        ? `A manager linked your account to your employee profile at ${companyName}. See it in Tumble under Employment: ${url}`
        : `A manager declined your request to link your account to the employee profile ${profile.username} at ${companyName}.${why ? ` Reason: ${why}` : ""}`,
      template: {
        kind: "employmentLinkDecided",
        language: account.language,
        data: { companyName, username: profile.username, approved: approve, reason: why, url },
      },
    });
  }
  return { requestId, status };
}

/**
 * Sets the profile's account, refused (with the reader's words: the requester's or the manager's)
 * when the account already has a profile here, or the profile is linked, not active, or carries
 * another address. The write itself only takes an unlinked profile; the unique index on
 * (company, user) stops a second profile for one account.
 */
async function linkAccount(
  db: Kysely<DB>,
  to: { companyId: string; employeeId: string; userId: string; accountEmail: string | null; side: "requester" | "manager" },
): Promise<void> {
  const words = (requester: EmploymentMessageKey, manager: EmploymentMessageKey) => (to.side === "requester" ? requester : manager);
  const own = await db.selectFrom("employees").select("id").where("companyId", "=", to.companyId).where("userId", "=", to.userId).executeTakeFirst();
  if (own) fail(words("alreadyLinked", "requesterLinked"));
  const employee = await db
    .selectFrom("employees")
    .select(["userId", "status", "email"])
    .where("companyId", "=", to.companyId)
    .where("id", "=", to.employeeId)
    .executeTakeFirst();
  if (!employee) return fail("requestNotFound");
  if (employee.userId !== null) fail(words("profileTaken", "profileLinked"));
  if (employee.status !== "active") fail(words("notActive", "profileInactive"));
  const profileEmail = employee.email?.trim().toLowerCase() || null;
  if (profileEmail && profileEmail !== to.accountEmail?.toLowerCase()) fail(words("otherEmail", "profileOtherEmail"));
  invalidates(db, { companyId: to.companyId, userId: to.userId });
  const linked = await db
    .updateTable("employees")
    .set({ userId: to.userId, updatedAt: new Date() })
    .where("companyId", "=", to.companyId)
    .where("id", "=", to.employeeId)
    .where("userId", "is", null)
    .returning("id")
    .executeTakeFirst();
  if (!linked) fail(words("profileTaken", "profileLinked"));
}

async function nameOf(db: Kysely<DB>, companyId: string): Promise<string> {
  const company = await db.selectFrom("companies").select(["name", "displayName"]).where("id", "=", companyId).executeTakeFirstOrThrow();
  return company.displayName || company.name;
}

/** Whether the account set any of the profile's pay: a rate, a further job or a pay adjustment. */
async function setPayOf(db: Kysely<DB>, companyId: string, employeeId: string, userId: string): Promise<boolean> {
  const [rate, job, adjustment] = await Promise.all(
    (["employeeRates", "employeeJobs", "payrollAdjustments"] as const).map((table) =>
      db
        .selectFrom(table)
        .select("employeeId")
        .where("companyId", "=", companyId)
        .where("employeeId", "=", employeeId)
        .where("createdBy", "=", userId)
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return Boolean(rate ?? job ?? adjustment);
}
