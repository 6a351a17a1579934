import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "@tumble/domain/refusals";
import { REQUEST_MESSAGES } from "@tumble/domain/requests";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { createEmployee, createStore, unique } from "./support/workforce.ts";

// Requests over HTTP (issue 17): time off, swap, drop and claim, each decided by someone with
// canApproveTimeOff; approved shift requests move the shift; the requester is told by e-mail; the
// user tab badge counts the user's pending requests; another company sees none of it.

let server: TestServer;
let owner: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let sudsOwner: Client;
let staffUserId: string;

beforeAll(async () => {
  server = await startTestServer();
  [owner, manager, supervisor, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
  staffUserId = (await server.database.db.selectFrom("users").select("id").where("email", "=", "staff@demo.test").executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.stop());

const H = 3_600_000;

interface RequestView {
  _id: string;
  kind: string;
  status: string;
  employeeId: string;
  startsAt: number | null;
  endsAt: number | null;
  timeOffType: string | null;
  shift: { _id: string } | null;
  targetEmployeeId: string | null;
  decisionReason: string | null;
  decidedBy: string | null;
}

const newStore = () => createStore(manager, "Req");
const newEmployee = async (storeIds: string[]) => (await createEmployee(manager, storeIds, { prefix: "rq" })).employeeId;

/** Links staff@demo.test to this employee (as a manager would link the account). */
async function linkStaff(employeeId: string) {
  const db = server.database.db;
  await db.updateTable("employees").set({ userId: null }).where("userId", "=", staffUserId).execute();
  await db.updateTable("employees").set({ userId: staffUserId }).where("id", "=", employeeId).execute();
}

async function shift(storeId: string, employeeId: string | null, startsAt: number) {
  const id = `sh${unique()}`;
  const companyId = (await server.database.db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow()).companyId;
  await server.database.db
    .insertInto("shifts")
    .values({
      id,
      companyId,
      storeId,
      employeeId,
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + 8 * H),
      status: "published",
      publishedAt: new Date(),
      publishedEmployeeId: employeeId,
      publishedStartsAt: new Date(startsAt),
      publishedEndsAt: new Date(startsAt + 8 * H),
      publishedBreakMinutes: 0,
    })
    .execute();
  return id;
}

const shiftOwner = async (id: string) =>
  (await server.database.db.selectFrom("shifts").select(["employeeId", "publishedEmployeeId"]).where("id", "=", id).executeTakeFirstOrThrow()).employeeId;
const mine = async () => (await staff.query<{ requests: RequestView[] }>("requests:listMine")).requests;
const badge = async (client = staff) =>
  (await client.query<{ counts: Record<string, number>; tabs: Record<string, number> }>("navigation:getBadgeCounts")).counts;

describe("time off", () => {
  it("is asked for by an employee, shown to approvers, approved with a decision the employee is told of", async () => {
    const storeId = await newStore();
    const employeeId = await newEmployee([storeId]);
    await linkStaff(employeeId);
    expect((await badge()).myEmployeeRequests).toBe(0);

    const { requestId } = await staff.mutation<{ requestId: string }>("requests:create", {
      kind: "timeOff",
      allDay: true,
      startDate: "2026-12-24",
      endDate: "2026-12-25",
      timeOffType: "vacation",
      note: "Family",
    });
    const [mineNow] = await mine();
    expect(mineNow).toMatchObject({ _id: requestId, kind: "timeOff", status: "pending", timeOffType: "vacation" });
    // Whole days in the store's zone (Chicago, UTC-6).
    expect(new Date(mineNow.startsAt!).toISOString()).toBe("2026-12-24T06:00:00.000Z");
    expect(new Date(mineNow.endsAt!).toISOString()).toBe("2026-12-26T06:00:00.000Z");
    expect((await badge()).myEmployeeRequests).toBe(1);
    expect((await badge(supervisor)).pendingEmployeeRequests).toBeGreaterThanOrEqual(1);
    expect((await supervisor.query<RequestView[]>("requests:listPending")).map((r) => r._id)).toContain(requestId);

    expect(await failure(staff.mutation("requests:decide", { requestId, approve: true }))).toBe("You don't have permission to approve time off");
    expect(await failure(sudsOwner.mutation("requests:decide", { requestId, approve: true }))).toBe(REQUEST_MESSAGES.notFound);
    expect((await sudsOwner.query<RequestView[]>("requests:listPending")).map((r) => r._id)).not.toContain(requestId);
    await supervisor.mutation("requests:decide", { requestId, approve: true, reason: "Enjoy" });
    const decided = await failureOf(supervisor.mutation("requests:decide", { requestId, approve: false, reason: "No" }));
    expect(decided.message).toBe(REQUEST_MESSAGES.alreadyDecided);
    expect(decided.data).toEqual({ code: "requests.alreadyDecided", params: {} });
    expect(refusalText(decided.data, "es")).toBe("Esta solicitud ya se decidió");
    expect((await mine())[0]).toMatchObject({ status: "approved", decisionReason: "Enjoy", decidedBy: expect.any(String) });
    expect((await badge()).myEmployeeRequests).toBe(0);
    const mail = await server.database.db
      .selectFrom("outbox")
      .select(["recipient", "subject", "body"])
      .where("recipient", "=", "staff@demo.test")
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe("Your time-off request was approved");
    expect(mail.body).toContain("Reason: Enjoy");
  });

  it("covers partial days, needs a reason to deny, can be withdrawn, and refuses bad input", async () => {
    const storeId = await newStore();
    await linkStaff(await newEmployee([storeId]));
    const partial = await staff.mutation<{ requestId: string }>("requests:create", {
      kind: "timeOff",
      allDay: false,
      startDate: "2026-12-10",
      endDate: "2026-12-10",
      startTime: "13:00",
      endTime: "17:00",
      timeOffType: "personal",
    });
    const r = (await mine()).find((x) => x._id === partial.requestId)!;
    expect(r.endsAt! - r.startsAt!).toBe(4 * H);
    expect(new Date(r.startsAt!).toISOString()).toBe("2026-12-10T19:00:00.000Z");
    expect(await failure(manager.mutation("requests:decide", { requestId: partial.requestId, approve: false }))).toBe(REQUEST_MESSAGES.reasonNeeded);
    await manager.mutation("requests:decide", { requestId: partial.requestId, approve: false, reason: "Inventory day" });
    expect((await mine()).find((x) => x._id === partial.requestId)).toMatchObject({ status: "denied", decisionReason: "Inventory day" });

    const other = await staff.mutation<{ requestId: string }>("requests:create", {
      kind: "timeOff",
      allDay: true,
      startDate: "2026-12-11",
      endDate: "2026-12-11",
      timeOffType: "sick",
    });
    await staff.mutation("requests:cancel", { requestId: other.requestId });
    expect((await mine()).find((x) => x._id === other.requestId)!.status).toBe("cancelled");
    expect(await failure(staff.mutation("requests:cancel", { requestId: other.requestId }))).toBe(REQUEST_MESSAGES.notFound);
    expect(
      await failure(staff.mutation("requests:create", { kind: "timeOff", allDay: true, startDate: "2026-12-12", endDate: "2026-12-11", timeOffType: "sick" })),
    ).toContain(REQUEST_MESSAGES.endBeforeStart);
    expect(
      await failure(staff.mutation("requests:create", { kind: "timeOff", allDay: true, startDate: "2026-12-12", endDate: "2026-12-12", timeOffType: "party" })),
    ).toContain("timeOffType");
  });

  it("needs an employee profile", async () => {
    expect(
      await failure(owner.mutation("requests:create", { kind: "timeOff", allDay: true, startDate: "2026-12-12", endDate: "2026-12-12", timeOffType: "sick" })),
    ).toBe(REQUEST_MESSAGES.noProfile);
    expect(await owner.query("requests:listMine")).toEqual({ employeeId: null, requests: [], offers: [] });
  });
});

describe("shift requests", () => {
  it("swap: needs the other employee at the store, and approval gives them the shift", async () => {
    const storeId = await newStore();
    const me = await newEmployee([storeId]);
    const mate = await newEmployee([storeId]);
    const stranger = await newEmployee([await newStore()]);
    await linkStaff(me);
    const shiftId = await shift(storeId, me, Date.now() + 48 * H);
    const options = await staff.query<{ myShifts: Array<{ _id: string }>; coworkers: Array<{ _id: string }> }>("requests:options");
    expect(options.myShifts.map((s) => s._id)).toEqual([shiftId]);
    expect(options.coworkers.map((c) => c._id)).toEqual([mate]);
    expect(await failure(staff.mutation("requests:create", { kind: "swap", shiftId, targetEmployeeId: stranger }))).toBe(REQUEST_MESSAGES.targetNotEligible);
    expect(await failure(staff.mutation("requests:create", { kind: "swap", shiftId, targetEmployeeId: me }))).toBe(REQUEST_MESSAGES.targetSelf);
    const { requestId } = await staff.mutation<{ requestId: string }>("requests:create", { kind: "swap", shiftId, targetEmployeeId: mate });
    expect(await failure(staff.mutation("requests:create", { kind: "drop", shiftId }))).toBe(REQUEST_MESSAGES.alreadyPending);
    expect(await shiftOwner(shiftId)).toBe(me);
    // The coworker answers first: no approver decides an offer they have not accepted.
    expect((await mine()).find((r) => r._id === requestId)).toMatchObject({ status: "offered" });
    expect((await supervisor.query<RequestView[]>("requests:listPending")).map((r) => r._id)).not.toContain(requestId);
    expect(await failure(supervisor.mutation("requests:decide", { requestId, approve: true }))).toBe(REQUEST_MESSAGES.awaitingCoworker);
    // Only the coworker may answer: the requester cannot accept their own offer.
    expect(await failure(staff.mutation("requests:respond", { requestId, accept: true }))).toBe(REQUEST_MESSAGES.notOfferedToYou);
    await linkStaff(mate);
    const offers = (await staff.query<{ offers: RequestView[] }>("requests:listMine")).offers;
    expect(offers.map((r) => r._id)).toEqual([requestId]);
    // The offer waits for them, counted on their requests tab.
    expect((await badge()).swapOffersToMe).toBe(1);
    await staff.mutation("requests:respond", { requestId, accept: true });
    expect((await badge()).swapOffersToMe).toBe(0);
    expect(await failure(staff.mutation("requests:respond", { requestId, accept: true }))).toBe(REQUEST_MESSAGES.notOfferedToYou);
    expect((await supervisor.query<RequestView[]>("requests:listPending")).map((r) => r._id)).toContain(requestId);
    await supervisor.mutation("requests:decide", { requestId, approve: true });
    expect(await shiftOwner(shiftId)).toBe(mate);
    await linkStaff(me);
    expect((await mine()).find((r) => r._id === requestId)).toMatchObject({ status: "approved", targetEmployeeId: mate });
  });

  it("swap: a coworker who declines ends it, the shift staying where it was", async () => {
    const storeId = await newStore();
    const me = await newEmployee([storeId]);
    const mate = await newEmployee([storeId]);
    await linkStaff(me);
    const shiftId = await shift(storeId, me, Date.now() + 48 * H);
    const { requestId } = await staff.mutation<{ requestId: string }>("requests:create", { kind: "swap", shiftId, targetEmployeeId: mate });
    await linkStaff(mate);
    await staff.mutation("requests:respond", { requestId, accept: false, reason: "I have class" });
    expect(await shiftOwner(shiftId)).toBe(me);
    await linkStaff(me);
    expect((await mine()).find((r) => r._id === requestId)).toMatchObject({ status: "declined" });
    // A new offer may follow.
    await staff.mutation("requests:create", { kind: "swap", shiftId, targetEmployeeId: mate });
  });

  it("drop: only one's own shift, and approval makes it an open shift", async () => {
    const storeId = await newStore();
    const me = await newEmployee([storeId]);
    const mate = await newEmployee([storeId]);
    await linkStaff(me);
    const theirs = await shift(storeId, mate, Date.now() + 30 * H);
    const past = await shift(storeId, me, Date.now() - 2 * H);
    expect(await failure(staff.mutation("requests:create", { kind: "drop", shiftId: theirs }))).toBe(REQUEST_MESSAGES.notYourShift);
    expect(await failure(staff.mutation("requests:create", { kind: "drop", shiftId: past }))).toBe(REQUEST_MESSAGES.shiftPast);
    expect(await failure(staff.mutation("requests:create", { kind: "drop", shiftId: "nope" }))).toBe(REQUEST_MESSAGES.shiftNotFound);
    const shiftId = await shift(storeId, me, Date.now() + 30 * H);
    const { requestId } = await staff.mutation<{ requestId: string }>("requests:create", { kind: "drop", shiftId, note: "Exam" });
    await manager.mutation("requests:decide", { requestId, approve: true });
    expect(await shiftOwner(shiftId)).toBeNull();
  });

  it("claim: an open shift at one's store, approved by a manager or at once when the company allows", async () => {
    const storeId = await newStore();
    const me = await newEmployee([storeId]);
    await linkStaff(me);
    const elsewhere = await shift(await newStore(), null, Date.now() + 30 * H);
    expect(await failure(staff.mutation("requests:create", { kind: "claim", shiftId: elsewhere }))).toBe(REQUEST_MESSAGES.notEligible);
    const openShift = await shift(storeId, null, Date.now() + 30 * H);
    const taken = await shift(storeId, await newEmployee([storeId]), Date.now() + 30 * H);
    expect(await failure(staff.mutation("requests:create", { kind: "claim", shiftId: taken }))).toBe(REQUEST_MESSAGES.notOpenShift);
    expect((await staff.query<{ openShifts: Array<{ _id: string }> }>("requests:options")).openShifts.map((s) => s._id)).toEqual([openShift]);
    const pending = await staff.mutation<{ requestId: string; status: string }>("requests:create", { kind: "claim", shiftId: openShift });
    expect(pending.status).toBe("pending");
    expect(await shiftOwner(openShift)).toBeNull();
    await supervisor.mutation("requests:decide", { requestId: pending.requestId, approve: true });
    expect(await shiftOwner(openShift)).toBe(me);

    await owner.mutation("companySettings:update", { section: "workforce", values: { openShiftAutoApprove: true } });
    try {
      const second = await shift(storeId, null, Date.now() + 60 * H);
      const auto = await staff.mutation<{ requestId: string; status: string }>("requests:create", { kind: "claim", shiftId: second });
      expect(auto.status).toBe("approved");
      expect(await shiftOwner(second)).toBe(me);
      expect((await supervisor.query<RequestView[]>("requests:listPending")).map((r) => r._id)).not.toContain(auto.requestId);
    } finally {
      await owner.mutation("companySettings:update", { section: "workforce", values: { openShiftAutoApprove: false } });
    }
  });

  it("claim or swap: approval runs the publishing rules, and goes over a conflict only with a reason", async () => {
    const storeId = await newStore();
    const me = await newEmployee([storeId]);
    await linkStaff(me);
    const at = Date.now() + 50 * H;
    // Already working the same hours: a claim of this open shift would double-book.
    await shift(storeId, me, at);
    const openShift = await shift(storeId, null, at + H);
    const { requestId } = await staff.mutation<{ requestId: string }>("requests:create", { kind: "claim", shiftId: openShift });
    expect(await failure(supervisor.mutation("requests:decide", { requestId, approve: true }))).toBe(REQUEST_MESSAGES.conflictsNeedReason);
    expect(await shiftOwner(openShift)).toBeNull();
    await supervisor.mutation("requests:decide", { requestId, approve: true, reason: "Covers the first hour only; agreed with the store" });
    expect(await shiftOwner(openShift)).toBe(me);
    // Given at once by the company's setting only when nothing conflicts.
    await owner.mutation("companySettings:update", { section: "workforce", values: { openShiftAutoApprove: true } });
    try {
      const clash = await shift(storeId, null, at + 2 * H);
      const auto = await staff.mutation<{ status: string }>("requests:create", { kind: "claim", shiftId: clash });
      expect(auto.status).toBe("pending");
      expect(await shiftOwner(clash)).toBeNull();
    } finally {
      await owner.mutation("companySettings:update", { section: "workforce", values: { openShiftAutoApprove: false } });
    }
  });

  it("cannot aim at another company's shift", async () => {
    const storeId = await newStore();
    await linkStaff(await newEmployee([storeId]));
    const sudsStore = (
      await server.database.db
        .selectFrom("stores")
        .innerJoin("companies", "companies.id", "stores.companyId")
        .select("stores.id")
        .where("companies.name", "=", "Suds Express")
        .executeTakeFirstOrThrow()
    ).id;
    const sudsShift = await shift(sudsStore, null, Date.now() + 30 * H);
    expect(await failure(staff.mutation("requests:create", { kind: "claim", shiftId: sudsShift }))).toBe(REQUEST_MESSAGES.shiftNotFound);
  });
});
