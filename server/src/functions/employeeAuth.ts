import { z } from "zod";
import { shouldCheckUsernameAvailability, suggestUsernames, validateUsername } from "@tumble/domain/employeeForm";
import { query } from "../runtime/define.ts";
import { takenUsernamesLike } from "../auth/employeeUsernames.ts";

/** Spec section 4 "Username check": is this kiosk username free in the company, and if not, what is. */
export const checkUsernameAvailability = query({
  access: "public",
  args: z.object({ username: z.string().max(100), companyId: z.string().max(64) }),
  handler: async (ctx, { username, companyId }) => {
    const problem = validateUsername(username);
    if (problem || !shouldCheckUsernameAvailability(username)) return { available: false, message: problem ?? "Username is required", suggestions: [] };
    const company = await ctx.db.selectFrom("companies").select("id").where("id", "=", companyId).where("isActive", "=", true).executeTakeFirst();
    if (!company) return { available: false, message: "Company not found", suggestions: [] };
    const taken = await takenUsernamesLike(ctx.db, companyId, username);
    if (!taken.has(username.toLowerCase())) return { available: true, message: "Username is available", suggestions: [] };
    return { available: false, message: "Username is already taken", suggestions: suggestUsernames(username, taken, 3) };
  },
});
