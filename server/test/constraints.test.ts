import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/runtime/ids.ts";
import { constraintViolation, loadConstraintMessages } from "../src/runtime/constraintErrors.ts";
import { race as raceCalls, lockTable, times } from "./support/race.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: the database constraints alone decide concurrent creates
// Migration 0011: the database keeps companies apart and values sane even when handlers race or
// forget a check; the runtime answers a refused write with a clear message.

let server: TestServer;
let manager: Client;
let rioId: string;
let sudsId: string;

beforeAll(async () => {
  server = await startTestServer();
  manager = await new Client(server.url).signIn("manager@demo.test");
  const db = server.database.db;
  rioId = (await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
  sudsId = (await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP200002").executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.stop());

/**
 * Runs `count` copies of a call at once. On PostgreSQL the table's writes are held back until
 * every call has passed its handler's read-then-write check, so the database constraint alone
 * decides (PGlite runs one transaction at a time, so there the handler's check answers).
 */
const race = (count: number, table: string, call: () => Promise<unknown>) => raceCalls(server, times(count, call), [lockTable(table)], 1500);

/** The database error of a statement that must fail. */
async function refused(statement: Promise<unknown>): Promise<{ code: string; constraint: string }> {
  try {
    await statement;
  } catch (error) {
    const e = error as { code: string; constraint: string };
    return { code: e.code, constraint: e.constraint };
  }
  throw new Error("expected the database to refuse the statement");
}

async function newStore(name: string): Promise<string> {
  return (await manager.mutation<{ storeId: string }>("stores:create", { name, address: "1 Race St", timeZone: "UTC" })).storeId;
}

describe("ten concurrent creates of the same thing make one row", () => {
  it("machine label per store", async () => {
    const storeId = await newStore("Rio Race Machines");
    const { sectionId } = await manager.mutation<{ sectionId: string }>("storeSections:create", { storeId, name: "Front" });
    const [type] = await manager.query<Array<{ _id: string }>>("equipmentConfig:getAllEquipmentTypes");
    const result = await race(10, "machines", () =>
      manager.mutation("equipment:createMachine", { storeId, sectionId, equipmentTypeId: type._id, label: "R1" }),
    );
    expect(result.ok).toBe(1);
    expect(result.errors).toHaveLength(9);
    expect(result.errors.every((m) => m === "Machine R1 already exists in this store" || m === "A machine with this label already exists in this store")).toBe(
      true,
    );
    if (server.database.kind === "postgres") expect(result.errors).toContain("A machine with this label already exists in this store");
    const rows = await server.database.db.selectFrom("machines").select("id").where("storeId", "=", storeId).execute();
    expect(rows).toHaveLength(1);
  });

  it("store name per company, without regard to case", async () => {
    const result = await race(10, "stores", () => manager.mutation("stores:create", { name: "Rio Race Store", address: "2 Race St", timeZone: "UTC" }));
    expect(result.ok).toBe(1);
    expect(result.errors).toHaveLength(9);
    expect(result.errors.every((m) => m === 'A store named "Rio Race Store" already exists' || m === "A store with this name already exists")).toBe(true);
    if (server.database.kind === "postgres") expect(result.errors).toContain("A store with this name already exists");
    const rows = await server.database.db
      .selectFrom("stores")
      .select("id")
      .where("companyId", "=", rioId)
      .where(sql<string>`lower(name)`, "=", "rio race store")
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("section position per store: concurrent sections never share a position", async () => {
    const storeId = await newStore("Rio Race Sections");
    const result = await race(10, "store_sections", () => manager.mutation("storeSections:create", { storeId, name: "Aisle" }));
    expect(result.errors.every((m) => m === "Another section was added to this store at the same time; try again")).toBe(true);
    // Held back together, they all read the same last position: the deferred constraint lets one through.
    if (server.database.kind === "postgres") expect(result.errors.length).toBeGreaterThan(0);
    const rows = await server.database.db.selectFrom("storeSections").select("position").where("storeId", "=", storeId).execute();
    expect(rows).toHaveLength(result.ok);
    expect(new Set(rows.map((r) => r.position)).size).toBe(rows.length);
  });

  it("pending join request per user and company", async () => {
    const user = new Client(server.url);
    const signedUp = await user.action<{ tokens: { token: string } }>("auth:signIn", {
      provider: "password",
      params: { email: "racer@example.com", password: "a-good-password", flow: "signUp" },
    });
    user.token = signedUp.tokens.token;
    const result = await race(10, "join_requests", () => user.mutation("companyJoinRequests:requestToJoin", { companyId: rioId }));
    expect(result.ok).toBe(1);
    expect(result.errors).toEqual(Array(9).fill("You already have a pending request for this company"));
    const rows = await server.database.db
      .selectFrom("joinRequests as j")
      .innerJoin("users as u", "u.id", "j.userId")
      .select("j.id")
      .where("u.email", "=", "racer@example.com")
      .where("j.status", "=", "PENDING")
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe("the database refuses", () => {
  const ids = async (companyId: string) => {
    const db = server.database.db;
    const machine = await db
      .selectFrom("machines")
      .select(["id", "storeId", "sectionId", "equipmentTypeId"])
      .where("companyId", "=", companyId)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const collection = await db.selectFrom("collections").select(["id", "storeId"]).where("companyId", "=", companyId).orderBy("id").executeTakeFirstOrThrow();
    const account = await db.selectFrom("cashAccounts").select("id").where("companyId", "=", companyId).orderBy("id").executeTakeFirstOrThrow();
    const transaction = await db.selectFrom("cashTransactions").select("id").where("companyId", "=", companyId).orderBy("id").executeTakeFirstOrThrow();
    return { machine, collection, account, transaction };
  };

  it("a child row that points at another company's parent", async () => {
    const db = server.database.db;
    const rio = await ids(rioId);
    const suds = await ids(sudsId);
    // A Rio collection line for a Suds machine.
    expect(
      await refused(
        db
          .insertInto("collectionLines")
          .values({
            id: newId(),
            companyId: rioId,
            collectionId: rio.collection.id,
            machineId: suds.machine.id,
            coinsCents: 100,
            billsCents: 0,
            meterReading: null,
            note: null,
          })
          .execute(),
      ),
    ).toEqual({
      code: "23503",
      constraint: "collection_lines_machine_id_company_fk",
    });
    // A Rio machine in a Suds store, in a Suds section, of a Suds equipment type.
    const machine = {
      id: newId(),
      companyId: rioId,
      storeId: rio.machine.storeId,
      sectionId: rio.machine.sectionId,
      equipmentTypeId: rio.machine.equipmentTypeId,
      label: "X1",
      coinBoxCapacityCents: null,
      position: 0,
    };
    expect(
      (
        await refused(
          db
            .insertInto("machines")
            .values({ ...machine, storeId: suds.machine.storeId })
            .execute(),
        )
      ).code,
    ).toBe("23503");
    expect(
      (
        await refused(
          db
            .insertInto("machines")
            .values({ ...machine, sectionId: suds.machine.sectionId })
            .execute(),
        )
      ).code,
    ).toBe("23503");
    expect(
      (
        await refused(
          db
            .insertInto("machines")
            .values({ ...machine, equipmentTypeId: suds.machine.equipmentTypeId })
            .execute(),
        )
      ).code,
    ).toBe("23503");
    // A Rio section in a Suds store; a Rio collection at a Suds store; a Rio transaction on a Suds account.
    expect(
      (
        await refused(
          db.insertInto("storeSections").values({ id: newId(), companyId: rioId, storeId: suds.machine.storeId, name: "Stolen", position: 99 }).execute(),
        )
      ).constraint,
    ).toBe("store_sections_store_id_company_fk");
    expect((await refused(sql`update collections set store_id = ${suds.collection.storeId} where id = ${rio.collection.id}`.execute(db))).constraint).toBe(
      "collections_store_id_company_fk",
    );
    expect(
      (
        await refused(
          db
            .insertInto("cashEntries")
            .values({
              id: newId(),
              companyId: rioId,
              transactionId: rio.transaction.id,
              accountId: suds.account.id,
              amountCents: 1,
              storeId: null,
              businessDate: "2025-01-01",
              seq: null,
              balanceAfterCents: null,
              postedAt: null,
            })
            .execute(),
        )
      ).constraint,
    ).toBe("cash_entries_account_id_company_fk");
    // Rows of the same company still go in.
    const lineId = newId();
    await db
      .insertInto("collectionLines")
      .values({
        id: lineId,
        companyId: rioId,
        collectionId: rio.collection.id,
        machineId: rio.machine.id,
        coinsCents: 100,
        billsCents: 0,
        meterReading: null,
        note: null,
      })
      .execute();
    await db.deleteFrom("collectionLines").where("id", "=", lineId).execute();
  });

  it("statuses the code does not use and money that cannot be negative", async () => {
    const db = server.database.db;
    const rio = await ids(rioId);
    expect(await refused(sql`update collections set status = 'lost' where id = ${rio.collection.id}`.execute(db))).toEqual({
      code: "23514",
      constraint: "collections_status_check",
    });
    expect(await refused(sql`update collections set line_count = -1 where id = ${rio.collection.id}`.execute(db))).toEqual({
      code: "23514",
      constraint: "collections_line_count_check",
    });
    expect(await refused(sql`update join_requests set status = 'MAYBE'`.execute(db))).toEqual({ code: "23514", constraint: "join_requests_status_check" });
    expect(await refused(sql`update memberships set role = 'KING'`.execute(db))).toEqual({ code: "23514", constraint: "memberships_role_check" });
    expect(await refused(sql`update machines set coin_box_capacity_cents = -5 where id = ${rio.machine.id}`.execute(db))).toEqual({
      code: "23514",
      constraint: "machines_capacity_check",
    });
    expect(await refused(sql`update cash_transactions set status = 'paid'`.execute(db))).toEqual({
      code: "23514",
      constraint: "cash_transactions_status_check",
    });
  });

  it("and the runtime turns each refusal into a clear message", async () => {
    const db = server.database.db;
    const rio = await ids(rioId);
    const suds = await ids(sudsId);
    const message = async (statement: Promise<unknown>) => {
      try {
        await statement;
      } catch (error) {
        return constraintViolation(error)?.message;
      }
      throw new Error("expected the database to refuse the statement");
    };
    // Two machines of one store: the race test above leaves a store with a single machine, which may sort first.
    const [first, second] = await db
      .selectFrom("machines as m")
      .select(["m.storeId", "m.label"])
      .where("m.companyId", "=", rioId)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom("machines as o").select("o.id").whereRef("o.storeId", "=", "m.storeId").whereRef("o.id", "<>", "m.id")),
      )
      .orderBy("m.storeId")
      .orderBy("m.id")
      .limit(2)
      .execute();
    expect(first.storeId).toBe(second.storeId);
    expect(
      await message(sql`update machines set label = lower(${first.label}) where store_id = ${first.storeId} and label <> ${first.label}`.execute(db)),
    ).toBe("A machine with this label already exists in this store");
    expect(await message(sql`update stores set name = 'RIO DOWNTOWN' where company_id = ${rioId} and name <> 'Rio Downtown'`.execute(db))).toBe(
      "A store with this name already exists",
    );
    expect(
      await message(
        db
          .insertInto("collectionLines")
          .values({
            id: newId(),
            companyId: rioId,
            collectionId: rio.collection.id,
            machineId: suds.machine.id,
            coinsCents: 1,
            billsCents: 0,
            meterReading: null,
            note: null,
          })
          .execute(),
      ),
    ).toBe("This refers to something that does not exist in this company");
    expect(await message(sql`delete from stores where id = ${rio.collection.storeId}`.execute(db))).toBe("This is still in use and cannot be removed");
    expect(await message(sql`update collections set status = 'lost' where id = ${rio.collection.id}`.execute(db))).toBe("A value is outside what is allowed");
    expect(constraintViolation(new Error("boom"))).toBeNull();
  });
});

describe("constraint messages are each module's own", () => {
  it("name only constraints and unique indexes the migrations create", async () => {
    const db = server.database.db;
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint join pg_namespace n on n.oid = connamespace where n.nspname = current_schema()
      union select indexname from pg_indexes where schemaname = current_schema()`.execute(db);
    const existing = new Set(rows.map((r) => r.name));
    const named = [...(await loadConstraintMessages()).keys()];
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((name) => !existing.has(name))).toEqual([]);
  });

  it("refuse a constraint two modules both name, and a file without messages", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "constraints-"));
    try {
      fs.writeFileSync(path.join(dir, "a.ts"), 'export const constraintMessages = { stores_company_name: "One" };\n');
      fs.writeFileSync(path.join(dir, "b.ts"), 'export const constraintMessages = { stores_company_name: "Two" };\n');
      await expect(loadConstraintMessages(dir)).rejects.toThrow("Constraint stores_company_name is named twice (again in b)");
      // A new name: a module once imported stays as it was.
      fs.rmSync(path.join(dir, "b.ts"));
      fs.writeFileSync(path.join(dir, "c.ts"), "export const messages = {};\n");
      await expect(loadConstraintMessages(dir)).rejects.toThrow("Constraint file c exports no constraintMessages");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
