import { z } from "zod";
import { sectionNameSchema } from "@tumble/domain/storeForm";
import { equipmentRefusal } from "@tumble/domain/equipmentRefusals";
import { mutation, query } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { audit } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";
import type { MutationCtx } from "../runtime/define.ts";

// Sections group a store's machines in the order a collector walks them.

const name = sectionNameSchema;
const toSection = (s: { id: string; storeId: string; name: string; position: number }) => ({
  _id: s.id,
  storeId: s.storeId,
  name: s.name,
  position: s.position,
});

export const list = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db
      .selectFrom("storeSections")
      .select(["id", "storeId", "name", "position"])
      .where("companyId", "=", ctx.company.id)
      .orderBy("storeId")
      .orderBy("position")
      .execute();
    return rows.map(toSection);
  },
});

export const listByStore = query({
  access: "member",
  args: z.object({ storeId: z.string().max(64) }),
  handler: async (ctx, { storeId }) => {
    const rows = await ctx.db
      .selectFrom("storeSections")
      .select(["id", "storeId", "name", "position"])
      .where("companyId", "=", ctx.company.id)
      .where("storeId", "=", storeId)
      .orderBy("position")
      .execute();
    return rows.map(toSection);
  },
});

async function storeOfCompany(ctx: MutationCtx<"member">, storeId: string) {
  const store = await ctx.db.selectFrom("stores").select("id").where("id", "=", storeId).where("companyId", "=", ctx.company.id).executeTakeFirst();
  if (!store) throw refused(equipmentRefusal("storeNotFound"));
}

async function sectionOfCompany(ctx: MutationCtx<"member">, sectionId: string) {
  const section = await ctx.db
    .selectFrom("storeSections")
    .selectAll()
    .where("id", "=", sectionId)
    .where("companyId", "=", ctx.company.id)
    .forUpdate()
    .executeTakeFirst();
  if (!section) throw refused(equipmentRefusal("sectionNotFound"));
  return section;
}

export const create = mutation({
  access: "canManageStores",
  args: z.object({ storeId: z.string().max(64), name }),
  handler: async (ctx, { storeId, name }) => {
    await storeOfCompany(ctx, storeId);
    const last = await ctx.db
      .selectFrom("storeSections")
      .select(({ fn }) => fn.max<number | null>("position").as("max"))
      .where("companyId", "=", ctx.company.id)
      .where("storeId", "=", storeId)
      .executeTakeFirst();
    const id = newId();
    await ctx.db
      .insertInto("storeSections")
      .values({ id, companyId: ctx.company.id, storeId, name, position: (last?.max ?? -1) + 1 })
      .execute();
    await audit(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id, action: "create", entity: "storeSection", entityId: id, after: { storeId, name } });
    return { sectionId: id };
  },
});

export const rename = mutation({
  access: "canManageStores",
  args: z.object({ sectionId: z.string().max(64), name }),
  handler: async (ctx, { sectionId, name }) => {
    const before = await sectionOfCompany(ctx, sectionId);
    await ctx.db.updateTable("storeSections").set({ name }).where("id", "=", sectionId).where("companyId", "=", ctx.company.id).execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "rename",
      entity: "storeSection",
      entityId: sectionId,
      before: { name: before.name },
      after: { name },
    });
    return null;
  },
});

/** `sectionIds` must name every section of the store exactly once, in the new order. */
export const reorder = mutation({
  access: "canManageStores",
  args: z.object({ storeId: z.string().max(64), sectionIds: z.array(z.string().max(64)).max(200) }),
  handler: async (ctx, { storeId, sectionIds }) => {
    await storeOfCompany(ctx, storeId);
    const current = await ctx.db.selectFrom("storeSections").select("id").where("companyId", "=", ctx.company.id).where("storeId", "=", storeId).execute();
    const known = new Set(current.map((s) => s.id));
    if (sectionIds.length !== known.size || new Set(sectionIds).size !== sectionIds.length || !sectionIds.every((id) => known.has(id))) {
      throw refused(equipmentRefusal("sectionOrderIncomplete"));
    }
    for (const [position, id] of sectionIds.entries()) {
      await ctx.db.updateTable("storeSections").set({ position }).where("id", "=", id).where("companyId", "=", ctx.company.id).execute();
    }
    return null;
  },
});

export const remove = mutation({
  access: "canManageStores",
  args: z.object({ sectionId: z.string().max(64) }),
  handler: async (ctx, { sectionId }) => {
    const section = await sectionOfCompany(ctx, sectionId);
    const machine = await ctx.db
      .selectFrom("machines")
      .select("id")
      .where("companyId", "=", ctx.company.id)
      .where("sectionId", "=", sectionId)
      .limit(1)
      .executeTakeFirst();
    if (machine) throw refused(equipmentRefusal("sectionHasMachines"));
    await ctx.db.deleteFrom("storeSections").where("id", "=", sectionId).where("companyId", "=", ctx.company.id).execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "remove",
      entity: "storeSection",
      entityId: sectionId,
      before: toSection(section),
    });
    return null;
  },
});
