import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { PASSWORD_MIN_LENGTH } from "@tumble/domain/employeeForm";
import type { SystemRole } from "@tumble/domain/permissions";
import { hashSecretSlow } from "../auth/passwords.ts";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";

// The first administrator of an installation (issue 32, docs/decisions/0060-two-person-rules.md):
// in the console a global role waits for a second administrator, so the first one — and a
// replacement when every administrator is gone — is made by whoever runs the server, with
// `npm run admin -- create EMAIL` (cli/admin.ts). Running it again changes nothing that is
// already so: the account keeps its password and gets the role only if it lacks it.

/** How long the printed set-password code works. */
export const SET_PASSWORD_HOURS = 24;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class AdminCommandError extends Error {}

export interface AdminResult {
  userId: string;
  email: string;
  createdAccount: boolean;
  /** The role the account holds now, and whether this run gave it. */
  globalRole: SystemRole;
  grantedRole: boolean;
  /** A password given to the command was set. */
  passwordSet: boolean;
  /** When the account has no password and none was given: a code that sets one, and where to enter it. */
  setPassword: { url: string; code: string; hours: number } | null;
}

/** The e-mail address as accounts keep it, and the password when one is given; refuses either when it breaks the sign-in rules. */
export function checkAdminInput(rawEmail: string, password: string | null): { email: string; password: string | null } {
  const email = rawEmail.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new AdminCommandError(`Not an e-mail address: ${rawEmail}`);
  if (password !== null && password.length < PASSWORD_MIN_LENGTH)
    throw new AdminCommandError(`The password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (password !== null && password.length > 256) throw new AdminCommandError("The password must be at most 256 characters");
  return { email, password };
}

/** Makes (or finds) the account, gives it the global role, and sets its password or issues a code to set one. */
export async function createAdmin(
  db: Kysely<DB>,
  input: { email: string; role: SystemRole; password?: string | null; name?: string | null; publicUrl: string; now?: Date },
): Promise<AdminResult> {
  const { email, password } = checkAdminInput(input.email, input.password ?? null);
  const now = input.now ?? new Date();
  const passwordHash = password === null ? null : await hashSecretSlow(password);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const codeHash = await hashSecretSlow(code);

  return db.transaction().execute(async (trx) => {
    let user = await trx.selectFrom("users").select(["id", "globalRole", "passwordHash"]).where("email", "=", email).forUpdate().executeTakeFirst();
    const createdAccount = !user;
    if (!user) {
      const id = newId();
      await trx
        .insertInto("users")
        .values({
          id,
          email,
          name: input.name?.trim() || null,
          passwordHash: null,
          username: null,
          pinHash: null,
          globalRole: null,
          language: null,
          activeCompanyId: null,
        })
        .execute();
      user = { id, globalRole: null, passwordHash: null };
    }
    // A super administrator already holds every power; another role is not a step down from it.
    const grantedRole = user.globalRole !== input.role && user.globalRole !== "SUPER_ADMIN";
    const globalRole = (grantedRole ? input.role : user.globalRole) as SystemRole;
    if (grantedRole) await trx.updateTable("users").set({ globalRole }).where("id", "=", user.id).execute();
    // Whoever runs the server may let the account in again: a disabled one is enabled.
    await trx.deleteFrom("userDisablements").where("userId", "=", user.id).execute();
    if (passwordHash) await trx.updateTable("users").set({ passwordHash }).where("id", "=", user.id).execute();

    let setPassword: AdminResult["setPassword"] = null;
    if (!passwordHash && !user.passwordHash) {
      // The reset code's flow (only the newest code counts), printed instead of e-mailed: a fresh
      // installation may have no mail yet.
      await trx.updateTable("passwordResetCodes").set({ usedAt: now }).where("userId", "=", user.id).where("usedAt", "is", null).execute();
      await trx
        .insertInto("passwordResetCodes")
        .values({ id: newId(), userId: user.id, codeHash, expiresAt: new Date(now.getTime() + SET_PASSWORD_HOURS * 3_600_000), usedAt: null })
        .execute();
      setPassword = { url: `${input.publicUrl.replace(/\/$/, "")}/?setPassword=${encodeURIComponent(email)}`, code, hours: SET_PASSWORD_HOURS };
    }
    await audit(trx, {
      companyId: null,
      actorId: null,
      action: "createAdmin",
      entity: "user",
      entityId: user.id,
      after: { source: "command", email, globalRole, createdAccount, grantedRole, passwordSet: passwordHash !== null },
    });
    return { userId: user.id, email, createdAccount, globalRole, grantedRole, passwordSet: passwordHash !== null, setPassword };
  });
}
