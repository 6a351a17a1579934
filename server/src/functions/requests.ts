import { z } from "zod";
import { DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { createRequestSchema, decisionRefusal, timeOffRange, requestRefusal } from "@tumble/domain/requests";
import { settingsOf } from "../companySettings/settings.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query, type MutationCtx, type QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { reassignShift } from "../scheduling/assign.ts";
import { conflictsOf, storeWeek } from "../scheduling/week.ts";
import { localParts } from "@tumble/domain/scheduling";
import { twoPersonRefusal } from "@tumble/domain/twoPersonRules";
import { ownEmployeeId } from "../employees/ownProfile.ts";
import { employeeZones, isOwnRequest, notifyDecision, notifyOffer, requestsOf } from "../requests/requests.ts";

// Employees' requests (issue 17, docs/decisions/0033): time off, shift swap, shift drop and
// open-shift claim, made from user/my-requests and decided by someone with canApproveTimeOff on
// the employee-management dashboard. An approved swap, drop or claim gives the shift to its new
// employee at once (scheduling's reassignShift); the requester is told by e-mail.

const id = z.string().min(1).max(64);

/** The caller's own active employee profile in the active company. */
async function ownEmployee(ctx: QueryCtx<"member">) {
  const employee = await ctx.db
    .selectFrom("employees")
    .select(["id", "name", "status"])
    .where("companyId", "=", ctx.company.id)
    .where("userId", "=", ctx.user.id)
    .executeTakeFirst();
  return employee?.status === "active" ? employee : null;
}

async function worksAt(ctx: QueryCtx<"member">, employeeId: string, storeId: string) {
  const row = await ctx.db
    .selectFrom("employees as e")
    .innerJoin("employeeStores as es", (j) => j.onRef("es.companyId", "=", "e.companyId").onRef("es.employeeId", "=", "e.id"))
    .select("e.id")
    .where("e.companyId", "=", ctx.company.id)
    .where("e.id", "=", employeeId)
    .where("e.status", "=", "active")
    .where("es.storeId", "=", storeId)
    .executeTakeFirst();
  return !!row;
}

/** A published shift as employees were shown it. */
async function publishedShift(ctx: QueryCtx<"member">, shiftId: string) {
  const shift = await ctx.db
    .selectFrom("shifts")
    .select(["id", "storeId", "employeeId", "publishedEmployeeId", "publishedStartsAt", "publishedEndsAt", "publishedAt", "removedAt"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", shiftId)
    .executeTakeFirst();
  if (!shift || shift.publishedAt === null || shift.removedAt !== null) throw refused(requestRefusal("shiftNotFound"));
  if (new Date(shift.publishedStartsAt!).getTime() <= ctx.now) throw refused(requestRefusal("shiftPast"));
  return shift;
}

/** Asks for time off, or a swap, drop or claim of a shift. A claim is approved at once when the company lets open shifts be claimed freely. */
export const create = mutation({
  access: "member",
  args: createRequestSchema,
  handler: async (ctx, args) => {
    const employee = await ownEmployee(ctx);
    if (!employee) throw refused(requestRefusal("noProfile"));
    const companyId = ctx.company.id;
    const base = { id: newId(), companyId, kind: args.kind, employeeId: employee.id, note: args.note?.trim() || null, createdBy: ctx.user.id };
    if (args.kind === "timeOff") {
      const zone = (await employeeZones(ctx.db, companyId, [employee.id])).get(employee.id) ?? DEFAULT_TIME_ZONE;
      const { startsAt, endsAt } = timeOffRange(args, zone);
      if (endsAt <= startsAt) throw refused(requestRefusal("endBeforeStart"));
      await ctx.db
        .insertInto("requests")
        .values({ ...base, startsAt: new Date(startsAt), endsAt: new Date(endsAt), allDay: args.allDay, timeOffType: args.timeOffType })
        .execute();
      return { requestId: base.id, status: "pending" as const };
    }
    const shift = await publishedShift(ctx, args.shiftId);
    const pending = await ctx.db
      .selectFrom("requests")
      .select("id")
      .where("companyId", "=", companyId)
      .where("shiftId", "=", shift.id)
      .where("employeeId", "=", employee.id)
      .where("status", "in", ["pending", "offered"])
      .executeTakeFirst();
    if (pending) throw refused(requestRefusal("alreadyPending"));
    if (args.kind === "swap" || args.kind === "drop") {
      if (shift.publishedEmployeeId !== employee.id) throw refused(requestRefusal("notYourShift"));
      if (args.kind === "swap") {
        if (args.targetEmployeeId === employee.id) throw refused(requestRefusal("targetSelf"));
        if (!(await worksAt(ctx, args.targetEmployeeId, shift.storeId))) throw refused(requestRefusal("targetNotEligible"));
      }
      // A swap goes to the coworker first: they accept (then an approver decides) or decline.
      const status = args.kind === "swap" ? ("offered" as const) : ("pending" as const);
      await ctx.db
        .insertInto("requests")
        .values({ ...base, status, shiftId: shift.id, targetEmployeeId: args.kind === "swap" ? args.targetEmployeeId : null })
        .execute();
      if (args.kind === "swap") {
        const [offer] = await requestsOf(ctx.db, companyId, { id: base.id });
        await notifyOffer(ctx.db, companyId, offer, `${ctx.services.config.publicUrl.replace(/\/$/, "")}/user/my-requests`);
      }
      return { requestId: base.id, status };
    }
    // claim
    if (shift.publishedEmployeeId !== null || shift.employeeId !== null) throw refused(requestRefusal("notOpenShift"));
    if (!(await worksAt(ctx, employee.id, shift.storeId))) throw refused(requestRefusal("notEligible"));
    const settings = await settingsOf(ctx.db, companyId, "workforce");
    // Given at once only when it conflicts with nothing; otherwise a person decides (and gives a reason to go over it).
    if (settings.openShiftAutoApprove) await lockEmployee(ctx.db, companyId, employee.id);
    if (settings.openShiftAutoApprove && !(await assignmentConflicts(ctx.db, companyId, shift.id, employee.id)).length) {
      await reassignShift(ctx.db, companyId, shift.id, employee.id, { employeeId: null, refusal: requestRefusal("notOpenShift") });
      await ctx.db
        .insertInto("requests")
        .values({ ...base, shiftId: shift.id, status: "approved", decidedAt: new Date(ctx.now), decisionReason: null })
        .execute();
      return { requestId: base.id, status: "approved" as const };
    }
    await ctx.db
      .insertInto("requests")
      .values({ ...base, shiftId: shift.id })
      .execute();
    return { requestId: base.id, status: "pending" as const };
  },
});

/** The caller's own requests in the active company, newest first (empty without an employee profile). */
export const listMine = query({
  access: "member",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => {
    const employee = await ctx.db
      .selectFrom("employees")
      .select(["id"])
      .where("companyId", "=", ctx.company.id)
      .where("userId", "=", ctx.user.id)
      .executeTakeFirst();
    if (!employee) return { employeeId: null, requests: [], offers: [] };
    return {
      employeeId: employee.id,
      requests: await requestsOf(ctx.db, ctx.company.id, { employeeId: employee.id }),
      /** Swaps coworkers offer the caller, waiting for their answer. */
      offers: await requestsOf(ctx.db, ctx.company.id, { targetEmployeeId: employee.id, status: "offered" }),
    };
  },
});

/** What the requests forms offer: the caller's upcoming published shifts, open shifts they may claim and co-workers to swap with. */
export const options = query({
  access: "member",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => {
    const employee = await ownEmployee(ctx);
    if (!employee) return { employeeId: null, myShifts: [], openShifts: [], coworkers: [] };
    const stores = (
      await ctx.db.selectFrom("employeeStores").select("storeId").where("companyId", "=", ctx.company.id).where("employeeId", "=", employee.id).execute()
    ).map((s) => s.storeId);
    const upcoming = (mine: boolean) => {
      let q = ctx.db
        .selectFrom("shifts as sh")
        .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "sh.companyId").onRef("s.id", "=", "sh.storeId"))
        .select(["sh.id", "sh.storeId", "s.name as storeName", "s.timeZone", "sh.publishedStartsAt", "sh.publishedEndsAt", "sh.publishedPosition"])
        .where("sh.companyId", "=", ctx.company.id)
        .where("sh.publishedAt", "is not", null)
        .where("sh.removedAt", "is", null)
        .where("sh.publishedStartsAt", ">", new Date(ctx.now));
      q = mine ? q.where("sh.publishedEmployeeId", "=", employee.id) : q.where("sh.publishedEmployeeId", "is", null).where("sh.employeeId", "is", null);
      if (!mine) q = stores.length ? q.where("sh.storeId", "in", stores) : q.where("sh.id", "is", null);
      return q.orderBy("sh.publishedStartsAt").limit(100).execute();
    };
    const shape = (rows: Awaited<ReturnType<typeof upcoming>>) =>
      rows.map((r) => ({
        _id: r.id,
        storeId: r.storeId,
        storeName: r.storeName,
        timeZone: r.timeZone,
        startsAt: new Date(r.publishedStartsAt!).getTime(),
        endsAt: new Date(r.publishedEndsAt!).getTime(),
        position: r.publishedPosition,
      }));
    const coworkers = stores.length
      ? await ctx.db
          .selectFrom("employees as e")
          .innerJoin("employeeStores as es", (j) => j.onRef("es.companyId", "=", "e.companyId").onRef("es.employeeId", "=", "e.id"))
          .select(["e.id", "e.name", "es.storeId"])
          .where("e.companyId", "=", ctx.company.id)
          .where("e.status", "=", "active")
          .where("e.id", "<>", employee.id)
          .where("es.storeId", "in", stores)
          .orderBy("e.name")
          .execute()
      : [];
    return {
      employeeId: employee.id,
      myShifts: shape(await upcoming(true)),
      openShifts: shape(await upcoming(false)),
      coworkers: coworkers.map((c) => ({ _id: c.id, name: c.name, storeId: c.storeId })),
    };
  },
});

/** The approvers' queue: every pending request of the company, oldest last. */
export const listPending = query({
  access: "canApproveTimeOff",
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx) => requestsOf(ctx.db, ctx.company.id, { status: "pending" }),
});

