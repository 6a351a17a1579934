import { decisionRefusal, requestRefusal } from "@tumble/domain/requests";
import { localParts } from "@tumble/domain/scheduling";
import { twoPersonRefusal } from "@tumble/domain/twoPersonRules";
import { ownEmployeeId } from "../employees/ownProfile.ts";
import { notify } from "../notifications/notify.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { reassignShift } from "../scheduling/assign.ts";
import { conflictsOf, storeWeek } from "../scheduling/week.ts";
import { isOwnRequest, notifyDecision, requestsOf } from "./requests.ts";

// An approver's decision on a request (issue 17, docs/decisions/0033, 0060): an approved swap,
// drop or claim gives the shift to its new employee at once, under scheduling's rules; the
// requester is told by e-mail.

/**
 * Approves or denies a pending request (a denial needs a reason); an approved swap, drop or claim
 * moves the shift. Never one's own request, nor a swap that gives one the shift (decision 0060).
 */
export async function decideRequest(
  ctx: MutationCtx<"canApproveTimeOff">,
  { requestId, approve, reason }: { requestId: string; approve: boolean; reason?: string },
) {
  const companyId = ctx.company.id;
  const locked = await ctx.db
    .selectFrom("requests")
    .select(["id", "status"])
    .where("companyId", "=", companyId)
    .where("id", "=", requestId)
    .forUpdate()
    .executeTakeFirst();
  if (!locked) throw refused(requestRefusal("notFound"));
  const refusal = decisionRefusal(locked.status as "pending", approve, reason);
  if (refusal) throw refused(requestRefusal(refusal));
  const [request] = await requestsOf(ctx.db, companyId, { id: requestId });
  const own = await ownEmployeeId(ctx.db, companyId, ctx.user.id);
  if (own !== null && isOwnRequest(request, own)) throw refused(twoPersonRefusal("ownRequest"));
  if (approve && request.kind !== "timeOff") {
    const shift = await ctx.db
      .selectFrom("shifts")
      .select(["employeeId", "removedAt"])
      .where("companyId", "=", companyId)
      .where("id", "=", request.shift?._id ?? "")
      .executeTakeFirst();
    if (!shift || shift.removedAt) throw refused(requestRefusal("shiftNotFound"));
    // The same rules as publishing: a claim or swap that would double-book the person, or break
    // their time off, rest, weekly hours or stores, needs a reason to go through.
    const taker = request.kind === "claim" ? request.employeeId : request.kind === "swap" ? request.targetEmployeeId : null;
    // The taker's row is held so two approvals for one person at once see each other's shift.
    if (taker) await lockEmployee(ctx.db, companyId, taker);
    if (taker && (await assignmentConflicts(ctx.db, companyId, request.shift!._id, taker)).length && !reason?.trim())
      throw refused(requestRefusal("conflictsNeedReason"));
    if (request.kind === "claim") {
      if (shift.employeeId !== null) throw refused(requestRefusal("shiftTaken"));
      await reassignShift(ctx.db, companyId, request.shift!._id, request.employeeId, { employeeId: null, refusal: requestRefusal("shiftTaken") });
    } else {
      if (shift.employeeId !== request.employeeId) throw refused(requestRefusal("shiftMoved"));
      await reassignShift(ctx.db, companyId, request.shift!._id, request.kind === "swap" ? request.targetEmployeeId : null, {
        employeeId: request.employeeId,
        refusal: requestRefusal("shiftMoved"),
      });
    }
  }
  const status = approve ? "approved" : "denied";
  const decisionReason = reason?.trim() || null;
  await ctx.db
    .updateTable("requests")
    .set({ status, decidedBy: ctx.user.id, decidedAt: new Date(ctx.now), decisionReason })
    .where("companyId", "=", companyId)
    .where("id", "=", requestId)
    .execute();
  await audit(ctx.db, { companyId, actorId: ctx.user.id, action: status, entity: "request", entityId: requestId, after: { status, decisionReason } });
  await notifyDecision(ctx.db, companyId, request, approve, decisionReason);
  const decided = { requestKind: request.kind, approved: approve, reason: decisionReason };
  await notify(ctx.db, { companyId, employeeId: request.employeeId, kind: "request.decided", params: decided, link: "/user/my-requests" });
  if (approve && request.kind === "swap" && request.targetEmployeeId && request.shift) {
    const { storeName, timeZone, startsAt, endsAt } = request.shift;
    const swapped = { storeName, timeZone, startsAt, endsAt, fromName: request.employeeName };
    await notify(ctx.db, { companyId, employeeId: request.targetEmployeeId, kind: "shift.swapped", params: swapped, link: "/user/employment" });
  }
  return { requestId, status };
}

/** The conflicts the shift would have if `employeeId` worked it (scheduling's rules, as publishing checks them). */
export async function assignmentConflicts(db: MutationCtx["db"], companyId: string, shiftId: string, employeeId: string) {
  const shift = await db
    .selectFrom("shifts as sh")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "sh.companyId").onRef("s.id", "=", "sh.storeId"))
    .select(["sh.id", "sh.storeId", "sh.startsAt", "sh.endsAt", "sh.breakMinutes", "s.timeZone"])
    .where("sh.companyId", "=", companyId)
    .where("sh.id", "=", shiftId)
    .executeTakeFirstOrThrow();
  const startsAt = new Date(shift.startsAt).getTime();
  const week = await storeWeek(db, companyId, shift.storeId, localParts(startsAt, shift.timeZone).date);
  const { conflicts } = await conflictsOf(db, companyId, week, [
    { id: shift.id, storeId: shift.storeId, employeeId, startsAt, endsAt: new Date(shift.endsAt).getTime(), breakMinutes: shift.breakMinutes },
  ]);
  return conflicts.filter((c) => c.shiftId === shift.id);
}

/** Holds an employee's row for the rest of the transaction: assignments to one person are decided one at a time. */
export async function lockEmployee(db: MutationCtx["db"], companyId: string, employeeId: string) {
  await db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("id", "=", employeeId).forUpdate().executeTakeFirst();
}
