import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";
import { DEFAULT_THEMES, ensureDefaultThemes } from "../src/seed/themes.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

type Theme = {
  _id: string;
  name: string;
  isDefault: boolean;
  config: { colors: { primary: string }; typography: { fontFamily: string }; spacing: { borderRadius: number } };
};

describe("themes", () => {
  it("seeds Tumble (default) and Harbor once, however often the server starts", async () => {
    await ensureDefaultThemes(server.database.db);
    await ensureDefaultThemes(server.database.db);
    const rows = await server.database.db.selectFrom("themes").select(["name", "isDefault"]).orderBy("name").execute();
    expect(rows).toEqual([
      { name: "Harbor", isDefault: false },
      { name: "Tumble", isDefault: true },
    ]);
    for (const seed of DEFAULT_THEMES) {
      expect(Object.keys(seed.config.colors).sort()).toEqual(
        ["accent", "background", "border", "error", "info", "primary", "secondary", "success", "surface", "text", "textSecondary", "warning"].sort(),
      );
    }
  });

  it("lists the available themes, the default first", async () => {
    const c = await new Client(server.url).signIn("staff@demo.test");
    const themes = await c.query<Theme[]>("themes/queries:getAvailableThemes");
    expect(themes.map((t) => t.name)).toEqual(["Tumble", "Harbor"]);
    expect(themes[0]).toMatchObject({ isDefault: true, config: { colors: { primary: "#0c8599" } } });
  });

  it("gives the default as the active theme until the user applies another", async () => {
    const c = await new Client(server.url).signIn("member@demo.test");
    expect(await c.query("themes/queries:getUserThemePreferences")).toBeNull();
    expect(await c.query<Theme>("themes/queries:getActiveTheme")).toMatchObject({ name: "Tumble", isDefault: true });

    const themes = await c.query<Theme[]>("themes/queries:getAvailableThemes");
    const harbor = themes.find((t) => t.name === "Harbor")!;
    expect(await c.mutation("themes/mutations:applyTheme", { themeId: harbor._id })).toEqual({ themeId: harbor._id, name: "Harbor" });
    expect(await c.query<Theme>("themes/queries:getActiveTheme")).toMatchObject({ _id: harbor._id, name: "Harbor", config: { spacing: { borderRadius: 2 } } });
    expect(await c.query("themes/queries:getUserThemePreferences")).toMatchObject({ themeId: harbor._id, updatedAt: expect.any(Number) });

    // Another user still sees the default.
    const other = await new Client(server.url).signIn("supervisor@demo.test");
    expect(await other.query<Theme>("themes/queries:getActiveTheme")).toMatchObject({ name: "Tumble" });

    // Applying the default again switches back.
    const tumble = themes.find((t) => t.name === "Tumble")!;
    await c.mutation("themes/mutations:applyTheme", { themeId: tumble._id });
    expect(await c.query<Theme>("themes/queries:getActiveTheme")).toMatchObject({ name: "Tumble" });
  });

  it("refuses an unknown theme with a clear error and changes nothing", async () => {
    const c = await new Client(server.url).signIn("manager@demo.test");
    const harbor = (await c.query<Theme[]>("themes/queries:getAvailableThemes")).find((t) => t.name === "Harbor")!;
    await c.mutation("themes/mutations:applyTheme", { themeId: harbor._id });
    expect(await failure(c.mutation("themes/mutations:applyTheme", { themeId: "no-such-theme" }))).toBe("Theme not found");
    expect(await failure(c.mutation("themes/mutations:applyTheme", { themeId: "" }))).toMatch(/^Invalid argument "themeId"/);
    expect(await failure(c.mutation("themes/mutations:applyTheme", {}))).toMatch(/^Invalid argument "themeId"/);
    expect(await c.query<Theme>("themes/queries:getActiveTheme")).toMatchObject({ name: "Harbor" });
    expect(await c.query("themes/queries:getUserThemePreferences")).toMatchObject({ themeId: harbor._id });
  });

  it("needs a signed-in user for every theme function", async () => {
    const anonymous = new Client(server.url);
    for (const path of ["themes/queries:getActiveTheme", "themes/queries:getAvailableThemes", "themes/queries:getUserThemePreferences"]) {
      const { status, body } = await anonymous.raw("query", path);
      expect(status).toBe(560);
      expect(body).toMatchObject({ status: "error" });
    }
    const { status } = await anonymous.raw("mutation", "themes/mutations:applyTheme", { themeId: "x" });
    expect(status).toBe(560);
  });
});