/**
 * The coworker's answer to a swap offered to them: accepted, it waits for an approver (who still
 * runs the scheduling rules); declined, it ends there. The requester is told either way.
 */
export const respond = mutation({
  access: "member",
  args: z.object({ requestId: id, accept: z.boolean(), reason: z.string().trim().max(500).optional() }),
  handler: async (ctx, { requestId, accept, reason }) => {
    const employee = await ownEmployee(ctx);
    const companyId = ctx.company.id;
    const updated = await ctx.db
      .updateTable("requests")
      .set({ status: accept ? "pending" : "declined", respondedAt: new Date(ctx.now), responseReason: reason?.trim() || null })
      .where("companyId", "=", companyId)
      .where("id", "=", requestId)
      .where("kind", "=", "swap")
      .where("targetEmployeeId", "=", employee?.id ?? "")
      .where("status", "=", "offered")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw refused(requestRefusal("notOfferedToYou"));
    const [request] = await requestsOf(ctx.db, companyId, { id: requestId });
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: accept ? "acceptSwap" : "declineSwap",
      entity: "request",
      entityId: requestId,
      after: { reason: reason ?? null },
    });
    if (!accept) await notifyDecision(ctx.db, companyId, request, false, reason?.trim() || null);
    return { requestId, status: accept ? ("pending" as const) : ("declined" as const) };
  },
});

