// @postgres: two administrators approving one platform change, or removing each other, at the same moment must meet at row locks
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@tumble/domain/datePresets";
import { refusalText } from "@tumble/domain/refusals";
import { twoPersonMessage } from "@tumble/domain/twoPersonRules";
import { lockRow, race } from "./support/race.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { createEmployee, createStore } from "./support/workforce.ts";

// Issue 32, "One person can pay themselves" (docs/decisions/0060-two-person-rules.md): nobody
// decides, adds, re-rates or adjusts pay on their own employee profile (owners included), and on
// the platform what gives power — a global role, a higher balance-adjustment threshold — waits
// for a second system administrator; the last one cannot lose the role.

let server: TestServer;
let owner: Client;
let admin: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let sysadmin: Client;
let storeId: string;

const H = 3_600_000;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, manager, supervisor, staff, sysadmin] = await Promise.all(
    ["owner@demo.test", "admin@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "sysadmin@demo.test"].map((email) =>
      new Client(server.url).signIn(email),
    ),
  );
  storeId = await createStore(owner, "Own");
}, 120_000);
afterAll(() => server?.stop());

async function userId(email: string) {
  return (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

/** A new attendant at the test store whose profile is the account's own (as a confirmed link makes it). */
async function ownProfile(email: string, prefix: string): Promise<string> {
  const { employeeId } = await createEmployee(owner, [storeId], { prefix });
  const id = await userId(email);
  await db().updateTable("employees").set({ userId: null }).where("userId", "=", id).execute();
  await db().updateTable("employees").set({ userId: id }).where("id", "=", employeeId).execute();
  return employeeId;
}

/** Every rate the profile has had or will have, in cents. */
const ratesOf = async (employeeId: string) =>
  (await db().selectFrom("employeeRates").select("rateCents").where("employeeId", "=", employeeId).orderBy("createdAt").execute()).map((r) =>
    Number(r.rateCents),
  );

async function currentPeriod(): Promise<string> {
  const list = await owner.query<Array<{ id: string; current: boolean; status: string }>>("payPeriods:list");
  const period = list.find((p) => p.current)!;
  expect(period.status).toBe("open");
  return period.id;
}

function profileArgs(employeeId: string, username: string, changes: Record<string, unknown> = {}) {
  return {
    employeeId,
    name: `Test Person ${username}`,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [storeId],
    status: "active",
    endDate: "",
    username,
    ...changes,
  };
}

describe("one's own employee profile", () => {
  it("a manager cannot set their own rate ($250/h), add a job or end one; another manager can, and the profile says whose it is", async () => {
    const mine = await ownProfile("manager@demo.test", "mgr");
    const refusal = await failureOf(manager.mutation("employees:setRate", { employeeId: mine, rateCents: 25_000, effectiveFrom: await tomorrow(mine) }));
    expect(refusal.message).toBe(twoPersonMessage("ownPay"));
    // Its code, by which a Spanish screen says it in Spanish (errors as codes, decision 0067).
    expect(refusal.data).toEqual({ code: "twoPerson.ownPay", params: {} });
    expect(refusalText(refusal.data, "es")).toBe("Nadie fija su propia tarifa ni sus trabajos: lo hace otro gerente, administrador o propietario");
    expect(
      await failure(
        manager.mutation("employees:addJob", { employeeId: mine, title: "Lead", payType: "hourly", rateCents: 25_000, effectiveFrom: await today(mine) }),
      ),
    ).toBe(twoPersonMessage("ownPay"));
    expect(await ratesOf(mine)).toEqual([1500]);
    const { jobId } = await owner.mutation<{ jobId: string }>("employees:addJob", {
      employeeId: mine,
      title: "Lead",
      payType: "hourly",
      rateCents: 1800,
      effectiveFrom: await today(mine),
    });
    expect(await failure(manager.mutation("employees:setRate", { employeeId: mine, jobId, rateCents: 25_000, effectiveFrom: await tomorrow(mine) }))).toBe(
      twoPersonMessage("ownPay"),
    );
    expect(await failure(manager.mutation("employees:endJob", { employeeId: mine, jobId, endedOn: await today(mine) }))).toBe(twoPersonMessage("ownPay"));
    // Someone else with the access may; the profile tells each reader whether it is theirs.
    await admin.mutation("employees:setRate", { employeeId: mine, rateCents: 1600, effectiveFrom: await tomorrow(mine) });
    expect(await ratesOf(mine)).toEqual([1500, 1800, 1600]);
    expect((await manager.query<{ own: boolean }>("employees:get", { employeeId: mine })).own).toBe(true);
    expect((await admin.query<{ own: boolean }>("employees:get", { employeeId: mine })).own).toBe(false);
  });

  it("an owner is refused on their own profile too: another owner, admin or manager does it", async () => {
    const mine = await ownProfile("owner@demo.test", "own");
    expect(await failure(owner.mutation("employees:setRate", { employeeId: mine, rateCents: 25_000, effectiveFrom: await tomorrow(mine) }))).toBe(
      twoPersonMessage("ownPay"),
    );
    await manager.mutation("employees:setRate", { employeeId: mine, rateCents: 1700, effectiveFrom: await tomorrow(mine) });
    expect(await ratesOf(mine)).toEqual([1500, 1700]);
  });

  it("a manager cannot add a $5,000 bonus (or any adjustment) to their own pay; another manager can", async () => {
    const mine = await ownProfile("manager@demo.test", "bon");
    const periodId = await currentPeriod();
    for (const kind of ["bonus", "commission", "reimbursement", "deduction"])
      expect(await failure(manager.mutation("payroll:adjust", { periodId, employeeId: mine, kind, amountCents: 500_000, reason: "Mine" }))).toBe(
        twoPersonMessage("ownAdjustment"),
      );
    const made = await db().selectFrom("payrollAdjustments").select("id").where("employeeId", "=", mine).execute();
    expect(made).toHaveLength(0);
    await admin.mutation("payroll:adjust", { periodId, employeeId: mine, kind: "bonus", amountCents: 5_000, reason: "Good month" });
    expect(await db().selectFrom("payrollAdjustments").select("id").where("employeeId", "=", mine).execute()).toHaveLength(1);
  });

  it("a manager cannot change their own end date or status, but may correct their phone", async () => {
    const mine = await ownProfile("manager@demo.test", "emp");
    const { username } = await db().selectFrom("employees").select("username").where("id", "=", mine).executeTakeFirstOrThrow();
    const day = await today(mine);
    for (const changes of [{ status: "terminated", endDate: day }, { endDate: "2099-12-31" }, { status: "inactive" }, { hireDate: "2020-01-01" }])
      expect(await failure(manager.mutation("employees:update", profileArgs(mine, username, changes)))).toBe(twoPersonMessage("ownEmployment"));
    await manager.mutation("employees:update", profileArgs(mine, username, { phone: "(555) 010-2020" }));
    const row = await db().selectFrom("employees").select(["status", "endDate", "phone"]).where("id", "=", mine).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "active", endDate: null, phone: "(555) 010-2020" });
  });

  it("a manager cannot complete their own pending registration (it sets their rate and role)", async () => {
    const mine = await ownProfile("manager@demo.test", "reg");
    await db().updateTable("employees").set({ status: "pending" }).where("id", "=", mine).execute();
    expect(
      await failure(
        manager.mutation("employees:completeRegistration", {
          employeeId: mine,
          name: "Me",
          phone: "",
          position: "Attendant",
          hireDate: "",
          storeIds: [storeId],
          payType: "hourly",
          rateCents: 25_000,
          effectiveFrom: await tomorrow(mine),
          role: "MANAGER",
        }),
      ),
    ).toBe(twoPersonMessage("ownRegistration"));
  });

  it("a manager cannot add a worked shift for themselves (nor approve or correct their own time)", async () => {
    const mine = await ownProfile("manager@demo.test", "tim");
    const start = Date.now() - 30 * H;
    expect(
      await failure(
        manager.mutation("timeEntries:add", {
          employeeId: mine,
          storeId,
          clockIn: start,
          clockOut: start + 8 * H,
          breaks: 0,
          reason: "Forgot",
          idempotencyKey: `own-${Date.now()}`,
        }),
      ),
    ).toBe(twoPersonMessage("ownTimeAdded"));
    expect(await db().selectFrom("timeEntries").select("id").where("employeeId", "=", mine).execute()).toHaveLength(0);
    // Another one adds it; it waits for a third person (never the one who added it), and not for its owner.
    const { entryId } = await supervisor.mutation<{ entryId: string }>("timeEntries:add", {
      employeeId: mine,
      storeId,
      clockIn: start,
      clockOut: start + 8 * H,
      breaks: 0,
      reason: "Forgot",
      idempotencyKey: `other-${Date.now()}`,
    });
    expect(await failure(manager.mutation("timeEntries:approve", { entryIds: [entryId], idempotencyKey: `a-${Date.now()}` }))).toMatch(/own time/);
    await owner.mutation("timeEntries:approve", { entryIds: [entryId], idempotencyKey: `b-${Date.now()}` });
  });
});

