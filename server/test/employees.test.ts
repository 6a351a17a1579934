import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockTable, race, times } from "./support/race.ts";
import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { EMPLOYEE_MESSAGES } from "@tumble/domain/employees";
import { verifySecretSlow } from "../src/auth/passwords.ts";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: concurrent creates of one username
// Employee profiles over HTTP (issue 16): who may manage them, what is refused and why, usernames
// unique per company without case (also when two managers race, on PostgreSQL), the rate history
// by effective date, the PIN never leaving the server, a self-registration completed end to end,
// and another company's ids refused. Each test makes its own store so demo data never matters.

let server: TestServer;
let owner: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let sudsOwner: Client;
let rioId: string;

interface Employee {
  _id: string;
  name: string;
  status: string;
  username: string;
  position: string | null;
  payType: string;
  rateCents: number | null;
  linked: boolean;
  stores: Array<{ _id: string; name: string }>;
}
interface Profile extends Employee {
  today: string;
  hireDate: string | null;
  endDate: string | null;
  rates: Array<{ _id: string; rateCents: number; effectiveFrom: string; payType: string; state: string; createdBy: string | null }>;
  currentRate: { rateCents: number } | null;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, manager, supervisor, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
  rioId = (await server.database.db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.stop());

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-5)}${counter++}`;

async function newStore(timeZone = "America/Chicago"): Promise<string> {
  return (await manager.mutation<{ storeId: string }>("stores:create", { name: `Staff test ${unique()}`, address: "1 Staff St", timeZone })).storeId;
}

function employeeArgs(storeId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: "Ana Ruiz",
    email: "",
    phone: "(555) 010-2030",
    position: "Attendant",
    hireDate: "2026-01-05",
    storeIds: [storeId],
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: "",
    username: `ana${unique()}`,
    pin: "4821",
    ...overrides,
  };
}

async function createEmployee(storeId: string, overrides: Record<string, unknown> = {}, by: Client = manager) {
  const args = employeeArgs(storeId, overrides);
  const { employeeId } = await by.mutation<{ employeeId: string }>("employees:create", args);
  return { employeeId, args };
}

describe("access", () => {
  it("lets managers, admins and owners manage employees and refuses everyone else", async () => {
    const storeId = await newStore();
    const { employeeId } = await createEmployee(storeId, {}, owner);
    expect((await manager.query<Profile>("employees:get", { employeeId }))._id).toBe(employeeId);
    for (const client of [supervisor, staff]) {
      expect(await failure(client.query("employees:list", {}))).toBe("You don't have permission to manage employees");
      expect(await failure(client.query("employees:get", { employeeId }))).toBe("You don't have permission to manage employees");
      expect(await failure(client.mutation("employees:create", employeeArgs(storeId)))).toBe("You don't have permission to manage employees");
      expect(await failure(client.mutation("employees:setRate", { employeeId, rateCents: 1, effectiveFrom: "2099-01-01" }))).toBe(
        "You don't have permission to manage employees",
      );
      expect(await failure(client.mutation("employees:resetPin", { employeeId, pin: "2468" }))).toBe("You don't have permission to manage employees");
    }
    expect(await failure(new Client(server.url).query("employees:list", {}))).toBe("Not signed in");
  });
});

describe("create, list and update", () => {
  it("creates an active employee with stores and a first rate from the hire date, and lists them with filters", async () => {
    const [a, b] = [await newStore(), await newStore()];
    const { employeeId, args } = await createEmployee(a, { storeIds: [a, b], position: "Night attendant", email: "Ana.Ruiz@Example.com" });
    const profile = await manager.query<Profile>("employees:get", { employeeId });
    expect(profile).toMatchObject({ name: "Ana Ruiz", status: "active", username: args.username, position: "Night attendant", hireDate: "2026-01-05" });
    expect(profile).toMatchObject({ email: "ana.ruiz@example.com", linked: false });
    expect(profile.stores.map((s) => s._id).sort()).toEqual([a, b].sort());
    expect(profile.rates).toEqual([expect.objectContaining({ rateCents: 1500, effectiveFrom: "2026-01-05", payType: "hourly", state: "current" })]);

    const byStore = await manager.query<Employee[]>("employees:list", { storeId: b });
    expect(byStore.map((e) => e._id)).toEqual([employeeId]);
    expect(byStore[0]).toMatchObject({ rateCents: 1500, status: "active" });
    expect((await manager.query<Employee[]>("employees:list", { search: args.username.toUpperCase() })).map((e) => e._id)).toEqual([employeeId]);
    expect((await manager.query<Employee[]>("employees:list", { storeId: b, status: "inactive" })).length).toBe(0);
    expect((await manager.query<Employee[]>("employees:list", { storeId: b, position: "Night attendant" })).length).toBe(1);
    expect((await manager.query<Employee[]>("employees:list", { storeId: b, position: "Attendant" })).length).toBe(0);
    expect(await manager.query<string[]>("employees:positions", {})).toContain("Night attendant");
  });

  it.each([
    [{ name: " " }, `Invalid argument "name": ${EMPLOYEE_MESSAGES.nameRequired.en}`],
    [{ storeIds: [] }, `Invalid argument "storeIds": ${EMPLOYEE_MESSAGES.storesRequired.en}`],
    [{ rateCents: -5 }, `Invalid argument "rateCents": ${EMPLOYEE_MESSAGES.rateNegative.en}`],
    [{ rateCents: 12.5 }, `Invalid argument "rateCents": ${EMPLOYEE_MESSAGES.rateWhole.en}`],
    [{ payType: "daily" }, /Invalid argument "payType"/],
    [{ username: "ab" }, `Invalid argument "username": Username must be at least 3 characters`],
    [{ username: "9lives" }, `Invalid argument "username": Username must start with a letter and contain only letters, numbers, and underscores`],
    [{ pin: "12a4" }, `Invalid argument "pin": PIN must contain only numbers`],
    [{ pin: "0000" }, `Invalid argument "pin": PIN cannot be all the same number`],
    [{ pin: "1234567" }, `Invalid argument "pin": PIN must be no more than 6 digits`],
    [{ email: "not-mail" }, `Invalid argument "email": Please enter a valid email address`],
    [{ hireDate: "2026-02-30" }, `Invalid argument "hireDate": Not a real calendar date`],
    [{ storeIds: ["x".repeat(32)] }, "Store not found"],
  ])("refuses %j with its message and creates nothing", async (override, message) => {
    const storeId = await newStore();
    const count = async () =>
      Number((await sql<{ n: number }>`select count(*)::int as n from employees where company_id = ${rioId}`.execute(server.database.db)).rows[0].n);
    const before = await count();
    const error = await failure(manager.mutation("employees:create", employeeArgs(storeId, override)));
    if (typeof message === "string") expect(error).toBe(message);
    else expect(error).toMatch(message);
    expect(await count()).toBe(before);
  });

  it("updates a profile, and a termination needs an end date not before the hire date", async () => {
    const storeId = await newStore();
    const other = await newStore();
    const { employeeId, args } = await createEmployee(storeId);
    const update = {
      employeeId,
      name: "Ana R. Ruiz",
      email: "",
      phone: "",
      position: "Lead",
      hireDate: "2026-01-05",
      storeIds: [other],
      status: "active",
      endDate: "",
      username: args.username,
    };
    await manager.mutation("employees:update", update);
    expect(await manager.query<Profile>("employees:get", { employeeId })).toMatchObject({
      name: "Ana R. Ruiz",
      position: "Lead",
      phone: null,
      stores: [{ _id: other }],
    });
    expect(await failure(manager.mutation("employees:update", { ...update, status: "terminated" }))).toBe(
      `Invalid argument "endDate": ${EMPLOYEE_MESSAGES.endDateRequired.en}`,
    );
    expect(await failure(manager.mutation("employees:update", { ...update, status: "terminated", endDate: "2025-12-31" }))).toBe(
      `Invalid argument "endDate": ${EMPLOYEE_MESSAGES.endBeforeHire.en}`,
    );
    expect(await failure(manager.mutation("employees:update", { ...update, status: "pending" }))).toMatch(/Invalid argument "status"/);
    await manager.mutation("employees:update", { ...update, status: "terminated", endDate: "2026-03-31" });
    expect(await manager.query<Profile>("employees:get", { employeeId })).toMatchObject({ status: "terminated", endDate: "2026-03-31" });
    expect((await manager.query<Employee[]>("employees:list", { status: "terminated", storeId: other })).map((e) => e._id)).toEqual([employeeId]);
  });
});

describe("usernames", () => {
  it("are unique per company without case, shared with self-registration, and free in another company", async () => {
    const storeId = await newStore();
    const username = `Kiosk${unique()}`;
    await createEmployee(storeId, { username });
    expect(await failure(manager.mutation("employees:create", employeeArgs(storeId, { username: username.toLowerCase() })))).toBe(
      EMPLOYEE_MESSAGES.usernameTaken.en,
    );
    // The employee sign-up and its availability check see the same usernames.
    expect(
      await new Client(server.url).mutation("employeeAuth/index:employeeSignUp", {
        email: `${unique()}@example.com`,
        username: username.toUpperCase(),
        pin: "1357",
        companyId: rioId,
      }),
    ).toEqual({ success: false, message: "Username is already taken" });
    expect(await new Client(server.url).query("employeeAuth:checkUsernameAvailability", { username, companyId: rioId })).toMatchObject({ available: false });
    const registered = `reg${unique()}`;
    await new Client(server.url).mutation("employeeAuth/index:employeeSignUp", {
      email: `${registered}@example.com`,
      username: registered,
      pin: "1357",
      companyId: rioId,
    });
    expect(await failure(manager.mutation("employees:create", employeeArgs(storeId, { username: registered.toUpperCase() })))).toBe(
      EMPLOYEE_MESSAGES.usernameTaken.en,
    );
    // Renaming onto a taken username is refused too; keeping one's own (in another case) is not.
    const { employeeId, args } = await createEmployee(storeId);
    const update = { employeeId, name: "X", email: "", phone: "", position: "", hireDate: "", storeIds: [storeId], status: "active", endDate: "" };
    expect(await failure(manager.mutation("employees:update", { ...update, username }))).toBe(EMPLOYEE_MESSAGES.usernameTaken.en);
    await manager.mutation("employees:update", { ...update, username: args.username.toUpperCase() });
    // Suds Express may use the same username.
    const { storeId: sudsStore } = await sudsOwner.mutation<{ storeId: string }>("stores:create", {
      name: `Suds ${unique()}`,
      address: "2 Suds St",
      timeZone: "UTC",
    });
    await createEmployee(sudsStore, { username }, sudsOwner);
  });

  it("ten managers creating the same username at once make one employee (PostgreSQL; PGlite runs one transaction at a time)", async () => {
    if (server.database.kind !== "postgres") return;
    const storeId = await newStore();
    const username = `racer${unique()}`;
    // Holds every insert back until all ten have passed the handler's "is it taken?" read.
    const { ok, errors } = await race(
      server,
      times(10, () => manager.mutation("employees:create", employeeArgs(storeId, { username }))),
      [lockTable("employees")],
      1500,
    );
    expect(ok).toBe(1);
    expect(new Set(errors)).toEqual(new Set([EMPLOYEE_MESSAGES.usernameTaken.en]));
    const db = server.database.db;
    const rows = await db.selectFrom("employees").select("id").where("companyId", "=", rioId).where("usernameLower", "=", username).execute();
    expect(rows.length).toBe(1);
  });
});

describe("rates by effective date", () => {
  it("keeps the history: a future rate is scheduled, past dates are refused, a future date is replaced", async () => {
    const storeId = await newStore("America/Chicago");
    const { employeeId } = await createEmployee(storeId, { hireDate: "2026-01-05", rateCents: 1500 });
    const today = todayIn("America/Chicago");
    const future = addDays(today, 10);

    const raise = await manager.mutation<{ rateId: string; replaced: boolean }>("employees:setRate", { employeeId, rateCents: 1650, effectiveFrom: future });
    expect(raise.replaced).toBe(false);
    let profile = await manager.query<Profile>("employees:get", { employeeId });
    expect(profile.today).toBe(today);
    expect(profile.rates.map((r) => [r.effectiveFrom, r.rateCents, r.state])).toEqual([
      [future, 1650, "scheduled"],
      ["2026-01-05", 1500, "current"],
    ]);
    expect(profile.currentRate?.rateCents).toBe(1500);
    expect(profile.rates[0].createdBy).toBeTruthy();

    // Yesterday would rewrite pay already earned.
    expect(await failure(manager.mutation("employees:setRate", { employeeId, rateCents: 9999, effectiveFrom: addDays(today, -1) }))).toBe(
      EMPLOYEE_MESSAGES.rateBeforeToday.en,
    );
    // The scheduled rate is not paid yet: the same date replaces it.
    expect(await manager.mutation("employees:setRate", { employeeId, rateCents: 1700, effectiveFrom: future })).toMatchObject({ replaced: true });
    // Today's rate starts now; a second one today is refused.
    await manager.mutation("employees:setRate", { employeeId, rateCents: 1600, effectiveFrom: today, reason: "Review" });
    expect(await failure(manager.mutation("employees:setRate", { employeeId, rateCents: 1610, effectiveFrom: today }))).toBe(
      EMPLOYEE_MESSAGES.rateDateTaken.en,
    );
    // The rate form puts it under the date field by this code (decision 0067).
    expect((await failureOf(manager.mutation("employees:setRate", { employeeId, rateCents: 1610, effectiveFrom: today }))).data).toEqual({
      code: "employees.rateDateTaken",
      params: {},
    });
    profile = await manager.query<Profile>("employees:get", { employeeId });
    expect(profile.rates.map((r) => [r.effectiveFrom, r.rateCents, r.state])).toEqual([
      [future, 1700, "scheduled"],
      [today, 1600, "current"],
      ["2026-01-05", 1500, "past"],
    ]);
    expect((await manager.query<Employee[]>("employees:list", { storeId }))[0].rateCents).toBe(1600);

    // A change to salary is a rate with its pay type; the profile's pay type follows the newest rate.
    await manager.mutation("employees:setRate", { employeeId, rateCents: 200000, effectiveFrom: addDays(today, 30), payType: "salary" });
    profile = await manager.query<Profile>("employees:get", { employeeId });
    expect(profile.payType).toBe("salary");
    expect(profile.rates[0]).toMatchObject({ payType: "salary", rateCents: 200000 });
    expect(await failure(manager.mutation("employees:setRate", { employeeId, rateCents: -1, effectiveFrom: addDays(today, 40) }))).toBe(
      `Invalid argument "rateCents": ${EMPLOYEE_MESSAGES.rateNegative.en}`,
    );
  });
});

describe("PIN", () => {
  it("is stored as an argon2id hash, reset by a manager and never returned", async () => {
    const storeId = await newStore();
    const { employeeId, args } = await createEmployee(storeId, { pin: "482916" });
    const db = server.database.db;
    const stored = await db.selectFrom("employees").select("pinHash").where("id", "=", employeeId).executeTakeFirstOrThrow();
    expect(stored.pinHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecretSlow(stored.pinHash, "482916")).toBe(true);

    // Locked after wrong guesses of the old PIN; the new PIN ends the lock.
    await db
      .insertInto("pinAttempts")
      .values({
        companyId: rioId,
        usernameLower: args.username.toLowerCase(),
        failures: 5,
        lastFailedAt: new Date(),
        lockedUntil: new Date(Date.now() + 15 * 60_000),
      })
      .execute();
    expect(await manager.mutation("employees:resetPin", { employeeId, pin: "735102" })).toBeNull();
    expect(await db.selectFrom("pinAttempts").select("failures").where("usernameLower", "=", args.username.toLowerCase()).execute()).toEqual([]);
    const reset = await db.selectFrom("employees").select("pinHash").where("id", "=", employeeId).executeTakeFirstOrThrow();
    expect(await verifySecretSlow(reset.pinHash, "735102")).toBe(true);
    expect(await verifySecretSlow(reset.pinHash, "482916")).toBe(false);
    expect(await failure(manager.mutation("employees:resetPin", { employeeId, pin: "9999" }))).toBe(
      `Invalid argument "pin": PIN cannot be all the same number`,
    );

    const answers = JSON.stringify([await manager.query("employees:get", { employeeId }), await manager.query("employees:list", { storeId })]);
    expect(answers).not.toMatch(/pinHash|pin_hash|argon2|"pin"/);
    const audits = await db.selectFrom("auditLog").select(["before", "after"]).where("entityId", "=", employeeId).execute();
    expect(JSON.stringify(audits)).not.toMatch(/482916|735102|argon2/);
  });
});

describe("self-registration completed by a manager", () => {
  it("activates the pending profile, approves the join request with the role and e-mails the employee", async () => {
    const storeId = await newStore();
    const username = `dana${unique()}`;
    const email = `${username}@example.com`;
    expect(await new Client(server.url).mutation("employeeAuth/index:employeeSignUp", { email, username, pin: "5821", companyId: rioId })).toMatchObject({
      success: true,
    });
    const pending = await manager.query<Employee[]>("employees:list", { status: "pending", search: username });
    expect(pending).toEqual([expect.objectContaining({ username, status: "pending", linked: true, stores: [], rateCents: null })]);
    const employeeId = pending[0]._id;
    // A pending profile is not edited or given a rate directly; it is completed.
    expect(await failure(manager.mutation("employees:setRate", { employeeId, rateCents: 1500, effectiveFrom: "2099-01-01" }))).toBe(
      EMPLOYEE_MESSAGES.pendingNeedsCompletion.en,
    );

    const completion = {
      employeeId,
      name: "Dana Lee",
      phone: "",
      position: "Attendant",
      hireDate: "",
      storeIds: [storeId],
      payType: "hourly",
      rateCents: 1525,
      effectiveFrom: "",
      role: "STAFF",
    };
    // A manager cannot hand out a role above their own.
    expect(await failure(manager.mutation("employees:completeRegistration", { ...completion, role: "OWNER" }))).toBe("You cannot grant the OWNER role");
    await manager.mutation("employees:completeRegistration", completion);

    const profile = await manager.query<Profile>("employees:get", { employeeId });
    expect(profile).toMatchObject({ name: "Dana Lee", status: "active", position: "Attendant", linked: true, stores: [{ _id: storeId }] });
    expect(profile.rates).toEqual([expect.objectContaining({ rateCents: 1525, effectiveFrom: profile.today, state: "current" })]);
    const db = server.database.db;
    const user = await db.selectFrom("users").select(["id", "activeCompanyId"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(user.activeCompanyId).toBe(rioId);
    expect(await db.selectFrom("memberships").select("role").where("companyId", "=", rioId).where("userId", "=", user.id).executeTakeFirst()).toEqual({
      role: "STAFF",
    });
    expect(await db.selectFrom("joinRequests").select(["status"]).where("companyId", "=", rioId).where("userId", "=", user.id).execute()).toEqual([
      { status: "APPROVED" },
    ]);
    const mail = await db.selectFrom("outbox").select(["subject", "body", "companyId"]).where("recipient", "=", email).orderBy("createdAt").execute();
    expect(mail.map((m) => m.subject)).toEqual(["Your registration with Rio Laundromat", "Your registration with Rio Laundromat is complete"]);
    expect(mail[1].body).toContain(username);
    expect(mail[1].companyId).toBe(rioId);

    // Once only.
    expect(await failure(manager.mutation("employees:completeRegistration", completion))).toBe(EMPLOYEE_MESSAGES.notPending.en);
  });
});

describe("a self-registration already admitted on the join-requests screen", () => {
  it("gets the chosen role on completion, never one above the manager's", async () => {
    const storeId = await newStore();
    const username = `eva${unique()}`;
    const email = `${username}@example.com`;
    await new Client(server.url).mutation("employeeAuth/index:employeeSignUp", { email, username, pin: "5821", companyId: rioId });
    const requests = await manager.query<Array<{ _id: string; email: string }>>("companyJoinRequests:getPendingRequestsForCompany");
    await manager.mutation("companyJoinRequests:approveJoinRequest", { requestId: requests.find((r) => r.email === email)!._id, role: "MEMBER" });
    const [pending] = await manager.query<Employee[]>("employees:list", { status: "pending", search: username });
    expect(pending.status).toBe("pending");
    const completion = {
      employeeId: pending._id,
      name: "Eva",
      phone: "",
      position: "",
      hireDate: "",
      storeIds: [storeId],
      payType: "hourly",
      rateCents: 1500,
      effectiveFrom: "",
      role: "SUPERVISOR",
    };
    await manager.mutation("employees:completeRegistration", completion);
    const user = await server.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await server.database.db.selectFrom("memberships").select("role").where("userId", "=", user.id).where("companyId", "=", rioId).execute()).toEqual([
      { role: "SUPERVISOR" },
    ]);
  });

  it("the demo's Elena waits in the queue with her chosen username", async () => {
    const queue = await manager.query<Employee[]>("employees:list", { status: "pending" });
    expect(queue.find((e) => e.username === "elena")).toMatchObject({ name: "Elena Torres", linked: true, stores: [] });
    const james = (await manager.query<Employee[]>("employees:list", { search: "james" }))[0];
    const profile = await manager.query<Profile>("employees:get", { employeeId: james._id });
    expect(profile.rates.map((r) => [r.rateCents, r.state])).toEqual([
      [1600, "current"],
      [1450, "past"],
    ]);
    expect(profile.rates[0].effectiveFrom.slice(8)).toBe("15");
  });
});

describe("recent work on the profile", () => {
  it("shows the latest punches and the hours of each day, a correction counting instead of the raw times", async () => {
    const storeId = await newStore("America/Chicago");
    const { employeeId, args } = await createEmployee(storeId, { pin: "482916" });
    let profile = await manager.query<Profile & { work: { punches: unknown[]; days: unknown[] } }>("employees:get", { employeeId });
    expect(profile.work).toEqual({ punches: [], days: [] });
    const { kioskToken } = await manager.mutation<{ kioskToken: string }>("kiosks:register", { storeId, name: "Counter" });
    const punch = (action: string, minutesAgo: number) =>
      new Client(server.url).action("timeclock:punch", {
        kioskToken,
        username: args.username,
        pin: "482916",
        action,
        deviceTime: Date.now() - minutesAgo * 60_000,
        offline: true,
      });
    await punch("clockIn", 130);
    await punch("clockOut", 10);
    profile = await manager.query("employees:get", { employeeId });
    const work = profile.work as {
      punches: Array<{ action: string; storeName: string; offline: boolean }>;
      days: Array<{ businessDate: string; minutes: number }>;
    };
    expect(work.punches.map((p) => p.action)).toEqual(["clockOut", "clockIn"]);
    expect(work.punches[0]).toMatchObject({ offline: true });
    expect(work.days).toHaveLength(1);
    expect(work.days[0].minutes).toBeGreaterThanOrEqual(119);
    expect(work.days[0].minutes).toBeLessThanOrEqual(121);
  });
});

describe("another company", () => {
  it("cannot read, change or complete Rio's employees, nor give them its stores", async () => {
    const storeId = await newStore();
    const { employeeId } = await createEmployee(storeId);
    const before = await server.database.db.selectFrom("employees").selectAll().where("id", "=", employeeId).executeTakeFirstOrThrow();
    expect(await failure(sudsOwner.query("employees:get", { employeeId }))).toBe("Employee not found");
    expect((await sudsOwner.query<Employee[]>("employees:list", {})).some((e) => e._id === employeeId)).toBe(false);
    expect(await failure(sudsOwner.mutation("employees:setRate", { employeeId, rateCents: 1, effectiveFrom: "2099-01-01" }))).toBe("Employee not found");
    expect(await failure(sudsOwner.mutation("employees:resetPin", { employeeId, pin: "2468" }))).toBe("Employee not found");
    const notFound = await failureOf(sudsOwner.query("employees:get", { employeeId }));
    expect(notFound.data).toEqual({ code: "employees.employeeNotFound", params: {} });
    expect(refusalText(notFound.data, "es")).toBe("No se encontró el empleado");
    expect(
      await failure(
        sudsOwner.mutation("employees:update", {
          employeeId,
          name: "Taken",
          email: "",
          phone: "",
          position: "",
          hireDate: "",
          storeIds: [storeId],
          status: "inactive",
          endDate: "",
          username: "taken_over",
        }),
      ),
    ).toBe("Employee not found");
    // Suds cannot put its own employee in a Rio store.
    expect(await failure(sudsOwner.mutation("employees:create", employeeArgs(storeId)))).toBe("Store not found");
    expect(await server.database.db.selectFrom("employees").selectAll().where("id", "=", employeeId).executeTakeFirstOrThrow()).toEqual(before);
  });
});
