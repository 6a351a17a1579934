import { z } from "zod";
import {
  addJobSchema,
  completeRegistrationSchema,
  endJobSchema,
  EMPLOYEE_STATUSES,
  employeeCreateSchema,
  employeeUpdateSchema,
  resetPinSchema,
  setRateSchema,
  sortRates,
  type PayType,
  employeeRefusal,
} from "@tumble/domain/employees";
import type { CompanyRole } from "@tumble/domain/permissions";
import { canAssignRole } from "@tumble/domain/roleRank";
import { hashSecretSlow } from "../auth/passwords.ts";
import { businessDateNow } from "../cash/dates.ts";
import { admit, approveRequest } from "../companies/joinRequests.ts";
import { addRate, assertStoresOfCompany, assertUsernameFree, employeeOfCompany, payToday, setStores, usernameTaken } from "../employees/profiles.ts";
import { createJob, endJob as endJobOn, jobOfEmployee, jobsOf } from "../employees/jobs.ts";
import { ownEmployeeId, refuseOwnProfile } from "../employees/ownProfile.ts";
import { recentWork } from "../employees/recentWork.ts";
import { guardPayBetween } from "../payroll/guard.ts";
import { isoDate } from "../db/isoDate.ts";
import { enqueue } from "../mail/outbox.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query, type MutationCtx } from "../runtime/define.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";

// Employee profiles (issue 16, docs/decisions/0028-employees.md): the person, the stores they work
// at, their pay rates by effective date, the kiosk username and PIN (hashed, never returned), and
// the completion of a self-registered profile. Every function needs canManageEmployees (spec
// section 6) and reads and writes only the caller's active company's rows. Nobody changes the pay,
// jobs, dates or status of their own profile (decision 0060): someone else with the access does.

const id = z.string().max(64);
const MAX_LIST = 2000;

/** The company's employees with their stores and the rate in effect today; filters by text, store, status and position. */
export const list = query({
  access: "canManageEmployees",
  args: z.object({
    search: z.string().max(100).optional(),
    storeId: id.optional(),
    status: z.enum(EMPLOYEE_STATUSES).optional(),
    position: z.string().max(100).optional(),
  }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const today = await businessDateNow(ctx.db, companyId, null, new Date(ctx.now));
    let q = ctx.db
      .selectFrom("employees as e")
      .select((eb) => [
        "e.id",
        "e.userId",
        "e.name",
        "e.email",
        "e.phone",
        "e.position",
        "e.payType",
        "e.status",
        "e.hireDate",
        "e.endDate",
        "e.username",
        "e.createdAt",
        eb
          .selectFrom("employeeRates as r")
          .select("r.rateCents")
          .whereRef("r.companyId", "=", "e.companyId")
          .whereRef("r.employeeId", "=", "e.id")
          .where("r.jobId", "is", null)
          .where("r.effectiveFrom", "<=", today)
          .orderBy("r.effectiveFrom", "desc")
          .limit(1)
          .as("rateCents"),
        eb
          .selectFrom("employeeRates as r")
          .select("r.payType")
          .whereRef("r.companyId", "=", "e.companyId")
          .whereRef("r.employeeId", "=", "e.id")
          .where("r.jobId", "is", null)
          .where("r.effectiveFrom", "<=", today)
          .orderBy("r.effectiveFrom", "desc")
          .limit(1)
          .as("ratePayType"),
      ])
      .where("e.companyId", "=", companyId);
    const text = args.search?.trim();
    if (text) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) =>
        eb.or([eb("e.name", "ilike", pattern), eb("e.username", "ilike", pattern), eb("e.email", "ilike", pattern), eb("e.phone", "ilike", pattern)]),
      );
    }
    if (args.status) q = q.where("e.status", "=", args.status);
    if (args.position?.trim()) q = q.where("e.position", "=", args.position.trim());
    if (args.storeId) {
      const storeId = args.storeId;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom("employeeStores as es")
            .select("es.storeId")
            .whereRef("es.companyId", "=", "e.companyId")
            .whereRef("es.employeeId", "=", "e.id")
            .where("es.storeId", "=", storeId),
        ),
      );
    }
    const rows = await q.orderBy("e.name").orderBy("e.id").limit(MAX_LIST).execute();
    const storesOf = await storesByEmployee(
      ctx.db,
      companyId,
      rows.map((r) => r.id),
    );
    return rows.map(({ id: employeeId, createdAt, rateCents, ratePayType, ...r }) => ({
      _id: employeeId,
      ...r,
      linked: r.userId !== null,
      createdAt: new Date(createdAt).getTime(),
      stores: storesOf.get(employeeId) ?? [],
      rateCents: rateCents === null ? null : Number(rateCents),
      ratePayType: ratePayType as PayType | null,
    }));
  },
});