describe("one's own profile in an employee import", () => {
  it("refuses the row that would change the importer's own rate or hire date, and writes the rest", async () => {
    const mine = await ownProfile("manager@demo.test", "imp");
    // Someone else's, paid since last week: the file's new rate starts today.
    const theirs = await createEmployee(owner, [storeId], { prefix: "imq", effectiveFrom: addDays(await today(mine), -7) });
    const { username } = await db().selectFrom("employees").select("username").where("id", "=", mine).executeTakeFirstOrThrow();
    const csv = `username,name,payType,rate\n${username},Test Person ${username},hourly,250\n${theirs.username},Test Person ${theirs.username},hourly,16\n`;
    const { importId } = await manager.action<{ importId: string }>("imports:start", {
      kind: "employees",
      fileName: "employees.csv",
      content: csv,
      mapping: { username: "username", name: "name", payType: "payType", rate: "rate" },
      dryRun: false,
      allOrNothing: false,
    });
    type Run = { status: string; errors: Array<{ row: number; column: string; code: string }> };
    let result = await manager.query<Run>("imports:get", { importId });
    for (let i = 0; i < 600 && result.status !== "completed" && result.status !== "failed"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      result = await manager.query<Run>("imports:get", { importId });
    }
    expect(result.errors.map((e) => [e.row, e.column, e.code])).toEqual([[2, "rate", "ownProfile"]]);
    expect(await ratesOf(mine)).toEqual([1500]);
    expect(await ratesOf(theirs.employeeId)).toEqual([1500, 1600]);
  });
});

