import { z } from "zod";
import { equipmentColor } from "@tumble/domain/equipment";
import { equipmentTypeFieldSchemas } from "@tumble/domain/equipmentForms";
import { equipmentRefusal } from "@tumble/domain/equipmentRefusals";
import type { EquipmentTypesTable } from "../db/schema.ts";
import type { Selectable } from "kysely";
import { mutation, query } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { audit, auditedUpdate } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";

// Equipment types of the company, in the spec's shape (section 3 "Equipment type").
// Editing is for managers and up, deleting for admins (spec section 6 context-menu overrides).

function toEquipmentType(t: Selectable<EquipmentTypesTable>) {
  return {
    _id: t.id,
    equipmentType: { name: t.name, category: t.category },
    cashRules: { acceptsCoins: t.acceptsCoins, acceptsBills: t.acceptsBills, specialCase: t.specialCase },
    visualConfig: { ...equipmentColor(t.colorHex), iconType: t.iconType ?? "square" },
  };
}

const fields = equipmentTypeFieldSchemas;

export const getAllEquipmentTypes = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db.selectFrom("equipmentTypes").selectAll().where("companyId", "=", ctx.company.id).orderBy("category").orderBy("name").execute();
    return rows.map(toEquipmentType);
  },
});

export const createEquipmentType = mutation({
  access: "canManageStores",
  args: z.object(fields),
  handler: async (ctx, args) => {
    const id = newId();
    const row = await ctx.db
      .insertInto("equipmentTypes")
      .values({
        id,
        companyId: ctx.company.id,
        name: args.name,
        category: args.category,
        acceptsCoins: args.acceptsCoins ?? true,
        acceptsBills: args.acceptsBills ?? false,
        specialCase: args.specialCase ?? null,
        colorHex: args.colorHex ?? null,
        iconType: args.iconType ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "create",
      entity: "equipmentType",
      entityId: id,
      after: toEquipmentType(row),
    });
    return { equipmentTypeId: id };
  },
});

export const updateEquipmentType = mutation({
  access: "canManageStores",
  args: z
    .object(fields)
    .partial()
    .extend({ equipmentTypeId: z.string().max(64) }),
  handler: async (ctx, { equipmentTypeId, ...changes }) => {
    const before = await ctx.db
      .selectFrom("equipmentTypes")
      .selectAll()
      .where("id", "=", equipmentTypeId)
      .where("companyId", "=", ctx.company.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw refused(equipmentRefusal("typeNotFound"));
    await auditedUpdate(
      ctx.db,
      { companyId: ctx.company.id, actorId: ctx.user.id },
      { entity: "equipmentType", entityId: equipmentTypeId, before, show: toEquipmentType },
      changes,
      (set) =>
        ctx.db
          .updateTable("equipmentTypes")
          .set(set)
          .where("id", "=", equipmentTypeId)
          .where("companyId", "=", ctx.company.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
    );
    return null;
  },
});

export const deleteEquipmentType = mutation({
  access: "isAdmin",
  args: z.object({ equipmentTypeId: z.string().max(64) }),
  handler: async (ctx, { equipmentTypeId }) => {
    const before = await ctx.db
      .selectFrom("equipmentTypes")
      .selectAll()
      .where("id", "=", equipmentTypeId)
      .where("companyId", "=", ctx.company.id)
      .executeTakeFirst();
    if (!before) throw refused(equipmentRefusal("typeNotFound"));
    const used = await ctx.db
      .selectFrom("machines")
      .select("id")
      .where("companyId", "=", ctx.company.id)
      .where("equipmentTypeId", "=", equipmentTypeId)
      .limit(1)
      .executeTakeFirst();
    if (used) throw refused(equipmentRefusal("typeInUse"));
    await ctx.db.deleteFrom("equipmentTypes").where("id", "=", equipmentTypeId).where("companyId", "=", ctx.company.id).execute();
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "delete",
      entity: "equipmentType",
      entityId: equipmentTypeId,
      before: toEquipmentType(before),
    });
    return null;
  },
});
