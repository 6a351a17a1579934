import { randomInt } from "node:crypto";
import type { ActionCtx } from "../runtime/define.ts";
import { AppError } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { hashSecretSlow, verifySecretSlow } from "./passwords.ts";
import { createSession, revokeAllSessions, type Tokens } from "./sessions.ts";

// The password provider's flows (spec section 7): signUp, signIn, reset (e-mail a code) and
// reset-verification. Messages carry the phrases the client's error mapping looks for.

export const MESSAGES = {
  invalidEmail: "Invalid email",
  accountNotFound: "Account not found",
  invalidPassword: "Invalid password",
  accountExists: "Account already exists",
  passwordTooShort: "Password must be at least 8 characters",
  invalidCode: "Invalid or expired code",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 8;
const CODE_MINUTES = 15;
const MAX_CODE_TRIES = 5;
const WINDOW = 15 * 60 * 1000;

export function normalizeEmail(raw: unknown): string {
  const email = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if (!EMAIL.test(email) || email.length > 254) throw new AppError(MESSAGES.invalidEmail);
  return email;
}

function checkPassword(raw: unknown): string {
  if (typeof raw !== "string" || raw.length < MIN_PASSWORD) throw new AppError(MESSAGES.passwordTooShort);
  if (raw.length > 256) throw new AppError("Password must be at most 256 characters");
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
  if (existing) throw new AppError(MESSAGES.accountExists);
  const id = newId();
  const passwordHash = await hashSecretSlow(password);
  const inserted = await ctx.db
    .insertInto("users")
    .values({ id, email, name: null, passwordHash, username: null, pinHash: null, globalRole: null, language: null, activeCompanyId: null })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw new AppError(MESSAGES.accountExists);
  await ctx.services.outbox.send({
    channel: "email",
    to: email,
    subject: "Welcome to Tumble",
    body: `Your Tumble account ${email} is ready. Sign in at ${ctx.services.config.publicUrl} and find your company to get started.`,
  });
  return createSession(ctx.db, ctx.services.tokens, id);
}

/** Sign-in counts only failures, so people signing in correctly from one address never lock it. */
export async function signIn(ctx: ActionCtx, params: Record<string, unknown>): Promise<Tokens> {
  const email = normalizeEmail(params.email);
  const limiter = ctx.services.rateLimiter;
  const keys: Array<[string, number]> = [
    [`signIn:email:${email}`, 10],
    [`signIn:ip:${ctx.clientAddress}`, 50],
  ];
  for (const [key, max] of keys) await limiter.check(key, max, WINDOW);
  const fail = async (message: string) => {
    for (const [key, max] of keys) await limiter.hit(key, max + 1, WINDOW);
    return new AppError(message);
  };
  const user = await ctx.db.selectFrom("users").select(["id", "passwordHash"]).where("email", "=", email).executeTakeFirst();
  if (!user) throw await fail(MESSAGES.accountNotFound);
  if (typeof params.password !== "string" || !(await verifySecretSlow(user.passwordHash, params.password))) {
    throw await fail(MESSAGES.invalidPassword);
  }
  await limiter.reset(`signIn:email:${email}`);
  return createSession(ctx.db, ctx.services.tokens, user.id);
}

export async function requestReset(ctx: ActionCtx, params: Record<string, unknown>): Promise<void> {
  const email = normalizeEmail(params.email);
  await limit(ctx, "reset", email, 5, 20);
  const user = await ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (!user) throw new AppError(MESSAGES.accountNotFound);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.db.transaction().execute(async (trx) => {
    // Only the newest code counts.
    await trx.updateTable("passwordResetCodes").set({ usedAt: new Date() }).where("userId", "=", user.id).where("usedAt", "is", null).execute();
    await trx
      .insertInto("passwordResetCodes")
      .values({ id: newId(), userId: user.id, codeHash: await hashSecretSlow(code), expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000), usedAt: null })
      .execute();
  });
  await ctx.services.outbox.send({
    channel: "email",
    to: email,
    subject: "Your Tumble password reset code",
    body: `Your password reset code is ${code}. It expires in ${CODE_MINUTES} minutes. If you did not ask for it, ignore this e-mail.`,
  });
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
    throw new AppError(MESSAGES.invalidCode);
  }
  if (!(await verifySecretSlow(row.codeHash, code))) {
    await ctx.db.updateTable("passwordResetCodes").set({ attempts: row.attempts + 1 }).where("id", "=", row.id).execute();
    throw new AppError(MESSAGES.invalidCode);
  }
  const passwordHash = await hashSecretSlow(password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable("passwordResetCodes").set({ usedAt: new Date() }).where("id", "=", row.id).execute();
    await trx.updateTable("users").set({ passwordHash }).where("id", "=", row.userId).execute();
  });
  await revokeAllSessions(ctx.db, row.userId);
  return createSession(ctx.db, ctx.services.tokens, row.userId);
}
