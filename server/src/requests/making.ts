import type { z } from "zod";
import { DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { requestRefusal, timeOffRange, type createRequestSchema } from "@tumble/domain/requests";
import { settingsOf } from "../companySettings/settings.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx, QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { reassignShift } from "../scheduling/assign.ts";
import { assignmentConflicts, lockEmployee } from "./deciding.ts";
import { employeeZones, notifyDecision, notifyOffer, requestsOf } from "./requests.ts";

// Requests as employees make them (issue 17, docs/decisions/0033): time off, a swap, drop or
// claim of a published shift, a coworker's answer to a swap offered to them, a withdrawal; and
// what the forms offer.

/** The caller's own active employee profile in the active company. */
export async function ownEmployee(ctx: QueryCtx<"member">) {
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
export async function makeRequest(ctx: MutationCtx<"member">, args: z.output<typeof createRequestSchema>) {
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
}

/** The caller's own requests in the active company, newest first (empty without an employee profile). */
export async function ownRequests(ctx: QueryCtx<"member">) {
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
}

/** What the requests forms offer: the caller's upcoming published shifts, open shifts they may claim and co-workers to swap with. */
export async function requestOptions(ctx: QueryCtx<"member">) {
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
}

/** The coworker's answer to a swap offered to them; the requester is told of a decline. */
export async function answerSwap(ctx: MutationCtx<"member">, { requestId, accept, reason }: { requestId: string; accept: boolean; reason?: string }) {
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
}

/** Withdraws one's own pending request. */
export async function withdrawRequest(ctx: MutationCtx<"member">, { requestId }: { requestId: string }) {
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
}