async function storesByEmployee(db: Parameters<typeof employeeOfCompany>[0], companyId: string, employeeIds: string[]) {
  const map = new Map<string, Array<{ _id: string; name: string }>>();
  if (employeeIds.length === 0) return map;
  const rows = await db
    .selectFrom("employeeStores as es")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "es.companyId").onRef("s.id", "=", "es.storeId"))
    .select(["es.employeeId", "s.id", "s.name"])
    .where("es.companyId", "=", companyId)
    .where("es.employeeId", "in", employeeIds)
    .orderBy("s.name")
    .execute();
  for (const r of rows) {
    const list = map.get(r.employeeId) ?? [];
    list.push({ _id: r.id, name: r.name });
    map.set(r.employeeId, list);
  }
  return map;
}

/**
 * The caller's own employee profile in the active company (null without one), for every screen
 * that disables what is not theirs to do on it (decision 0060): their pay, time and requests.
 * Any member asks; the company-wide lists it is compared with are shared by everyone.
 */
export const own = query({
  access: "member",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx) => ({ employeeId: await ownEmployeeId(ctx.db, ctx.company.id, ctx.user.id) }),
});

/** The positions the company's employees hold, for the list's filter. */
export const positions = query({
  access: "canManageEmployees",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db
      .selectFrom("employees")
      .select("position")
      .distinct()
      .where("companyId", "=", ctx.company.id)
      .where("position", "is not", null)
      .orderBy("position")
      .limit(500)
      .execute();
    return rows.map((r) => r.position as string);
  },
});

/** One profile: the person, their stores, the rate history (newest first) with today's, and their recent work. */
export const get = query({
  access: "canManageEmployees",
  args: z.object({ employeeId: id }),
  handler: async (ctx, { employeeId }) => {
    const companyId = ctx.company.id;
    const employee = await employeeOfCompany(ctx.db, companyId, employeeId);
    const stores = (await storesByEmployee(ctx.db, companyId, [employee.id])).get(employee.id) ?? [];
    const today = await payToday(ctx.db, companyId, employee.id, ctx.now);
    const rates = await ctx.db
      .selectFrom("employeeRates as r")
      .leftJoin("users as u", "u.id", "r.createdBy")
      .select([
        "r.id",
        "r.jobId",
        "r.payType",
        "r.rateCents",
        "r.effectiveFrom",
        "r.reason",
        "r.createdAt",
        "u.name as createdByName",
        "u.email as createdByEmail",
      ])
      .where("r.companyId", "=", companyId)
      .where("r.employeeId", "=", employee.id)
      .execute();
    const historyOf = (jobId: string | null) =>
      sortRates(
        rates
          .filter((r) => r.jobId === jobId)
          .map((r) => ({
            _id: r.id,
            payType: r.payType as PayType,
            rateCents: Number(r.rateCents),
            effectiveFrom: r.effectiveFrom,
            reason: r.reason,
            createdAt: new Date(r.createdAt).getTime(),
            createdBy: r.createdByName ?? r.createdByEmail ?? null,
          })),
      );
    const rateStates = (history: ReturnType<typeof historyOf>) => {
      const current = history.find((r) => r.effectiveFrom <= today) ?? null;
      return {
        currentRate: current,
        rates: history.map((r) => ({ ...r, state: r === current ? "current" : r.effectiveFrom > today ? "scheduled" : "past" })),
      };
    };
    // Further jobs with their own rate histories (the profile's own job is the rates below).
    const jobs = (await jobsOf(ctx.db, companyId, employee.id))
      .filter((j) => j.id !== null)
      .map((j) => ({ _id: j.id as string, title: j.title ?? "", storeId: j.storeId, endedOn: j.endedOn, ...rateStates(historyOf(j.id)) }));
    const linkedEmail = employee.userId
      ? ((await ctx.db.selectFrom("users").select("email").where("id", "=", employee.userId).executeTakeFirst())?.email ?? null)
      : null;
    const { id: _id, ...rest } = employee;
    return {
      _id,
      ...rest,
      linked: employee.userId !== null,
      /** The caller's own profile: its pay, jobs, dates and status are changed by someone else (decision 0060). */
      own: employee.userId !== null && employee.userId === ctx.user.id,
      linkedEmail,
      stores,
      today,
      ...rateStates(historyOf(null)),
      jobs,
      work: await recentWork(ctx.db, companyId, employee.id, today, ctx.now),
    };
  },
});

