import type { Kysely } from "kysely";
import { isSystemRole } from "@tumble/domain/permissions";
import type { DB } from "../db/schema.ts";
import { ACCOUNT_DISABLED_MESSAGE } from "../runtime/identity.ts";

// Issue 20: what a system admin's suspension of a company and disabling of an account mean at
// sign-in. The identity layer (runtime/identity.ts) enforces both on every call; sign-in says why.

export const COMPANY_SUSPENDED_MESSAGE = "Your company has been suspended. Contact the platform administrator.";
export { ACCOUNT_DISABLED_MESSAGE };

/** Why this account may not sign in now, or null: disabled, or every company it belongs to is suspended. */
export async function signInRefusal(db: Kysely<DB>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom("users as u")
    .select([
      "u.globalRole",
      (eb) => eb.exists(eb.selectFrom("userDisablements as d").select("d.userId").whereRef("d.userId", "=", "u.id")).as("disabled"),
      (eb) => eb.selectFrom("memberships as m").select(eb.fn.countAll<number>().as("n")).whereRef("m.userId", "=", "u.id").as("memberships"),
      (eb) =>
        eb
          .selectFrom("memberships as m")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("m.userId", "=", "u.id")
          .where(({ exists, selectFrom }) =>
            exists(selectFrom("companySuspensions as cs").select("cs.id").whereRef("cs.companyId", "=", "m.companyId").where("cs.reactivatedAt", "is", null)),
          )
          .as("suspended"),
    ])
    .where("u.id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.disabled) return ACCOUNT_DISABLED_MESSAGE;
  const memberships = Number(row.memberships ?? 0);
  if (!isSystemRole(row.globalRole) && memberships > 0 && Number(row.suspended ?? 0) === memberships) return COMPANY_SUSPENDED_MESSAGE;
  return null;
}
