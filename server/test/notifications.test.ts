import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoticeView as Notice } from "../src/notifications/inbox.ts";
import { notify } from "../src/notifications/notify.ts";
import { walkPages } from "./support/paging.ts";
import { SyncClient } from "./support/syncClient.ts";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";
import { createEmployee, createStore, unique } from "./support/workforce.ts";

// @postgres: a notice is written in its decision's transaction and must roll back with it on the server's engine too
// The notification centre (issue 34): each decision that concerns a person writes exactly one
// notice for them and nobody else, none when the decision is refused or rolls back; a person
// lists, counts and marks only their own notices, across companies; the e-mail of a notice is
// queued only while the person wants it, in their language.

let server: TestServer;
let owner: Client;
let admin: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
const ids: Record<string, string> = {};
const sockets: SyncClient[] = [];

let keys = 0;
const key = () => `notice-key-${Date.now()}-${keys++}`;

type Page = { rows: Notice[]; nextCursor: string | null };

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, manager, supervisor, staff] = await Promise.all(
    ["owner@demo.test", "admin@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test"].map((email) => new Client(server.url).signIn(email)),
  );
  const users = await server.database.db.selectFrom("users").select(["id", "email"]).execute();
  for (const u of users) if (u.email) ids[u.email] = u.id;
  ids.rio = (await server.database.db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.stop();
});

const db = () => server.database.db;
const noticesOf = async (userId: string) => db().selectFrom("notifications").selectAll().where("userId", "=", userId).orderBy("createdAt").execute();
const allNotices = async () =>
  Number(
    (
      await db()
        .selectFrom("notifications")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const unread = async (client: Client) => (await client.query<{ count: number }>("notifications:unreadCount")).count;
const mailsTo = (email: string) => db().selectFrom("outbox").select(["subject", "body"]).where("recipient", "=", email).orderBy("createdAt").execute();

/** Runs `act` and returns the notices it wrote, whoever they were for. */
async function written(act: () => Promise<unknown>) {
  const before = new Set((await db().selectFrom("notifications").select("id").execute()).map((r) => r.id));
  await act();
  return (await db().selectFrom("notifications").selectAll().execute()).filter((n) => !before.has(n.id));
}

async function cashStore() {
  const storeId = await createStore(manager, "Notice cash");
  const accounts = await manager.query<Array<{ _id: string; kind: string; storeId: string | null }>>("cashAccounts:list", { storeId });
  const safe = accounts.find((a) => a.storeId === storeId && a.kind === "safe")!._id;
  await admin.mutation("cashTransactions:create", { kind: "adjustment", amountCents: 50_000, toAccountId: safe, description: "Float", idempotencyKey: key() });
  return { storeId, safe };
}
const draw = async (safe: string, amountCents = 2_500) =>
  (
    await manager.mutation<{ transactionId: string; status: string }>("cashTransactions:create", {
      kind: "withdrawal",
      amountCents,
      fromAccountId: safe,
      description: "Owner draw",
      idempotencyKey: key(),
    })
  ).transactionId;

describe("join requests", () => {
  async function newcomer() {
    const email = `joiner-${unique()}@example.com`;
    await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "joiner-pw-123", flow: "signUp" } });
    const client = await new Client(server.url).signIn(email, "joiner-pw-123");
    const user = await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await db().updateTable("companies").set({ allowJoinRequests: true, requireApproval: true }).where("id", "=", ids.rio).execute();
    await client.mutation("companyJoinRequests:requestToJoin", { companyId: ids.rio });
    const request = await db().selectFrom("joinRequests").select("id").where("userId", "=", user.id).executeTakeFirstOrThrow();
    return { client, userId: user.id, email, requestId: request.id };
  }

  it("tells the requester they are in, once, and nobody else; a second decision is refused and tells no one", async () => {
    const joiner = await newcomer();
    const mailsBefore = (await mailsTo(joiner.email)).length;
    const notices = await written(() => owner.mutation("companyJoinRequests:approveJoinRequest", { requestId: joiner.requestId, role: "STAFF" }));
    expect(notices.map((n) => [n.userId, n.kind, n.link, n.companyId])).toEqual([[joiner.userId, "joinRequest.approved", "/user/company-info", ids.rio]]);
    const page = await joiner.client.query<Page>("notifications:list");
    expect(page.rows).toMatchObject([{ kind: "joinRequest.approved", params: { role: "STAFF" }, companyName: "Rio Laundromat", readAt: null }]);
    expect(await unread(joiner.client)).toBe(1);
    expect((await owner.query<Page>("notifications:list")).rows.map((r) => r._id)).not.toContain(page.rows[0]._id);
    // Its module mails the decision already (joinRequestDecided): the notice adds no second e-mail.
    expect((await mailsTo(joiner.email)).length).toBe(mailsBefore + 1);
    expect(await written(() => failure(owner.mutation("companyJoinRequests:denyJoinRequest", { requestId: joiner.requestId })))).toEqual([]);
  });

  it("tells the requester of a denial with its reason", async () => {
    const joiner = await newcomer();
    const notices = await written(() => owner.mutation("companyJoinRequests:denyJoinRequest", { requestId: joiner.requestId, reason: "  Not hiring  " }));
    expect(notices.map((n) => [n.userId, n.kind, n.params, n.link])).toEqual([
      [joiner.userId, "joinRequest.denied", { reason: "Not hiring" }, "/user/my-requests"],
    ]);
  });
});

