import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";

/**
 * The pending profile a self-registration creates: the username and PIN hash the employee chose,
 * waiting for a manager to complete it (the caller links the new account to it). The username is
 * reserved by employees_company_username, the one place a company's usernames are kept: when a
 * concurrent registration or a manager's create holds it, nothing is written and this is null.
 */
export async function createPendingProfile(
  db: Kysely<DB>,
  profile: { companyId: string; email: string; username: string; pinHash: string },
): Promise<string | null> {
  const id = newId();
  invalidates(db, { companyId: profile.companyId });
  const inserted = await db
    .insertInto("employees")
    .values({
      id,
      companyId: profile.companyId,
      userId: null,
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
  return inserted ? id : null;
}
