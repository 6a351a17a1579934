import { randomInt } from "node:crypto";
import { z } from "zod";
import { ALL_SECTIONS, isAnySection, type AnySection } from "@tumble/domain/companySettings";
import { COMPANY_CODE_PREFIX } from "@tumble/domain/companyCode";
import { companyRefusal } from "@tumble/domain/companyRefusals";
import { readSection, writeSection } from "../companySettings/sections.ts";
import { mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";

// The company's own settings, in sections (spec section 6: company settings need canManageStores).
// Each section is read from and written to where its module keeps it (companySettings/sections.ts);
// other modules read theirs on the server with settingsOf(db, companyId, section), cashSettings
// or outsideZonePolicy.

const sectionArg = z.string().max(40);

function sectionOf(value: string): AnySection {
  if (!isAnySection(value)) throw refused(companyRefusal("unknownSection", { section: value }));
  return value;
}

/** Every section, or one, with the defaults filled in; and the company code. */
export const get = query({
  access: "canManageStores",
  args: z.object({ section: sectionArg.optional() }),
  handler: async (ctx, args) => {
    const sections = args.section ? [sectionOf(args.section)] : (Object.keys(ALL_SECTIONS) as AnySection[]);
    const result: Record<string, unknown> = {};
    for (const section of sections) result[section] = await readSection(ctx.db, ctx.company.id, section);
    if (!args.section) {
      const company = await ctx.db.selectFrom("companies").select("companyCode").where("id", "=", ctx.company.id).executeTakeFirstOrThrow();
      result.companyCode = company.companyCode;
    }
    return result;
  },
});

/** Changes some fields of one section; the rest keep their values. Validated whole, audited. */
export const update = mutation({
  access: "canManageStores",
  args: z.object({ section: sectionArg, values: z.record(z.string(), z.unknown()) }),
  handler: async (ctx, args) => {
    const section = sectionOf(args.section);
    const schema = ALL_SECTIONS[section];
    const unknown = Object.keys(args.values).filter((key) => !Object.hasOwn(schema.shape, key));
    if (unknown.length) throw refused(companyRefusal("unknownSettings", { section, names: unknown.join(", "), count: unknown.length }));
    const before = await readSection(ctx.db, ctx.company.id, section);
    const parsed = schema.safeParse({ ...before, ...args.values });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw refused(companyRefusal("invalidSetting", { field: issue.path.join("."), message: issue.message }));
    }
    await writeSection(ctx.db, ctx.company.id, ctx.user.id, section, parsed.data as Record<string, unknown>);
    const after = await readSection(ctx.db, ctx.company.id, section);
    await audit(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id, action: "update", entity: "companySettings", entityId: section, before, after });
    return after;
  },
});

/** A new company code (CMP and six digits); the old one stops finding the company at once. */
export const regenerateCompanyCode = mutation({
  access: "canManageStores",
  args: z.object({}),
  handler: async (ctx) => {
    const before = await ctx.db.selectFrom("companies").select("companyCode").where("id", "=", ctx.company.id).executeTakeFirstOrThrow();
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = `${COMPANY_CODE_PREFIX}${String(randomInt(0, 1_000_000)).padStart(6, "0")}`;
      const taken = await ctx.db.selectFrom("companies").select("id").where("companyCode", "=", code).executeTakeFirst();
      if (taken || code === before.companyCode) continue;
      await ctx.db.updateTable("companies").set({ companyCode: code }).where("id", "=", ctx.company.id).execute();
      await audit(ctx.db, {
        companyId: ctx.company.id,
        actorId: ctx.user.id,
        action: "update",
        entity: "companySettings",
        entityId: "companyCode",
        before: { companyCode: before.companyCode },
        after: { companyCode: code },
      });
      return { companyCode: code };
    }
    throw refused(companyRefusal("noFreeCompanyCode"));
  },
});

/** What a new store's form starts with: the company's default time zone, or null for the browser's. */
export const storeDefaults = query({
  access: "canManageStores",
  args: z.object({}),
  handler: async (ctx) => {
    const stores = await readSection(ctx.db, ctx.company.id, "stores");
    return { defaultTimeZone: stores.defaultTimeZone };
  },
});