/** A new, active employee: profile, stores, first rate, kiosk username and PIN (hashed). */
export const create = mutation({
  access: "canManageEmployees",
  args: employeeCreateSchema,
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const storeIds = await assertStoresOfCompany(ctx.db, companyId, args.storeIds);
    assertUsernameFree(await usernameTaken(ctx.db, companyId, args.username));
    const employeeId = newId();
    invalidates(ctx.db, { companyId });
    await ctx.db
      .insertInto("employees")
      .values({
        id: employeeId,
        companyId,
        userId: null,
        name: args.name,
        email: args.email,
        phone: args.phone,
        position: args.position,
        payType: args.payType,
        status: "active",
        hireDate: args.hireDate,
        endDate: null,
        username: args.username,
        usernameLower: args.username.toLowerCase(),
        pinHash: await hashSecretSlow(args.pin),
      })
      .execute();
    await setStores(ctx.db, companyId, employeeId, storeIds);
    const today = await payToday(ctx.db, companyId, employeeId, ctx.now);
    await addRate(ctx.db, {
      companyId,
      employeeId,
      payType: args.payType,
      rateCents: args.rateCents,
      effectiveFrom: args.effectiveFrom ?? args.hireDate ?? today,
      reason: null,
      createdBy: ctx.user.id,
      today,
    });
    const { pin: _pin, ...shown } = args;
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "create", entity: "employee", entityId: employeeId, after: shown });
    return { employeeId };
  },
});

/** Edits a profile: contact, position, dates, stores, status (terminated needs an end date) and username. */
export const update = mutation({
  access: "canManageEmployees",
  args: employeeUpdateSchema,
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const before = await employeeOfCompany(ctx.db, companyId, args.employeeId, true);
    if (before.status === "pending") throw refused(employeeRefusal("pendingNeedsCompletion"));
    // One's own contact details may be corrected; one's own employment (dates, status) may not.
    const iso = (d: string | null) => (d ? isoDate(d) : null);
    if (iso(before.hireDate) !== args.hireDate || iso(before.endDate) !== args.endDate || before.status !== args.status)
      refuseOwnProfile(before, ctx.user.id, "ownEmployment");
    const storeIds = await assertStoresOfCompany(ctx.db, companyId, args.storeIds);
    if (args.username.toLowerCase() !== before.username.toLowerCase()) assertUsernameFree(await usernameTaken(ctx.db, companyId, args.username, before.id));
    await guardEmploymentDates(ctx.db, companyId, before, { hireDate: args.hireDate, endDate: args.endDate });
    invalidates(ctx.db, { companyId });
    const after = {
      name: args.name,
      email: args.email,
      phone: args.phone,
      position: args.position,
      hireDate: args.hireDate,
      endDate: args.endDate,
      status: args.status,
      username: args.username,
    };
    await ctx.db
      .updateTable("employees")
      .set({ ...after, usernameLower: args.username.toLowerCase(), updatedAt: new Date() })
      .where("companyId", "=", companyId)
      .where("id", "=", before.id)
      .execute();
    await setStores(ctx.db, companyId, before.id, storeIds);
    const { id: _id, userId: _userId, payType: _payType, ...shownBefore } = before;
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "update",
      entity: "employee",
      entityId: before.id,
      before: shownBefore,
      after: { ...after, storeIds },
    });
    return null;
  },
});

