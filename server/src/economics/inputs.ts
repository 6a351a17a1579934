import {
  MAX_BILL_DAYS,
  MAX_LIST_DAYS,
  UNITS_OF,
  daysAfter,
  economicsInputRefusal,
  type OtherRevenueArgs,
  type RecurringExpenseArgs,
  type SetPriceArgs,
  type UtilityBillArgs,
} from "@tumble/domain/economicsInputs";
import { priceOn } from "@tumble/domain/economics";
import { businessDateNow } from "../cash/dates.ts";
import { audit, auditedUpdate } from "../runtime/audit.ts";
import type { MutationCtx, QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// The inputs of a store's P&L besides collections, the ledger, bank lines and payroll (issue 35):
// vend prices, machine facts, revenue beyond the coin boxes, recurring expenses and utility bills.
// Reading them needs canExportReports (like reports), changing them canManageStores (like the
// equipment); every change is audited in its transaction.

type Reader = QueryCtx<"canExportReports">;
type Editor = MutationCtx<"canManageStores">;

export async function storeOf(ctx: Reader | Editor, storeId: string) {
  const store = await ctx.db
    .selectFrom("stores")
    .select(["id", "name", "timeZone"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", storeId)
    .executeTakeFirst();
  if (!store) throw refused(economicsInputRefusal("storeNotFound"));
  return store;
}

async function machineOf(ctx: Reader | Editor, machineId: string, lock = false) {
  const machine = await ctx.db
    .selectFrom("machines")
    .select(["id", "storeId", "equipmentTypeId", "label", "capacityLb", "purchasePriceCents", "installedOn"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", machineId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!machine) throw refused(economicsInputRefusal("machineNotFound"));
  return machine;
}

/** Today in the store's time zone (a type's price, which every store shares: the company's first store's). */
const todayOf = (ctx: Reader | Editor, storeId: string | null) => businessDateNow(ctx.db, ctx.company.id, storeId, new Date(ctx.now));

function checkRange(from: string, to: string) {
  if (from > to) throw refused(economicsInputRefusal("rangeReversed"));
  if (daysAfter(from, to) + 1 > MAX_LIST_DAYS) throw refused(economicsInputRefusal("rangeTooLong"));
}

const who = (ctx: Editor) => ({ companyId: ctx.company.id, actorId: ctx.user.id });

// ---- prices ----

const PRICE_COLUMNS = ["id", "equipmentTypeId", "machineId", "effectiveFrom", "priceCents", "perMinutes", "typicalCycleMinutes", "createdAt"] as const;

/**
 * A store's prices: every equipment type of the company with its price history (a type's price
 * holds in every store), and each machine of the store with its facts, its own overrides and the
 * price it has today by the rule (its own latest, else its type's).
 */
export async function storePrices(ctx: Reader, storeId: string) {
  await storeOf(ctx, storeId);
  const today = await todayOf(ctx, storeId);
  const companyId = ctx.company.id;
  const types = await ctx.db
    .selectFrom("equipmentTypes")
    .select(["id", "name", "category"])
    .where("companyId", "=", companyId)
    .orderBy("name")
    .orderBy("id")
    .execute();
  const machines = await ctx.db
    .selectFrom("machines as m")
    .innerJoin("equipmentTypes as t", (j) => j.onRef("t.companyId", "=", "m.companyId").onRef("t.id", "=", "m.equipmentTypeId"))
    .select(["m.id", "m.label", "m.equipmentTypeId", "t.name as typeName", "m.isActive", "m.capacityLb", "m.purchasePriceCents", "m.installedOn", "m.position"])
    .where("m.companyId", "=", companyId)
    .where("m.storeId", "=", storeId)
    .orderBy("m.label")
    .execute();
  const prices = await ctx.db
    .selectFrom("machinePrices")
    .select([...PRICE_COLUMNS])
    .where("companyId", "=", companyId)
    .where((eb) => eb.or([eb("equipmentTypeId", "is not", null), eb("machineId", "in", machines.length ? machines.map((m) => m.id) : [""])]))
    .orderBy("effectiveFrom", "desc")
    .execute();
  return {
    today,
    types: types.map((t) => ({ ...t, history: prices.filter((p) => p.equipmentTypeId === t.id) })),
    machines: machines.map((m) => {
      // The P&L's rule: the machine's own latest price on or before today, else its type's.
      const current = priceOn(prices, m.id, m.equipmentTypeId, today) as (typeof prices)[number] | null;
      return {
        id: m.id,
        label: m.label,
        equipmentTypeId: m.equipmentTypeId,
        typeName: m.typeName,
        isActive: m.isActive,
        capacityLb: m.capacityLb,
        purchasePriceCents: m.purchasePriceCents,
        installedOn: m.installedOn,
        history: prices.filter((p) => p.machineId === m.id),
        current: current ? { ...current, from: current.machineId ? ("machine" as const) : ("type" as const) } : null,
      };
    }),
  };
}

/**
 * Sets a price from a date: a new row, or the row already dated so when no later price of the same
 * type or machine exists (a price that others followed is history: add a new one from a date).
 */
export async function setPrice(ctx: Editor, args: SetPriceArgs) {
  const companyId = ctx.company.id;
  if (args.machineId) await machineOf(ctx, args.machineId);
  else {
    const type = await ctx.db
      .selectFrom("equipmentTypes")
      .select("id")
      .where("companyId", "=", companyId)
      .where("id", "=", args.equipmentTypeId!)
      .executeTakeFirst();
    if (!type) throw refused(economicsInputRefusal("typeNotFound"));
  }
  const rowsOfTarget = () =>
    ctx.db
      .selectFrom("machinePrices")
      .selectAll()
      .where("companyId", "=", companyId)
      .$if(!!args.machineId, (q) => q.where("machineId", "=", args.machineId!))
      .$if(!args.machineId, (q) => q.where("equipmentTypeId", "=", args.equipmentTypeId!));
  const same = await rowsOfTarget().where("effectiveFrom", "=", args.effectiveFrom).forUpdate().executeTakeFirst();
  const values = { priceCents: args.priceCents, perMinutes: args.perMinutes, typicalCycleMinutes: args.typicalCycleMinutes };
  if (same) {
    const later = await rowsOfTarget().where("effectiveFrom", ">", args.effectiveFrom).orderBy("effectiveFrom").executeTakeFirst();
    if (later) throw refused(economicsInputRefusal("priceHasLater", { date: later.effectiveFrom }));
    await auditedUpdate(ctx.db, who(ctx), { entity: "machinePrice", entityId: same.id, before: same }, values, (set) =>
      ctx.db.updateTable("machinePrices").set(set).where("companyId", "=", companyId).where("id", "=", same.id).returningAll().executeTakeFirstOrThrow(),
    );
    return { priceId: same.id, created: false };
  }
  const row = {
    id: newId(),
    companyId,
    equipmentTypeId: args.equipmentTypeId ?? null,
    machineId: args.machineId ?? null,
    effectiveFrom: args.effectiveFrom,
    ...values,
    createdBy: ctx.user.id,
  };
  await ctx.db.insertInto("machinePrices").values(row).execute();
  await audit(ctx.db, { ...who(ctx), action: "create", entity: "machinePrice", entityId: row.id, after: row });
  return { priceId: row.id, created: true };
}

/** Deletes a price that has not started yet (one that has is history: add a new one from a date). */
export async function deletePrice(ctx: Editor, priceId: string) {
  const before = await ctx.db
    .selectFrom("machinePrices as p")
    .leftJoin("machines as m", (j) => j.onRef("m.companyId", "=", "p.companyId").onRef("m.id", "=", "p.machineId"))
    .selectAll("p")
    .select("m.storeId")
    .where("p.companyId", "=", ctx.company.id)
    .where("p.id", "=", priceId)
    .executeTakeFirst();
  if (!before) throw refused(economicsInputRefusal("priceNotFound"));
  if (before.effectiveFrom <= (await todayOf(ctx, before.storeId))) throw refused(economicsInputRefusal("pricePast"));
  await ctx.db.deleteFrom("machinePrices").where("companyId", "=", ctx.company.id).where("id", "=", priceId).execute();
  await audit(ctx.db, { ...who(ctx), action: "delete", entity: "machinePrice", entityId: priceId, before });
  return null;
}

// ---- machine facts ----

export async function setMachineFacts(
  ctx: Editor,
  { machineId, ...changes }: { machineId: string; capacityLb?: number | null; purchasePriceCents?: number | null; installedOn?: string | null },
) {
  const before = await machineOf(ctx, machineId, true);
  await auditedUpdate(ctx.db, who(ctx), { entity: "machineFacts", entityId: machineId, before }, changes, (set) =>
    ctx.db
      .updateTable("machines")
      .set(set)
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", machineId)
      .returning(["id", "storeId", "equipmentTypeId", "label", "capacityLb", "purchasePriceCents", "installedOn"])
      .executeTakeFirstOrThrow(),
  );
  return null;
}

// ---- revenue beyond the coin boxes ----

export async function listOtherRevenue(ctx: Reader, args: { storeId: string; from: string; to: string }) {
  await storeOf(ctx, args.storeId);
  checkRange(args.from, args.to);
  return ctx.db
    .selectFrom("otherRevenue as r")
    .leftJoin("machines as m", (j) => j.onRef("m.companyId", "=", "r.companyId").onRef("m.id", "=", "r.machineId"))
    .select(["r.id", "r.businessDate", "r.source", "r.amountCents", "r.machineId", "m.label as machineLabel", "r.note", "r.importBatch", "r.createdAt"])
    .where("r.companyId", "=", ctx.company.id)
    .where("r.storeId", "=", args.storeId)
    .where("r.businessDate", ">=", args.from)
    .where("r.businessDate", "<=", args.to)
    .orderBy("r.businessDate", "desc")
    .orderBy("r.createdAt", "desc")
    .orderBy("r.id")
    .execute();
}

export async function addOtherRevenue(ctx: Editor, args: OtherRevenueArgs) {
  await storeOf(ctx, args.storeId);
  if (args.machineId) {
    const machine = await machineOf(ctx, args.machineId);
    if (machine.storeId !== args.storeId) throw refused(economicsInputRefusal("machineOfAnotherStore"));
  }
  if (args.businessDate > (await todayOf(ctx, args.storeId))) throw refused(economicsInputRefusal("dateAfterToday", { date: args.businessDate }));
  const row = {
    id: newId(),
    companyId: ctx.company.id,
    storeId: args.storeId,
    machineId: args.machineId ?? null,
    businessDate: args.businessDate,
    source: args.source,
    amountCents: args.amountCents,
    note: args.note || null,
    createdBy: ctx.user.id,
  };
  await ctx.db.insertInto("otherRevenue").values(row).execute();
  await audit(ctx.db, { ...who(ctx), action: "create", entity: "otherRevenue", entityId: row.id, after: row });
  return { revenueId: row.id };
}

export async function deleteOtherRevenue(ctx: Editor, revenueId: string) {
  const before = await ctx.db.selectFrom("otherRevenue").selectAll().where("companyId", "=", ctx.company.id).where("id", "=", revenueId).executeTakeFirst();
  if (!before) throw refused(economicsInputRefusal("revenueNotFound"));
  await ctx.db.deleteFrom("otherRevenue").where("companyId", "=", ctx.company.id).where("id", "=", revenueId).execute();
  await audit(ctx.db, { ...who(ctx), action: "delete", entity: "otherRevenue", entityId: revenueId, before });
  return null;
}

/** Deletes every line one import wrote (a file imported by mistake); returns how many. */
export async function deleteImportBatch(ctx: Editor, batch: string) {
  const rows = await ctx.db
    .deleteFrom("otherRevenue")
    .where("companyId", "=", ctx.company.id)
    .where("importBatch", "=", batch)
    .returning(["id", "storeId", "amountCents"])
    .execute();
  if (!rows.length) throw refused(economicsInputRefusal("batchNotFound"));
  await audit(ctx.db, {
    ...who(ctx),
    action: "delete",
    entity: "otherRevenue",
    entityId: batch,
    before: { lines: rows.length, amountCents: rows.reduce((sum, r) => sum + r.amountCents, 0) },
  });
  return { deleted: rows.length };
}

// ---- recurring expenses ----

export async function listRecurringExpenses(ctx: Reader, storeId: string) {
  await storeOf(ctx, storeId);
  return ctx.db
    .selectFrom("recurringExpenses")
    .select(["id", "category", "description", "amountCents", "fromMonth", "toMonth", "createdAt"])
    .where("companyId", "=", ctx.company.id)
    .where("storeId", "=", storeId)
    .orderBy("fromMonth", "desc")
    .orderBy("id")
    .execute();
}

export async function addRecurringExpense(ctx: Editor, args: RecurringExpenseArgs) {
  await storeOf(ctx, args.storeId);
  const row = {
    id: newId(),
    companyId: ctx.company.id,
    storeId: args.storeId,
    category: args.category,
    description: args.description,
    amountCents: args.amountCents,
    fromMonth: args.fromMonth,
    toMonth: args.toMonth ?? null,
    createdBy: ctx.user.id,
  };
  await ctx.db.insertInto("recurringExpenses").values(row).execute();
  await audit(ctx.db, { ...who(ctx), action: "create", entity: "recurringExpense", entityId: row.id, after: row });
  return { expenseId: row.id };
}

/** Sets the last month an expense runs (inclusive), not before its first. */
export async function endRecurringExpense(ctx: Editor, args: { expenseId: string; toMonth: string }) {
  const before = await ctx.db
    .selectFrom("recurringExpenses")
    .selectAll()
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", args.expenseId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw refused(economicsInputRefusal("expenseNotFound"));
  if (args.toMonth < before.fromMonth) throw refused(economicsInputRefusal("monthsReversed"));
  await auditedUpdate(ctx.db, who(ctx), { entity: "recurringExpense", entityId: before.id, before }, { toMonth: args.toMonth }, (set) =>
    ctx.db
      .updateTable("recurringExpenses")
      .set(set)
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", before.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return null;
}

// ---- utility bills ----

/** A store's bills whose period overlaps the range, newest first. */
export async function listUtilityBills(ctx: Reader, args: { storeId: string; from: string; to: string }) {
  await storeOf(ctx, args.storeId);
  if (args.from > args.to) throw refused(economicsInputRefusal("rangeReversed"));
  if (daysAfter(args.from, args.to) + 1 > MAX_LIST_DAYS * 3) throw refused(economicsInputRefusal("rangeTooLong"));
  return ctx.db
    .selectFrom("utilityBills")
    .select(["id", "utility", "periodStart", "periodEnd", "amountCents", "usage", "unit", "createdAt"])
    .where("companyId", "=", ctx.company.id)
    .where("storeId", "=", args.storeId)
    .where("periodEnd", ">=", args.from)
    .where("periodStart", "<=", args.to)
    .orderBy("periodStart", "desc")
    .orderBy("utility")
    .execute();
}

export async function addUtilityBill(ctx: Editor, args: UtilityBillArgs) {
  await storeOf(ctx, args.storeId);
  if (daysAfter(args.periodStart, args.periodEnd) > MAX_BILL_DAYS) throw refused(economicsInputRefusal("periodTooLong"));
  const unit = args.unit ?? null;
  if (unit && !UNITS_OF[args.utility].includes(unit)) throw refused(economicsInputRefusal("unitOfUtility", { unit, utility: args.utility }));
  const existing = await ctx.db
    .selectFrom("utilityBills")
    .select("id")
    .where("companyId", "=", ctx.company.id)
    .where("storeId", "=", args.storeId)
    .where("utility", "=", args.utility)
    .where("periodStart", "=", args.periodStart)
    .executeTakeFirst();
  if (existing) throw refused(economicsInputRefusal("billExists"));
  const row = {
    id: newId(),
    companyId: ctx.company.id,
    storeId: args.storeId,
    utility: args.utility,
    periodStart: args.periodStart,
    periodEnd: args.periodEnd,
    amountCents: args.amountCents,
    usage: args.usage ?? null,
    unit,
    createdBy: ctx.user.id,
  };
  // A bill added at the same moment by someone else meets the unique constraint (constraints/economics.ts).
  await ctx.db.insertInto("utilityBills").values(row).execute();
  await audit(ctx.db, { ...who(ctx), action: "create", entity: "utilityBill", entityId: row.id, after: row });
  return { billId: row.id };
}

export async function deleteUtilityBill(ctx: Editor, billId: string) {
  const before = await ctx.db.selectFrom("utilityBills").selectAll().where("companyId", "=", ctx.company.id).where("id", "=", billId).executeTakeFirst();
  if (!before) throw refused(economicsInputRefusal("billNotFound"));
  await ctx.db.deleteFrom("utilityBills").where("companyId", "=", ctx.company.id).where("id", "=", billId).execute();
  await audit(ctx.db, { ...who(ctx), action: "delete", entity: "utilityBill", entityId: billId, before });
  return null;
}
