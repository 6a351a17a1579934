import { z } from "zod";
import { COMPANY_SIZES } from "./companyCode.ts";
import { DEFAULT_VARIANCE_THRESHOLD_CENTS, MAX_AMOUNT_CENTS } from "./cashLedger.ts";
import { OUTSIDE_ZONE_POLICIES } from "./geoZones.ts";
import { EARLY_CLOCK_IN_POLICIES } from "./timeEntryReview.ts";
import { LANGUAGES } from "./languagePriority.ts";
import { businessDateSchema } from "./zodSchemas.ts";

// Company settings (issue 19: `companySettings:get`, `companySettings:update {section, values}`),
// in sections, each a zod schema whose defaults are the ones the issues name. A section never
// saved reads as its defaults; a saved one is read through the same schema, so a field added
// later gets its default too. Every module reads its settings through `settingsOf` on the server.

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PAY_FREQUENCIES = ["weekly", "biweekly", "semimonthly", "monthly"] as const;
export const OVERTIME_PRESETS = ["federal", "california"] as const;

export const workforceSettingsSchema = z.object({
  /** How often employees are paid; periods are generated from the anchor date. */
  payFrequency: z.enum(PAY_FREQUENCIES).default("biweekly"),
  /** The first day of a pay period (weekly and bi-weekly count from it); null until set. */
  payAnchorDate: businessDateSchema.nullable().default(null),
  /** The company's payroll in Tumble begins on this date: periods that end before it are not offered (null: the last twelve). */
  payrollStartsOn: businessDateSchema.nullable().default(null),
  /** Overtime is decided per fixed 7-day workweek starting on this day. */
  workweekStart: z.enum(WEEKDAYS).default("sunday"),
  /** federal: over 40 hours a week at 1.5×; california adds the daily and seventh-day rules. */
  overtimePreset: z.enum(OVERTIME_PRESETS).default("federal"),
  /** An entry within this many minutes of its scheduled shift, without exceptions, is approved by itself. */
  autoApproveToleranceMinutes: z.number().int().min(0).max(60).default(5),
  /** A shift still open after this many hours is clocked out automatically and flagged. */
  maxShiftHours: z.number().int().min(1).max(24).default(12),
  /** Scheduling flags less rest than this between two shifts of one person. */
  minRestHours: z.number().int().min(0).max(24).default(8),
  /** Scheduling flags a person scheduled over this many hours in a workweek. */
  weeklyHoursLimit: z.number().int().min(1).max(168).default(40),
  /** A claimed open shift is given without a manager's approval. */
  openShiftAutoApprove: z.boolean().default(false),
  /** How many minutes before a scheduled shift a clock-in may come. */
  earlyClockInMinutes: z.number().int().min(0).max(240).default(15),
  /** An earlier clock-in: refused with the time it may come, or accepted and flagged "arrived early" for a manager to approve. */
  earlyClockIn: z.enum(EARLY_CLOCK_IN_POLICIES).default("flag"),
  /** The lowest hourly rate the company may pay: federal $7.25 unless a state or city sets more (29 U.S.C. 206). */
  minimumWageCents: z.number().int("Amounts are whole cents").min(0).max(100_000).default(725),
});
export type WorkforceSettings = z.infer<typeof workforceSettingsSchema>;

/** Stores: the time zone a new store's form starts with (null: the browser's own). */
export const storesSettingsSchema = z.object({
  defaultTimeZone: z
    .string()
    .max(64)
    .refine((zone) => isTimeZone(zone), "Unknown time zone")
    .nullable()
    .default(null),
});
export type StoresSettings = z.infer<typeof storesSettingsSchema>;

/** True for an IANA zone name the runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Sections kept in company_settings, one row per company and section. */
export const SETTINGS_SECTIONS = { workforce: workforceSettingsSchema, stores: storesSettingsSchema } as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .transform((value) => (value ? value : null));

