import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/payPeriods";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/runtime/ids.ts";
import { walkPages, type Page } from "./support/paging.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// The bank panel's own queries (issue 33): bankLines:summary counts and sums every line of the
// account in SQL — past the 2,000 lines bankLines:list stops at — and bankLines:candidates picks
// the deposits a line can be matched to on the server, filtered and a page at a time with its
// total. Figures are checked against a count by hand of what the test put there.

let server: TestServer;
let admin: Client;
let owner: Client;
let manager: Client;
let staff: Client;
let suds: Client;
let companyId: string;
let storeId: string;
let bank: string;
const key = () => crypto.randomUUID();
const ZONE = "America/Chicago";
const BULK = 2_100;

interface Summary {
  lines: number;
  matched: { count: number; amountCents: number };
  booked: { count: number; amountCents: number };
  unmatchedCredits: { count: number; amountCents: number; oldestAgeDays: number | null };
  unmatchedDebits: { count: number; amountCents: number };
  toSettle: { count: number; amountCents: number };
  depositsInTransit: { count: number; amountCents: number; oldestAgeDays: number | null };
}
interface Candidate {
  _id: string;
  businessDate: string;
  amountCents: number;
  bagNumber: string | null;
  matched: boolean;
  ageDays: number;
}
type Candidates = Page<Candidate> & { total: number };

const deposit = async (amountCents: number, bagNumber: string, businessDate?: string) =>
  (
    await manager.mutation<{ transactionId: string }>("cashTransactions:create", {
      kind: "deposit",
      amountCents,
      storeId,
      bagNumber,
      description: "a bag",
      ...(businessDate ? { businessDate } : {}),
      idempotencyKey: key(),
    })
  ).transactionId;
const line = async (amountCents: number, date: string, description = "DEPOSIT") =>
  (await admin.mutation<{ bankLineId: string }>("bankLines:add", { accountId: bank, date, description, amountCents })).bankLineId;

beforeAll(async () => {
  server = await startTestServer();
  [admin, owner, manager, staff, suds] = await Promise.all(
    ["admin@demo.test", "owner@demo.test", "manager@demo.test", "staff@demo.test", "owner@suds.test"].map((e) => new Client(server.url).signIn(e)),
  );
  storeId = (await admin.query<Array<{ _id: string }>>("stores:listAll"))[0]._id;
  companyId = (await server.database.db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow()).companyId;
  ({ accountId: bank } = await admin.mutation<{ accountId: string }>("cashAccounts:create", {
    name: `Figures bank ${Date.now()}`,
    kind: "bank",
    idempotencyKey: key(),
  }));
});
afterAll(() => server?.stop());

