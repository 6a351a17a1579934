import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { newId } from "../runtime/ids.ts";

// Spec section 3 "Theme config": colours, typography, spacing, animations and accessibility.
// The platform ships two themes; "Tumble" is the default. Seeding is idempotent (by name), so it
// runs on every start and never touches a theme a system admin already edited.

export interface ThemeConfig {
  colors: {
    primary: string;
    secondary: string;
    accent: string;
    background: string;
    surface: string;
    text: string;
    textSecondary: string;
    border: string;
    success: string;
    warning: string;
    error: string;
    info: string;
  };
  typography: { fontFamily: string; fontSize: number; lineHeight: number; fontWeight: number };
  spacing: { scale: number; borderRadius: number };
  animations: { enabled: boolean; durationMs: number };
  accessibility: { highContrast: boolean; reducedMotion: boolean };
}

export interface ThemeSeed {
  name: string;
  description: string;
  isDefault: boolean;
  config: ThemeConfig;
}

const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

export const DEFAULT_THEMES: readonly ThemeSeed[] = [
  {
    name: "Tumble",
    description: "Clean cyan on light surfaces, the standard look.",
    isDefault: true,
    config: {
      colors: {
        primary: "#0c8599",
        secondary: "#1c7ed6",
        accent: "#f59f00",
        background: "#f8f9fa",
        surface: "#ffffff",
        text: "#212529",
        textSecondary: "#868e96",
        border: "#dee2e6",
        success: "#2f9e44",
        warning: "#f08c00",
        error: "#e03131",
        info: "#1971c2",
      },
      typography: { fontFamily: `Inter, ${SYSTEM_FONTS}`, fontSize: 16, lineHeight: 1.55, fontWeight: 400 },
      spacing: { scale: 1, borderRadius: 8 },
      animations: { enabled: true, durationMs: 200 },
      accessibility: { highContrast: false, reducedMotion: false },
    },
  },
  {
    name: "Harbor",
    description: "Deep indigo with squarer corners and a serif accent.",
    isDefault: false,
    config: {
      colors: {
        primary: "#4c6ef5",
        secondary: "#7048e8",
        accent: "#e64980",
        background: "#f4f5fb",
        surface: "#ffffff",
        text: "#1b1f3b",
        textSecondary: "#6b7194",
        border: "#d5d8ec",
        success: "#37b24d",
        warning: "#f59f00",
        error: "#f03e3e",
        info: "#3b5bdb",
      },
      typography: { fontFamily: `Georgia, 'Times New Roman', serif`, fontSize: 16, lineHeight: 1.6, fontWeight: 400 },
      spacing: { scale: 1, borderRadius: 2 },
      animations: { enabled: true, durationMs: 150 },
      accessibility: { highContrast: false, reducedMotion: false },
    },
  },
];

/** Inserts every built-in theme that is missing (by name); marks "Tumble" default only when no theme is. */
export async function ensureDefaultThemes(db: Kysely<DB>): Promise<void> {
  const existing = await db.selectFrom("themes").select(["name", "isDefault"]).execute();
  const names = new Set(existing.map((t) => t.name));
  const hasDefault = existing.some((t) => t.isDefault);
  const missing = DEFAULT_THEMES.filter((t) => !names.has(t.name));
  if (missing.length === 0) return;
  await db
    .insertInto("themes")
    .values(
      missing.map((t) => ({
        id: newId(),
        name: t.name,
        description: t.description,
        config: JSON.stringify(t.config),
        isDefault: t.isDefault && !hasDefault,
      })),
    )
    // Processes starting together on one PostgreSQL both find the theme missing: one inserts it.
    .onConflict((oc) => oc.doNothing())
    .execute();
}