/** Sections whose values live in another module's table; companySettings:update writes through it. */
export const profileSettingsSchema = z.object({
  name: z.string().trim().min(1, "The company name is required").max(100, "At most 100 characters"),
  displayName: optionalText(100),
  description: optionalText(500),
  industry: optionalText(100),
  size: z.enum(COMPANY_SIZES).nullable(),
  /** An https address of the logo image, or null. */
  logoUrl: z
    .string()
    .trim()
    .max(500, "At most 500 characters")
    .refine((url) => url === "" || /^https:\/\/[^\s]+$/.test(url), "The logo must be an https:// address")
    .nullable()
    .transform((value) => (value ? value : null)),
  /** The employer's postal address as printed on pay statements: up to 6 lines, 300 characters (migration 0039). */
  address: z
    .string()
    .trim()
    .max(300, "At most 300 characters")
    .refine((text) => text.split(/\r?\n/).length <= 6, "At most 6 lines")
    .nullable()
    .transform((value) => (value ? value.replace(/\r\n/g, "\n") : null)),
  /** The employer identification number (EIN): nine digits, usually written 12-3456789. */
  employerId: z
    .string()
    .trim()
    .refine((ein) => ein === "" || /^\d{2}-?\d{7}$/.test(ein), "An EIN is nine digits, as 12-3456789")
    .nullable()
    .transform((value) => (value ? value : null)),
  /** The company's code at its payroll provider (ADP "Co Code", Paychex "Client ID"). */
  payrollClientCode: z
    .string()
    .trim()
    .refine((code) => code === "" || /^[A-Za-z0-9_-]{1,20}$/.test(code), "Up to 20 letters, digits, - or _")
    .nullable()
    .transform((value) => (value ? value : null)),
});
export const languageSettingsSchema = z.object({ defaultLanguage: z.enum(LANGUAGES) });
export const joinPolicySettingsSchema = z.object({ allowJoinRequests: z.boolean(), requireApproval: z.boolean() });
export const moneySettingsSchema = z.object({
  varianceThresholdCents: z.number().int("Amounts are whole cents").min(0, "The threshold cannot be negative").max(MAX_AMOUNT_CENTS),
  blindCounts: z.boolean(),
  /** Deposits, transfers, expenses and replenishments wait for an approver (withdrawals always do). */
  requireApproval: z.boolean(),
  /** A second collection of a machine on one date above this needs a second verifier; null: the first verifier's reason is enough. */
  duplicateApprovalCents: z.number().int("Amounts are whole cents").min(0, "The amount cannot be negative").max(MAX_AMOUNT_CENTS).nullable(),
});
export const geoSettingsSchema = z.object({ outsideZone: z.enum(OUTSIDE_ZONE_POLICIES) });

export const MONEY_DEFAULTS = {
  varianceThresholdCents: DEFAULT_VARIANCE_THRESHOLD_CENTS,
  blindCounts: false,
  requireApproval: false,
  duplicateApprovalCents: null,
};

/** Every section the settings screen shows, in its order. */
export const ALL_SECTIONS = {
  profile: profileSettingsSchema,
  language: languageSettingsSchema,
  joinPolicy: joinPolicySettingsSchema,
  money: moneySettingsSchema,
  workforce: workforceSettingsSchema.extend(geoSettingsSchema.shape),
  stores: storesSettingsSchema,
} as const;
export type AnySection = keyof typeof ALL_SECTIONS;
export type SectionValues<S extends AnySection> = z.infer<(typeof ALL_SECTIONS)[S]>;

export function isAnySection(value: string): value is AnySection {
  return Object.hasOwn(ALL_SECTIONS, value);
}

/** Field → first message, for showing under each field (empty when valid). */
export function fieldErrors(section: AnySection, values: unknown): Record<string, string> {
  const parsed = ALL_SECTIONS[section].safeParse(values);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return errors;
}
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;
export type SettingsOf<S extends SettingsSection> = z.infer<(typeof SETTINGS_SECTIONS)[S]>;

export function isSettingsSection(value: string): value is SettingsSection {
  return Object.hasOwn(SETTINGS_SECTIONS, value);
}

/** A section's values with the defaults filled in; what was saved under fields that no longer exist is dropped. */
export function withDefaults<S extends SettingsSection>(section: S, saved: unknown): SettingsOf<S> {
  const parsed = SETTINGS_SECTIONS[section].safeParse(saved ?? {});
  // A value saved under an older rule that no longer passes falls back to the defaults rather
  // than breaking every screen that reads the section.
  return (parsed.success ? parsed.data : SETTINGS_SECTIONS[section].parse({})) as SettingsOf<S>;
}
