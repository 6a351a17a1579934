import { z } from "zod";
import { EMPLOYEE_MESSAGES } from "./employeeRefusals.ts";
import type { SupportedLanguage } from "./languagePriority.ts";
import { COMPANY_ROLES } from "./permissions.ts";
import { validateEmail } from "./employeeForm.ts";
import { pinSchema, usernameSchema } from "./employeeFormSchemas.ts";
import { businessDateSchema } from "./zodSchemas.ts";

// Employee profiles (issue 16, docs/decisions/0028-employees.md): statuses, pay types, the rate in
// effect on a business date, the rule for adding a rate to a history, and the forms' schemas the
// server's functions check too.

export const EMPLOYEE_STATUSES = ["pending", "active", "inactive", "terminated"] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
/** What a manager may set; pending is only ever the state a self-registration starts in. */
export const SETTABLE_EMPLOYEE_STATUSES = ["active", "inactive", "terminated"] as const;
export type SettableEmployeeStatus = (typeof SETTABLE_EMPLOYEE_STATUSES)[number];

export const PAY_TYPES = ["hourly", "salary"] as const;
export type PayType = (typeof PAY_TYPES)[number];

/** $100,000.00 an hour or a pay period: beyond it a rate is a typing mistake. */
export const MAX_RATE_CENTS = 10_000_000;
export const EMPLOYEE_NAME_MAX = 100;
export const POSITION_MAX = 60;
export const PHONE_MAX = 30;

export { EMPLOYEE_MESSAGES, belowMinimumWage, employeeRefusal } from "./employeeRefusals.ts";
export type EmployeeMessageKey = keyof typeof EMPLOYEE_MESSAGES;

const msg = (key: Exclude<EmployeeMessageKey, "belowMinimumWage">) => EMPLOYEE_MESSAGES[key].en;
const BY_ENGLISH = new Map<string, { en: string; es: string }>(
  Object.values(EMPLOYEE_MESSAGES).flatMap((m) => (typeof m.en === "string" && typeof m.es === "string" ? [[m.en, { en: m.en, es: m.es }] as const] : [])),
);

/** An employee message (as the server sends it) in `language`; null when it is not one of these. */
export function localizeEmployeeMessage(message: string, language: SupportedLanguage): string | null {
  return BY_ENGLISH.get(message)?.[language] ?? null;
}

// ---- rates ----

export interface RateRow {
  effectiveFrom: string;
  rateCents: number;
  payType: PayType;
}

/** The history newest first (the order the profile shows it in). */
export function sortRates<T extends RateRow>(rates: readonly T[]): T[] {
  return [...rates].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : 0));
}

/**
 * The rate in effect on business date `date` (yyyy-MM-dd): the one with the latest effective date
 * on or before it; null before the first rate. Order of `rates` does not matter.
 */
export function rateOn<T extends RateRow>(rates: readonly T[], date: string): T | null {
  let found: T | null = null;
  for (const rate of rates) if (rate.effectiveFrom <= date && (found === null || rate.effectiveFrom > found.effectiveFrom)) found = rate;
  return found;
}

/**
 * What adding a rate effective `effectiveFrom` does to a history, `today` being the business date:
 * - the first rate may start on any date (usually the hire date);
 * - after that a rate starts today or later, so pay already earned is never rewritten;
 * - a date that already has a rate: a future one (not yet paid) is replaced, today's is refused.
 */
export function rateChange(
  existing: readonly { effectiveFrom: string }[],
  effectiveFrom: string,
  today: string,
): { ok: true; replaces: boolean } | { ok: false; key: "rateBeforeToday" | "rateDateTaken"; message: string } {
  if (existing.length === 0) return { ok: true, replaces: false };
  if (effectiveFrom < today) return { ok: false, key: "rateBeforeToday", message: msg("rateBeforeToday") };
  const same = existing.some((r) => r.effectiveFrom === effectiveFrom);
  if (!same) return { ok: true, replaces: false };
  if (effectiveFrom > today) return { ok: true, replaces: true };
  return { ok: false, key: "rateDateTaken", message: msg("rateDateTaken") };
}

// ---- forms (the functions check the same schemas) ----

