import { z } from "zod";
import { query } from "../runtime/define.ts";

/** Active companies, oldest first; the employee registration form offers the first. Public, so only names. */
export const listActiveCompanies = query({
  access: "public",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db.selectFrom("companies").select(["id", "name", "displayName", "createdAt"]).where("isActive", "=", true).orderBy("createdAt").orderBy("id").limit(100).execute();
    return rows.map((r) => ({ _id: r.id, _creationTime: new Date(r.createdAt).getTime(), name: r.name, displayName: r.displayName }));
  },
});