/** Withdraws one's own pending request. */
export const cancel = mutation({
  access: "member",
  args: z.object({ requestId: id }),
  handler: async (ctx, { requestId }) => {
    const employee = await ownEmployee(ctx);
    const updated = await ctx.db
      .updateTable("requests")
      .set({ status: "cancelled" })
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", requestId)
      .where("employeeId", "=", employee?.id ?? "")
      .where("status", "in", ["pending", "offered"])
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw refused(requestRefusal("notFound"));
    return { requestId };
  },
});

/**
 * Approves or denies a pending request (a denial needs a reason); an approved swap, drop or claim
 * moves the shift. Never one's own request, nor a swap that gives one the shift (decision 0060).
 */
export const decide = mutation({
  access: "canApproveTimeOff",
  args: z.object({ requestId: id, approve: z.boolean(), reason: z.string().trim().max(500).optional() }),
  handler: async (ctx, { requestId, approve, reason }) => {
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
    return { requestId, status };
  },
});

/** The conflicts the shift would have if `employeeId` worked it (scheduling's rules, as publishing checks them). */
async function assignmentConflicts(db: MutationCtx["db"], companyId: string, shiftId: string, employeeId: string) {
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
async function lockEmployee(db: MutationCtx["db"], companyId: string, employeeId: string) {
  await db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("id", "=", employeeId).forUpdate().executeTakeFirst();
}