describe("cash decisions", () => {
  it("tells whoever asked of an approval or a rejection, with an e-mail in their language", async () => {
    const { safe } = await cashStore();
    const approved = await draw(safe, 2_500);
    const mailsBefore = (await mailsTo("manager@demo.test")).length;
    const notices = await written(() => owner.mutation("cashTransactions:approve", { transactionId: approved, idempotencyKey: key() }));
    expect(notices.map((n) => [n.userId, n.kind, n.params, n.link])).toEqual([
      [
        ids["manager@demo.test"],
        "cash.decided",
        { transactionKind: "withdrawal", approved: true, amountCents: 2_500, reason: null },
        `/laundromat/cash-dashboard?open=${approved}`,
      ],
    ]);
    const mails = (await mailsTo("manager@demo.test")).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Rio Laundromat: Your owner draw of $25.00 was approved");

    await db().updateTable("users").set({ language: "es" }).where("id", "=", ids["manager@demo.test"]).execute();
    try {
      const rejected = await draw(safe, 1_000);
      const more = await written(() => owner.mutation("cashTransactions:reject", { transactionId: rejected, reason: "No receipt", idempotencyKey: key() }));
      expect(more.map((n) => [n.userId, n.kind, n.params])).toEqual([
        [ids["manager@demo.test"], "cash.decided", { transactionKind: "withdrawal", approved: false, amountCents: 1_000, reason: "No receipt" }],
      ]);
      const spanish = (await mailsTo("manager@demo.test")).slice(mailsBefore + 1);
      expect(spanish.map((m) => m.subject)).toEqual(["Rio Laundromat: Movimiento rechazado: retiro del dueño de $10.00"]);
      expect(spanish[0].body).toContain("Motivo: No receipt");
    } finally {
      await db().updateTable("users").set({ language: "en" }).where("id", "=", ids["manager@demo.test"]).execute();
    }
  });

  it("tells nobody of a refused decision or a withdrawn request", async () => {
    const { safe } = await cashStore();
    const mine = await draw(safe);
    expect(await written(() => failure(manager.mutation("cashTransactions:approve", { transactionId: mine, idempotencyKey: key() })))).toEqual([]);
    expect(await written(() => failure(supervisor.mutation("cashTransactions:reject", { transactionId: mine, reason: "x", idempotencyKey: key() })))).toEqual(
      [],
    );
    expect(await written(() => manager.mutation("cashTransactions:cancel", { transactionId: mine, idempotencyKey: key() }))).toEqual([]);
  });

  it("queues no e-mail while the person has turned notice e-mails off, and the notice still arrives", async () => {
    expect(await manager.query("notifications:getEmailPreference")).toEqual({ email: true });
    await manager.mutation("notifications:setEmailPreference", { email: false });
    try {
      expect(await manager.query("notifications:getEmailPreference")).toEqual({ email: false });
      // Another person's switch is theirs alone.
      expect(await owner.query("notifications:getEmailPreference")).toEqual({ email: true });
      const { safe } = await cashStore();
      const transactionId = await draw(safe);
      const mailsBefore = (await mailsTo("manager@demo.test")).length;
      const notices = await written(() => owner.mutation("cashTransactions:approve", { transactionId, idempotencyKey: key() }));
      expect(notices.map((n) => n.kind)).toEqual(["cash.decided"]);
      expect(await mailsTo("manager@demo.test")).toHaveLength(mailsBefore);
    } finally {
      await manager.mutation("notifications:setEmailPreference", { email: true });
    }
  });
});

