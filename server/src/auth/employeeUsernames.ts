import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";

/** The company's kiosk usernames (employees, the one place they are kept) sharing the first letters of `username` (lowercased), enough to suggest free ones. */
export async function takenUsernamesLike(db: Kysely<DB>, companyId: string, username: string): Promise<Set<string>> {
  const prefix = username
    .toLowerCase()
    .replace(/\d+$/, "")
    .slice(0, 16)
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .selectFrom("employees")
    .select("usernameLower")
    .where("companyId", "=", companyId)
    .where("usernameLower", "like", `${prefix}%`)
    .limit(500)
    .execute();
  return new Set(rows.map((r) => r.usernameLower));
}