describe("one's own requests", () => {
  it("a supervisor cannot approve (or deny) their own time off; another approver can", async () => {
    await ownProfile("supervisor@demo.test", "sup");
    const { requestId } = await supervisor.mutation<{ requestId: string }>("requests:create", {
      kind: "timeOff",
      allDay: true,
      startDate: "2099-03-02",
      endDate: "2099-03-06",
      timeOffType: "vacation",
    });
    expect(await failure(supervisor.mutation("requests:decide", { requestId, approve: true }))).toBe(twoPersonMessage("ownRequest"));
    expect(await failure(supervisor.mutation("requests:decide", { requestId, approve: false, reason: "No" }))).toBe(twoPersonMessage("ownRequest"));
    // The screens learn whose profile is the caller's, to say why it is not theirs to decide.
    const queue = await supervisor.query<Array<{ _id: string; employeeId: string }>>("requests:listPending");
    const own = await supervisor.query<{ employeeId: string | null }>("employees:own");
    expect(queue.find((r) => r._id === requestId)?.employeeId).toBe(own.employeeId);
    expect((await manager.query<{ employeeId: string | null }>("employees:own")).employeeId).not.toBe(own.employeeId);
    expect(await manager.mutation("requests:decide", { requestId, approve: true })).toMatchObject({ status: "approved" });
  });

  it("a supervisor cannot approve a swap that gives them the shift", async () => {
    const theirs = await ownProfile("staff@demo.test", "swa");
    await ownProfile("supervisor@demo.test", "swb");
    const target = (
      await db()
        .selectFrom("employees")
        .select("id")
        .where("userId", "=", await userId("supervisor@demo.test"))
        .executeTakeFirstOrThrow()
    ).id;
    const shiftId = await publishedShift(theirs, Date.now() + 96 * H);
    const { requestId } = await staff.mutation<{ requestId: string }>("requests:create", { kind: "swap", shiftId, targetEmployeeId: target });
    await supervisor.mutation("requests:respond", { requestId, accept: true });
    expect(await failure(supervisor.mutation("requests:decide", { requestId, approve: true }))).toBe(twoPersonMessage("ownRequest"));
    expect((await db().selectFrom("shifts").select("employeeId").where("id", "=", shiftId).executeTakeFirstOrThrow()).employeeId).toBe(theirs);
    expect(await manager.mutation("requests:decide", { requestId, approve: true })).toMatchObject({ status: "approved" });
  });
});

