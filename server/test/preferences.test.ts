import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "@tumble/domain/preferences";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe("user preferences", () => {
  it("starts from the defaults, merges updates and resets", async () => {
    const c = await new Client(server.url).signIn("staff@demo.test");
    expect(await c.query("userPreferences:getUserPreferences")).toEqual(DEFAULT_PREFERENCES);

    await c.mutation("userPreferences:updateUserPreferences", { preferences: { fontScale: "lg", sidebarCollapsed: true } });
    await c.mutation("userPreferences:updateUserPreferences", {
      preferences: { columnVisibility: { collections: { notes: false } }, emailNotifications: { announcements: false } },
    });
    expect(await c.query("userPreferences:getUserPreferences")).toEqual({
      ...DEFAULT_PREFERENCES,
      fontScale: "lg",
      sidebarCollapsed: true,
      columnVisibility: { collections: { notes: false } },
      emailNotifications: { announcements: false },
    });

    // Another user is untouched.
    const other = await new Client(server.url).signIn("member@demo.test");
    expect(await other.query("userPreferences:getUserPreferences")).toEqual(DEFAULT_PREFERENCES);

    expect(await c.mutation("userPreferences:resetUserPreferences")).toEqual(DEFAULT_PREFERENCES);
    expect(await c.query("userPreferences:getUserPreferences")).toEqual(DEFAULT_PREFERENCES);
  });

  it("rejects unknown keys and bad values, keeping what was saved", async () => {
    const c = await new Client(server.url).signIn("supervisor@demo.test");
    await c.mutation("userPreferences:updateUserPreferences", { preferences: { iconScale: "xl" } });
    expect(await failure(c.mutation("userPreferences:updateUserPreferences", { preferences: { fontScale: "huge" } }))).toMatch(/^Invalid argument/);
    expect(await failure(c.mutation("userPreferences:updateUserPreferences", { preferences: { colour: "red" } }))).toMatch(/^Invalid argument/);
    expect(await failure(c.mutation("userPreferences:updateUserPreferences", { preferences: { emailNotifications: { announcements: "no" } } }))).toMatch(
      /^Invalid argument/,
    );
    expect(await c.query("userPreferences:getUserPreferences")).toMatchObject({ iconScale: "xl", fontScale: "base" });
  });

  it("saves and reads back the language, and needs sign-in", async () => {
    const c = await new Client(server.url).signIn("managing@demo.test");
    await c.mutation("users:updateLanguagePreference", { language: "es" });
    expect(await c.query("users:getUserLanguage")).toBe("es");
    expect(await failure(c.mutation("users:updateLanguagePreference", { language: "fr" }))).toMatch(/^Invalid argument "language"/);
    expect(await c.query("users:getUserLanguage")).toBe("es");
    const { status } = await new Client(server.url).raw("query", "userPreferences:getUserPreferences");
    expect(status).toBe(560);
  });
});
