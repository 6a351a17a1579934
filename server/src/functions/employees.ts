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
} from "@tumble/domain/employees";
import { employeeDetail } from "../employees/detail.ts";
import { createEmployee, resetEmployeePin, updateEmployee } from "../employees/edit.ts";
import { listEmployees, positionsOf } from "../employees/list.ts";
import { ownEmployeeId } from "../employees/ownProfile.ts";
import { addEmployeeJob, endEmployeeJob, setEmployeeRate } from "../employees/payChanges.ts";
import { completeRegistration as completeRegistrationOf } from "../employees/registration.ts";
import { mutation, query } from "../runtime/define.ts";

// Employee profiles (issue 16, docs/decisions/0028-employees.md): the person, the stores they work
// at, their pay rates by effective date, the kiosk username and PIN (hashed, never returned), and
// the completion of a self-registered profile. Every function needs canManageEmployees (spec
// section 6) and reads and writes only the caller's active company's rows. Nobody changes the pay,
// jobs, dates or status of their own profile (decision 0060): someone else with the access does.
// The logic is in server/src/employees.

const id = z.string().max(64);

/** The company's employees with their stores and the rate in effect today; filters by text, store, status and position. */
export const list = query({
  access: "canManageEmployees",
  args: z.object({
    search: z.string().max(100).optional(),
    storeId: id.optional(),
    status: z.enum(EMPLOYEE_STATUSES).optional(),
    position: z.string().max(100).optional(),
  }),
  handler: async (ctx, args) => listEmployees(ctx.db, ctx.company.id, ctx.now, args),
});

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
  handler: async (ctx) => positionsOf(ctx.db, ctx.company.id),
});

/** One profile: the person, their stores, the rate history (newest first) with today's, and their recent work. */
export const get = query({
  access: "canManageEmployees",
  args: z.object({ employeeId: id }),
  handler: async (ctx, { employeeId }) => employeeDetail(ctx.db, ctx.company.id, ctx.user.id, ctx.now, employeeId),
});

/** A new, active employee: profile, stores, first rate, kiosk username and PIN (hashed). */
export const create = mutation({
  access: "canManageEmployees",
  args: employeeCreateSchema,
  handler: async (ctx, args) => createEmployee(ctx.db, ctx.company.id, ctx.user.id, ctx.now, args),
});

/** Edits a profile: contact, position, dates, stores, status (terminated needs an end date) and username. */
export const update = mutation({
  access: "canManageEmployees",
  args: employeeUpdateSchema,
  handler: async (ctx, args) => updateEmployee(ctx.db, ctx.company.id, ctx.user.id, args),
});

/**
 * A new rate from `effectiveFrom`. The history is kept: a rate starts today or later (the first
 * one any day), and only a future rate on the same date is replaced.
 */
export const setRate = mutation({
  access: "canManageEmployees",
  args: setRateSchema,
  handler: async (ctx, args) => setEmployeeRate(ctx.db, ctx.company.id, ctx.user.id, ctx.now, args),
});

/**
 * A further job for one person (docs/decisions/0055): its title, the store it is worked at (one of
 * theirs, or none in particular) and its first rate. Hours of all jobs add up in the workweek.
 */
export const addJob = mutation({
  access: "canManageEmployees",
  args: addJobSchema,
  handler: async (ctx, args) => addEmployeeJob(ctx.db, ctx.company.id, ctx.user.id, ctx.now, args),
});

/** Ends a further job on a date; its rates still pay the time worked in it. */
export const endJob = mutation({
  access: "canManageEmployees",
  args: endJobSchema,
  handler: async (ctx, args) => endEmployeeJob(ctx.db, ctx.company.id, ctx.user.id, args),
});

/** A manager sets a new kiosk PIN; it is stored hashed (argon2id) and never returned, and any PIN lock on the username ends. */
export const resetPin = mutation({
  access: "canManageEmployees",
  args: resetPinSchema,
  handler: async (ctx, args) => resetEmployeePin(ctx.db, ctx.company.id, ctx.user.id, args),
});

/**
 * Completes a self-registered (pending) profile: stores, position, pay type and first rate, and the
 * company role, which approves the employee's join request. The profile becomes active and the
 * employee is told by e-mail.
 */
export const completeRegistration = mutation({
  access: "canManageEmployees",
  args: completeRegistrationSchema,
  handler: async (ctx, args) =>
    completeRegistrationOf(
      ctx.db,
      { companyId: ctx.company.id, userId: ctx.user.id, role: ctx.company.role, isSystemAdmin: ctx.permissions.isSystemAdmin },
      ctx.now,
      args,
    ),
});
