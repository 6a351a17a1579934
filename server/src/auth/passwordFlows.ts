import { randomInt } from "node:crypto";
import { AUTH_REFUSAL_TEXTS, authRefusal } from "@tumble/domain/authRefusals";
import { PASSWORD_MIN_LENGTH } from "@tumble/domain/employeeForm";
import { enqueue } from "../mail/outbox.ts";
import type { ActionCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { hashSecretSlow, verifySecretSlow } from "./passwords.ts";
import { createSession, revokeAllSessions, type Tokens } from "./sessions.ts";

// The password provider's flows (spec section 7): signUp, signIn, reset (e-mail a code) and
// reset-verification. Messages carry the phrases the client's error mapping looks for.

const english = <K extends keyof typeof AUTH_REFUSAL_TEXTS>(key: K) => AUTH_REFUSAL_TEXTS[key].en;

/** The flows' refusals in English; they are thrown with their codes (authRefusal). */
export const MESSAGES = {
  invalidEmail: english("invalidEmail"),
  accountNotFound: english("accountNotFound"),
  invalidPassword: english("invalidPassword"),
  accountExists: english("accountExists"),
  passwordTooShort: english("passwordTooShort"),
  passwordTooLong: english("passwordTooLong"),
  invalidCode: english("invalidCode"),
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CODE_MINUTES = 15;
const MAX_CODE_TRIES = 5;
const WINDOW = 15 * 60 * 1000;

export function normalizeEmail(raw: unknown): string {
  const email = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if (!EMAIL.test(email) || email.length > 254) throw refused(authRefusal("invalidEmail"));
  return email;
}

function checkPassword(raw: unknown): string {
  if (typeof raw !== "string" || raw.length < PASSWORD_MIN_LENGTH) throw refused(authRefusal("passwordTooShort"));
  if (raw.length > 256) throw refused(authRefusal("passwordTooLong"));
  return raw;
}

/** Per e-mail and per client address, so neither one account nor one address can be hammered. */
async function limit(ctx: ActionCtx, flow: string, email: string, perEmail: number, perAddress: number) {
  await ctx.services.rateLimiter.hit(`${flow}:email:${email}`, perEmail, WINDOW);
  await ctx.services.rateLimiter.hit(`${flow}:ip:${ctx.clientAddress}`, perAddress, WINDOW);
}

export async function signUp(ctx: ActionCtx, params: Record<string, unknown>): Promise<Tokens> {
  const email = normalizeEmail(params.email);
  const password = checkPassword(params.password);
  await limit(ctx, "signUp", email, 10, 30);
  const existing = await ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) throw refused(authRefusal("accountExists"));
  const id = newId();
  const passwordHash = await hashSecretSlow(password);
  const inserted = await ctx.db
    .insertInto("users")
    .values({ id, email, name: null, passwordHash, username: null, pinHash: null, globalRole: null, language: null, activeCompanyId: null })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw refused(authRefusal("accountExists"));
  await enqueue(ctx.db, {
    channel: "email",
    to: email,
    subject: "Welcome to Tumble",
    body: `Your Tumble account ${email} is ready. Sign in at ${ctx.services.config.publicUrl} and find your company to get started.`,
    template: { kind: "accountWelcome", data: { email, url: ctx.services.config.publicUrl } },
  });
  return createSession(ctx.db, ctx.services.tokens, id);
}

// Sign-in limits (decision 0014). Every attempt is counted before the slow hash, in the same
// statement that decides whether it may go ahead, so a concurrent burst cannot slip past.
// - per account and address: 10 per 15 minutes — one address guessing one account;
// - per address: 100 per 15 minutes, successes given back — one address guessing many accounts,
//   while a shop signing in correctly from one address is never stopped;
// - per account from every address: 20 free, then exponential spacing up to one minute —
//   many addresses guessing one account. An address that signed in to the account in the last
//   30 days skips this one, so a spread-out attack does not keep the owner out.
const SIGN_IN = {
  perPair: 10,
  perAddress: 100,
  accountFree: 20,
  accountMaxDelayMs: 60_000,
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
};

export async function signIn(ctx: ActionCtx, params: Record<string, unknown>): Promise<Tokens> {
  return createSession(ctx.db, ctx.services.tokens, await checkSignIn(ctx, params));
}

/**
 * The account an e-mail and password name, under the sign-in limits above; refuses an unknown
 * account or a wrong password. Sign-in starts a session with it; leaving kiosk mode (a manager at
 * the counter tablet) counts against the same limits and starts none.
 */
export async function checkSignIn(ctx: ActionCtx, params: Record<string, unknown>): Promise<string> {
  const email = normalizeEmail(params.email);
  const limiter = ctx.services.rateLimiter;
  const pairKey = `signIn:pair:${email}|${ctx.clientAddress}`;
  const addressKey = `signIn:ip:${ctx.clientAddress}`;
  const accountKey = `signIn:account:${email}`;
  const knownKey = `signIn:${email}|${ctx.clientAddress}`;
  await limiter.hit(pairKey, SIGN_IN.perPair, WINDOW);
  await limiter.hit(addressKey, SIGN_IN.perAddress, WINDOW);
  if (!(await limiter.seen(knownKey, SIGN_IN.knownAddressMs))) {
    await limiter.spaced(accountKey, SIGN_IN.accountFree, SIGN_IN.accountMaxDelayMs, WINDOW);
  }
  const user = await ctx.db.selectFrom("users").select(["id", "passwordHash"]).where("email", "=", email).executeTakeFirst();
  // An unknown account is checked against a dummy hash, so its answer takes as long as a real one.
  const password = typeof params.password === "string" ? params.password.slice(0, 256) : "";
  const valid = await verifySecretSlow(user?.passwordHash ?? null, password);
  if (!user) throw refused(authRefusal("accountNotFound"));
  if (!valid) throw refused(authRefusal("invalidPassword"));
  await limiter.reset(pairKey);
  await limiter.reset(accountKey);
  await limiter.refund(addressKey);
  await limiter.mark(knownKey);
  return user.id;
}

export async function requestReset(ctx: ActionCtx, params: Record<string, unknown>): Promise<void> {
  const email = normalizeEmail(params.email);
  await limit(ctx, "reset", email, 5, 20);
  const user = await ctx.db.selectFrom("users").select(["id", "activeCompanyId"]).where("email", "=", email).executeTakeFirst();
  if (!user) throw refused(authRefusal("accountNotFound"));
  const companyId = await resetTemplateCompany(ctx.db, user);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.db.transaction().execute(async (trx) => {
    // Only the newest code counts.
    await trx.updateTable("passwordResetCodes").set({ usedAt: new Date() }).where("userId", "=", user.id).where("usedAt", "is", null).execute();
    await trx
      .insertInto("passwordResetCodes")
      .values({ id: newId(), userId: user.id, codeHash: await hashSecretSlow(code), expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000), usedAt: null })
      .execute();
    // The code's e-mail exists if and only if the code does.
    await enqueue(trx, {
      channel: "email",
      to: email,
      companyId,
      subject: "Your Tumble password reset code",
      body: `Your password reset code is ${code}. It expires in ${CODE_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
      template: { kind: "passwordReset", data: { code, minutes: CODE_MINUTES } },
    });
  });
}

/**
 * Whose template a password-reset e-mail uses (docs/decisions/0058): the company the person last
 * worked in (their active company) when they still belong to it, else the company they joined
 * first; none (the built-in text) for someone in no company.
 */
async function resetTemplateCompany(db: ActionCtx["db"], user: { id: string; activeCompanyId: string | null }): Promise<string | null> {
  const memberships = await db.selectFrom("memberships").select(["companyId"]).where("userId", "=", user.id).orderBy("joinedAt").orderBy("companyId").execute();
  if (user.activeCompanyId && memberships.some((m) => m.companyId === user.activeCompanyId)) return user.activeCompanyId;
  return memberships[0]?.companyId ?? null;
}

export async function verifyReset(ctx: ActionCtx, params: Record<string, unknown>): Promise<Tokens> {
  const email = normalizeEmail(params.email);
  await limit(ctx, "resetVerify", email, 10, 50);
  const code = typeof params.code === "string" ? params.code.trim() : "";
  const password = checkPassword(params.newPassword);
  const row = await ctx.db
    .selectFrom("passwordResetCodes as c")
    .innerJoin("users as u", "u.id", "c.userId")
    .select(["c.id", "c.codeHash", "c.attempts", "c.expiresAt", "u.id as userId"])
    .where("u.email", "=", email)
    .where("c.usedAt", "is", null)
    .orderBy("c.createdAt", "desc")
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt).getTime() < Date.now() || row.attempts >= MAX_CODE_TRIES || !/^\d{6}$/.test(code)) {
    throw refused(authRefusal("invalidCode"));
  }
  // Spend the try before the slow check, in one statement, so concurrent guesses get five in all.
  const claimed = await ctx.db
    .updateTable("passwordResetCodes")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", row.id)
    .where("attempts", "<", MAX_CODE_TRIES)
    .returning("id")
    .executeTakeFirst();
  if (!claimed || !(await verifySecretSlow(row.codeHash, code))) throw refused(authRefusal("invalidCode"));
  const passwordHash = await hashSecretSlow(password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable("passwordResetCodes").set({ usedAt: new Date() }).where("id", "=", row.id).execute();
    await trx.updateTable("users").set({ passwordHash }).where("id", "=", row.userId).execute();
  });
  await revokeAllSessions(ctx.db, row.userId);
  return createSession(ctx.db, ctx.services.tokens, row.userId);
}
