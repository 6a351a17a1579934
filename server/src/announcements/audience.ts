import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";
import type { DB } from "../db/schema.ts";
import type { AnnouncementsTable } from "../db/announcementsSchema.ts";

// Who an announcement is for, as one SQL condition on the announcement `a`, so the reader's list,
// the unread badge and the e-mail's recipients can never disagree: the whole company; members
// whose employee profile works at one of its stores; or members holding one of its roles.

type WithA = DB & { a: AnnouncementsTable };
// Any query that has the announcement as `a` (with whatever else it joins); checked as WithA inside.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller's other tables do not matter here
type AnyWithA = ExpressionBuilder<any, any>;

/** `a` is addressed to the user `userId` (a value or a column) of a's company. */
export function addressedTo(outer: AnyWithA, userId: string | Expression<string>): Expression<SqlBool> {
  const eb = outer as ExpressionBuilder<WithA, "a">;
  const user = typeof userId === "string" ? eb.val(userId) : userId;
  return eb.or([
    eb("a.audience", "=", "company"),
    eb.and([
      eb("a.audience", "=", "stores"),
      eb.exists(
        eb
          .selectFrom("announcementStores as ast")
          .innerJoin("employeeStores as es", (j) => j.onRef("es.companyId", "=", "ast.companyId").onRef("es.storeId", "=", "ast.storeId"))
          .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "es.companyId").onRef("e.id", "=", "es.employeeId"))
          .select("ast.storeId")
          .whereRef("ast.companyId", "=", "a.companyId")
          .whereRef("ast.announcementId", "=", "a.id")
          .where("e.status", "!=", "terminated")
          .where("e.userId", "=", user),
      ),
    ]),
    eb.and([
      eb("a.audience", "=", "roles"),
      eb.exists(
        eb
          .selectFrom("announcementRoles as ar")
          .innerJoin("memberships as rm", (j) => j.onRef("rm.companyId", "=", "ar.companyId").onRef("rm.role", "=", "ar.role"))
          .select("ar.role")
          .whereRef("ar.companyId", "=", "a.companyId")
          .whereRef("ar.announcementId", "=", "a.id")
          .where("rm.userId", "=", user),
      ),
    ]),
  ]);
}

/** `a` is shown at `now`: not archived, not past its end. */
export function current(outer: AnyWithA, now: Date): Expression<SqlBool> {
  const eb = outer as ExpressionBuilder<WithA, "a">;
  return eb.and([eb("a.archivedAt", "is", null), eb.or([eb("a.expiresAt", "is", null), eb("a.expiresAt", ">", now)])]);
}

/** The members an announcement is addressed to, with what writing to them needs. */
export async function audienceOf(db: Kysely<DB>, companyId: string, announcementId: string) {
  return db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.userId")
    .innerJoin("announcements as a", (j) => j.onRef("a.companyId", "=", "m.companyId"))
    .select(["u.id", "u.email", "u.name", "u.language"])
    .where("m.companyId", "=", companyId)
    .where("a.id", "=", announcementId)
    .where((eb) => addressedTo(eb, eb.ref("m.userId")))
    .orderBy("u.id")
    .execute();
}