describe("physical counts", () => {
  it("tells the counter their count was accepted, with its difference", async () => {
    const { safe } = await cashStore();
    const { countId } = await manager.mutation<{ countId: string }>("physicalCounts:start", { accountId: safe, blind: false, idempotencyKey: key() });
    // $500.00 expected; 4 × $100 + 1 × $50 + 2 × $20 = $490.00: $10.00 short, with its reason.
    await manager.mutation("physicalCounts:submit", {
      countId,
      denominations: { bill_10000: 4, bill_5000: 1, bill_2000: 2 },
      reason: "miscount",
      note: "Recounted twice",
      idempotencyKey: key(),
    });
    const notices = await written(() => owner.mutation("physicalCounts:accept", { countId, idempotencyKey: key() }));
    expect(notices.map((n) => [n.userId, n.kind, n.params, n.link])).toEqual([
      [ids["manager@demo.test"], "count.accepted", { accountName: "Safe", varianceCents: -1_000 }, `/laundromat/physical-counts?account=${safe}`],
    ]);
  });
});

describe("employee requests and schedules", () => {
  const H = 3_600_000;
  async function linked(email: string, employeeId: string) {
    await db().updateTable("employees").set({ userId: null }).where("userId", "=", ids[email]).execute();
    await db().updateTable("employees").set({ userId: ids[email] }).where("id", "=", employeeId).execute();
  }

  it("tells the employee who asked of the decision, and the coworker a swap gives the shift to", async () => {
    const storeId = await createStore(manager, "Notice rota");
    const me = (await createEmployee(manager, [storeId], { prefix: "nt" })).employeeId;
    const mate = (await createEmployee(manager, [storeId], { prefix: "nt" })).employeeId;
    await linked("staff@demo.test", me);
    // The coworker's profile is linked to the administrator's account for this test.
    await linked("admin@demo.test", mate);
    const { requestId: timeOff } = await staff.mutation<{ requestId: string }>("requests:create", {
      kind: "timeOff",
      allDay: true,
      startDate: "2027-03-10",
      endDate: "2027-03-11",
      timeOffType: "personal",
    });
    const decided = await written(() => supervisor.mutation("requests:decide", { requestId: timeOff, approve: false, reason: "Short-staffed" }));
    expect(decided.map((n) => [n.userId, n.kind, n.params, n.link])).toEqual([
      [ids["staff@demo.test"], "request.decided", { requestKind: "timeOff", approved: false, reason: "Short-staffed" }, "/user/my-requests"],
    ]);

    const startsAt = Date.now() + 48 * H;
    const shiftId = `sh${unique()}`;
    await db()
      .insertInto("shifts")
      .values({
        id: shiftId,
        companyId: ids.rio,
        storeId,
        employeeId: me,
        startsAt: new Date(startsAt),
        endsAt: new Date(startsAt + 8 * H),
        status: "published",
        publishedAt: new Date(),
        publishedEmployeeId: me,
        publishedStartsAt: new Date(startsAt),
        publishedEndsAt: new Date(startsAt + 8 * H),
        publishedBreakMinutes: 0,
      })
      .execute();
    const { requestId: swap } = await staff.mutation<{ requestId: string }>("requests:create", { kind: "swap", shiftId, targetEmployeeId: mate });
    await admin.mutation("requests:respond", { requestId: swap, accept: true });
    const swapped = await written(() => supervisor.mutation("requests:decide", { requestId: swap, approve: true }));
    expect(swapped.map((n) => [n.userId, n.kind]).sort()).toEqual(
      [
        [ids["staff@demo.test"], "request.decided"],
        [ids["admin@demo.test"], "shift.swapped"],
      ].sort(),
    );
    expect(swapped.find((n) => n.kind === "shift.swapped")).toMatchObject({ params: { startsAt, endsAt: startsAt + 8 * H, timeZone: "America/Chicago" } });
    // The swap's e-mail to the coworker is the notice's (requests mails only the requester).
    const [mail] = (await mailsTo("admin@demo.test")).slice(-1);
    expect(mail.subject).toBe("Rio Laundromat: A shift is yours after a swap");
    await db().updateTable("employees").set({ userId: null }).where("id", "=", mate).execute();
  });

  it("tells each employee whose shifts a publish changed, once, and nobody for a week with no changes", async () => {
    const storeId = await createStore(manager, "Notice week");
    const me = (await createEmployee(manager, [storeId], { prefix: "nw", effectiveFrom: "2029-01-01" })).employeeId;
    const unlinked = (await createEmployee(manager, [storeId], { prefix: "nw", effectiveFrom: "2029-01-01" })).employeeId;
    await linked("staff@demo.test", me);
    // 2030-01-06 is a Sunday, the default workweek start.
    await manager.mutation("shifts:create", { storeId, employeeId: me, date: "2030-01-07", start: "09:00", end: "17:00", breakMinutes: 0 });
    await manager.mutation("shifts:create", { storeId, employeeId: me, date: "2030-01-08", start: "09:00", end: "17:00", breakMinutes: 0 });
    await manager.mutation("shifts:create", { storeId, employeeId: unlinked, date: "2030-01-08", start: "09:00", end: "17:00", breakMinutes: 0 });
    const notices = await written(() => manager.mutation("shifts:publish", { storeId, weekStart: "2030-01-06" }));
    expect(notices.map((n) => [n.userId, n.kind, n.link])).toEqual([[ids["staff@demo.test"], "shift.published", "/user/employment"]]);
    expect(notices[0].params).toMatchObject({ weekStart: "2030-01-06", changes: 2 });
    expect(await written(() => manager.mutation("shifts:publish", { storeId, weekStart: "2030-01-06" }))).toEqual([]);
  });
});

