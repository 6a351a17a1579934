import { z } from "zod";

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
  payAnchorDate: z.iso.date().nullable().default(null),
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
});
export type WorkforceSettings = z.infer<typeof workforceSettingsSchema>;

export const SETTINGS_SECTIONS = { workforce: workforceSettingsSchema } as const;
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
