import { CamelCasePlugin, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../src/db/schema.ts";
import { CompanyScope, UnscopedStatementError } from "../src/runtime/companyScope.ts";

// The fail-closed check on a company-level function's handle (docs/decisions/0063), statement by
// statement: compiled, never run, so each case shows what the check reads in the query tree.

const OURS = "company-ours";
const THEIRS = "company-theirs";
const TABLES = new Set(["stores", "machines", "collections", "collection_lines", "memberships", "join_requests"]);

const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
}).withPlugin(new CompanyScope(OURS, TABLES));

const refused = (compile: () => unknown) => {
  try {
    compile();
  } catch (error) {
    if (error instanceof UnscopedStatementError) return error.message;
    throw error;
  }
  return null;
};

describe("fail-closed company scope", () => {
  it("lets through statements tied to the company and refuses the same ones untied", () => {
    expect(refused(() => db.selectFrom("stores").selectAll().where("companyId", "=", OURS).compile())).toBeNull();
    expect(refused(() => db.selectFrom("stores").selectAll().where("id", "=", "s1").compile())).toMatch(/select from stores/);
    // Another company's id is no tie, nor is a condition only one side of an OR.
    expect(refused(() => db.selectFrom("stores").selectAll().where("companyId", "=", THEIRS).compile())).toMatch(/stores/);
    expect(
      refused(() =>
        db
          .selectFrom("stores")
          .selectAll()
          .where((eb) => eb.or([eb("companyId", "=", OURS), eb("isActive", "=", true)]))
          .compile(),
      ),
    ).toMatch(/stores/);
    expect(refused(() => db.selectFrom("stores").selectAll().where("companyId", "in", [OURS]).compile())).toBeNull();
    expect(refused(() => db.selectFrom("stores").selectAll().where("companyId", "in", [OURS, THEIRS]).compile())).toMatch(/stores/);
    // Tables without a company_id pass.
    expect(refused(() => db.selectFrom("users").selectAll().compile())).toBeNull();
  });

  it("follows ties through joins, and refuses a joined table tied only by its id", () => {
    const joined = () =>
      db.selectFrom("machines as m").innerJoin("stores as s", "s.id", "m.storeId").select(["m.id", "s.name"]).where("m.companyId", "=", OURS);
    expect(refused(() => joined().compile())).toMatch(/select from stores/);
    expect(refused(() => joined().whereRef("s.companyId", "=", "m.companyId").compile())).toBeNull();
    expect(
      refused(() =>
        db
          .selectFrom("machines as m")
          .leftJoin("stores as s", (j) => j.onRef("s.id", "=", "m.storeId").onRef("s.companyId", "=", "m.companyId"))
          .select(["m.id", "s.name"])
          .where("m.companyId", "=", OURS)
          .compile(),
      ),
    ).toBeNull();
    // An outer join's condition ties only its own table, never the one it joins to.
    expect(
      refused(() =>
        db
          .selectFrom("machines as m")
          .leftJoin("stores as s", (j) => j.onRef("s.id", "=", "m.storeId").on("s.companyId", "=", OURS))
          .select(["m.id", "s.name"])
          .compile(),
      ),
    ).toMatch(/select from machines/);
  });

  it("checks subqueries, which may tie themselves to the statement around them", () => {
    const counted = (tie: boolean) =>
      db
        .selectFrom("stores as s")
        .select((eb) => [
          "s.id",
          (tie
            ? eb.selectFrom("machines as m").whereRef("m.storeId", "=", "s.id").whereRef("m.companyId", "=", "s.companyId")
            : eb.selectFrom("machines as m").whereRef("m.storeId", "=", "s.id")
          )
            .select(eb.fn.countAll<number>().as("n"))
            .as("machines"),
        ])
        .where("s.companyId", "=", OURS);
    expect(refused(() => counted(true).compile())).toBeNull();
    expect(refused(() => counted(false).compile())).toMatch(/select from machines/);
    // The company's own row of companies ties what names its id.
    expect(
      refused(() =>
        db
          .selectFrom("companies as c")
          .select((eb) => eb.selectFrom("memberships as m").whereRef("m.companyId", "=", "c.id").select(eb.fn.countAll<number>().as("n")).as("members"))
          .where("c.id", "=", OURS)
          .compile(),
      ),
    ).toBeNull();
  });

  it("refuses updates and deletes of rows not tied to the company, and moving a row away", () => {
    expect(refused(() => db.updateTable("joinRequests").set({ status: "DENIED" }).where("id", "=", "r1").compile())).toMatch(/update of join_requests/);
    expect(refused(() => db.updateTable("joinRequests").set({ status: "DENIED" }).where("companyId", "=", OURS).where("id", "=", "r1").compile())).toBeNull();
    expect(refused(() => db.updateTable("stores").set({ companyId: THEIRS }).where("companyId", "=", OURS).compile())).toMatch(/company_id to another/);
    expect(refused(() => db.deleteFrom("machines").where("id", "=", "m1").compile())).toMatch(/delete from machines/);
    expect(refused(() => db.deleteFrom("machines").where("companyId", "=", OURS).where("id", "=", "m1").compile())).toBeNull();
  });

  it("refuses inserting another company's rows, or rows without a company", () => {
    const store = (companyId: string) => ({ id: "s1", companyId, name: "A", address: "", phone: null, timeZone: "UTC", hours: null, isActive: true });
    expect(refused(() => db.insertInto("stores").values(store(OURS)).compile())).toBeNull();
    expect(
      refused(() =>
        db
          .insertInto("stores")
          .values([store(OURS), store(THEIRS)])
          .compile(),
      ),
    ).toMatch(/another company's row/);
    expect(
      refused(() =>
        db
          .insertInto("memberships")
          .values({ id: "x", userId: "u", role: "STAFF" } as never)
          .compile(),
      ),
    ).toMatch(/without company_id/);
  });

  it("lets hand-written SQL through only when it carries the company's id", () => {
    expect(refused(() => sql`select count(*) from collections where company_id = ${OURS}`.compile(db))).toBeNull();
    expect(refused(() => sql`select count(*) from collections`.compile(db))).toMatch(/hand-written SQL on collections/);
    expect(refused(() => sql`select count(*) from collections where company_id = ${THEIRS}`.compile(db))).toMatch(/hand-written SQL/);
  });
});