describe("bankLines:summary", () => {
  const today = () => todayIn(ZONE);
  let short: string;

  beforeAll(async () => {
    // 2,100 statement lines of 2019: every third a debit, the rest credits; none matched.
    await server.database.db
      .insertInto("bankLines")
      .values(
        Array.from({ length: BULK }, (_, i) => ({
          id: newId(),
          companyId,
          accountId: bank,
          date: `2019-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
          description: `LINE ${i}`,
          amountCents: i % 3 === 0 ? -(100 + i) : 1_000 + i,
          fingerprint: `figures-${i}`,
          source: "manual",
        })),
      )
      .execute();
    // Amounts no seeded deposit has, so adding a line matches nothing by itself. Matched groups: one even, one short by $1.00, a deposit split over two lines (even), and two
    // deposits on one line over by $2.00; and a fee booked from the statement.
    const even = await line(7_777, today());
    await admin.mutation("bankLines:match", { bankLineId: even, depositIds: [await deposit(7_777, "EVEN")] });
    short = await line(4_913, today());
    await admin.mutation("bankLines:match", { bankLineId: short, depositIds: [await deposit(5_013, "SHORT")] });
    const split = await deposit(3_030, "SPLIT");
    const [splitA, splitB] = [await line(1_013, today()), await line(2_017, today())];
    await admin.mutation("bankLines:match", { bankLineId: splitA, depositIds: [split] });
    await admin.mutation("bankLines:match", { bankLineId: splitB, depositIds: [split] });
    const over = await line(5_207, today());
    await admin.mutation("bankLines:match", { bankLineId: over, depositIds: [await deposit(2_503, "OVER-1"), await deposit(2_504, "OVER-2")] });
    const fee = await line(-500, today(), "SERVICE FEE");
    await admin.mutation("bankLines:book", { bankLineId: fee, category: "fees", idempotencyKey: key() });
  });

  it("counts and sums every line by status, past the 2,000 a list stops at", async () => {
    const s = await admin.query<Summary>("bankLines:summary", { accountId: bank });
    const bulk = Array.from({ length: BULK }, (_, i) => (i % 3 === 0 ? -(100 + i) : 1_000 + i));
    const credits = bulk.filter((c) => c > 0);
    const debits = bulk.filter((c) => c < 0);
    expect(s.lines).toBe(BULK + 6);
    expect(s.unmatchedCredits).toMatchObject({ count: credits.length, amountCents: credits.reduce((a, b) => a + b, 0) });
    expect(s.unmatchedDebits).toEqual({ count: debits.length, amountCents: debits.reduce((a, b) => a + b, 0) });
    expect(s.matched).toEqual({ count: 5, amountCents: 7_777 + 4_913 + 1_013 + 2_017 + 5_207 });
    expect(s.booked).toEqual({ count: 1, amountCents: -500 });
    // The short group (-$1.00) and the over one (+$2.00); the even and the split ones agree.
    expect(s.toSettle).toEqual({ count: 2, amountCents: -100 + 200 });
    // The oldest credit waiting is 2019-01-01's (i = 0 is a debit; i = 336 is the first credit of that day).
    const walked = (
      await walkPages<{ date: string; ageDays: number }>(admin, "bankLines:listPage", { accountId: bank, view: "unmatched", credits: true, pageSize: 500 })
    ).pages.flat();
    expect(walked).toHaveLength(credits.length);
    expect(s.unmatchedCredits.oldestAgeDays).toBe(Math.max(...walked.map((l) => l.ageDays)));
  });

  it("agrees with the deposits in transit read one by one", async () => {
    const s = await admin.query<Summary>("bankLines:summary", { accountId: bank });
    const listed = await admin.query<{ unmatchedDeposits: Array<{ amountCents: number; ageDays: number }> }>("bankLines:list", { accountId: bank });
    const inTransit = listed.unmatchedDeposits;
    expect(s.depositsInTransit).toEqual({
      count: inTransit.length,
      amountCents: inTransit.reduce((a, d) => a + d.amountCents, 0),
      oldestAgeDays: inTransit.length ? Math.max(...inTransit.map((d) => d.ageDays)) : null,
    });
    // A new deposit adds itself to the figure.
    await deposit(1_234, `NEW-${Date.now()}`);
    const after = await admin.query<Summary>("bankLines:summary", { accountId: bank });
    expect(after.depositsInTransit.count).toBe(s.depositsInTransit.count + 1);
    expect(after.depositsInTransit.amountCents).toBe(s.depositsInTransit.amountCents + 1_234);
  });

  it("drops a difference from the figure once an approver posts it", async () => {
    const before = await admin.query<Summary>("bankLines:summary", { accountId: bank });
    await owner.mutation("bankLines:settle", { bankLineId: short, idempotencyKey: key() });
    const after = await admin.query<Summary>("bankLines:summary", { accountId: bank });
    expect(after.toSettle).toEqual({ count: before.toSettle.count - 1, amountCents: before.toSettle.amountCents + 100 });
  });

  it("gives another company's caller nothing, refused as any unknown account, and refuses a member without access", async () => {
    expect(await failure(suds.query("bankLines:summary", { accountId: bank }))).toBe(await failure(suds.query("bankLines:summary", { accountId: newId() })));
    expect(await failure(staff.query("bankLines:summary", { accountId: bank }))).toBe(await failure(staff.query("bankLines:listPage", { accountId: bank })));
  });
});

describe("bankLines:candidates", () => {
  const tag = `C${Date.now().toString(36).toUpperCase()}`;
  const lineDate = addDays(todayIn(ZONE), -20);
  let target: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A line of $88.88 twenty days ago, and deposits of that amount or near it, at 0 to 18 days from
    // it; the lines come first, so adding them matches none of these deposits by itself.
    target = await line(8_888, lineDate, `DEPOSIT ${tag}`);
    const other = await line(1_111, lineDate, "OTHER");
    ids.sameNear = await deposit(8_888, `${tag}-A`, addDays(lineDate, 1));
    ids.sameFar = await deposit(8_888, `${tag}-B`, addDays(lineDate, 15));
    ids.otherNear = await deposit(8_800, `${tag}-C`, lineDate);
    ids.otherFar = await deposit(8_801, `${tag}-D`, addDays(lineDate, 18));
    // One on another line already (a split the bank made).
    ids.elsewhere = await deposit(8_888, `${tag}-E`, addDays(lineDate, 2));
    await admin.mutation("bankLines:match", { bankLineId: other, depositIds: [ids.elsewhere] });
  });

  const ours = (rows: Candidate[]) => rows.filter((r) => r.bagNumber?.startsWith(tag)).map((r) => r._id);

  it("puts the line's amount first, then the nearest date, and leaves out deposits on other lines unless asked", async () => {
    const all = (await walkPages<Candidate>(admin, "bankLines:candidates", { bankLineId: target, search: tag })).pages.flat();
    expect(ours(all)).toEqual([ids.sameNear, ids.sameFar, ids.otherNear, ids.otherFar]);
    const withMatched = (await walkPages<Candidate>(admin, "bankLines:candidates", { bankLineId: target, search: tag, includeMatched: true })).pages.flat();
    expect(ours(withMatched)).toEqual([ids.sameNear, ids.elsewhere, ids.sameFar, ids.otherNear, ids.otherFar]);
    expect(withMatched.find((r) => r._id === ids.elsewhere)?.matched).toBe(true);
    expect(withMatched.find((r) => r._id === ids.sameNear)?.matched).toBe(false);
  });

  it("filters by amount, by days from the line and by a search of bag or amount", async () => {
    const q = (args: Record<string, unknown>) => admin.query<Candidates>("bankLines:candidates", { bankLineId: target, ...args });
    expect(ours((await q({ search: tag, sameAmount: true })).rows)).toEqual([ids.sameNear, ids.sameFar]);
    const near = (await q({ search: tag, windowDays: 2 })).rows;
    expect(ours(near)).toEqual([ids.sameNear, ids.otherNear]);
    expect(near.every((r) => Math.abs(Date.parse(r.businessDate) - Date.parse(lineDate)) <= 2 * 86_400_000)).toBe(true);
    expect((await q({ search: `${tag}-c` })).rows.map((r) => r._id)).toEqual([ids.otherNear]);
    // An amount as typed: "$88.01" finds the $88.01 deposit (and no other of ours).
    expect(ours((await q({ search: "$88.01" })).rows)).toEqual([ids.otherFar]);
    // A search with LIKE's wildcards finds them literally, not as patterns.
    expect((await q({ search: "%" })).total).toBe(0);
  });

  it("bounds a page and says how many there are in all; the pages together are every one, once", async () => {
    const first = await admin.query<Candidates>("bankLines:candidates", { bankLineId: target, search: tag, pageSize: 3 });
    expect(first.rows).toHaveLength(3);
    expect(first.total).toBe(4);
    expect(first.nextCursor).not.toBeNull();
    const walked = await walkPages<Candidate>(admin, "bankLines:candidates", { bankLineId: target, search: tag, pageSize: 1 });
    expect(walked.pages.map((p) => p.length)).toEqual([1, 1, 1, 1]);
    expect(walked.pages.flat().map((r) => r._id)).toEqual([ids.sameNear, ids.sameFar, ids.otherNear, ids.otherFar]);
    // Without a line: the deposits in transit, oldest first, as many as the summary counts.
    const inTransit = (await walkPages<Candidate>(admin, "bankLines:candidates", { pageSize: 100 })).pages.flat();
    const summary = await admin.query<Summary>("bankLines:summary", { accountId: bank });
    expect(inTransit).toHaveLength(summary.depositsInTransit.count);
    expect(inTransit.map((d) => d.businessDate)).toEqual(inTransit.map((d) => d.businessDate).sort());
    expect(inTransit.every((d) => !d.matched)).toBe(true);
  });

  it("refuses another company's line, a cursor it did not make, and a member without access", async () => {
    expect((await failureOf(suds.query("bankLines:candidates", { bankLineId: target }))).data).toMatchObject({ code: "reconciliation.bankLineNotFound" });
    // Its own deposits in transit hold none of this company's.
    const theirs = (await walkPages<Candidate>(suds, "bankLines:candidates", { pageSize: 500 })).pages.flat();
    expect(theirs.map((d) => d._id)).not.toContain(ids.otherNear);
    expect(await failure(admin.query("bankLines:candidates", { bankLineId: target, cursor: "1:2:2020-01-01:x'--" }))).toBe(
      'Invalid argument "cursor": expected the nextCursor of a previous page',
    );
    expect(await failure(staff.query("bankLines:candidates", { bankLineId: target }))).toBe(
      await failure(staff.query("bankLines:listPage", { accountId: bank })),
    );
  });
});
