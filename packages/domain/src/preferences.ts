import { z } from "zod";

// Spec section 3, "Layout preferences": what the user may set, with its defaults.

export const SCALES = ["xs", "sm", "base", "lg", "xl", "xxl"] as const;
export type Scale = (typeof SCALES)[number];

export const layoutPreferencesSchema = z.object({
  layoutDensity: z.enum(["minimal", "compact", "comfortable"]),
  sidebarBehavior: z.enum(["auto", "expanded", "collapsed", "hidden"]),
  sidebarCollapsed: z.boolean(),
  columnVisibility: z.record(z.string().max(64), z.record(z.string().max(64), z.boolean())),
  fontScale: z.enum(SCALES),
  iconScale: z.enum(SCALES),
  scalesLinked: z.boolean(),
  theme: z.enum(["light", "dark", "system"]),
  /** Notification e-mails the user opted in to (true) or out of (false); unlisted kinds are on. */
  emailNotifications: z.record(z.string().max(64), z.boolean()),
});

export type LayoutPreferences = z.infer<typeof layoutPreferencesSchema>;

export const DEFAULT_PREFERENCES: LayoutPreferences = {
  layoutDensity: "comfortable",
  sidebarBehavior: "auto",
  sidebarCollapsed: false,
  columnVisibility: {},
  fontScale: "base",
  iconScale: "base",
  scalesLinked: false,
  theme: "system",
  emailNotifications: {},
};

/** An update names only what changes. */
export const preferencesUpdateSchema = layoutPreferencesSchema.partial().strict();

/** Stored preferences over the defaults; unknown or invalid stored keys fall back to the default. */
export function withDefaults(stored: unknown): LayoutPreferences {
  const result: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  if (stored && typeof stored === "object") {
    for (const [key, value] of Object.entries(stored)) {
      const field = layoutPreferencesSchema.shape[key as keyof LayoutPreferences];
      if (field && field.safeParse(value).success) result[key] = value;
    }
  }
  return result as LayoutPreferences;
}

/** Column visibility: a column is visible unless the user hid it. */
export function isColumnVisible(prefs: LayoutPreferences, table: string, column: string): boolean {
  return prefs.columnVisibility[table]?.[column] ?? true;
}

/** The kinds of notification e-mail a user may turn off on /user/email-preferences. */
export const EMAIL_NOTIFICATION_KINDS = [
  "joinRequestUpdates",
  "collectionAlerts",
  "cashApprovals",
  "scheduleChanges",
  "timeOffDecisions",
  "payrollStatements",
  "announcements",
] as const;
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/** Whether the user wants this kind of e-mail: yes unless they opted out. */
export function wantsEmail(prefs: LayoutPreferences, kind: EmailNotificationKind): boolean {
  return prefs.emailNotifications[kind] ?? true;
}
