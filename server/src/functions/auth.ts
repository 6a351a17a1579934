import { z } from "zod";
import { authRefusal } from "@tumble/domain/authRefusals";
import { PERMISSION_FLAGS } from "@tumble/domain/permissions";
import { requestReset, signIn as passwordSignIn, signUp, verifyReset } from "../auth/passwordFlows.ts";
import { createSession, refreshSession, revokeSession } from "../auth/sessions.ts";
import { action, query } from "../runtime/define.ts";
import { signInRefusal } from "../systemAdmin/accountState.ts";
import { AppError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

const signInArgs = z.union([
  z.object({
    provider: z.literal("password"),
    params: z.object({ flow: z.enum(["signIn", "signUp", "reset", "reset-verification"]) }).catchall(z.unknown()),
    verifier: z.string().optional(),
  }),
  z.object({ provider: z.literal("anonymous"), params: z.record(z.string(), z.unknown()).optional() }),
  z.object({ refreshToken: z.string().min(1) }),
]);

/** Spec section 7: password flows, guest sign-in and token refresh. */
export const signIn = action({
  access: "public",
  // Every user of a shop behind one address signs in and refreshes here; password guessing has
  // its own tighter limits (passwordFlows.ts).
  rateLimit: { perMinute: 300 },
  args: signInArgs,
  handler: async (ctx, args) => {
    if ("refreshToken" in args) return { tokens: await refreshSession(ctx.db, ctx.services.tokens, args.refreshToken) };
    if (args.provider === "anonymous") {
      await ctx.services.rateLimiter.hit(`anonymous:ip:${ctx.clientAddress}`, 30, 60 * 60 * 1000);
      const id = newId();
      await ctx.db
        .insertInto("users")
        .values({
          id,
          email: null,
          name: "Guest",
          passwordHash: null,
          username: null,
          pinHash: null,
          globalRole: null,
          language: null,
          activeCompanyId: null,
          isAnonymous: true,
        })
        .execute();
      return { tokens: await createSession(ctx.db, ctx.services.tokens, id) };
    }
    const params = args.params;
    switch (params.flow) {
      case "signUp":
        return { tokens: await signUp(ctx, params) };
      case "signIn": {
        const tokens = await passwordSignIn(ctx, params);
        // A disabled account, or one whose every company is suspended, is told why (issue 20).
        const claims = await ctx.services.tokens.verify(tokens.token);
        const refusal = claims ? await signInRefusal(ctx.db, claims.userId) : null;
        if (claims && refusal) {
          await revokeSession(ctx.db, claims.sessionId);
          throw new AppError(refusal);
        }
        return { tokens };
      }
      case "reset":
        await requestReset(ctx, params);
        return { tokens: null };
      case "reset-verification":
        return { tokens: await verifyReset(ctx, params) };
    }
  },
});

export const signOut = action({
  access: "public",
  rateLimit: { perMinute: 300 },
  args: z.object({}),
  handler: async (ctx) => {
    if (ctx.sessionId) await revokeSession(ctx.db, ctx.sessionId);
    return null;
  },
});

/** The signed-in user, or null. `role` is the role in the active company, UNASSIGNED without one. */
export const loggedInUser = query({
  access: "public",
  rateLimit: { perMinute: 600 },
  args: z.object({}),
  handler: async (ctx) => {
    if (!ctx.user) return null;
    const row = await ctx.db
      .selectFrom("users")
      .select(["id", "email", "name", "language", "globalRole", "isAnonymous", "activeCompanyId", "createdAt"])
      .where("id", "=", ctx.user.id)
      .executeTakeFirst();
    if (!row) throw refused(authRefusal("accountNotFound"));
    return {
      _id: row.id,
      _creationTime: new Date(row.createdAt).getTime(),
      email: row.email,
      name: row.name,
      role: ctx.company?.role ?? "UNASSIGNED",
      companyRole: ctx.company?.role ?? null,
      language: row.language,
      globalRole: row.globalRole,
      isAnonymous: row.isAnonymous,
      activeCompanyId: ctx.company?.id ?? null,
    };
  },
});

/** Spec section 6: the caller's role, global role, active company and every permission flag. */
export const getUserCompanyRole = query({
  access: "signedIn",
  args: z.object({}),
  handler: async (ctx) => {
    // Read through the database so a role change reaches live subscribers.
    await ctx.db.selectFrom("memberships").select("id").where("userId", "=", ctx.user.id).limit(1).execute();
    return {
      role: ctx.company?.role ?? "UNASSIGNED",
      globalRole: ctx.user.globalRole,
      companyId: ctx.company?.id ?? null,
      permissions: Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, ctx.permissions[f]])) as Record<(typeof PERMISSION_FLAGS)[number], boolean>,
    };
  },
});
