import { sql } from "kysely";
import { businessDateOf, todayIn } from "@tumble/domain/businessDate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/runtime/ids.ts";
import { walkPages, type Page } from "./support/paging.ts";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";
import { createEmployee, createStore } from "./support/workforce.ts";

// More lists that page on the server with a cursor (as collections:listPage, listPaging.test.ts):
// bank lines, a campaign's claims and the time-entry queue. More rows than a page are seeded,
// every page is walked to the end (none repeated, none missing, in a stable order), a filter keeps
// to its rows across pages, another company's caller holding a cursor gets nothing of this
// company, and a cursor not made by the server is refused.

let server: TestServer;
let admin: Client;
let manager: Client;
let suds: Client;
let companyId: string;
let storeId: string;
const key = () => crypto.randomUUID();
const CURSOR_REFUSED = 'Invalid argument "cursor": expected the nextCursor of a previous page';

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, suds] = await Promise.all(["admin@demo.test", "manager@demo.test", "owner@suds.test"].map((e) => new Client(server.url).signIn(e)));
  const db = server.database.db;
  storeId = (await admin.query<Array<{ _id: string }>>("stores:listAll"))[0]._id;
  companyId = (await db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow()).companyId;
});
afterAll(() => server?.stop());

describe("bankLines:listPage", () => {
  type Row = { _id: string; date: string; description: string; amountCents: number; depositIds: string[]; deposits: Array<{ _id: string }> };
  let bank: string;
  let matchedLine: string;
  let bookedLine: string;
  let depositId: string;

  beforeAll(async () => {
    ({ accountId: bank } = await admin.mutation<{ accountId: string }>("cashAccounts:create", {
      name: `Paged bank ${Date.now()}`,
      kind: "bank",
      idempotencyKey: key(),
    }));
    // 30 days of 2019, 15 lines a day: 450 lines, many sharing a date (ordered by id).
    await server.database.db
      .insertInto("bankLines")
      .values(
        Array.from({ length: 450 }, (_, i) => ({
          id: newId(),
          companyId,
          accountId: bank,
          date: `2019-03-${String(1 + (i % 30)).padStart(2, "0")}`,
          description: `LINE ${i}`,
          amountCents: 1_000 + i,
          fingerprint: `paged-${i}`,
          source: "manual",
        })),
      )
      .execute();
    // One line matched to a deposit, one booked from the statement: the matched view's two.
    const today = todayIn("America/Chicago");
    ({ bankLineId: matchedLine } = await admin.mutation<{ bankLineId: string }>("bankLines:add", {
      accountId: bank,
      date: today,
      description: "DEPOSIT BAG P-1",
      amountCents: 7_777,
    }));
    ({ transactionId: depositId } = await manager.mutation<{ transactionId: string }>("cashTransactions:create", {
      kind: "deposit",
      amountCents: 7_777,
      storeId,
      bagNumber: "P-1",
      description: "a bag",
      idempotencyKey: key(),
    }));
    await admin.mutation("bankLines:match", { bankLineId: matchedLine, depositIds: [depositId] });
    ({ bankLineId: bookedLine } = await admin.mutation<{ bankLineId: string }>("bankLines:add", {
      accountId: bank,
      date: today,
      description: "SERVICE FEE",
      amountCents: -500,
    }));
    await admin.mutation("bankLines:book", { bankLineId: bookedLine, category: "fees", idempotencyKey: key() });
  });

  it("walks every line of the account, page by page, each once, newest date first then by id", async () => {
    const { pages, cursors } = await walkPages<Row>(admin, "bankLines:listPage", { accountId: bank });
    expect(pages.map((p) => p.length)).toEqual([200, 200, 52]);
    expect(cursors).toHaveLength(2);
    const rows = pages.flat();
    const ids = rows.map((r) => r._id);
    expect(new Set(ids).size).toBe(452);
    const keyed = rows.map((r) => `${r.date}:${r._id}`);
    expect(keyed).toEqual([...keyed].sort().reverse());
    // The matched line carries its deposit with it, on whatever page it falls.
    const matched = rows.find((r) => r._id === matchedLine)!;
    expect(matched.depositIds).toEqual([depositId]);
    expect(matched.deposits.map((d) => d._id)).toEqual([depositId]);
    // The same lines as the capped list, and the same order again a few at a time.
    const listed = await admin.query<{ lines: Row[] }>("bankLines:list", { accountId: bank });
    expect([...ids].sort()).toEqual(listed.lines.map((l) => l._id).sort());
    const small = await walkPages<Row>(admin, "bankLines:listPage", { accountId: bank, pageSize: 9 });
    expect(small.pages.flat().map((r) => r._id)).toEqual(ids);
    expect(small.pages).toHaveLength(Math.ceil(452 / 9));
  });

  it("keeps a view's lines across pages", async () => {
    const unmatched = (await walkPages<Row>(admin, "bankLines:listPage", { accountId: bank, view: "unmatched", pageSize: 50 })).pages.flat();
    expect(unmatched).toHaveLength(450);
    expect(unmatched.map((r) => r._id)).not.toContain(matchedLine);
    expect(unmatched.map((r) => r._id)).not.toContain(bookedLine);
    expect(new Set(unmatched.map((r) => r._id)).size).toBe(450);
    const matched = await walkPages<Row>(admin, "bankLines:listPage", { accountId: bank, view: "matched", pageSize: 1 });
    expect(
      matched.pages
        .flat()
        .map((r) => r._id)
        .sort(),
    ).toEqual([matchedLine, bookedLine].sort());
    // A cursor of the whole list, used with a view, starts the view after it.
    const { cursors } = await walkPages<Row>(admin, "bankLines:listPage", { accountId: bank });
    const after = await admin.query<Page<Row>>("bankLines:listPage", { accountId: bank, view: "unmatched", cursor: cursors[0] });
    expect(after.rows.every((r) => `${r.date}:${r._id}` < cursors[0])).toBe(true);
  });

  it("gives another company's caller nothing of this company for its cursor", async () => {
    const { cursors, pages } = await walkPages<Row>(admin, "bankLines:listPage", { accountId: bank });
    const ours = new Set(pages.flat().map((r) => r._id));
    // Not this company's account: refused as any unknown account.
    expect(await failure(suds.query("bankLines:listPage", { accountId: bank, cursor: cursors[0] }))).toBe(
      await failure(suds.query("bankLines:listPage", { accountId: newId() })),
    );
    // Its own account, with this company's cursor: its own lines only.
    const { accountId: theirBank } = await suds.mutation<{ accountId: string }>("cashAccounts:create", {
      name: `Suds bank ${Date.now()}`,
      kind: "bank",
      idempotencyKey: key(),
    });
    await suds.mutation("bankLines:add", { accountId: theirBank, date: "2019-01-05", description: "SUDS LINE", amountCents: 100 });
    for (const cursor of cursors) {
      const theirs = await suds.query<Page<Row>>("bankLines:listPage", { accountId: theirBank, cursor });
      expect(theirs.rows.map((r) => r.description)).toEqual(["SUDS LINE"]);
      expect(theirs.rows.filter((r) => ours.has(r._id))).toEqual([]);
    }
  });

  it("refuses a malformed cursor, a view it does not know and a page size out of bounds", async () => {
    for (const cursor of ["2019-03-01", "2019-03-01:x' or 1=1 --", "yesterday:abc", `2019-03-01:${"a".repeat(32)}:1`]) {
      expect(await failure(admin.query("bankLines:listPage", { accountId: bank, cursor }))).toBe(CURSOR_REFUSED);
    }
    expect(await failure(admin.query("bankLines:listPage", { accountId: bank, view: "booked" }))).toMatch(/^Invalid argument "view"/);
    expect(await failure(admin.query("bankLines:listPage", { accountId: bank, pageSize: 501 }))).toMatch(/^Invalid argument "pageSize"/);
  });
});

