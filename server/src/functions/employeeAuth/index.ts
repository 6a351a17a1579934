import { z } from "zod";
import { validateEmail, validatePin, validateUsername } from "@tumble/domain/employeeForm";
import { hashSecretSlow } from "../../auth/passwords.ts";
import { enqueue } from "../../mail/outbox.ts";
import { mutation } from "../../runtime/define.ts";
import { newId } from "../../runtime/ids.ts";
import { invalidates } from "../../runtime/invalidation.ts";
import { createPendingProfile } from "../../employees/registration.ts";
import { randomInt } from "node:crypto";

/** How long the welcome e-mail's code sets a password. */
const SET_PASSWORD_DAYS = 7;

// Spec section 5 "Employee form" / section 6: an employee registers with e-mail, kiosk username
// and PIN for a company; the account then waits for a manager to give it a role (a pending join
// request) and a pending employee profile holds the username and PIN until the manager completes
// it (employees:completeRegistration, docs/decisions/0028-employees.md). Business refusals come back as {success:false, message}, as the form expects.
// A mutation (spec section 7): the account, its join request and the welcome e-mail commit together.

export const employeeSignUp = mutation({
  access: "public",
  args: z.object({
    email: z.string().max(254),
    username: z.string().max(100),
    pin: z.string().max(100),
    companyId: z.string().max(64),
    /** The language the person registered in: their account's, and the welcome e-mail's. */
    language: z.enum(["en", "es"]).optional(),
  }),
  handler: async (ctx, args) => {
    const email = args.email.trim().toLowerCase();
    const problem = validateEmail(email) ?? validateUsername(args.username) ?? validatePin(args.pin);
    if (problem) return { success: false, message: problem };
    // In the transaction: every outcome from here on is an answer, not a throw, so the hit commits.
    await ctx.services.rateLimiter.hit(`employeeSignUp:ip:${ctx.clientAddress}`, 20, 60 * 60 * 1000, Date.now(), ctx.db);

    const company = await ctx.db
      .selectFrom("companies")
      .select(["id", "name"])
      .where("id", "=", args.companyId)
      .where("isActive", "=", true)
      .executeTakeFirst();
    if (!company) return { success: false, message: "Company not found" };
    const existing = await ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) return { success: false, message: "Account already exists for this email. Please sign in instead." };

    const taken = await ctx.db
      .selectFrom("employees")
      .select("id")
      .where("companyId", "=", company.id)
      .where("usernameLower", "=", args.username.toLowerCase())
      .executeTakeFirst();
    if (taken) return { success: false, message: "Username is already taken" };

    const pinHash = await hashSecretSlow(args.pin);
    // The pending profile holds the username and PIN; a manager completes it
    // (employees:completeRegistration). It is written first, so a concurrent registration (or a
    // manager's create) of the same username stops here on employees_company_username, before
    // anything else is written, and gets the form's answer.
    const employeeId = await createPendingProfile(ctx.db, { companyId: company.id, email, username: args.username, pinHash });
    if (!employeeId) return { success: false, message: "Username is already taken" };
    const userId = newId();
    invalidates(ctx.db, { userId });
    // The PIN lives on the employee profile only (employees.pin_hash), never on the account.
    const inserted = await ctx.db
      .insertInto("users")
      .values({
        id: userId,
        email,
        name: args.username,
        passwordHash: null,
        username: null,
        pinHash: null,
        globalRole: null,
        language: args.language ?? null,
        activeCompanyId: null,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      // Another registration took the e-mail meanwhile: the username goes back.
      await ctx.db.deleteFrom("employees").where("companyId", "=", company.id).where("id", "=", employeeId).execute();
      return { success: false, message: "Account already exists for this email. Please sign in instead." };
    }
    await ctx.db.updateTable("employees").set({ userId }).where("companyId", "=", company.id).where("id", "=", employeeId).execute();
    await ctx.db
      .insertInto("joinRequests")
      .values({ id: newId(), companyId: company.id, userId, status: "PENDING", message: "Employee registration", decidedBy: null })
      .execute();
    // A way to sign in: the PIN is for the kiosk, so the welcome e-mail carries a code that sets a
    // password (the reset code's flow, valid a week), and a link that opens the form for it.
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await ctx.db
      .insertInto("passwordResetCodes")
      .values({ id: newId(), userId, codeHash: await hashSecretSlow(code), expiresAt: new Date(ctx.now + SET_PASSWORD_DAYS * 86_400_000), usedAt: null })
      .execute();
    const url = `${ctx.services.config.publicUrl.replace(/\/$/, "")}/?setPassword=${encodeURIComponent(email)}`;
    await enqueue(ctx.db, {
      channel: "email",
      to: email,
      companyId: company.id,
      subject: `Your registration with ${company.name}`,
      template: {
        kind: "employeeRegistered",
        language: args.language ?? "en",
        data: { companyName: company.name, username: args.username, code, days: SET_PASSWORD_DAYS, url },
      },
      body: `Your employee registration with ${company.name} (username ${args.username}) was received. To sign in to the web app, open ${url} and enter the code ${code} with a password of your choice.`,
    });
    return { success: true, message: `Registration submitted. A manager at ${company.name} will assign your role.` };
  },
});