/**
 * A salaried person's hire and end dates decide the salary days of their periods (decision 0053):
 * moving one into a locked period is refused, naming it; into a paid one, the difference is paid
 * (or taken back) in the next open period. Hourly pay follows the time entries, not these dates.
 */
async function guardEmploymentDates(
  db: MutationCtx<"canManageEmployees">["db"],
  companyId: string,
  before: { id: string; hireDate: string | null; endDate: string | null },
  after: { hireDate: string | null; endDate: string | null },
): Promise<void> {
  const iso = (d: string | null) => (d ? isoDate(d) : null);
  // The days whose salary the change moves: between the old and the new date; a hire date set or
  // cleared reaches back without end, an end date forward without end.
  const spans: Array<[string | null, string | null]> = [];
  const [hireBefore, endBefore] = [iso(before.hireDate), iso(before.endDate)];
  if (hireBefore !== after.hireDate)
    spans.push(
      hireBefore && after.hireDate
        ? [hireBefore < after.hireDate ? hireBefore : after.hireDate, hireBefore < after.hireDate ? after.hireDate : hireBefore]
        : [null, hireBefore ?? after.hireDate],
    );
  if (endBefore !== after.endDate)
    spans.push(
      endBefore && after.endDate
        ? [endBefore < after.endDate ? endBefore : after.endDate, endBefore < after.endDate ? after.endDate : endBefore]
        : [endBefore ?? after.endDate, null],
    );
  if (!spans.length) return;
  const salaried = await db
    .selectFrom("employeeRates")
    .select("id")
    .where("companyId", "=", companyId)
    .where("employeeId", "=", before.id)
    .where("payType", "=", "salary")
    .executeTakeFirst();
  if (!salaried) return;
  for (const [from, to] of spans) await guardPayBetween(db, companyId, from, to);
}

/**
 * A new rate from `effectiveFrom`. The history is kept: a rate starts today or later (the first
 * one any day), and only a future rate on the same date is replaced.
 */
export const setRate = mutation({
  access: "canManageEmployees",
  args: setRateSchema,
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const employee = await employeeOfCompany(ctx.db, companyId, args.employeeId, true);
    refuseOwnProfile(employee, ctx.user.id, "ownPay");
    if (employee.status === "pending") throw refused(employeeRefusal("pendingNeedsCompletion"));
    invalidates(ctx.db, { companyId });
    const today = await payToday(ctx.db, companyId, employee.id, ctx.now);
    const jobId = args.jobId ?? null;
    const job = jobId ? await jobOfEmployee(ctx.db, companyId, employee.id, jobId) : null;
    if (job?.endedOn) throw refused(employeeRefusal("jobEnded"));
    const lastRate = jobId
      ? await ctx.db
          .selectFrom("employeeRates")
          .select("payType")
          .where("companyId", "=", companyId)
          .where("jobId", "=", jobId)
          .orderBy("effectiveFrom", "desc")
          .limit(1)
          .executeTakeFirst()
      : null;
    const payType = args.payType ?? ((lastRate?.payType ?? employee.payType) as PayType);
    const result = await addRate(ctx.db, {
      companyId,
      employeeId: employee.id,
      jobId,
      payType,
      rateCents: args.rateCents,
      effectiveFrom: args.effectiveFrom,
      reason: args.reason?.trim() || null,
      createdBy: ctx.user.id,
      today,
    });
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "setRate",
      entity: "employee",
      entityId: employee.id,
      after: { jobId, payType, rateCents: args.rateCents, effectiveFrom: args.effectiveFrom, replaced: result.replaced },
    });
    return result;
  },
});

