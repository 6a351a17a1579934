import { sql } from "kysely";
import { z } from "zod";
import { DEFAULT_PREFERENCES, withDefaults } from "@tumble/domain/preferences";
import { preferencesUpdateSchema } from "@tumble/domain/preferencesSchema";
import { mutation, query } from "../runtime/define.ts";

export const getUserPreferences = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    const row = await ctx.db.selectFrom("userPreferences").select("preferences").where("userId", "=", ctx.user.id).executeTakeFirst();
    return withDefaults(row?.preferences);
  },
});

/** Merges the given fields into the saved preferences (one upserted row per user). */
export const updateUserPreferences = mutation({
  access: "signedIn",
  args: z.object({ preferences: preferencesUpdateSchema }),
  handler: async (ctx, { preferences }) => {
    const row = await ctx.db
      .insertInto("userPreferences")
      .values({ userId: ctx.user.id, preferences: JSON.stringify(withDefaults(preferences)) })
      .onConflict((oc) =>
        oc.column("userId").doUpdateSet({
          preferences: sql<string>`user_preferences.preferences || ${JSON.stringify(preferences)}::jsonb`,
          updatedAt: new Date(),
        }),
      )
      .returning("preferences")
      .executeTakeFirstOrThrow();
    return withDefaults(row.preferences);
  },
});

export const resetUserPreferences = mutation({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    await ctx.db.deleteFrom("userPreferences").where("userId", "=", ctx.user.id).execute();
    return DEFAULT_PREFERENCES;
  },
});
