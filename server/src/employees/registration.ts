import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { AppError } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";

/**
 * The pending profile a self-registration creates: the username and PIN hash the employee chose,
 * linked to the new account, waiting for a manager to complete it. The username is reserved by
 * employees_company_username, the one place a company's usernames are kept; a concurrent
 * registration (or a manager creating the same username) loses there and its transaction rolls back.
 */
export async function createPendingProfile(
  db: Kysely<DB>,
  profile: { companyId: string; userId: string; email: string; username: string; pinHash: string },
): Promise<string> {
  const id = newId();
  invalidates(db, { companyId: profile.companyId });
  const inserted = await db
    .insertInto("employees")
    .values({
      id,
      companyId: profile.companyId,
      userId: profile.userId,
      name: profile.username,
      email: profile.email,
      phone: null,
      position: null,
      payType: "hourly",
      status: "pending",
      hireDate: null,
      endDate: null,
      username: profile.username,
      usernameLower: profile.username.toLowerCase(),
      pinHash: profile.pinHash,
    })
    .onConflict((oc) => oc.columns(["companyId", "usernameLower"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw new AppError("Username is already taken");
  return id;
}
