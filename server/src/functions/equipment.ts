import { z } from "zod";
import { equipmentColor } from "@tumble/domain/equipment";
import { machineFieldSchemas } from "@tumble/domain/equipmentForms";
import { equipmentRefusal } from "@tumble/domain/equipmentRefusals";
import { mutation, query } from "../runtime/define.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { audit, auditedUpdate } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";

// Machines of a store, each in one section and of one equipment type.

const fields = machineFieldSchemas;

export const listMachines = query({
  access: "member",
  args: z.object({ storeId: z.string().max(64) }),
  handler: async (ctx, { storeId }) => {
    const rows = await ctx.db
      .selectFrom("machines as m")
      .innerJoin("storeSections as s", (j) => j.onRef("s.id", "=", "m.sectionId").onRef("s.companyId", "=", "m.companyId"))
      .innerJoin("equipmentTypes as t", (j) => j.onRef("t.id", "=", "m.equipmentTypeId").onRef("t.companyId", "=", "m.companyId"))
      .select([
        "m.id",
        "m.storeId",
        "m.sectionId",
        "m.equipmentTypeId",
        "m.label",
        "m.coinBoxCapacityCents",
        "m.isActive",
        "m.position",
        "s.name as sectionName",
        "s.position as sectionPosition",
        "t.name as typeName",
        "t.category",
        "t.acceptsCoins",
        "t.acceptsBills",
        "t.specialCase",
        "t.colorHex",
        "t.iconType",
      ])
      .where("m.companyId", "=", ctx.company.id)
      .where("m.storeId", "=", storeId)
      .orderBy("s.position")
      .orderBy("m.position")
      .orderBy("m.label")
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      storeId: r.storeId,
      sectionId: r.sectionId,
      sectionName: r.sectionName,
      equipmentTypeId: r.equipmentTypeId,
      label: r.label,
      coinBoxCapacityCents: r.coinBoxCapacityCents,
      isActive: r.isActive,
      equipmentType: { name: r.typeName, category: r.category },
      cashRules: { acceptsCoins: r.acceptsCoins, acceptsBills: r.acceptsBills, specialCase: r.specialCase },
      visualConfig: { ...equipmentColor(r.colorHex), iconType: r.iconType ?? "square" },
    }));
  },
});

async function checkPlacement(ctx: MutationCtx<"member">, storeId: string, sectionId: string, equipmentTypeId: string) {
  const section = await ctx.db
    .selectFrom("storeSections")
    .select("storeId")
    .where("id", "=", sectionId)
    .where("companyId", "=", ctx.company.id)
    .executeTakeFirst();
  if (!section) throw refused(equipmentRefusal("sectionNotFound"));
  if (section.storeId !== storeId) throw refused(equipmentRefusal("sectionOfAnotherStore"));
  const type = await ctx.db
    .selectFrom("equipmentTypes")
    .select("id")
    .where("id", "=", equipmentTypeId)
    .where("companyId", "=", ctx.company.id)
    .executeTakeFirst();
  if (!type) throw refused(equipmentRefusal("typeNotFound"));
}

async function assertLabelFree(ctx: MutationCtx<"member">, storeId: string, label: string, exceptId?: string) {
  let q = ctx.db
    .selectFrom("machines")
    .select("id")
    .where("companyId", "=", ctx.company.id)
    .where("storeId", "=", storeId)
    .where((eb) => eb(eb.fn("lower", ["label"]), "=", label.toLowerCase()));
  if (exceptId) q = q.where("id", "!=", exceptId);
  if (await q.executeTakeFirst()) throw refused(equipmentRefusal("labelTaken", { label }));
}

export const createMachine = mutation({
  access: "canManageStores",
  args: z.object({ storeId: z.string().max(64), ...fields }),
  handler: async (ctx, args) => {
    const store = await ctx.db.selectFrom("stores").select("id").where("id", "=", args.storeId).where("companyId", "=", ctx.company.id).executeTakeFirst();
    if (!store) throw refused(equipmentRefusal("storeNotFound"));
    await checkPlacement(ctx, args.storeId, args.sectionId, args.equipmentTypeId);
    await assertLabelFree(ctx, args.storeId, args.label);
    const last = await ctx.db
      .selectFrom("machines")
      .select(({ fn }) => fn.max<number | null>("position").as("max"))
      .where("companyId", "=", ctx.company.id)
      .where("sectionId", "=", args.sectionId)
      .executeTakeFirst();
    const id = newId();
    const values = {
      id,
      companyId: ctx.company.id,
      storeId: args.storeId,
      sectionId: args.sectionId,
      equipmentTypeId: args.equipmentTypeId,
      label: args.label,
      coinBoxCapacityCents: args.coinBoxCapacityCents ?? null,
      position: (last?.max ?? -1) + 1,
      isActive: args.isActive ?? true,
    };
    await ctx.db.insertInto("machines").values(values).execute();
    await audit(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id, action: "create", entity: "machine", entityId: id, after: values });
    return { machineId: id };
  },
});

export const updateMachine = mutation({
  access: "canManageStores",
  args: z
    .object(fields)
    .partial()
    .extend({ machineId: z.string().max(64) }),
  handler: async (ctx, { machineId, ...changes }) => {
    const before = await ctx.db
      .selectFrom("machines")
      .selectAll()
      .where("id", "=", machineId)
      .where("companyId", "=", ctx.company.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw refused(equipmentRefusal("machineNotFound"));
    if (changes.sectionId !== undefined || changes.equipmentTypeId !== undefined) {
      await checkPlacement(ctx, before.storeId, changes.sectionId ?? before.sectionId, changes.equipmentTypeId ?? before.equipmentTypeId);
    }
    if (changes.label !== undefined) await assertLabelFree(ctx, before.storeId, changes.label, machineId);
    await auditedUpdate(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id }, { entity: "machine", entityId: machineId, before }, changes, (set) =>
      ctx.db.updateTable("machines").set(set).where("id", "=", machineId).where("companyId", "=", ctx.company.id).returningAll().executeTakeFirstOrThrow(),
    );
    return null;
  },
});

/** Only a machine that was never collected can be deleted; others are deactivated. */
export const deleteMachine = mutation({
  access: "isAdmin",
  args: z.object({ machineId: z.string().max(64) }),
  handler: async (ctx, { machineId }) => {
    const before = await ctx.db.selectFrom("machines").selectAll().where("id", "=", machineId).where("companyId", "=", ctx.company.id).executeTakeFirst();
    if (!before) throw refused(equipmentRefusal("machineNotFound"));
    const collected = await ctx.db
      .selectFrom("collectionLines")
      .select("id")
      .where("companyId", "=", ctx.company.id)
      .where("machineId", "=", machineId)
      .limit(1)
      .executeTakeFirst();
    if (collected) throw refused(equipmentRefusal("machineHasCollections"));
    await ctx.db.deleteFrom("machines").where("id", "=", machineId).where("companyId", "=", ctx.company.id).execute();
    await audit(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id, action: "delete", entity: "machine", entityId: machineId, before });
    return null;
  },
});
