import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

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
