import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/runtime/ids.ts";
import { walkPages, type Page } from "./support/paging.ts";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";

// Lists that can pass a page page on the server with a cursor: more rows than a page are seeded,
// every page is walked to the end (none repeated, none missing, in a stable order), and another
// company's caller holding a cursor gets nothing of this company.

let server: TestServer;
let admin: Client;
let suds: Client;
let companyId: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, suds] = await Promise.all([new Client(server.url).signIn("admin@demo.test"), new Client(server.url).signIn("owner@suds.test")]);
  const db = server.database.db;
  const store = (await admin.query<Array<{ _id: string }>>("stores:listAll"))[0];
  companyId = (await db.selectFrom("stores").select("companyId").where("id", "=", store._id).executeTakeFirstOrThrow()).companyId;
  const me = await db.selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow();
  // 30 days of 2019, 15 collections a day: 450 rows, many sharing a business date (ordered by id).
  await db
    .insertInto("collections")
    .values(
      Array.from({ length: 450 }, (_, i) => ({
        id: newId(),
        companyId,
        storeId: store._id,
        businessDate: `2019-03-${String(1 + (i % 30)).padStart(2, "0")}`,
        collectorId: me.id,
        status: "submitted",
        submittedAt: new Date(),
        adjustsCollectionId: null,
        rejectionReason: null,
        verifiedBy: null,
      })),
    )
    .execute();
});
afterAll(() => server?.stop());

describe("collections:listPage", () => {
  type Row = { _id: string; businessDate: string; storeName: string };
  const args = { fromDate: "2019-01-01", toDate: "2019-12-31" };

  it("walks every collection of the filter, page by page, each once, newest business date first then by id", async () => {
    const { pages, cursors } = await walkPages<Row>(admin, "collections:listPage", args);
    expect(pages.map((p) => p.length)).toEqual([200, 200, 50]);
    const rows = pages.flat();
    const ids = rows.map((r) => r._id);
    expect(new Set(ids).size).toBe(450);
    const keyed = rows.map((r) => `${r.businessDate}:${r._id}`);
    expect(keyed).toEqual([...keyed].sort().reverse());
    // The same rows as the capped list of the same filter.
    const listed = await admin.query<Row[]>("collections:list", args);
    expect([...ids].sort()).toEqual(listed.map((r) => r._id).sort());
    // A page size of its own, and the same order again.
    const small = await walkPages<Row>(admin, "collections:listPage", { ...args, pageSize: 7 });
    expect(small.pages.flat().map((r) => r._id)).toEqual(ids);
    expect(small.pages).toHaveLength(Math.ceil(450 / 7));
    expect(cursors).toHaveLength(2);
  });

  it("gives another company's caller nothing of this company for its cursor", async () => {
    const { cursors, pages } = await walkPages<Row>(admin, "collections:listPage", args);
    const ours = new Set(pages.flat().map((r) => r._id));
    for (const cursor of cursors) {
      const theirs = await suds.query<Page<Row>>("collections:listPage", { cursor });
      expect(theirs.rows.filter((r) => ours.has(r._id))).toEqual([]);
      const theirsFiltered = await suds.query<Page<Row>>("collections:listPage", { ...args, cursor });
      expect(theirsFiltered).toEqual({ rows: [], nextCursor: null });
    }
  });

  it("refuses a malformed cursor and a page size out of bounds", async () => {
    for (const cursor of ["2019-03-01", "2019-03-01:x' or 1=1 --", "yesterday:abc", `2019-03-01:${"a".repeat(32)}:1`]) {
      expect(await failure(admin.query("collections:listPage", { ...args, cursor }))).toBe(
        'Invalid argument "cursor": expected the nextCursor of a previous page',
      );
    }
    expect(await failure(admin.query("collections:listPage", { ...args, pageSize: 501 }))).toMatch(/^Invalid argument "pageSize"/);
    expect(await failure(admin.query("collections:listPage", { ...args, pageSize: 0 }))).toMatch(/^Invalid argument "pageSize"/);
  });
});
