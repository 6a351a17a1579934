import type { Kysely } from "kysely";
import { lineAmountCents } from "@tumble/domain/collectionStats";
import { todayIn } from "@tumble/domain/businessDate";
import { collectionRefusal } from "@tumble/domain/collectionRefusals";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";

// The guards every collection write passes: the store is the caller's company's, the business
// date is real and not in the store's future, every machine belongs to that store, and every
// amount is a plausible whole number of cents.

/** More than this in one machine in one visit is a typing slip, not cash. */
export const MAX_LINE_CENTS = 5_000_000;
export const MAX_BACKDATE_DAYS = 366;

export interface LineInput {
  machineId: string;
  coinsCents: number;
  billsCents: number;
  meterReading?: number | null;
  note?: string | null;
}

export async function storeForCollection(db: Kysely<DB>, companyId: string, storeId: string) {
  const store = await db
    .selectFrom("stores")
    .select(["id", "name", "timeZone", "isActive"])
    .where("id", "=", storeId)
    .where("companyId", "=", companyId)
    .executeTakeFirst();
  if (!store) throw refused(collectionRefusal("storeNotFound"));
  if (!store.isActive) throw refused(collectionRefusal("storeInactive"));
  return store;
}

/** The collection, of the caller's company; `lock` holds its row for the rest of the transaction. */
export async function collectionOfCompany(db: Kysely<DB>, companyId: string, collectionId: string, lock = false) {
  let q = db.selectFrom("collections").selectAll().where("id", "=", collectionId).where("companyId", "=", companyId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw refused(collectionRefusal("collectionNotFound"));
  return row;
}

export function checkBusinessDate(businessDate: string, timeZone: string, now = new Date()): void {
  const parsed = new Date(`${businessDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== businessDate)
    throw refused(collectionRefusal("invalidBusinessDate", { businessDate }));
  const today = todayIn(timeZone, now);
  if (businessDate > today) throw refused(collectionRefusal("futureBusinessDate", { businessDate }));
  const oldest = new Date(Date.parse(`${today}T00:00:00Z`) - MAX_BACKDATE_DAYS * 86_400_000).toISOString().slice(0, 10);
  if (businessDate < oldest) throw refused(collectionRefusal("oldBusinessDate", { businessDate }));
}

/** Checks the lines against the store's machines; returns the machines by id with their changer flag. */
export async function checkLines(db: Kysely<DB>, companyId: string, storeId: string, lines: LineInput[]) {
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line.machineId)) throw refused(collectionRefusal("machineTwice"));
    seen.add(line.machineId);
    for (const [field, value] of [
      ["coins", line.coinsCents],
      ["bills", line.billsCents],
    ] as const) {
      if (value > MAX_LINE_CENTS) throw refused(collectionRefusal("implausibleAmount", { field, amountCents: value, limitCents: MAX_LINE_CENTS }));
    }
  }
  const machines = lines.length
    ? await db
        .selectFrom("machines as m")
        .innerJoin("equipmentTypes as t", (j) => j.onRef("t.id", "=", "m.equipmentTypeId").onRef("t.companyId", "=", "m.companyId"))
        .select(["m.id", "m.storeId", "m.label", "m.isActive", "t.category", "t.specialCase"])
        .where("m.companyId", "=", companyId)
        .where("m.id", "in", [...seen])
        .execute()
    : [];
  const byId = new Map(machines.map((m) => [m.id, { ...m, isChanger: m.specialCase === "changer" || m.category === "change" }]));
  for (const line of lines) {
    const machine = byId.get(line.machineId);
    if (!machine) throw refused(collectionRefusal("machineNotFound"));
    if (machine.storeId !== storeId) throw refused(collectionRefusal("machineOfAnotherStore", { label: machine.label }));
  }
  return byId;
}

export function totalCents(lines: LineInput[], machines: Map<string, { isChanger: boolean }>): number {
  return lines.reduce((sum, line) => sum + lineAmountCents(line, machines.get(line.machineId)?.isChanger ?? false), 0);
}
