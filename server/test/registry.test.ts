import { describe, expect, it } from "vitest";
import { functionPath, makeApi, specNameToPath, type FunctionReference } from "@tumble/domain/functionPath";
import { PERMISSION_FLAGS } from "@tumble/domain/permissions";
import { loadRegistry } from "../src/runtime/registry.ts";

describe("function registry", () => {
  it("names functions by file path and export, and every one declares a valid access level", async () => {
    const registry = await loadRegistry();
    expect(registry.has("auth:signIn")).toBe(true);
    const valid = new Set<string>(["public", "signedIn", "member", ...PERMISSION_FLAGS]);
    for (const [path, fn] of registry) {
      expect(path).toMatch(/^[A-Za-z0-9_/]+:[A-Za-z0-9_]+$/);
      expect(valid.has(fn.access), `${path} access ${fn.access}`).toBe(true);
    }
  });

  // Who may call what is reviewed like code: a change here shows in the diff of this snapshot.
  it("matches the committed snapshot of every function's kind and access level", async () => {
    const registry = await loadRegistry();
    const table = Object.fromEntries([...registry].map(([path, fn]) => [path, `${fn.kind} ${fn.access}`]));
    await expect(JSON.stringify(table, null, 2) + "\n").toMatchFileSnapshot("./__snapshots__/function-access.json");
  });

  it("maps api references and the spec's dotted names mechanically", () => {
    const api = makeApi() as Record<string, Record<string, Record<string, FunctionReference>>>;
    expect(functionPath(api.collections.listAllUnverifiedCollections as unknown as FunctionReference)).toBe("collections:listAllUnverifiedCollections");
    expect(functionPath(api.employeeAuth.index.employeeSignUp)).toBe("employeeAuth/index:employeeSignUp");
    expect(specNameToPath("auth.loggedInUser")).toBe("auth:loggedInUser");
    expect(specNameToPath("themes.queries.getActiveTheme")).toBe("themes/queries:getActiveTheme");
    expect(specNameToPath("auth getUserCompanyRole")).toBe("auth:getUserCompanyRole");
    expect(specNameToPath("marketing getCampaigns")).toBe("marketing:getCampaigns");
  });
});
