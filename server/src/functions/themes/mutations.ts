import { z } from "zod";
import { themeConfigSchema, themeDescriptionSchema, themeNameSchema } from "@tumble/domain/themeConfig";
import { themeRefusal } from "@tumble/domain/themeRefusals";
import { mutation } from "../../runtime/define.ts";
import { refused } from "../../runtime/errors.ts";
import { createTheme, setPlatformTheme, updateTheme } from "../../themes/editor.ts";

/** Makes the theme the caller's own; an unknown theme changes nothing. */
export const applyTheme = mutation({
  access: "signedIn",
  args: z.object({ themeId: z.string().min(1).max(64) }),
  handler: async (ctx, { themeId }) => {
    const theme = await ctx.db.selectFrom("themes").select(["id", "name"]).where("id", "=", themeId).executeTakeFirst();
    if (!theme) throw refused(themeRefusal("notFound"));
    const now = new Date();
    await ctx.db
      .insertInto("userThemePreferences")
      .values({ userId: ctx.user.id, themeId: theme.id, updatedAt: now })
      .onConflict((oc) => oc.column("userId").doUpdateSet({ themeId: theme.id, updatedAt: now }))
      .execute();
    return { themeId: theme.id, name: theme.name };
  },
});

/**
 * The theme editor's save (issue 20): with `themeId`, overwrites that theme (never a built-in
 * one); without, saves a new theme — "save as new" and "duplicate" alike.
 */
export const saveTheme = mutation({
  access: "isSystemAdmin",
  args: z.object({
    themeId: z.string().min(1).max(64).optional(),
    name: themeNameSchema,
    description: themeDescriptionSchema.default(null),
    config: themeConfigSchema,
  }),
  handler: async (ctx, { themeId, ...draft }) =>
    themeId ? updateTheme(ctx.db, { actorId: ctx.user.id }, themeId, draft) : createTheme(ctx.db, { actorId: ctx.user.id }, draft),
});

/** Makes a theme the platform's active theme: every signed-in user without a theme of their own sees it. */
export const setActiveTheme = mutation({
  access: "isSystemAdmin",
  args: z.object({ themeId: z.string().min(1).max(64) }),
  handler: async (ctx, { themeId }) => setPlatformTheme(ctx.db, { actorId: ctx.user.id }, themeId),
});