/**
 * A further job for one person (docs/decisions/0055): its title, the store it is worked at (one of
 * theirs, or none in particular) and its first rate. Hours of all jobs add up in the workweek.
 */
export const addJob = mutation({
  access: "canManageEmployees",
  args: addJobSchema,
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const employee = await employeeOfCompany(ctx.db, companyId, args.employeeId, true);
    refuseOwnProfile(employee, ctx.user.id, "ownPay");
    if (employee.status === "pending") throw refused(employeeRefusal("pendingNeedsCompletion"));
    invalidates(ctx.db, { companyId });
    const jobId = await createJob(ctx.db, { companyId, employeeId: employee.id, title: args.title, storeId: args.storeId ?? null, createdBy: ctx.user.id });
    const today = await payToday(ctx.db, companyId, employee.id, ctx.now);
    await addRate(ctx.db, {
      companyId,
      employeeId: employee.id,
      jobId,
      payType: args.payType,
      rateCents: args.rateCents,
      effectiveFrom: args.effectiveFrom,
      reason: null,
      createdBy: ctx.user.id,
      today,
    });
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "addJob", entity: "employee", entityId: employee.id, after: { jobId, ...args } });
    return { jobId };
  },
});

/** Ends a further job on a date; its rates still pay the time worked in it. */
export const endJob = mutation({
  access: "canManageEmployees",
  args: endJobSchema,
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const employee = await employeeOfCompany(ctx.db, companyId, args.employeeId, true);
    refuseOwnProfile(employee, ctx.user.id, "ownPay");
    invalidates(ctx.db, { companyId });
    await endJobOn(ctx.db, companyId, employee.id, args.jobId, args.endedOn);
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "endJob", entity: "employee", entityId: employee.id, after: args });
    return null;
  },
});

/** A manager sets a new kiosk PIN; it is stored hashed (argon2id) and never returned, and any PIN lock on the username ends. */
export const resetPin = mutation({
  access: "canManageEmployees",
  args: resetPinSchema,
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const employee = await employeeOfCompany(ctx.db, companyId, args.employeeId, true);
    invalidates(ctx.db, { companyId });
    await ctx.db
      .updateTable("employees")
      .set({ pinHash: await hashSecretSlow(args.pin), updatedAt: new Date() })
      .where("companyId", "=", companyId)
      .where("id", "=", employee.id)
      .execute();
    // A new PIN ends a lock that wrong guesses of the old one put on the username (migration 0021).
    await ctx.db.deleteFrom("pinAttempts").where("companyId", "=", companyId).where("usernameLower", "=", employee.username.toLowerCase()).execute();
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "resetPin", entity: "employee", entityId: employee.id });
    return null;
  },
});

/**
 * Completes a self-registered (pending) profile: stores, position, pay type and first rate, and the
 * company role, which approves the employee's join request. The profile becomes active and the
 * employee is told by e-mail.
 */
