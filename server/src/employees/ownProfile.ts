import type { Kysely } from "kysely";
import { twoPersonRefusal, type TwoPersonMessageKey } from "@tumble/domain/twoPersonRules";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// Nobody decides, adds, re-rates or adjusts pay on their own employee profile (issue 32,
// docs/decisions/0060-two-person-rules.md): a manager, supervisor, admin or owner is often also an
// employee of the company, and what pays them is done by someone else with the access. Owners are
// no exception. (Time entries have their own check: timeEntries/corrections.ts refuseOwnTime.)

/** The rules a change to one's own profile is refused under, each with its own message. */
export type OwnProfileRule = Extract<TwoPersonMessageKey, "ownPay" | "ownAdjustment" | "ownEmployment" | "ownRegistration" | "ownRequest" | "ownTimeAdded">;

/** The caller's own employee profile in the company, or null (at most one per account and company). */
export async function ownEmployeeId(db: Kysely<DB>, companyId: string, userId: string): Promise<string | null> {
  const row = await db.selectFrom("employees").select("id").where("companyId", "=", companyId).where("userId", "=", userId).executeTakeFirst();
  return row?.id ?? null;
}

/** Refuses the change when the profile is the caller's own. */
export function refuseOwnProfile(employee: { userId: string | null }, userId: string, rule: OwnProfileRule): void {
  if (employee.userId !== null && employee.userId === userId) throw refused(twoPersonRefusal(rule));
}

/** Refuses the change when any of the profiles is the caller's own. */
export async function refuseOwnEmployee(db: Kysely<DB>, companyId: string, userId: string, employeeIds: ReadonlyArray<string | null>, rule: OwnProfileRule) {
  const own = await ownEmployeeId(db, companyId, userId);
  if (own !== null && employeeIds.includes(own)) throw refused(twoPersonRefusal(rule));
}
