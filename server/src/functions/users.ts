import { z } from "zod";
import { mutation, query } from "../runtime/define.ts";
import { invalidates } from "../runtime/invalidation.ts";

export const LANGUAGES = ["en", "es"] as const;

/** The signed-in user's profile. */
export const getProfile = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    const row = await ctx.db
      .selectFrom("users")
      .select(["id", "email", "name", "language", "createdAt"])
      .where("id", "=", ctx.user.id)
      .executeTakeFirstOrThrow();
    return { _id: row.id, _creationTime: new Date(row.createdAt).getTime(), email: row.email, name: row.name, language: row.language };
  },
});

/** The saved language, or null when the user never chose one. */
export const getUserLanguage = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    const row = await ctx.db.selectFrom("users").select("language").where("id", "=", ctx.user.id).executeTakeFirstOrThrow();
    return row.language;
  },
});

export const updateLanguagePreference = mutation({
  access: "signedIn",
  args: z.object({ language: z.enum(LANGUAGES) }),
  handler: async (ctx, { language }) => {
    invalidates(ctx.db, { userId: ctx.user.id });
    await ctx.db.updateTable("users").set({ language }).where("id", "=", ctx.user.id).execute();
    return { language };
  },
});
