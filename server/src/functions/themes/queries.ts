import { z } from "zod";
import type { ThemeConfig } from "../../seed/themes.ts";
import { query, type QueryCtx } from "../../runtime/define.ts";

// Spec section 3 "Theme config" and section 7: the active theme (the user's applied theme, else
// the platform default), the themes on offer and the user's own choice.

export interface ThemeDocument {
  _id: string;
  _creationTime: number;
  name: string;
  description: string | null;
  config: ThemeConfig;
  isDefault: boolean;
}

type ThemeRow = { id: string; name: string; description: string | null; config: unknown; isDefault: boolean; createdAt: Date };

export function themeDocument(row: ThemeRow): ThemeDocument {
  return {
    _id: row.id,
    _creationTime: new Date(row.createdAt).getTime(),
    name: row.name,
    description: row.description,
    config: row.config as ThemeConfig,
    isDefault: row.isDefault,
  };
}

const THEME_COLUMNS = ["themes.id", "themes.name", "themes.description", "themes.config", "themes.isDefault", "themes.createdAt"] as const;

async function activeTheme(ctx: QueryCtx<"signedIn">): Promise<ThemeDocument | null> {
  const chosen = await ctx.db
    .selectFrom("userThemePreferences")
    .innerJoin("themes", "themes.id", "userThemePreferences.themeId")
    .select(THEME_COLUMNS)
    .where("userThemePreferences.userId", "=", ctx.user.id)
    .executeTakeFirst();
  if (chosen) return themeDocument(chosen);
  const fallback = await ctx.db.selectFrom("themes").select(THEME_COLUMNS).orderBy("isDefault", "desc").orderBy("createdAt").orderBy("id").executeTakeFirst();
  return fallback ? themeDocument(fallback) : null;
}

/** The theme in force for the caller: the one they applied, else the default. Null when none exists. */
export const getActiveTheme = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => activeTheme(ctx),
});

/** Every theme, the default first, then by name. */
export const getAvailableThemes = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db.selectFrom("themes").select(THEME_COLUMNS).orderBy("isDefault", "desc").orderBy("name").orderBy("id").execute();
    return rows.map(themeDocument);
  },
});

/** The caller's theme choice, or null when they follow the default. */
export const getUserThemePreferences = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    const row = await ctx.db.selectFrom("userThemePreferences").select(["themeId", "updatedAt"]).where("userId", "=", ctx.user.id).executeTakeFirst();
    return row ? { themeId: row.themeId, updatedAt: new Date(row.updatedAt).getTime() } : null;
  },
});
