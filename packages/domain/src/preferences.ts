// Spec section 3, "Layout preferences": what the user may set, with its defaults.

export const SCALES = ["xs", "sm", "base", "lg", "xl", "xxl"] as const;
export type Scale = (typeof SCALES)[number];

const DENSITIES = ["minimal", "compact", "comfortable"] as const;
const SIDEBAR_BEHAVIORS = ["auto", "expanded", "collapsed", "hidden"] as const;
const THEMES = ["light", "dark", "system"] as const;

export interface LayoutPreferences {
  layoutDensity: (typeof DENSITIES)[number];
  sidebarBehavior: (typeof SIDEBAR_BEHAVIORS)[number];
  sidebarCollapsed: boolean;
  columnVisibility: Record<string, Record<string, boolean>>;
  fontScale: Scale;
  iconScale: Scale;
  scalesLinked: boolean;
  theme: (typeof THEMES)[number];
  /** Notification e-mails the user opted in to (true) or out of (false); unlisted kinds are on. */
  emailNotifications: Record<string, boolean>;
}

// Plain checks rather than zod: the first-load bundle reads stored preferences and must not carry
// zod (decision 0022). The server's argument schema (preferencesSchema.ts) is built from these.
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === "string" && (values as readonly string[]).includes(v);
const isBoolean = (v: unknown): v is boolean => typeof v === "boolean";
const isKeyOk = (k: string) => k.length <= 64;
const isFlags = (v: unknown): v is Record<string, boolean> =>
  !!v && typeof v === "object" && !Array.isArray(v) && Object.entries(v).every(([k, x]) => isKeyOk(k) && typeof x === "boolean");
const isNestedFlags = (v: unknown): v is Record<string, Record<string, boolean>> =>
  !!v && typeof v === "object" && !Array.isArray(v) && Object.entries(v).every(([k, x]) => isKeyOk(k) && isFlags(x));

/** What each preference may hold. */
export const PREFERENCE_RULES: { [K in keyof LayoutPreferences]: (value: unknown) => value is LayoutPreferences[K] } = {
  layoutDensity: oneOf(DENSITIES),
  sidebarBehavior: oneOf(SIDEBAR_BEHAVIORS),
  sidebarCollapsed: isBoolean,
  columnVisibility: isNestedFlags,
  fontScale: oneOf(SCALES),
  iconScale: oneOf(SCALES),
  scalesLinked: isBoolean,
  theme: oneOf(THEMES),
  emailNotifications: isFlags,
};

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

/** Stored preferences over the defaults; unknown or invalid stored keys fall back to the default. */
export function withDefaults(stored: unknown): LayoutPreferences {
  const result: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  if (stored && typeof stored === "object") {
    for (const [key, value] of Object.entries(stored)) {
      const rule = Object.hasOwn(PREFERENCE_RULES, key) ? PREFERENCE_RULES[key as keyof LayoutPreferences] : undefined;
      if (rule?.(value)) result[key] = value;
    }
  }
  return result as unknown as LayoutPreferences;
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
