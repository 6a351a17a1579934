import type { Kysely } from "kysely";
import type { EmployeeStatus, PayType } from "@tumble/domain/employees";
import type { DB } from "../db/schema.ts";
import { businessDateNow } from "../cash/dates.ts";

// The employees list (issue 16, docs/decisions/0028-employees.md): the company's profiles with
// their stores and today's rate, filtered by text, store, status and position, and the positions
// the filter offers.

const MAX_LIST = 2000;

/** What the list is filtered by. */
export interface EmployeeListFilter {
  search?: string;
  storeId?: string;
  status?: EmployeeStatus;
  position?: string;
}

/** The company's employees with their stores and the rate in effect today; filters by text, store, status and position. */
export async function listEmployees(db: Kysely<DB>, companyId: string, now: number, args: EmployeeListFilter) {
  const today = await businessDateNow(db, companyId, null, new Date(now));
  let q = db
    .selectFrom("employees as e")
    .select((eb) => [
      "e.id",
      "e.userId",
      "e.name",
      "e.email",
      "e.phone",
      "e.position",
      "e.payType",
      "e.status",
      "e.hireDate",
      "e.endDate",
      "e.username",
      "e.createdAt",
      eb
        .selectFrom("employeeRates as r")
        .select("r.rateCents")
        .whereRef("r.companyId", "=", "e.companyId")
        .whereRef("r.employeeId", "=", "e.id")
        .where("r.jobId", "is", null)
        .where("r.effectiveFrom", "<=", today)
        .orderBy("r.effectiveFrom", "desc")
        .limit(1)
        .as("rateCents"),
      eb
        .selectFrom("employeeRates as r")
        .select("r.payType")
        .whereRef("r.companyId", "=", "e.companyId")
        .whereRef("r.employeeId", "=", "e.id")
        .where("r.jobId", "is", null)
        .where("r.effectiveFrom", "<=", today)
        .orderBy("r.effectiveFrom", "desc")
        .limit(1)
        .as("ratePayType"),
    ])
    .where("e.companyId", "=", companyId);
  const text = args.search?.trim();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb("e.name", "ilike", pattern), eb("e.username", "ilike", pattern), eb("e.email", "ilike", pattern), eb("e.phone", "ilike", pattern)]),
    );
  }
  if (args.status) q = q.where("e.status", "=", args.status);
  if (args.position?.trim()) q = q.where("e.position", "=", args.position.trim());
  if (args.storeId) {
    const storeId = args.storeId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom("employeeStores as es")
          .select("es.storeId")
          .whereRef("es.companyId", "=", "e.companyId")
          .whereRef("es.employeeId", "=", "e.id")
          .where("es.storeId", "=", storeId),
      ),
    );
  }
  const rows = await q.orderBy("e.name").orderBy("e.id").limit(MAX_LIST).execute();
  const storesOf = await storesByEmployee(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map(({ id: employeeId, createdAt, rateCents, ratePayType, ...r }) => ({
    _id: employeeId,
    ...r,
    linked: r.userId !== null,
    createdAt: new Date(createdAt).getTime(),
    stores: storesOf.get(employeeId) ?? [],
    rateCents: rateCents === null ? null : Number(rateCents),
    ratePayType: ratePayType as PayType | null,
  }));
}

/** The stores each of the employees works at, by name. */
export async function storesByEmployee(db: Kysely<DB>, companyId: string, employeeIds: string[]) {
  const map = new Map<string, Array<{ _id: string; name: string }>>();
  if (employeeIds.length === 0) return map;
  const rows = await db
    .selectFrom("employeeStores as es")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "es.companyId").onRef("s.id", "=", "es.storeId"))
    .select(["es.employeeId", "s.id", "s.name"])
    .where("es.companyId", "=", companyId)
    .where("es.employeeId", "in", employeeIds)
    .orderBy("s.name")
    .execute();
  for (const r of rows) {
    const list = map.get(r.employeeId) ?? [];
    list.push({ _id: r.id, name: r.name });
    map.set(r.employeeId, list);
  }
  return map;
}

/** The positions the company's employees hold, for the list's filter. */
export async function positionsOf(db: Kysely<DB>, companyId: string) {
  const rows = await db
    .selectFrom("employees")
    .select("position")
    .distinct()
    .where("companyId", "=", companyId)
    .where("position", "is not", null)
    .orderBy("position")
    .limit(500)
    .execute();
  return rows.map((r) => r.position as string);
}