async function today(employeeId: string): Promise<string> {
  return (await owner.query<{ today: string }>("employees:get", { employeeId })).today;
}
/** The day after the profile's today: a new rate from then is always allowed. */
const tomorrow = async (employeeId: string) => addDays(await today(employeeId), 1);

/** A shift published to the employee at the test store. */
async function publishedShift(employeeId: string, startsAt: number): Promise<string> {
  const { companyId } = await db().selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow();
  const id = `tp${Math.random().toString(36).slice(2, 12)}`;
  await db()
    .insertInto("shifts")
    .values({
      id,
      companyId,
      storeId,
      employeeId,
      startsAt: new Date(startsAt),
      endsAt: new Date(startsAt + 6 * H),
      status: "published",
      publishedAt: new Date(),
      publishedEmployeeId: employeeId,
      publishedStartsAt: new Date(startsAt),
      publishedEndsAt: new Date(startsAt + 6 * H),
      publishedBreakMinutes: 0,
    })
    .execute();
  return id;
}

// ---- The platform ----

let counter = 0;
/** A new account (signed up the way anyone can), optionally holding a global role already (granted before these rules). */
async function account(prefix: string, globalRole: string | null = null) {
  const email = `${prefix}-${++counter}-${Date.now()}@example.com`;
  await new Client(server.url).action("auth:signIn", { provider: "password", params: { email, password: "a-good-password", flow: "signUp" } });
  const id = await userId(email);
  if (globalRole) await db().updateTable("users").set({ globalRole }).where("id", "=", id).execute();
  return { id, email, client: await new Client(server.url).signIn(email, "a-good-password") };
}

const globalRoleOf = async (id: string) => (await db().selectFrom("users").select("globalRole").where("id", "=", id).executeTakeFirstOrThrow()).globalRole;
const thresholdNow = async () => (await sysadmin.query<{ approvalThresholdCents: number }>("balanceAdmin:settings")).approvalThresholdCents;

type Change = { id: string; kind: string; status: string; targetUserId: string | null; canApprove: boolean };
const pendingChanges = (client: Client) => client.query<Change[]>("systemAdmin:listChanges", { status: "pending" });

async function rioSafe(): Promise<string> {
  const companies = await sysadmin.query<{ id: string; name: string }[]>("systemAdmin:listCompanies", { search: "Rio" });
  const rioId = companies.find((c) => c.name === "Rio Laundromat")!.id;
  const { accounts } = await sysadmin.query<{ accounts: Array<{ id: string; kind: string }> }>("balanceAdmin:accounts", { companyId: rioId });
  return accounts.find((a) => a.kind === "safe")!.id;
}

describe("the platform's last administrator", () => {
  it("the demo's only system admin cannot remove their own role, nor be left as a disabled last one", async () => {
    const me = await userId("sysadmin@demo.test");
    const others = await db().selectFrom("users").select("id").where("globalRole", "is not", null).where("id", "<>", me).execute();
    expect(others).toHaveLength(0);
    expect(await failure(sysadmin.mutation("systemAdmin:setGlobalRole", { userId: me, globalRole: null }))).toBe(twoPersonMessage("lastPlatformAdmin"));
    expect(await globalRoleOf(me)).toBe("SYSTEM_ADMIN");
    // A second admin who is disabled does not count: the last one who can sign in keeps the role.
    const idle = await account("idle", "SYSTEM_ADMIN");
    await sysadmin.mutation("systemAdmin:setUserDisabled", { userId: idle.id, disabled: true, reason: "Left" });
    expect(await failure(sysadmin.mutation("systemAdmin:setGlobalRole", { userId: me, globalRole: null }))).toBe(twoPersonMessage("lastPlatformAdmin"));
    await db().updateTable("users").set({ globalRole: null }).where("id", "=", idle.id).execute();
  });
});