describe("marketing:getCampaignClaimsPage", () => {
  type Row = { _id: string; claimId: string; status: string; _creationTime: number };
  let campaign: string;
  let theirCampaign: string;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const create = (client: Client, name: string) =>
    client.mutation<{ campaignId: string }>("marketing:createCampaign", {
      name,
      campaignType: "SEASONAL",
      startDate: day(-2),
      endDate: day(30),
      offerAmount: 10,
      deliveryMethod: "email",
    });
  /** `count` claims made within a few microseconds of one another (several at the very same instant). */
  const seed = (company: string, campaignId: string, count: number, prefix: string) =>
    server.database.db
      .insertInto("campaignClaims")
      .values(
        Array.from({ length: count }, (_, i) => ({
          id: newId(),
          companyId: company,
          campaignId,
          claimCode: `CLM-${prefix}-${String(i).padStart(4, "0")}`,
          customerName: `Customer ${prefix} ${i}`,
          email: `${prefix.toLowerCase()}${i}@paged.test`,
          status: i % 5 === 0 ? "verified" : "pending",
          codeHash: "x",
          codeExpiresAt: new Date(Date.now() + 60_000),
          createdAt: sql`timestamptz '2024-05-01 10:00:00+00' + ${i % 37} * interval '1 microsecond'`,
        })),
      )
      .execute();

  beforeAll(async () => {
    ({ campaignId: campaign } = await create(manager, `Paged ${Date.now()}`));
    ({ campaignId: theirCampaign } = await create(suds, `Suds paged ${Date.now()}`));
    const theirCompany = (await server.database.db.selectFrom("campaigns").select("companyId").where("id", "=", theirCampaign).executeTakeFirstOrThrow())
      .companyId;
    await seed(companyId, campaign, 430, "P");
    await seed(theirCompany, theirCampaign, 3, "S");
  });

  it("walks every claim of the campaign, page by page, each once, newest first then by id, to the microsecond", async () => {
    const { pages, cursors } = await walkPages<Row>(manager, "marketing:getCampaignClaimsPage", { campaignId: campaign });
    expect(pages.map((p) => p.length)).toEqual([200, 200, 30]);
    expect(cursors).toHaveLength(2);
    const ids = pages.flat().map((r) => r._id);
    expect(new Set(ids).size).toBe(430);
    // Within one instant, by id, descending; instants newest first.
    const rows = await server.database.db
      .selectFrom("campaignClaims")
      .select("id")
      .where("campaignId", "=", campaign)
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .execute();
    expect(ids).toEqual(rows.map((r) => r.id));
    const small = await walkPages<Row>(manager, "marketing:getCampaignClaimsPage", { campaignId: campaign, pageSize: 11 });
    expect(small.pages.flat().map((r) => r._id)).toEqual(ids);
    expect(small.pages).toHaveLength(Math.ceil(430 / 11));
    // The capped list still answers, with the same newest claims.
    const capped = await manager.query<Row[]>("marketing:getCampaignClaims", { campaignId: campaign });
    expect(capped).toHaveLength(200);
  });

  it("keeps a status's claims across pages", async () => {
    const verified = (
      await walkPages<Row>(manager, "marketing:getCampaignClaimsPage", { campaignId: campaign, status: "verified", pageSize: 13 })
    ).pages.flat();
    expect(verified).toHaveLength(86);
    expect(verified.every((r) => r.status === "verified")).toBe(true);
    expect(new Set(verified.map((r) => r._id)).size).toBe(86);
  });

  it("gives another company's caller nothing of this company for its cursor", async () => {
    const { cursors, pages } = await walkPages<Row>(manager, "marketing:getCampaignClaimsPage", { campaignId: campaign, pageSize: 150 });
    const ours = new Set(pages.flat().map((r) => r._id));
    for (const cursor of cursors) {
      expect(await suds.query<Page<Row>>("marketing:getCampaignClaimsPage", { campaignId: campaign, cursor })).toEqual({ rows: [], nextCursor: null });
      const theirs = await suds.query<Page<Row>>("marketing:getCampaignClaimsPage", { campaignId: theirCampaign, cursor });
      expect(theirs.rows.filter((r) => ours.has(r._id))).toEqual([]);
    }
    const all = await suds.query<Page<Row>>("marketing:getCampaignClaimsPage", { campaignId: theirCampaign });
    expect(all.rows.map((r) => r.claimId).sort()).toEqual(["CLM-S-0000", "CLM-S-0001", "CLM-S-0002"]);
  });

  it("refuses a malformed cursor and a page size out of bounds", async () => {
    for (const cursor of ["1714557600000000", "1714557600000000:x' or 1=1 --", "yesterday:abc", `-1:${"a".repeat(32)}`, `1:${"a".repeat(32)}:1`]) {
      expect(await failure(manager.query("marketing:getCampaignClaimsPage", { campaignId: campaign, cursor }))).toBe(CURSOR_REFUSED);
    }
    expect(await failure(manager.query("marketing:getCampaignClaimsPage", { campaignId: campaign, pageSize: 0 }))).toMatch(/^Invalid argument "pageSize"/);
  });
});

