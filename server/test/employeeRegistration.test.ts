import { Migrator, sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { lockTable, times, together } from "./support/race.ts";
import { openPGlite } from "../src/db/database.ts";
import { loadMigrations, migrateToLatest } from "../src/db/migrate.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: concurrent registrations of one username
let server: TestServer;
let rioId: string;
const anon = () => new Client(server.url);

beforeAll(async () => {
  server = await startTestServer();
  const companies = await anon().query<Array<{ _id: string; name: string }>>("companies:listActiveCompanies");
  expect(companies.map((c) => c.name)).toEqual(["Rio Laundromat", "Suds Express"]);
  rioId = companies[0]._id;
});
afterAll(() => server?.stop());

type Availability = { available: boolean; message: string; suggestions: string[] };

describe("employee registration", () => {
  it("registers an employee who then waits for a role", async () => {
    const result = await anon().mutation("employeeAuth/index:employeeSignUp", {
      email: " Dana.Lee@Example.com ",
      username: "dana_lee",
      pin: "4821",
      companyId: rioId,
    });
    expect(result).toEqual({ success: true, message: "Registration submitted. A manager at Rio Laundromat will assign your role." });
    const user = await server.database.db
      .selectFrom("users")
      .select(["id", "email", "pinHash", "activeCompanyId"])
      .where("email", "=", "dana.lee@example.com")
      .executeTakeFirstOrThrow();
    // The PIN is kept on the pending employee profile only, hashed with argon2id.
    expect(user.pinHash).toBeNull();
    expect(user.activeCompanyId).toBeNull();
    const profile = await server.database.db
      .selectFrom("employees")
      .select(["companyId", "status", "username", "usernameLower", "pinHash", "email", "payType"])
      .where("userId", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(profile).toMatchObject({ companyId: rioId, status: "pending", username: "dana_lee", usernameLower: "dana_lee", email: "dana.lee@example.com" });
    expect(profile.pinHash).toMatch(/^\$argon2id\$/);
    const request = await server.database.db.selectFrom("joinRequests").select(["status", "companyId"]).where("userId", "=", user.id).executeTakeFirstOrThrow();
    expect(request).toEqual({ status: "PENDING", companyId: rioId });
    // Sent by the outbox right after the registration commits.
    await vi.waitFor(() => expect(server.logs.some((l) => l.includes("to=dana.lee@example.com") && l.includes("Forgot password"))).toBe(true), {
      timeout: 2_000,
    });
  });

  it("ends in a way to sign in: the welcome e-mail, in the registrant's language, carries a code that sets a password", async () => {
    const result = await anon().mutation<{ success: boolean }>("employeeAuth/index:employeeSignUp", {
      email: "rosa.paz@example.com",
      username: "rosa_paz",
      pin: "4826",
      companyId: rioId,
      language: "es",
    });
    expect(result.success).toBe(true);
    let line = "";
    await vi.waitFor(
      () => {
        line = server.logs.find((l) => l.includes("to=rosa.paz@example.com")) ?? "";
        expect(line).toContain("Tu usuario y tu PIN son para el quiosco");
      },
      { timeout: 2_000 },
    );
    expect(line).toContain("?setPassword=rosa.paz%40example.com");
    const code = /código (\d{6})/.exec(line)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // The PIN is not a password.
    const pinTry = await anon().raw("action", "auth:signIn", {
      provider: "password",
      params: { email: "rosa.paz@example.com", password: "4826", flow: "signIn" },
    });
    expect(pinTry.status).not.toBe(200);
    // The code sets one, and signs in.
    const tokens = await anon().action<{ tokens: { token: string } }>("auth:signIn", {
      provider: "password",
      params: { email: "rosa.paz@example.com", code, newPassword: "rosa-pw-2026", flow: "reset-verification" },
    });
    expect(tokens.tokens.token).toBeTruthy();
    const signedIn = await new Client(server.url).signIn("rosa.paz@example.com", "rosa-pw-2026");
    expect(signedIn.token).toBeTruthy();
    const user = await server.database.db.selectFrom("users").select("language").where("email", "=", "rosa.paz@example.com").executeTakeFirstOrThrow();
    expect(user.language).toBe("es");
  });

  it("checks username availability with the spec's rules and suggests free names", async () => {
    await anon().mutation("employeeAuth/index:employeeSignUp", { email: "sam1@example.com", username: "sam", pin: "1357", companyId: rioId });
    await anon().mutation("employeeAuth/index:employeeSignUp", { email: "sam2@example.com", username: "sam1", pin: "1357", companyId: rioId });
    const taken = await anon().query<Availability>("employeeAuth:checkUsernameAvailability", { username: "SAM", companyId: rioId });
    expect(taken).toEqual({ available: false, message: "Username is already taken", suggestions: ["sam2", "sam3", "sam4"] });
    expect(await anon().query<Availability>("employeeAuth:checkUsernameAvailability", { username: "sammy", companyId: rioId })).toMatchObject({
      available: true,
    });
    expect(await anon().query<Availability>("employeeAuth:checkUsernameAvailability", { username: "9lives", companyId: rioId })).toMatchObject({
      available: false,
      message: "Username must start with a letter and contain only letters, numbers, and underscores",
    });
    // Usernames are per company: "sam" is free at Suds Express.
    const companies = await anon().query<Array<{ _id: string }>>("companies:listActiveCompanies");
    expect(await anon().query<Availability>("employeeAuth:checkUsernameAvailability", { username: "sam", companyId: companies[1]._id })).toMatchObject({
      available: true,
    });
  });

  it.each([
    [{ email: "" }, "Email is required"],
    [{ email: "nope" }, "Please enter a valid email address"],
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "a".repeat(21) }, "Username must be no more than 20 characters"],
    [{ pin: "" }, "PIN is required"],
    [{ pin: "123" }, "PIN must be at least 4 digits"],
    [{ pin: "1234567" }, "PIN must be no more than 6 digits"],
    [{ pin: "12a4" }, "PIN must contain only numbers"],
    [{ pin: "7777" }, "PIN cannot be all the same number"],
    [{ email: "owner@demo.test" }, "Account already exists for this email. Please sign in instead."],
    [{ companyId: "x".repeat(32) }, "Company not found"],
  ])("refuses %j with its message and creates nothing", async (override, message) => {
    const before = await server.database.db
      .selectFrom("users")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const result = await anon().mutation("employeeAuth/index:employeeSignUp", {
      email: "valid.person@example.com",
      username: "valid_person",
      pin: "2468",
      companyId: rioId,
      ...override,
    });
    expect(result).toEqual({ success: false, message });
    const after = await server.database.db
      .selectFrom("users")
      .select(({ fn }) => fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("accepts a 6-digit PIN and refuses a taken username", async () => {
    expect(
      await anon().mutation("employeeAuth/index:employeeSignUp", { email: "six@example.com", username: "six_digits", pin: "135790", companyId: rioId }),
    ).toMatchObject({ success: true });
    expect(
      await anon().mutation("employeeAuth/index:employeeSignUp", { email: "other@example.com", username: "Six_Digits", pin: "135790", companyId: rioId }),
    ).toEqual({
      success: false,
      message: "Username is already taken",
    });
  });
});

describe("concurrent registrations", () => {
  it("of one username make one account and one profile; the others are told it is taken (PostgreSQL)", async () => {
    // PGlite runs one transaction at a time, so there is no race to hold there (as constraints.test.ts).
    if (server.database.kind !== "postgres") return;
    const username = `race${Date.now().toString(36).slice(-6)}`;
    const db = server.database.db;
    // Holds every profile insert back until all five have passed the "is it taken?" read.
    const outcomes = await together(
      server,
      times(5, (i) =>
        anon().mutation<{ success: boolean; message: string }>("employeeAuth/index:employeeSignUp", {
          email: `${username}.${i}@example.com`,
          username,
          pin: "2468",
          companyId: rioId,
        }),
      ),
      [lockTable("employees")],
      1500,
    );
    expect(outcomes.filter((o) => o.success)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.success)).toEqual(Array.from({ length: 4 }, () => ({ success: false, message: "Username is already taken" })));
    const profiles = await db.selectFrom("employees").select("userId").where("companyId", "=", rioId).where("usernameLower", "=", username).execute();
    expect(profiles).toHaveLength(1);
    const accounts = await db.selectFrom("users").select("id").where("email", "like", `${username}.%`).execute();
    expect(accounts.map((a) => a.id)).toEqual([profiles[0].userId]);
  });
});

describe("migration 0020", () => {
  it("moves the usernames self-registration reserved before it into profiles: pending, or active for a member", async () => {
    const database = await openPGlite("memory://", { lock: false });
    try {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the raw schema, as migrations see it
      const raw = database.db as unknown as Kysely<any>;
      const all = await loadMigrations();
      const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < "0020"));
      expect((await new Migrator({ db: raw, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
      for (const statement of [
        `insert into companies (id, name, company_code) values ('c1', 'Co', 'CMP000001')`,
        `insert into users (id, email, name, username, pin_hash) values ('u1', 'a@example.com', 'ana', 'Ana_R', '$argon2id$a'), ('u2', 'b@example.com', null, 'bo', '$argon2id$b')`,
        `insert into memberships (id, company_id, user_id, role) values ('m1', 'c1', 'u2', 'STAFF')`,
        `insert into company_usernames (company_id, username_lower, username, user_id) values ('c1', 'ana_r', 'Ana_R', 'u1'), ('c1', 'bo', 'bo', 'u2')`,
      ])
        await sql.raw(statement).execute(database.db);
      await migrateToLatest(raw);
      const rows = await database.db
        .selectFrom("employees")
        .select(["userId", "name", "email", "status", "username", "usernameLower", "pinHash", "payType"])
        .orderBy("userId")
        .execute();
      expect(rows).toEqual([
        {
          userId: "u1",
          name: "ana",
          email: "a@example.com",
          status: "pending",
          username: "Ana_R",
          usernameLower: "ana_r",
          pinHash: "$argon2id$a",
          payType: "hourly",
        },
        { userId: "u2", name: "bo", email: "b@example.com", status: "active", username: "bo", usernameLower: "bo", pinHash: "$argon2id$b", payType: "hourly" },
      ]);
      const { rows: tables } = await sql<{
        n: number;
      }>`select count(*)::int as n from information_schema.tables where table_name = 'company_usernames'`.execute(database.db);
      expect(tables[0].n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
