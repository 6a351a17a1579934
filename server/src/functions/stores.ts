import type { Kysely } from "kysely";
import { z } from "zod";
import { companyRefusal } from "@tumble/domain/companyRefusals";
import { storeFieldSchemas } from "@tumble/domain/storeForm";
import type { DB } from "../db/schema.ts";
import { mutation, query } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { ensureStoreAccounts } from "../cash/accounts.ts";
import { audit, auditedUpdate } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";

// Company → locations. Every store belongs to the caller's active company.

const storeFields = storeFieldSchemas;

function toStore(s: {
  id: string;
  name: string;
  address: string;
  phone: string | null;
  timeZone: string;
  hours: string | null;
  isActive: boolean;
  createdAt: Date;
  minimumWageCents: string | number | null;
}) {
  return {
    _id: s.id,
    _creationTime: new Date(s.createdAt).getTime(),
    name: s.name,
    address: s.address,
    phone: s.phone,
    timeZone: s.timeZone,
    hours: s.hours,
    isActive: s.isActive,
    minimumWageCents: s.minimumWageCents === null ? null : Number(s.minimumWageCents),
  };
}

export const listAll = query({
  access: "member",
  // The same list for every member: one live execution per company and role.
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx) => {
    const rows = await ctx.db.selectFrom("stores").selectAll().where("companyId", "=", ctx.company.id).orderBy("isActive", "desc").orderBy("name").execute();
    return rows.map(toStore);
  },
});

export const create = mutation({
  access: "canManageStores",
  args: z.object(storeFields),
  handler: async (ctx, args) => {
    await assertUniqueName(ctx.db, ctx.company.id, args.name);
    const id = newId();
    const row = await ctx.db
      .insertInto("stores")
      .values({
        id,
        companyId: ctx.company.id,
        name: args.name,
        address: args.address,
        phone: args.phone ?? null,
        timeZone: args.timeZone,
        hours: args.hours ?? null,
        isActive: args.isActive ?? true,
        minimumWageCents: args.minimumWageCents ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // A store opens with its safe, change fund and petty cash (the cash ledger).
    await ensureStoreAccounts(ctx.db, ctx.company.id, id);
    await audit(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id, action: "create", entity: "store", entityId: id, after: toStore(row) });
    return { storeId: id };
  },
});

export const update = mutation({
  access: "canManageStores",
  args: z
    .object(storeFields)
    .partial()
    .extend({ storeId: z.string().max(64) }),
  handler: async (ctx, { storeId, ...changes }) => {
    const before = await ctx.db
      .selectFrom("stores")
      .selectAll()
      .where("id", "=", storeId)
      .where("companyId", "=", ctx.company.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw refused(companyRefusal("storeNotFound"));
    if (changes.name !== undefined && changes.name.toLowerCase() !== before.name.toLowerCase()) await assertUniqueName(ctx.db, ctx.company.id, changes.name);
    await auditedUpdate(
      ctx.db,
      { companyId: ctx.company.id, actorId: ctx.user.id },
      { entity: "store", entityId: storeId, before, show: toStore },
      changes,
      (set) => ctx.db.updateTable("stores").set(set).where("id", "=", storeId).where("companyId", "=", ctx.company.id).returningAll().executeTakeFirstOrThrow(),
    );
    return null;
  },
});

async function assertUniqueName(db: Kysely<DB>, companyId: string, name: string) {
  const clash = await db
    .selectFrom("stores")
    .select("id")
    .where("companyId", "=", companyId)
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()))
    .executeTakeFirst();
  if (clash) throw refused(companyRefusal("storeNameTaken", { name }));
}