describe("timeEntries:listPage and timeEntries:counts", () => {
  type Row = { _id: string; employeeId: string; reviewStatus: string; raw: { clockInAt: number } };
  type Counts = { pending: number; approved: number; rejected: number; open: number };
  const ZONE = "America/Chicago";
  const H = 3_600_000;
  const range = { from: businessDateOf(Date.now() - 10 * 86_400_000, ZONE), to: businessDateOf(Date.now(), ZONE) };
  let store: string;
  const expected: Counts = { pending: 0, approved: 0, rejected: 0, open: 0 };

  beforeAll(async () => {
    store = await createStore(manager, "Paged queue");
    const people = [];
    for (let k = 0; k < 6; k++) people.push((await createEmployee(manager, [store], { prefix: "pq" })).employeeId);
    const db = server.database.db;
    // Five people with 86 one-hour entries each, two hours apart, all five clocking in at the same
    // instants (so a page boundary falls among entries of one instant, ordered by id): 430 closed
    // entries over the last eight days; the sixth person is on the clock.
    const start = Date.now() - 8 * 86_400_000;
    const entries = people
      .slice(0, 5)
      .flatMap((employeeId, k) =>
        Array.from({ length: 86 }, (_, j) => ({ id: `pq${k}x${j}`, employeeId, clockInAt: start + j * 2 * H, clockOutAt: start + j * 2 * H + H })),
      );
    const open = { id: "pqopen", employeeId: people[5], clockInAt: Date.now() - H, clockOutAt: null };
    const all = [...entries, open];
    const base = { companyId, storeId: store, source: "phone", offline: false };
    await db
      .insertInto("punches")
      .values(
        all.flatMap((e) => [
          { ...base, id: e.id, employeeId: e.employeeId, action: "clockIn", occurredAt: new Date(e.clockInAt), receivedAt: new Date(e.clockInAt) },
          ...(e.clockOutAt === null
            ? []
            : [
                {
                  ...base,
                  id: `${e.id}o`,
                  employeeId: e.employeeId,
                  action: "clockOut",
                  occurredAt: new Date(e.clockOutAt),
                  receivedAt: new Date(e.clockOutAt),
                },
              ]),
        ]),
      )
      .execute();
    await db
      .insertInto("timeEntries")
      .values(
        all.map((e) => ({
          id: e.id,
          companyId,
          employeeId: e.employeeId,
          storeId: store,
          businessDate: businessDateOf(e.clockInAt, ZONE),
          clockInAt: new Date(e.clockInAt),
          clockOutAt: e.clockOutAt === null ? null : new Date(e.clockOutAt),
          breakMinutes: 0,
          breaks: "[]",
          status: e.clockOutAt === null ? "open" : "closed",
          flags: "[]",
          clockOutPunchId: e.clockOutAt === null ? null : `${e.id}o`,
        })),
      )
      .execute();
    // Reviews of every kind: approved as worked; approved, then corrected to other times (pending
    // again); corrected, then approved as corrected; rejected. The rest wait.
    const review = (e: (typeof entries)[number], status: "approved" | "rejected", times = { in: e.clockInAt, out: e.clockOutAt }) => ({
      companyId,
      entryId: e.id,
      employeeId: e.employeeId,
      status,
      clockInAt: new Date(times.in),
      clockOutAt: new Date(times.out),
      breakMinutes: 0,
      reason: status === "rejected" ? "not worked" : null,
    });
    const correction = (e: (typeof entries)[number], minutes: number) => ({
      id: newId(),
      companyId,
      entryId: e.id,
      employeeId: e.employeeId,
      clockInAt: new Date(e.clockInAt + minutes * 60_000),
      clockOutAt: new Date(e.clockOutAt),
      breakMinutes: 0,
      reason: "forgot to punch",
    });
    const kind = (i: number) => ["approved", "stale", "correctedApproved", "rejected", "pending", "pending", "pending"][i % 7];
    const reviews = [];
    const corrections = [];
    for (const [i, e] of entries.entries()) {
      const k = kind(i);
      if (k === "approved") reviews.push(review(e, "approved"));
      if (k === "rejected") reviews.push(review(e, "rejected"));
      if (k === "stale") {
        reviews.push(review(e, "approved"));
        corrections.push(correction(e, 10));
      }
      if (k === "correctedApproved") {
        corrections.push(correction(e, 15));
        reviews.push(review(e, "approved", { in: e.clockInAt + 15 * 60_000, out: e.clockOutAt }));
      }
      expected[k === "correctedApproved" ? "approved" : k === "stale" ? "pending" : (k as keyof Counts)]++;
    }
    expected.open = 1;
    await db.insertInto("timeEntryReviews").values(reviews).execute();
    await db.insertInto("timeEntryCorrections").values(corrections).execute();
  });

  it("counts the whole range by status, as the full queue does, whatever page is loaded", async () => {
    const counts = await manager.query<Counts>("timeEntries:counts", { ...range, storeId: store });
    expect(counts).toEqual(expected);
    expect(counts.pending + counts.approved + counts.rejected + counts.open).toBe(431);
    // The same as the statuses the queue itself gives each entry.
    const full = await manager.query<{ counts: Counts }>("timeEntries:list", { ...range, storeId: store, status: "all" });
    expect(full.counts).toEqual(counts);
    const first = await manager.query<Page<Row>>("timeEntries:listPage", { ...range, storeId: store, status: "all", pageSize: 10 });
    expect(first.rows).toHaveLength(10);
    expect(await manager.query<Counts>("timeEntries:counts", { ...range, storeId: store })).toEqual(counts);
  });

  it("walks every entry of the range, page by page, each once, newest clock-in first then by id", async () => {
    const { pages, cursors } = await walkPages<Row>(manager, "timeEntries:listPage", { ...range, storeId: store, status: "all" });
    expect(pages.map((p) => p.length)).toEqual([200, 200, 31]);
    expect(cursors).toHaveLength(2);
    const rows = pages.flat();
    expect(new Set(rows.map((r) => r._id)).size).toBe(431);
    const order = await server.database.db
      .selectFrom("timeEntries")
      .select("id")
      .where("storeId", "=", store)
      .orderBy("clockInAt", "desc")
      .orderBy("id", "desc")
      .execute();
    expect(rows.map((r) => r._id)).toEqual(order.map((r) => r.id));
    // Each row's status is the one the full queue gives it.
    const full = await manager.query<{ entries: Row[] }>("timeEntries:list", { ...range, storeId: store, status: "all" });
    const statusOf = new Map(full.entries.map((e) => [e._id, e.reviewStatus]));
    expect(rows.every((r) => statusOf.get(r._id) === r.reviewStatus)).toBe(true);
    const small = await walkPages<Row>(manager, "timeEntries:listPage", { ...range, storeId: store, pageSize: 45 });
    expect(small.pages.flat().map((r) => r._id)).toEqual(rows.map((r) => r._id));
  }, 90_000);

  it("keeps a status's entries across pages, as many as its count", async () => {
    for (const status of ["pending", "approved", "rejected", "open"] as const) {
      const rows = (await walkPages<Row>(manager, "timeEntries:listPage", { ...range, storeId: store, status, pageSize: 40 })).pages.flat();
      expect(
        rows.every((r) => r.reviewStatus === status),
        status,
      ).toBe(true);
      expect(new Set(rows.map((r) => r._id)).size, status).toBe(expected[status]);
    }
  });

  it("gives another company's caller nothing of this company for its cursor", async () => {
    const { cursors, pages } = await walkPages<Row>(manager, "timeEntries:listPage", { ...range, storeId: store, status: "all" });
    const ours = new Set(pages.flat().map((r) => r._id));
    for (const cursor of cursors) {
      expect(await suds.query<Page<Row>>("timeEntries:listPage", { ...range, storeId: store, status: "all", cursor })).toEqual({ rows: [], nextCursor: null });
      const theirs = await suds.query<Page<Row>>("timeEntries:listPage", { ...range, status: "all", cursor });
      expect(theirs.rows.filter((r) => ours.has(r._id))).toEqual([]);
    }
    expect(await suds.query<Counts>("timeEntries:counts", { ...range, storeId: store })).toEqual({ pending: 0, approved: 0, rejected: 0, open: 0 });
  });

  it("refuses a malformed cursor and a page size out of bounds", async () => {
    for (const cursor of ["1714557600000000", "1714557600000000:x' or 1=1 --", "yesterday:abc", "-1:pq0x1", "1:pq0x1:1"]) {
      expect(await failure(manager.query("timeEntries:listPage", { ...range, cursor }))).toBe(CURSOR_REFUSED);
    }
    expect(await failure(manager.query("timeEntries:listPage", { ...range, pageSize: 501 }))).toMatch(/^Invalid argument "pageSize"/);
  });
});