describe("a person's own notices", () => {
  it("roll back with their decision", async () => {
    const before = await allNotices();
    await expect(
      db()
        .transaction()
        .execute(async (tx) => {
          await notify(tx, {
            companyId: ids.rio,
            userId: ids["staff@demo.test"],
            kind: "count.accepted",
            params: { accountName: "Safe", varianceCents: 0 },
            link: "/",
          });
          throw new Error("the decision failed");
        }),
    ).rejects.toThrow("the decision failed");
    expect(await allNotices()).toBe(before);
  });

  it("are listed newest first a page at a time, counted and marked by their owner only", async () => {
    const email = `pager-${unique()}@example.com`;
    await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "pager-pw-123", flow: "signUp" } });
    const pager = await new Client(server.url).signIn(email, "pager-pw-123");
    const userId = (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    // Notices from two companies: a person sees theirs from every company, wherever they act.
    const suds = (await db().selectFrom("companies").select("id").where("companyCode", "=", "CMP200002").executeTakeFirstOrThrow()).id;
    for (let i = 0; i < 25; i++) {
      await notify(db(), {
        companyId: i % 2 ? suds : ids.rio,
        userId,
        kind: "count.accepted",
        params: { accountName: `Safe ${i}`, varianceCents: i },
        link: "/",
      });
    }
    const { pages } = await walkPages<Notice>(pager, "notifications:list", { pageSize: 10 });
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    const names = pages.flat().map((n) => n.params.accountName);
    expect(names).toEqual(Array.from({ length: 25 }, (_, i) => `Safe ${24 - i}`));
    expect(new Set(pages.flat().map((n) => n.companyId))).toEqual(new Set([ids.rio, suds]));
    expect(await unread(pager)).toBe(25);

    // Another person's id lists nothing of theirs and marks nothing.
    const [theirs] = pages[0];
    const staffBefore = await unread(staff);
    expect(await staff.mutation("notifications:markRead", { id: theirs._id })).toEqual({ marked: 0 });
    expect((await staff.query<Page>("notifications:list", { pageSize: 100 })).rows.map((r) => r._id)).not.toContain(theirs._id);
    expect(await staff.mutation("notifications:markRead", { all: true })).toEqual({ marked: staffBefore });
    expect(await unread(pager)).toBe(25);
    expect((await noticesOf(userId)).filter((n) => n.readAt !== null)).toEqual([]);

    expect(await pager.mutation("notifications:markRead", { id: theirs._id })).toEqual({ marked: 1 });
    expect(await pager.mutation("notifications:markRead", { id: theirs._id })).toEqual({ marked: 0 });
    expect(await unread(pager)).toBe(24);
    expect((await pager.query<Page>("notifications:list", { unreadOnly: true, pageSize: 100 })).rows).toHaveLength(24);
    expect(await pager.mutation("notifications:markRead", { all: true })).toEqual({ marked: 24 });
    expect(await unread(pager)).toBe(0);
    expect(await failure(pager.query("notifications:list", { cursor: "not a cursor" }))).toMatch(/^Invalid argument "cursor/);
    expect(await failure(new Client(server.url).query("notifications:unreadCount"))).toBe("Not signed in");
  });

  it("reach the person's live badge while they act in another company", async () => {
    const socket = await SyncClient.connect(server.url, manager.token);
    sockets.push(socket);
    const badge = socket.subscribe("notifications:unreadCount");
    const first = (await badge.next(1)) as { value: { count: number } };
    const { safe } = await cashStore();
    const transactionId = await draw(safe);
    await owner.mutation("cashTransactions:approve", { transactionId, idempotencyKey: key() });
    const second = (await badge.next(2)) as { value: { count: number } };
    expect(second.value.count).toBe(first.value.count + 1);
  });
});