describe("changes that give power wait for a second administrator", () => {
  it("raising the approval threshold is a pending change the requester cannot approve; lowering it applies at once", async () => {
    const second = await account("second", "SYSTEM_ADMIN");
    const result = await sysadmin.mutation<{ status: string }>("balanceAdmin:setThreshold", { approvalThresholdCents: 100_000_000 });
    expect(result.status).toBe("pending");
    expect(await thresholdNow()).toBe(50_000);
    // So a $990,000 adjustment still waits for a second admin.
    const safe = await rioSafe();
    const big = await sysadmin.mutation<{ status: string }>("balanceAdmin:adjust", { accountId: safe, amountCents: 99_000_000, reason: "Recount" });
    expect(big.status).toBe("pending");
    const [change] = (await pendingChanges(sysadmin)).filter((c) => c.kind === "approvalThreshold");
    expect(change.canApprove).toBe(false);
    expect(await failure(sysadmin.mutation("systemAdmin:approveChange", { changeId: change.id }))).toBe(twoPersonMessage("ownPlatformChange"));
    expect(await failure(sysadmin.mutation("balanceAdmin:setThreshold", { approvalThresholdCents: 200_000_000 }))).toBe(twoPersonMessage("changePending"));
    expect((await pendingChanges(second.client)).find((c) => c.id === change.id)?.canApprove).toBe(true);
    await second.client.mutation("systemAdmin:rejectChange", { changeId: change.id, reason: "Too high" });
    expect(await thresholdNow()).toBe(50_000);
    // A modest raise, approved by the other admin, applies.
    await sysadmin.mutation("balanceAdmin:setThreshold", { approvalThresholdCents: 80_000 });
    const [raise] = (await pendingChanges(second.client)).filter((c) => c.kind === "approvalThreshold");
    await second.client.mutation("systemAdmin:approveChange", { changeId: raise.id });
    expect(await thresholdNow()).toBe(80_000);
    // Lowering makes more adjustments wait: it needs nobody else.
    expect(await sysadmin.mutation<{ status: string }>("balanceAdmin:setThreshold", { approvalThresholdCents: 50_000 })).toMatchObject({ status: "applied" });
    expect(await thresholdNow()).toBe(50_000);
    await db().updateTable("users").set({ globalRole: null }).where("id", "=", second.id).execute();
  });

  it("an account the requester made admin cannot approve their $990,000 adjustment until another admin approved the grant", async () => {
    const other = await account("other", "SYSTEM_ADMIN");
    const alt = await account("alt");
    const granted = await sysadmin.mutation<{ status: string }>("systemAdmin:setGlobalRole", { userId: alt.id, globalRole: "SYSTEM_ADMIN" });
    expect(granted.status).toBe("pending");
    expect(await globalRoleOf(alt.id)).toBeNull();
    const safe = await rioSafe();
    const { adjustmentId, status } = await sysadmin.mutation<{ adjustmentId: string; status: string }>("balanceAdmin:adjust", {
      accountId: safe,
      amountCents: 99_000_000,
      reason: "Found in the back",
    });
    expect(status).toBe("pending");
    expect(await failure(sysadmin.mutation("balanceAdmin:approve", { adjustmentId }))).toBe("Another system administrator must approve your adjustment");
    expect(await failure(alt.client.mutation("balanceAdmin:approve", { adjustmentId }))).toBe("You don't have permission to system administrator access");
    const [grant] = (await pendingChanges(sysadmin)).filter((c) => c.targetUserId === alt.id);
    expect(await failure(sysadmin.mutation("systemAdmin:approveChange", { changeId: grant.id }))).toBe(twoPersonMessage("ownPlatformChange"));
    // Another admin approves the grant: only now is the account an admin (and may then approve).
    await other.client.mutation("systemAdmin:approveChange", { changeId: grant.id });
    expect(await globalRoleOf(alt.id)).toBe("SYSTEM_ADMIN");
    await other.client.mutation("balanceAdmin:reject", { adjustmentId, reason: "No count backs it" });
    for (const u of [other, alt]) await db().updateTable("users").set({ globalRole: null }).where("id", "=", u.id).execute();
  });

  it("nobody approves a role given to themselves; only another super administrator approves SUPER_ADMIN", async () => {
    const root = await account("root", "SUPER_ADMIN");
    const companies = await account("companies", "COMPANIES_ADMIN");
    const asked = await root.client.mutation<{ status: string }>("systemAdmin:setGlobalRole", { userId: companies.id, globalRole: "SUPER_ADMIN" });
    expect(asked.status).toBe("pending");
    const [change] = (await pendingChanges(root.client)).filter((c) => c.targetUserId === companies.id);
    expect(await failure(companies.client.mutation("systemAdmin:approveChange", { changeId: change.id }))).toBe(twoPersonMessage("grantToApprover"));
    expect(await failure(sysadmin.mutation("systemAdmin:approveChange", { changeId: change.id }))).toBe(twoPersonMessage("superApprovesSuper"));
    expect(await globalRoleOf(companies.id)).toBe("COMPANIES_ADMIN");
    // Taking a role away gives no power: it applies at once.
    expect(await root.client.mutation<{ status: string }>("systemAdmin:setGlobalRole", { userId: companies.id, globalRole: null })).toMatchObject({
      status: "applied",
    });
    // ... and the grant waiting for them is withdrawn with it.
    expect((await pendingChanges(root.client)).some((c) => c.id === change.id)).toBe(false);
    await db().updateTable("users").set({ globalRole: null }).where("id", "=", root.id).execute();
  });
});