const rateCents = z.number(msg("rateRequired")).int(msg("rateWhole")).min(0, msg("rateNegative")).max(MAX_RATE_CENTS, msg("rateTooLarge"));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === "" ? null : v));
const optionalDate = businessDateSchema.or(z.literal("")).transform((v) => (v === "" ? null : v));
const PHONE_SHAPE = /^[+()\-.\s\d]{7,30}$/;
const phone = z
  .string()
  .trim()
  .max(PHONE_MAX)
  .refine((v) => v === "" || PHONE_SHAPE.test(v), msg("phoneFormat"))
  .transform((v) => (v === "" ? null : v));
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .superRefine((value, ctx) => {
    const problem = value === "" ? null : validateEmail(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((v) => (v === "" ? null : v.toLowerCase()));

/** The profile's own fields (not stores, rates, username or PIN). */
const profileFields = {
  name: z.string().trim().min(1, msg("nameRequired")).max(EMPLOYEE_NAME_MAX),
  email: optionalEmail,
  phone,
  position: optionalText(POSITION_MAX),
  hireDate: optionalDate,
};
const storeIds = z.array(z.string().min(1).max(64)).min(1, msg("storesRequired")).max(200);

/** employees:create and the "New employee" form: profile, stores, first rate, kiosk username and PIN. */
export const employeeCreateSchema = z.object({
  ...profileFields,
  storeIds,
  payType: z.enum(PAY_TYPES),
  rateCents,
  /** The first rate's effective date; the hire date (or today) when empty. */
  effectiveFrom: optionalDate,
  username: usernameSchema,
  pin: pinSchema,
});
export type EmployeeCreateInput = z.input<typeof employeeCreateSchema>;
export type EmployeeCreate = z.output<typeof employeeCreateSchema>;

/** employees:update: the profile, stores, status (terminated needs an end date) and username. */
export const employeeUpdateSchema = z
  .object({
    employeeId: z.string().min(1).max(64),
    ...profileFields,
    storeIds,
    status: z.enum(SETTABLE_EMPLOYEE_STATUSES),
    endDate: optionalDate,
    username: usernameSchema,
  })
  .superRefine((v, ctx) => {
    if (v.status === "terminated" && !v.endDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: msg("endDateRequired") });
    if (v.endDate && v.hireDate && v.endDate < v.hireDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: msg("endBeforeHire") });
  });
export type EmployeeUpdateInput = z.input<typeof employeeUpdateSchema>;

/** employees:setRate. The pay type defaults to the employee's current one. */
export const setRateSchema = z.object({
  employeeId: z.string().min(1).max(64),
  /** The job the rate pays (employees:addJob); absent or null: the profile's own job. */
  jobId: z.string().min(1).max(64).nullable().optional(),
  rateCents,
  effectiveFrom: businessDateSchema,
  payType: z.enum(PAY_TYPES).optional(),
  reason: z.string().trim().max(200).optional(),
});
export type SetRateInput = z.input<typeof setRateSchema>;

export const resetPinSchema = z.object({ employeeId: z.string().min(1).max(64), pin: pinSchema });

/** employees:completeRegistration: what the manager adds to a self-registered profile, and the role. */
export const completeRegistrationSchema = z.object({
  employeeId: z.string().min(1).max(64),
  name: profileFields.name,
  phone,
  position: profileFields.position,
  hireDate: optionalDate,
  storeIds,
  payType: z.enum(PAY_TYPES),
  rateCents,
  effectiveFrom: optionalDate,
  role: z.enum(COMPANY_ROLES),
});
export type CompleteRegistrationInput = z.input<typeof completeRegistrationSchema>;

// ---- jobs (migration 0040, docs/decisions/0055) ----

export const JOB_TITLE_MAX = 60;

/** One job of a person: the profile's own (id null: its position, its rates) or a further one. */
export interface EmployeeJob {
  id: string | null;
  title: string | null;
  /** The store it is worked at (null: any of the person's stores). */
  storeId: string | null;
  endedOn: string | null;
}

/** employees:addJob: a further job with its title, usual store and first rate. */
export const addJobSchema = z.object({
  employeeId: z.string().min(1).max(64),
  title: z.string().trim().min(1, msg("jobTitleRequired")).max(JOB_TITLE_MAX),
  storeId: z.string().min(1).max(64).nullable().optional(),
  payType: z.enum(PAY_TYPES),
  rateCents,
  effectiveFrom: businessDateSchema,
});
export type AddJobInput = z.input<typeof addJobSchema>;

/** employees:endJob: the job's last day (its rates keep paying the time worked in it). */
export const endJobSchema = z.object({ employeeId: z.string().min(1).max(64), jobId: z.string().min(1).max(64), endedOn: businessDateSchema });

/** Whether a job can be clocked into on `date`. */
export const jobOpenOn = (job: Pick<EmployeeJob, "endedOn">, date: string) => job.endedOn === null || date <= job.endedOn;

/**
 * The job a clock-in at `storeId` is for when the person does not choose: the one job kept for that
 * store, else the profile's own (null). The kiosk and phone offer the others.
 */
export function defaultJobAt(jobs: readonly EmployeeJob[], storeId: string, date: string): string | null {
  const here = jobs.filter((j) => j.id !== null && j.storeId === storeId && jobOpenOn(j, date));
  return here.length === 1 ? here[0]!.id : null;
}
