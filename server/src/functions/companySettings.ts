import { z } from "zod";
import { SETTINGS_SECTIONS, isSettingsSection, withDefaults, type SettingsSection } from "@tumble/domain/companySettings";
import { settingsOf } from "../companySettings/settings.ts";
import { mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AppError } from "../runtime/errors.ts";

// The company's own settings, in sections (spec section 6: company settings need canManageStores).
// Other modules read theirs on the server with settingsOf(db, companyId, section).

const sectionArg = z.string().max(40);

function sectionOf(value: string): SettingsSection {
  if (!isSettingsSection(value)) throw new AppError(`Unknown settings section "${value}"`);
  return value;
}

/** Every section, or one, with the defaults filled in. */
export const get = query({
  access: "canManageStores",
  args: z.object({ section: sectionArg.optional() }),
  handler: async (ctx, args) => {
    const sections = args.section ? [sectionOf(args.section)] : (Object.keys(SETTINGS_SECTIONS) as SettingsSection[]);
    const result: Record<string, unknown> = {};
    for (const section of sections) result[section] = await settingsOf(ctx.db, ctx.company.id, section);
    return result;
  },
});

/** Changes some fields of one section; the rest keep their values. Validated whole, audited. */
export const update = mutation({
  access: "canManageStores",
  args: z.object({ section: sectionArg, values: z.record(z.string(), z.unknown()) }),
  handler: async (ctx, args) => {
    const section = sectionOf(args.section);
    const schema = SETTINGS_SECTIONS[section];
    const unknown = Object.keys(args.values).filter((key) => !Object.hasOwn(schema.shape, key));
    if (unknown.length) throw new AppError(`Unknown setting${unknown.length > 1 ? "s" : ""} in ${section}: ${unknown.join(", ")}`);
    const before = await settingsOf(ctx.db, ctx.company.id, section);
    const parsed = schema.safeParse({ ...before, ...args.values });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(`Invalid setting "${issue.path.join(".")}": ${issue.message}`);
    }
    const after = withDefaults(section, parsed.data);
    const values = JSON.stringify(after);
    await ctx.db
      .insertInto("companySettings")
      .values({ companyId: ctx.company.id, section, values, updatedBy: ctx.user.id, updatedAt: new Date() })
      .onConflict((oc) => oc.columns(["companyId", "section"]).doUpdateSet({ values, updatedBy: ctx.user.id, updatedAt: new Date() }))
      .execute();
    await audit(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id, action: "update", entity: "companySettings", entityId: section, before, after });
    return after;
  },
});