describe("at the same moment", () => {
  it("two administrators approving one grant: one applies it, the other is told it was decided", async () => {
    const a = await account("ra", "SYSTEM_ADMIN");
    const b = await account("rb", "SYSTEM_ADMIN");
    const alt = await account("ralt");
    await sysadmin.mutation("systemAdmin:setGlobalRole", { userId: alt.id, globalRole: "SYSTEM_ADMIN" });
    const [grant] = (await pendingChanges(sysadmin)).filter((c) => c.targetUserId === alt.id);
    const result = await race(
      server,
      [
        () => a.client.mutation("systemAdmin:approveChange", { changeId: grant.id }),
        () => b.client.mutation("systemAdmin:approveChange", { changeId: grant.id }),
      ],
      [lockRow("platform_changes", grant.id)],
    );
    expect(result.ok).toBe(1);
    expect(result.errors).toEqual([twoPersonMessage("changeNotPending")]);
    expect(await globalRoleOf(alt.id)).toBe("SYSTEM_ADMIN");
    const decided = await db().selectFrom("platformChanges").select(["status", "decidedBy"]).where("id", "=", grant.id).executeTakeFirstOrThrow();
    expect(decided.status).toBe("approved");
    expect([a.id, b.id]).toContain(decided.decidedBy);
    for (const u of [a, b, alt]) await db().updateTable("users").set({ globalRole: null }).where("id", "=", u.id).execute();
  });

  it("the last two administrators removing each other at once: one keeps the role", async () => {
    const me = await userId("sysadmin@demo.test");
    const other = await account("pair", "SYSTEM_ADMIN");
    const result = await race(
      server,
      [
        () => sysadmin.mutation("systemAdmin:setGlobalRole", { userId: other.id, globalRole: null }),
        () => other.client.mutation("systemAdmin:setGlobalRole", { userId: me, globalRole: null }),
      ],
      [lockRow("users", me), lockRow("users", other.id)],
    );
    expect(result.ok).toBe(1);
    // The other one is refused: as the last admin once it waited for the first (PostgreSQL), or, when
    // it ran after it (PGlite runs one at a time), as no longer an admin at all.
    expect(result.errors).toHaveLength(1);
    expect([twoPersonMessage("lastPlatformAdmin"), "You don't have permission to system administrator access"]).toContain(result.errors[0]);
    const left = await db().selectFrom("users").select("id").where("globalRole", "is not", null).execute();
    expect(left).toHaveLength(1);
    // Leave the demo's admin in place for the rest of the file.
    await db().updateTable("users").set({ globalRole: "SYSTEM_ADMIN" }).where("id", "=", me).execute();
    await db().updateTable("users").set({ globalRole: null }).where("id", "=", other.id).execute();
  });

  it("the last two administrators disabling each other at once: one can still sign in as an admin", async () => {
    const me = await userId("sysadmin@demo.test");
    await db().updateTable("users").set({ globalRole: null }).where("id", "=", me).execute();
    const a = await account("da", "SYSTEM_ADMIN");
    const b = await account("db", "SYSTEM_ADMIN");
    const result = await race(
      server,
      [
        () => a.client.mutation("systemAdmin:setUserDisabled", { userId: b.id, disabled: true, reason: null }),
        () => b.client.mutation("systemAdmin:setUserDisabled", { userId: a.id, disabled: true, reason: null }),
      ],
      [lockRow("users", a.id), lockRow("users", b.id)],
    );
    expect(result.ok).toBe(1);
    expect(result.errors).toHaveLength(1);
    const disabled = await db().selectFrom("userDisablements").select("userId").where("userId", "in", [a.id, b.id]).execute();
    expect(disabled).toHaveLength(1);
    await db().deleteFrom("userDisablements").where("userId", "in", [a.id, b.id]).execute();
    for (const u of [a, b]) await db().updateTable("users").set({ globalRole: null }).where("id", "=", u.id).execute();
    await db().updateTable("users").set({ globalRole: "SYSTEM_ADMIN" }).where("id", "=", me).execute();
  });
});
