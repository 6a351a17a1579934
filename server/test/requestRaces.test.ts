// @postgres: approvals of claims and swaps at the same moment must meet at row locks
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_MESSAGES } from "@tumble/domain/requests";
import { race } from "./support/race.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";
import { createEmployee, createStore } from "./support/workforce.ts";

// Two approvers (or two claimants) acting on one shift, or on one person, at the same time: the
// shift goes to exactly one person, a person is never double-booked without a reason, and the
// loser gets a clear refusal instead of silently overwriting the winner.

let server: TestServer;
let owner: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let member: Client;

beforeAll(async () => {
  server = await startTestServer();
  [owner, manager, supervisor, staff, member] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "member@demo.test"].map((email) =>
      new Client(server.url).signIn(email),
    ),
  );
});
afterAll(() => server?.stop());

const H = 3_600_000;
const db = () => server.database.db;

async function userId(email: string) {
  return (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** Links the account to the employee (as a confirmed link would). */
async function link(email: string, employeeId: string) {
  const id = await userId(email);
  await db().updateTable("employees").set({ userId: null }).where("userId", "=", id).execute();
  await db().updateTable("employees").set({ userId: id }).where("id", "=", employeeId).execute();
}

/** A published open shift (no one on it) at the store. */
async function openShift(storeId: string, startsAt: number) {
  const { id: companyId } = await db().selectFrom("stores").select("companyId as id").where("id", "=", storeId).executeTakeFirstOrThrow();
  const id = `rs${Math.random().toString(36).slice(2, 12)}`;
  await db()
    .insertInto("shifts")
    .values({
      id,
      companyId,
      storeId,
      employeeId: null,
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + 8 * H),
      status: "published",
      publishedAt: new Date(),
      publishedEmployeeId: null,
      publishedStartsAt: new Date(startsAt),
      publishedEndsAt: new Date(startsAt + 8 * H),
      publishedBreakMinutes: 0,
    })
    .execute();
  return id;
}

const holder = async (shiftId: string) => (await db().selectFrom("shifts").select("employeeId").where("id", "=", shiftId).executeTakeFirstOrThrow()).employeeId;
const statusOf = async (requestId: string) => (await db().selectFrom("requests").select("status").where("id", "=", requestId).executeTakeFirstOrThrow()).status;

describe("claims decided at the same time", () => {
  it("gives an open shift claimed by two people to one of them; the other approval is refused by name", async () => {
    const storeId = await createStore(manager, "Race");
    const a = (await createEmployee(manager, [storeId], { prefix: "ra" })).employeeId;
    const b = (await createEmployee(manager, [storeId], { prefix: "rb" })).employeeId;
    const shiftId = await openShift(storeId, Date.now() + 72 * H);
    await link("staff@demo.test", a);
    await link("member@demo.test", b);
    const first = await staff.mutation<{ requestId: string; status: string }>("requests:create", { kind: "claim", shiftId });
    const second = await member.mutation<{ requestId: string; status: string }>("requests:create", { kind: "claim", shiftId });
    expect([first.status, second.status]).toEqual(["pending", "pending"]);

    const result = await race(server, [
      () => manager.mutation("requests:decide", { requestId: first.requestId, approve: true }),
      () => supervisor.mutation("requests:decide", { requestId: second.requestId, approve: true }),
    ]);
    expect(result.ok).toBe(1);
    expect(result.errors).toEqual([REQUEST_MESSAGES.shiftTaken]);
    const approved = result.outcomes[0].status === "fulfilled" ? first : second;
    const refused = approved === first ? second : first;
    expect(await holder(shiftId)).toBe(approved === first ? a : b);
    expect(await statusOf(approved.requestId)).toBe("approved");
    expect(await statusOf(refused.requestId)).toBe("pending");
  });

  it("does not double-book one person approved for two overlapping shifts at once", async () => {
    const storeId = await createStore(manager, "Race");
    const a = (await createEmployee(manager, [storeId], { prefix: "rc" })).employeeId;
    const at = Date.now() + 96 * H;
    const morning = await openShift(storeId, at);
    const overlapping = await openShift(storeId, at + 4 * H);
    await link("staff@demo.test", a);
    const one = await staff.mutation<{ requestId: string }>("requests:create", { kind: "claim", shiftId: morning });
    const two = await staff.mutation<{ requestId: string }>("requests:create", { kind: "claim", shiftId: overlapping });

    const result = await race(server, [
      () => manager.mutation("requests:decide", { requestId: one.requestId, approve: true }),
      () => supervisor.mutation("requests:decide", { requestId: two.requestId, approve: true }),
    ]);
    expect(result.ok).toBe(1);
    expect(result.errors).toEqual([REQUEST_MESSAGES.conflictsNeedReason]);
    expect([await holder(morning), await holder(overlapping)].filter((h) => h === a)).toHaveLength(1);
  });

  it("gives an open shift to one of two people claiming it at once when claims are approved automatically", async () => {
    const storeId = await createStore(manager, "Race");
    const a = (await createEmployee(manager, [storeId], { prefix: "rd" })).employeeId;
    const b = (await createEmployee(manager, [storeId], { prefix: "re" })).employeeId;
    const shiftId = await openShift(storeId, Date.now() + 120 * H);
    await link("staff@demo.test", a);
    await link("member@demo.test", b);
    await owner.mutation("companySettings:update", { section: "workforce", values: { openShiftAutoApprove: true } });
    try {
      const result = await race(server, [
        () => staff.mutation<{ status: string }>("requests:create", { kind: "claim", shiftId }),
        () => member.mutation<{ status: string }>("requests:create", { kind: "claim", shiftId }),
      ]);
      const statuses = result.outcomes.map((o) => (o.status === "fulfilled" ? o.value.status : "refused"));
      // Whoever came second finds the shift taken: refused by name, never a second "approved".
      expect(statuses.filter((s) => s === "approved")).toHaveLength(1);
      expect(result.errors.every((e) => e === REQUEST_MESSAGES.notOpenShift)).toBe(true);
      expect([a, b]).toContain(await holder(shiftId));
      const approvedRows = await db().selectFrom("requests").select("employeeId").where("shiftId", "=", shiftId).where("status", "=", "approved").execute();
      expect(approvedRows.map((r) => r.employeeId)).toEqual([await holder(shiftId)]);
    } finally {
      await owner.mutation("companySettings:update", { section: "workforce", values: { openShiftAutoApprove: false } });
    }
  });
});
