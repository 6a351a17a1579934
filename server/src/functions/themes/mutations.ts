import { z } from "zod";
import { mutation } from "../../runtime/define.ts";
import { AppError } from "../../runtime/errors.ts";

/** Makes the theme the caller's own; an unknown theme changes nothing. */
export const applyTheme = mutation({
  access: "signedIn",
  args: z.object({ themeId: z.string().min(1).max(64) }),
  handler: async (ctx, { themeId }) => {
    const theme = await ctx.db.selectFrom("themes").select(["id", "name"]).where("id", "=", themeId).executeTakeFirst();
    if (!theme) throw new AppError("Theme not found");
    const now = new Date();
    await ctx.db
      .insertInto("userThemePreferences")
      .values({ userId: ctx.user.id, themeId: theme.id, updatedAt: now })
      .onConflict((oc) => oc.column("userId").doUpdateSet({ themeId: theme.id, updatedAt: now }))
      .execute();
    return { themeId: theme.id, name: theme.name };
  },
});
