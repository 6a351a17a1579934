import { sql, type Kysely } from "kysely";
import { importError, type ImportKind, type ImportRow, type ImportRowError } from "@tumble/domain/imports";
import { hashSecretSlow } from "../auth/passwords.ts";
import { ensureStoreAccounts } from "../cash/accounts.ts";
import { fillExpectedFiguresByMachine } from "../collections/expectedFill.ts";
import { settingsOf } from "../companySettings/settings.ts";
import type { DB } from "../db/schema.ts";
import { addRate, payToday, setStores } from "../employees/profiles.ts";
import { isoDate } from "../db/isoDate.ts";
import { newId } from "../runtime/ids.ts";

// Each kind's rows checked against the company's existing rows (natural keys: store name, section
// name per store, equipment type name, machine label per store, employee username, collection
// store + date + machine), then written. Planning reads only; `write` writes in steps the caller
// runs (docs/decisions/0061-files-read-safely.md): on PostgreSQL all in one transaction, on PGlite
// each step its own short one, so other calls get the database between steps. A step leaves whole
// rows behind it (a collection with all its lines), so an import cut off between steps is finished
// by running the same file again: what was written is "unchanged" the second time. Rows that would
// change nothing are "unchanged", so a re-import writes nothing.

export type Outcome = "created" | "updated" | "unchanged";

export interface ValidRow<K extends ImportKind> {
  row: number;
  value: ImportRow<K>;
}

/** Runs the writing: each step's work in a transaction, counting its rows as written. */
export interface Writer {
  /** Lines one step should write at most: small on PGlite, whose statements run on the server's only thread. */
  batch: number;
  step(rows: number, work: (trx: Kysely<DB>) => Promise<void>): Promise<void>;
  /** For reads between steps (outside any step's transaction on PGlite; in the one transaction on PostgreSQL). */
  db: Kysely<DB>;
}

export interface KindPlan {
  outcomes: Array<{ row: number; outcome: Outcome }>;
  errors: ImportRowError[];
  /** Writes the rows planned as created or updated, in steps. */
  write(writer: Writer): Promise<void>;
}

export interface PlanContext {
  companyId: string;
  userId: string;
  now: number;
  /** Column keys the mapping gives a header: an unmapped optional column is left as it is. */
  mapped: Set<string>;
  /** Called once per row planned: now and then it gives other calls a turn. */
  pause: () => Promise<void>;
}

const lower = (s: string) => s.toLocaleLowerCase("en-US");

/** Tracks the first line of each key so later lines with the same key are refused. */
function firstLines() {
  const seen = new Map<string, number>();
  return (key: string, row: number) => {
    const first = seen.get(key);
    if (first !== undefined) return first;
    seen.set(key, row);
    return null;
  };
}

type Update = { id: string; set: Record<string, unknown> };

/**
 * The columns to set on an existing row: each [column, value from the file, value stored, compared]
 * whose values differ; a field not compared (an optional column the mapping leaves out) is kept.
 */
function changes(fields: Array<[column: string, fromFile: unknown, stored: unknown, compared?: boolean]>): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  for (const [column, fromFile, stored, compared = true] of fields) if (compared && fromFile !== stored) set[column] = fromFile;
  return set;
}

/** Records an existing row's outcome: updated when something is to be set, else unchanged. */
function planUpdate(plan: KindPlan, updates: Update[], row: number, id: string, set: Record<string, unknown>) {
  const changed = Object.keys(set).length > 0;
  if (changed) updates.push({ id, set });
  plan.outcomes.push({ row, outcome: changed ? "updated" : "unchanged" });
}