export const completeRegistration = mutation({
  access: "canManageEmployees",
  args: completeRegistrationSchema,
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    if (!canAssignRole(ctx.company.role, args.role, ctx.permissions.isSystemAdmin)) throw new AccessError(`You cannot grant the ${args.role} role`);
    const employee = await employeeOfCompany(ctx.db, companyId, args.employeeId, true);
    refuseOwnProfile(employee, ctx.user.id, "ownRegistration");
    if (employee.status !== "pending") throw refused(employeeRefusal("notPending"));
    const storeIds = await assertStoresOfCompany(ctx.db, companyId, args.storeIds);
    invalidates(ctx.db, { companyId });
    await ctx.db
      .updateTable("employees")
      .set({
        name: args.name,
        phone: args.phone,
        position: args.position,
        hireDate: args.hireDate,
        payType: args.payType,
        status: "active",
        updatedAt: new Date(),
      })
      .where("companyId", "=", companyId)
      .where("id", "=", employee.id)
      .execute();
    await setStores(ctx.db, companyId, employee.id, storeIds);
    const today = await payToday(ctx.db, companyId, employee.id, ctx.now);
    await addRate(ctx.db, {
      companyId,
      employeeId: employee.id,
      payType: args.payType,
      rateCents: args.rateCents,
      effectiveFrom: args.effectiveFrom ?? args.hireDate ?? today,
      reason: null,
      createdBy: ctx.user.id,
      today,
    });

    // The role: approve the employee's pending join request with it; when a manager already
    // admitted them on the join-requests screen, their membership takes this role.
    let recipient = employee.email;
    let language: string | null = null;
    if (employee.userId) {
      const request = await ctx.db
        .selectFrom("joinRequests")
        .select("id")
        .where("companyId", "=", companyId)
        .where("userId", "=", employee.userId)
        .where("status", "=", "PENDING")
        .executeTakeFirst();
      if (request) await approveRequest(ctx.db, { companyId, requestId: request.id, role: args.role, actorId: ctx.user.id });
      else await assignRole(ctx, employee.userId, args.role);
      const user = await ctx.db.selectFrom("users").select(["email", "language"]).where("id", "=", employee.userId).executeTakeFirst();
      recipient = user?.email ?? recipient;
      language = user?.language ?? null;
    }
    const company = await ctx.db.selectFrom("companies").select(["name", "defaultLanguage"]).where("id", "=", companyId).executeTakeFirstOrThrow();
    if (recipient) {
      const spanish = (language ?? company.defaultLanguage) === "es";
      await enqueue(ctx.db, {
        channel: "email",
        to: recipient,
        companyId,
        subject: spanish ? `Tu registro en ${company.name} está completo` : `Your registration with ${company.name} is complete`,
        template: { kind: "registrationCompleted", language: spanish ? "es" : "en", data: { companyName: company.name, username: employee.username } },
        body: spanish
          ? `Tu perfil de empleado en ${company.name} está activo. Ya puedes marcar tu entrada y salida en el quiosco de la tienda con tu usuario ${employee.username} y tu PIN. Para usar la aplicación web, elige "¿Olvidaste tu contraseña?" con este correo para crear una contraseña.`
          : `Your employee profile with ${company.name} is active. You can now clock in and out at the store kiosk with your username ${employee.username} and your PIN. To use the web app, choose "Forgot password" with this e-mail to set a password.`,
      });
    }
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "completeRegistration",
      entity: "employee",
      entityId: employee.id,
      before: { status: "pending" },
      after: { status: "active", storeIds, position: args.position, payType: args.payType, rateCents: args.rateCents, role: args.role },
    });
    return null;
  },
});

/** Gives a user the role in the caller's company: admits them, or changes the role of a member the caller outranks. */
async function assignRole(ctx: MutationCtx<"canManageEmployees">, userId: string, role: CompanyRole): Promise<void> {
  const companyId = ctx.company.id;
  const membership = await ctx.db
    .selectFrom("memberships")
    .select(["id", "role"])
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!membership) return admit(ctx.db, companyId, userId, role);
  if (membership.role === role) return;
  if (!canAssignRole(ctx.company.role, membership.role as CompanyRole, ctx.permissions.isSystemAdmin))
    throw new AccessError("You cannot change a member with a higher role than yours");
  invalidates(ctx.db, { userId });
  await ctx.db.updateTable("memberships").set({ role }).where("companyId", "=", companyId).where("id", "=", membership.id).execute();
  await audit(ctx.db, {
    companyId,
    actorId: ctx.user.id,
    action: "changeRole",
    entity: "membership",
    entityId: membership.id,
    before: { role: membership.role },
    after: { role },
  });
}
