import { sql, type Kysely } from "kysely";
import { isSystemRole, permissionsFor } from "@tumble/domain/permissions";
import type { DB } from "../db/schema.ts";
import type { Identity } from "./define.ts";
import { AuthenticationError } from "./errors.ts";
import type { TokenService } from "./tokens.ts";

/** A disabled account's sign-in and every token of it get this (issue 20). */
export const ACCOUNT_DISABLED_MESSAGE = "This account has been disabled. Contact your administrator.";

export const ANONYMOUS: Identity = { user: null, sessionId: null, company: null, permissions: permissionsFor(null, null) };

/** Resolves a bearer token to the caller: user, live session, active company and role. */
export async function resolveIdentity(db: Kysely<DB>, tokens: TokenService, token: string | null | undefined): Promise<Identity> {
  if (!token) return ANONYMOUS;
  const claims = await tokens.verify(token);
  if (!claims) throw new AuthenticationError("Invalid or expired token");
  const row = await db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.userId")
    // Membership comes from every membership record (spec section 6): the active company's, or,
    // when that one is gone (removed from it, never set), the user's earliest other one.
    .leftJoin("memberships as m", (join) =>
      join.on("m.id", "=", (eb) =>
        eb
          .selectFrom("memberships as mm")
          .select("mm.id")
          .whereRef("mm.userId", "=", "u.id")
          // A suspended company's membership gives nothing (issue 20): its members act in none.
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom("companySuspensions as cs").select("cs.id").whereRef("cs.companyId", "=", "mm.companyId").where("cs.reactivatedAt", "is", null),
              ),
            ),
          )
          .orderBy(sql`mm.company_id is not distinct from u.active_company_id`, "desc")
          .orderBy("mm.joinedAt")
          .orderBy("mm.id")
          .limit(1),
      ),
    )
    .select([
      "u.id",
      "u.email",
      "u.name",
      "u.globalRole",
      "u.language",
      "u.isAnonymous",
      "u.activeCompanyId",
      "s.revokedAt",
      "s.expiresAt",
      "m.role as companyRole",
      "m.companyId",
      (eb) => eb.exists(eb.selectFrom("userDisablements as d").select("d.userId").whereRef("d.userId", "=", "u.id")).as("disabled"),
      // The active company when it exists and is not suspended: a system admin acts in it as a member would.
      (eb) =>
        eb
          .selectFrom("companies as ac")
          .select("ac.id")
          .whereRef("ac.id", "=", "u.activeCompanyId")
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom("companySuspensions as cs").select("cs.id").whereRef("cs.companyId", "=", "ac.id").where("cs.reactivatedAt", "is", null))),
          )
          .as("openActiveCompanyId"),
    ])
    .where("s.id", "=", claims.sessionId)
    .where("u.id", "=", claims.userId)
    .executeTakeFirst();
  if (!row || row.revokedAt || new Date(row.expiresAt).getTime() < Date.now()) {
    throw new AuthenticationError("Invalid or expired token");
  }
  if (row.disabled) throw new AuthenticationError(ACCOUNT_DISABLED_MESSAGE);
  let company = row.companyId && row.companyRole ? { id: row.companyId, role: row.companyRole } : null;
  // Spec section 6: system admins hold every permission, so they act in the company they chose
  // (companies:switchActiveCompany) without a membership; their role there is their global role.
  if (isSystemRole(row.globalRole) && row.openActiveCompanyId && company?.id !== row.openActiveCompanyId) {
    company = { id: row.openActiveCompanyId, role: row.globalRole };
  }
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      globalRole: row.globalRole,
      language: row.language,
      isAnonymous: row.isAnonymous,
      activeCompanyId: company?.id ?? null,
    },
    sessionId: claims.sessionId,
    company,
    permissions: permissionsFor(company?.role, row.globalRole),
  };
}