async function writeUpdates(writer: Writer, table: "stores" | "equipmentTypes" | "machines", companyId: string, updates: Update[]) {
  for (const chunk of chunks(updates, Math.min(writer.batch, 200)))
    await writer.step(chunk.length, async (trx) => {
      for (const u of chunk) await trx.updateTable(table).set(u.set).where("companyId", "=", companyId).where("id", "=", u.id).execute();
    });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows keyed by their name alone: a name repeated in the file is refused, a new one created, a known one compared by `diff`. */
async function planByName<K extends "stores" | "equipmentTypes", T extends { id: string }>(
  ctx: PlanContext,
  rows: ValidRow<K>[],
  byName: Map<string, T>,
  diff: (value: ImportRow<K>, found: T) => Record<string, unknown>,
) {
  const seen = firstLines();
  const plan: KindPlan = { outcomes: [], errors: [], write: async () => undefined };
  const creates: Array<ImportRow<K>> = [];
  const updates: Update[] = [];
  for (const { row, value } of rows) {
    await ctx.pause();
    const key = lower(value.name);
    const first = seen(key, row);
    if (first !== null) {
      plan.errors.push(importError(row, "name", "duplicateInFile", String(first)));
      continue;
    }
    const found = byName.get(key);
    if (!found) {
      creates.push(value);
      plan.outcomes.push({ row, outcome: "created" });
      continue;
    }
    planUpdate(plan, updates, row, found.id, diff(value, found));
  }
  return { plan, creates, updates };
}

async function storesByName(db: Kysely<DB>, companyId: string) {
  const rows = await db.selectFrom("stores").select(["id", "name"]).where("companyId", "=", companyId).execute();
  return new Map(rows.map((s) => [lower(s.name), s.id]));
}

type Planner<K extends ImportKind> = (db: Kysely<DB>, ctx: PlanContext, rows: ValidRow<K>[]) => Promise<KindPlan>;

const planStores: Planner<"stores"> = async (db, ctx, rows) => {
  const existing = await db
    .selectFrom("stores")
    .select(["id", "name", "address", "phone", "timeZone", "hours", "isActive"])
    .where("companyId", "=", ctx.companyId)
    .execute();
  const byName = new Map(existing.map((s) => [lower(s.name), s]));
  const defaultZone = (await settingsOf(db, ctx.companyId, "stores")).defaultTimeZone;
  const { plan, creates, updates } = await planByName(ctx, rows, byName, (value, found) =>
    changes([
      ["address", value.address, found.address],
      ["phone", value.phone, found.phone, ctx.mapped.has("phone")],
      ["timeZone", value.timeZone, found.timeZone, Boolean(value.timeZone)],
      ["hours", value.hours, found.hours, ctx.mapped.has("hours")],
      ["isActive", value.active, found.isActive, value.active !== undefined],
    ]),
  );
  plan.write = async (writer) => {
    for (const chunk of chunks(creates, Math.min(writer.batch, 50)))
      await writer.step(chunk.length, async (trx) => {
        for (const value of chunk) {
          const id = newId();
          await trx
            .insertInto("stores")
            .values({
              id,
              companyId: ctx.companyId,
              name: value.name,
              address: value.address,
              phone: value.phone,
              hours: value.hours,
              isActive: value.active ?? true,
              ...(value.timeZone || defaultZone ? { timeZone: value.timeZone ?? defaultZone! } : {}),
            })
            .execute();
          await ensureStoreAccounts(trx, ctx.companyId, id);
        }
      });
    await writeUpdates(writer, "stores", ctx.companyId, updates);
  };
  return plan;
};

const planSections: Planner<"sections"> = async (db, ctx, rows) => {
  const stores = await storesByName(db, ctx.companyId);
  const existing = await db.selectFrom("storeSections").select(["storeId", "name", "position"]).where("companyId", "=", ctx.companyId).execute();
  const keys = new Set(existing.map((s) => `${s.storeId}|${lower(s.name)}`));
  const nextPosition = new Map<string, number>();
  for (const s of existing) nextPosition.set(s.storeId, Math.max(nextPosition.get(s.storeId) ?? 0, s.position + 1));
  const seen = firstLines();
  const plan: KindPlan = { outcomes: [], errors: [], write: async () => undefined };
  const creates: Array<{ storeId: string; name: string; position: number }> = [];
  for (const { row, value } of rows) {
    await ctx.pause();
    const storeId = stores.get(lower(value.store));
    if (!storeId) {
      plan.errors.push(importError(row, "store", "notFound", value.store));
      continue;
    }
    const key = `${storeId}|${lower(value.name)}`;
    const first = seen(key, row);
    if (first !== null) {
      plan.errors.push(importError(row, "name", "duplicateInFile", String(first)));
      continue;
    }
    if (keys.has(key)) {
      plan.outcomes.push({ row, outcome: "unchanged" });
      continue;
    }
    const position = nextPosition.get(storeId) ?? 0;
    nextPosition.set(storeId, position + 1);
    creates.push({ storeId, name: value.name, position });
    plan.outcomes.push({ row, outcome: "created" });
  }
  plan.write = async (writer) => {
    for (const chunk of chunks(creates, writer.batch))
      await writer.step(chunk.length, async (trx) => {
        await trx
          .insertInto("storeSections")
          .values(chunk.map((c) => ({ id: newId(), companyId: ctx.companyId, ...c })))
          .execute();
      });
  };
  return plan;
};

const planEquipmentTypes: Planner<"equipmentTypes"> = async (db, ctx, rows) => {
  const existing = await db.selectFrom("equipmentTypes").selectAll().where("companyId", "=", ctx.companyId).execute();
  const byName = new Map(existing.map((t) => [lower(t.name), t]));
  const { plan, creates, updates } = await planByName(ctx, rows, byName, (value, found) =>
    changes([
      ["category", value.category, found.category],
      ["acceptsCoins", value.acceptsCoins, found.acceptsCoins, value.acceptsCoins !== undefined],
      ["acceptsBills", value.acceptsBills, found.acceptsBills, value.acceptsBills !== undefined],
      ["specialCase", value.specialCase, found.specialCase, ctx.mapped.has("specialCase")],
      ["colorHex", value.color, found.colorHex, ctx.mapped.has("color")],
      ["iconType", value.icon, found.iconType, ctx.mapped.has("icon")],
    ]),
  );
  plan.write = async (writer) => {
    for (const chunk of chunks(creates, writer.batch))
      await writer.step(chunk.length, async (trx) => {
        await trx
          .insertInto("equipmentTypes")
          .values(
            chunk.map((v) => ({
              id: newId(),
              companyId: ctx.companyId,
              name: v.name,
              category: v.category,
              acceptsCoins: v.acceptsCoins ?? true,
              acceptsBills: v.acceptsBills ?? false,
              specialCase: v.specialCase,
              colorHex: v.color,
              iconType: v.icon,
            })),
          )
          .execute();
      });
    await writeUpdates(writer, "equipmentTypes", ctx.companyId, updates);
  };
  return plan;
};

const planMachines: Planner<"machines"> = async (db, ctx, rows) => {
  const stores = await storesByName(db, ctx.companyId);
  const sections = await db.selectFrom("storeSections").select(["id", "storeId", "name"]).where("companyId", "=", ctx.companyId).execute();
  const sectionOf = new Map(sections.map((s) => [`${s.storeId}|${lower(s.name)}`, s.id]));
  const types = await db.selectFrom("equipmentTypes").select(["id", "name"]).where("companyId", "=", ctx.companyId).execute();
  const typeOf = new Map(types.map((t) => [lower(t.name), t.id]));
  const machines = await db
    .selectFrom("machines")
    .select([
      "id",
      "storeId",
      "sectionId",
      "equipmentTypeId",
      "label",
      "coinBoxCapacityCents",
      "isActive",
      "position",
      "capacityLb",
      "purchasePriceCents",
      "installedOn",
    ])
    .where("companyId", "=", ctx.companyId)
    .execute();
  const byLabel = new Map(machines.map((m) => [`${m.storeId}|${lower(m.label)}`, m]));
  const nextPosition = new Map<string, number>();
  for (const m of machines) nextPosition.set(m.sectionId, Math.max(nextPosition.get(m.sectionId) ?? 0, m.position + 1));
  const seen = firstLines();
  const plan: KindPlan = { outcomes: [], errors: [], write: async () => undefined };
  const creates: Array<{
    storeId: string;
    sectionId: string;
    equipmentTypeId: string;
    label: string;
    coinBoxCapacityCents: number | null;
    isActive: boolean;
    position: number;
    capacityLb: number | null;
    purchasePriceCents: number | null;
    installedOn: string | null;
  }> = [];
  const updates: Update[] = [];
  for (const { row, value } of rows) {
    await ctx.pause();
    const storeId = stores.get(lower(value.store));
    if (!storeId) {
      plan.errors.push(importError(row, "store", "notFound", value.store));
      continue;
    }
    const sectionId = sectionOf.get(`${storeId}|${lower(value.section)}`);
    const typeId = typeOf.get(lower(value.equipmentType));
    const errors: ImportRowError[] = [];
    if (!sectionId) errors.push(importError(row, "section", "notFound", value.section));
    if (!typeId) errors.push(importError(row, "equipmentType", "notFound", value.equipmentType));
    const key = `${storeId}|${lower(value.machine)}`;
    const first = seen(key, row);
    if (first !== null) errors.push(importError(row, "machine", "duplicateInFile", String(first)));
    if (errors.length || !sectionId || !typeId) {
      plan.errors.push(...errors);
      continue;
    }
    const found = byLabel.get(key);
    if (!found) {
      const position = nextPosition.get(sectionId) ?? 0;
      nextPosition.set(sectionId, position + 1);
      creates.push({
        storeId,
        sectionId,
        equipmentTypeId: typeId,
        label: value.machine,
        coinBoxCapacityCents: value.coinBoxCapacity,
        isActive: value.active ?? true,
        position,
        capacityLb: value.capacityLb,
        purchasePriceCents: value.purchasePrice,
        installedOn: value.installedOn,
      });
      plan.outcomes.push({ row, outcome: "created" });
      continue;
    }
    const set = changes([
      ["equipmentTypeId", typeId, found.equipmentTypeId],
      [
        "coinBoxCapacityCents",
        value.coinBoxCapacity,
        found.coinBoxCapacityCents === null ? null : Number(found.coinBoxCapacityCents),
        ctx.mapped.has("coinBoxCapacity"),
      ],
      ["isActive", value.active, found.isActive, value.active !== undefined],
      // A column left out of the file leaves the fact as it is; a mapped empty cell clears it.
      ["capacityLb", value.capacityLb, found.capacityLb, ctx.mapped.has("capacityLb")],
      ["purchasePriceCents", value.purchasePrice, found.purchasePriceCents === null ? null : Number(found.purchasePriceCents), ctx.mapped.has("purchasePrice")],
      ["installedOn", value.installedOn, found.installedOn === null ? null : isoDate(found.installedOn), ctx.mapped.has("installedOn")],
    ]);
    if (sectionId !== found.sectionId) {
      // A machine moved to another section goes to its end.
      const position = nextPosition.get(sectionId) ?? 0;
      nextPosition.set(sectionId, position + 1);
      Object.assign(set, { sectionId, position });
    }
    planUpdate(plan, updates, row, found.id, set);
  }
  plan.write = async (writer) => {
    for (const chunk of chunks(creates, Math.min(writer.batch, 1000)))
      await writer.step(chunk.length, async (trx) => {
        await trx
          .insertInto("machines")
          .values(chunk.map((c) => ({ id: newId(), companyId: ctx.companyId, ...c })))
          .execute();
      });
    await writeUpdates(writer, "machines", ctx.companyId, updates);
  };
  return plan;
};

const planEmployees: Planner<"employees"> = async (db, ctx, rows) => {
  const stores = await storesByName(db, ctx.companyId);
  const employees = await db
    .selectFrom("employees")
    .select(["id", "userId", "usernameLower", "name", "email", "phone", "position", "hireDate", "status"])
    .where("companyId", "=", ctx.companyId)
    .execute();
  const byUsername = new Map(employees.map((e) => [e.usernameLower, e]));
  const storeLinks = await db.selectFrom("employeeStores").select(["employeeId", "storeId"]).where("companyId", "=", ctx.companyId).execute();
  const storesOf = new Map<string, Set<string>>();
  for (const l of storeLinks) storesOf.set(l.employeeId, (storesOf.get(l.employeeId) ?? new Set()).add(l.storeId));
  const rates = await db
    .selectFrom("employeeRates")
    .select(["employeeId", "payType", "rateCents", "effectiveFrom"])
    .where("companyId", "=", ctx.companyId)
    .orderBy("effectiveFrom")
    .execute();
  const newestRate = new Map(rates.map((r) => [r.employeeId, r]));
  const seen = firstLines();
  const plan: KindPlan = { outcomes: [], errors: [], write: async () => undefined };
  const creates: Array<{ value: ImportRow<"employees">; storeIds: string[] }> = [];
  const updates: Array<{
    id: string;
    set: Record<string, unknown>;
    storeIds: string[] | null;
    rate: { payType: "hourly" | "salary"; rateCents: number } | null;
  }> = [];
  for (const { row, value } of rows) {
    await ctx.pause();
    const storeIds: string[] = [];
    const missing = value.stores.filter((name) => {
      const id = stores.get(lower(name));
      if (id) storeIds.push(id);
      return !id;
    });
    const errors: ImportRowError[] = [];
    if (missing.length) errors.push(importError(row, "stores", "notFound", missing.join("; ")));
    const key = value.username.toLowerCase();
    const first = seen(key, row);
    if (first !== null) errors.push(importError(row, "username", "duplicateInFile", String(first)));
    const found = byUsername.get(key);
    if (!found && !value.pin) errors.push(importError(row, "pin", "pinRequired"));
    if (errors.length) {
      plan.errors.push(...errors);
      continue;
    }
    if (!found) {
      creates.push({ value, storeIds });
      plan.outcomes.push({ row, outcome: "created" });
      continue;
    }
    const set = changes([
      ["name", value.name, found.name],
      ["email", value.email, found.email, ctx.mapped.has("email")],
      ["phone", value.phone, found.phone, ctx.mapped.has("phone")],
      ["position", value.position, found.position, ctx.mapped.has("position")],
      ["hireDate", value.hireDate, found.hireDate, ctx.mapped.has("hireDate")],
    ]);
    const current = storesOf.get(found.id) ?? new Set();
    const storesChange = ctx.mapped.has("stores") && (storeIds.length !== current.size || storeIds.some((s) => !current.has(s)));
    const rate = newestRate.get(found.id);
    const rateChange = !rate || rate.payType !== value.payType || Number(rate.rateCents) !== value.rate;
    // Nobody changes their own pay or hire date (decision 0060), by hand or by file.
    if (found.userId === ctx.userId && (rateChange || "hireDate" in set)) {
      plan.errors.push(importError(row, rateChange ? "rate" : "hireDate", "ownProfile"));
      continue;
    }
    const changed = Object.keys(set).length > 0 || storesChange || rateChange;
    if (changed)
      updates.push({
        id: found.id,
        set,
        storeIds: storesChange ? storeIds : null,
        rate: rateChange ? { payType: value.payType, rateCents: value.rate } : null,
      });
    plan.outcomes.push({ row, outcome: changed ? "updated" : "unchanged" });
  }
  plan.write = async (writer) => {
    for (const { value, storeIds } of creates) {
      // Hashed before the step: the transaction does not wait on the hash.
      const pinHash = await hashSecretSlow(value.pin!);
      await writer.step(1, async (trx) => {
        const employeeId = newId();
        await trx
          .insertInto("employees")
          .values({
            id: employeeId,
            companyId: ctx.companyId,
            userId: null,
            name: value.name,
            email: value.email,
            phone: value.phone,
            position: value.position,
            payType: value.payType,
            status: "active",
            hireDate: value.hireDate,
            endDate: null,
            username: value.username,
            usernameLower: value.username.toLowerCase(),
            pinHash,
          })
          .execute();
        if (storeIds.length) await setStores(trx, ctx.companyId, employeeId, storeIds);
        const today = await payToday(trx, ctx.companyId, employeeId, ctx.now);
        await addRate(trx, {
          companyId: ctx.companyId,
          employeeId,
          payType: value.payType,
          rateCents: value.rate,
          effectiveFrom: value.hireDate ?? today,
          reason: null,
          createdBy: ctx.userId,
          today,
        });
      });
    }
    for (const u of updates)
      await writer.step(1, async (trx) => {
        if (Object.keys(u.set).length)
          await trx
            .updateTable("employees")
            .set({ ...u.set, updatedAt: new Date(ctx.now) })
            .where("companyId", "=", ctx.companyId)
            .where("id", "=", u.id)
            .execute();
        if (u.storeIds) await setStores(trx, ctx.companyId, u.id, u.storeIds);
        if (u.rate) {
          const today = await payToday(trx, ctx.companyId, u.id, ctx.now);
          await addRate(trx, { companyId: ctx.companyId, employeeId: u.id, ...u.rate, effectiveFrom: today, reason: "Import", createdBy: ctx.userId, today });
        }
      });
  };
  return plan;
};

const LINE_CHUNK = 4000;

const planCollections: Planner<"collections"> = async (db, ctx, rows) => {
  const stores = await storesByName(db, ctx.companyId);
  const machines = await db.selectFrom("machines").select(["id", "storeId", "label"]).where("companyId", "=", ctx.companyId).execute();
  const machineOf = new Map(machines.map((m) => [`${m.storeId}|${lower(m.label)}`, m.id]));
  const plan: KindPlan = { outcomes: [], errors: [], write: async () => undefined };
  // The first and last date (a scan, not a sort: a file may have 200,000 lines).
  const dates = rows.length
    ? [
        rows.reduce((a, r) => (r.value.date < a ? r.value.date : a), rows[0].value.date),
        rows.reduce((a, r) => (r.value.date > a ? r.value.date : a), rows[0].value.date),
      ]
    : [];
  // The company's collections (not adjustments) over the file's dates: a store and date already
  // there is the same visit, compared line by line.
  const existingLines = new Map<string, number>();
  const existingVisits = new Map<string, string>();
  if (dates.length) {
    const found = await sql<{ id: string; storeId: string; businessDate: string; machineId: string | null; amount: string | null }>`
      select c.id, c.store_id, to_char(c.business_date, 'YYYY-MM-DD') as business_date, l.machine_id, (l.coins_cents + l.bills_cents)::text as amount
      from collections c left join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
      where c.company_id = ${ctx.companyId} and c.adjusts_collection_id is null
        and c.business_date between ${dates[0]} and ${dates[dates.length - 1]}`.execute(db);
    for (const r of found.rows) {
      await ctx.pause();
      existingVisits.set(`${r.storeId}|${r.businessDate}`, r.id);
      if (r.machineId) existingLines.set(`${r.storeId}|${r.businessDate}|${r.machineId}`, Number(r.amount));
    }
  }
  const seen = firstLines();
  const visits = new Map<
    string,
    { id: string; storeId: string; date: string; total: number; lines: Array<{ machineId: string; v: ImportRow<"collections"> }> }
  >();
  for (const { row, value } of rows) {
    await ctx.pause();
    const storeId = stores.get(lower(value.store));
    if (!storeId) {
      plan.errors.push(importError(row, "store", "notFound", value.store));
      continue;
    }
    const machineId = machineOf.get(`${storeId}|${lower(value.machine)}`);
    if (!machineId) {
      plan.errors.push(importError(row, "machine", "notFound", value.machine));
      continue;
    }
    const lineKey = `${storeId}|${value.date}|${machineId}`;
    const first = seen(lineKey, row);
    if (first !== null) {
      plan.errors.push(importError(row, "machine", "duplicateInFile", String(first)));
      continue;
    }
    const amount = value.coins + (value.bills ?? 0);
    const visitKey = `${storeId}|${value.date}`;
    if (existingVisits.has(visitKey)) {
      // A visit already recorded is history: the same figures are unchanged, others are refused
      // (a verified collection is corrected by an adjustment, never rewritten by a file).
      if (existingLines.get(lineKey) === amount) plan.outcomes.push({ row, outcome: "unchanged" });
      else plan.errors.push(importError(row, existingLines.has(lineKey) ? "coins" : "machine", "conflict", `${value.store} ${value.date} ${value.machine}`));
      continue;
    }
    let visit = visits.get(visitKey);
    if (!visit) visits.set(visitKey, (visit = { id: newId(), storeId, date: value.date, total: 0, lines: [] }));
    visit.total += amount;
    visit.lines.push({ machineId, v: value });
    plan.outcomes.push({ row, outcome: "created" });
  }
  plan.write = async (writer) => {
    const at = new Date(ctx.now);
    const all = [...visits.values()];
    if (!all.length) return;
    // A first import into a young database meets tables the planner has no statistics for, and the
    // roll-up triggers' joins then scan instead of using their indexes (4,000 lines: 9.5 s before,
    // 0.95 s after, measured). ANALYZE samples, so it stays cheap on large tables.
    const analyze = async (tables: string[]) => {
      for (const table of tables)
        await writer.step(0, async (trx) => {
          await sql`analyze ${sql.table(table)}`.execute(trx);
        });
    };
    await analyze(["collections", "collection_lines", "machines", "equipment_types", "revenue_days", "collector_days"]);
    const writeVisits = async (trx: Kysely<DB>, group: typeof all) => {
      for (let i = 0; i < group.length; i += 2000)
        await trx
          .insertInto("collections")
          .values(
            group.slice(i, i + 2000).map((v) => ({
              id: v.id,
              companyId: ctx.companyId,
              storeId: v.storeId,
              businessDate: v.date,
              collectorId: ctx.userId,
              status: "verified",
              totalCents: v.total,
              lineCount: v.lines.length,
              adjustsCollectionId: null,
              rejectionReason: null,
              submittedAt: at,
              verifiedAt: at,
              verifiedBy: ctx.userId,
            })),
          )
          .execute();
      // Lines after their verified headers: the roll-up triggers (revenue_days and the reports'
      // tables) add them in, one statement per chunk.
      const lines = group.flatMap((v) =>
        v.lines.map((l) => ({
          id: newId(),
          companyId: ctx.companyId,
          collectionId: v.id,
          machineId: l.machineId,
          coinsCents: l.v.coins,
          billsCents: l.v.bills ?? 0,
          meterReading: l.v.meter,
          note: l.v.note,
        })),
      );
      for (let i = 0; i < lines.length; i += LINE_CHUNK)
        await trx
          .insertInto("collectionLines")
          .values(lines.slice(i, i + LINE_CHUNK))
          .execute();
    };
    // Whole visits per step, about `batch` lines each: a visit is written with all its lines or not at all.
    let group: typeof all = [];
    let lines = 0;
    const flush = async () => {
      if (!group.length) return;
      const [these, count] = [group, lines];
      [group, lines] = [[], 0];
      await writer.step(count, (trx) => writeVisits(trx, these));
    };
    for (const visit of all) {
      group.push(visit);
      lines += visit.lines.length;
      if (lines >= writer.batch) await flush();
    }
    await flush();
    // The expected figures verification would have kept (the collector report reads them), for
    // the stores imported into, a machine at a time; the statistics first, as the tables have grown.
    await analyze(["collections", "collection_lines"]);
    await fillExpectedFiguresByMachine(writer.db, ctx.companyId, [...new Set(all.map((v) => v.storeId))], (work) => writer.step(0, work));
  };
  return plan;
};

const PLANNERS: { [K in ImportKind]: Planner<K> } = {
  stores: planStores,
  sections: planSections,
  equipmentTypes: planEquipmentTypes,
  machines: planMachines,
  employees: planEmployees,
  collections: planCollections,
};

export function planImport<K extends ImportKind>(kind: K, db: Kysely<DB>, ctx: PlanContext, rows: ValidRow<K>[]): Promise<KindPlan> {
  return (PLANNERS[kind] as Planner<K>)(db, ctx, rows);
}
