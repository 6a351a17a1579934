import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PREFERENCES, type LayoutPreferences } from "@tumble/domain/preferences";
import { call, signIn, startWebTestServer, useServerOrigin, type WebTestServer } from "./testServer";

// Layout preferences (spec sections 3 and 4): applied and stored locally at once, sent to the
// server after a 1000 ms debounce, loaded from the server once per signed-in identity.

let server: WebTestServer;

beforeAll(async () => {
  server = await startWebTestServer();
  useServerOrigin(server.url);
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => {
  window.localStorage.clear();
  vi.resetModules();
});

/** A fresh store, signed in as `email` (or signed out). */
async function freshPreferences(email: string | null) {
  const auth = await import("./auth");
  let token: string | null = null;
  if (email) {
    const tokens = await signIn(server.url, email);
    window.localStorage.setItem(auth.TOKEN_KEY, tokens.token);
    window.localStorage.setItem(auth.REFRESH_TOKEN_KEY, tokens.refreshToken);
    token = tokens.token;
  }
  auth.authStore.init();
  const prefs = await import("./preferences");
  return { ...prefs, token };
}

const saved = (token: string) => call<LayoutPreferences>(server.url, "query", "userPreferences:getUserPreferences", {}, token);

describe("layout preferences", () => {
  it("applies and stores a change at once, and sends the last of a burst once the debounce has passed", async () => {
    const { updatePreferences, preferencesStore, PREFERENCES_STORAGE_KEY, PREFERENCES_SYNC_DEBOUNCE_MS, token } = await freshPreferences("admin@demo.test");
    const before = await saved(token!);

    updatePreferences({ fontScale: "lg" });
    updatePreferences({ fontScale: "xl" });
    updatePreferences({ layoutDensity: "compact" });

    expect(preferencesStore.get()).toMatchObject({ fontScale: "xl", layoutDensity: "compact" });
    expect(JSON.parse(window.localStorage.getItem(PREFERENCES_STORAGE_KEY)!)).toMatchObject({ fontScale: "xl", layoutDensity: "compact" });
    expect(document.documentElement.dataset.density).toBe("compact");
    expect(document.documentElement.style.fontSize).not.toBe("100%");

    // Within the debounce the server has heard nothing.
    await new Promise((r) => setTimeout(r, PREFERENCES_SYNC_DEBOUNCE_MS / 2));
    expect(await saved(token!)).toEqual(before);

    await vi.waitFor(async () => expect(await saved(token!)).toMatchObject({ fontScale: "xl", layoutDensity: "compact" }), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it("keeps changes local while signed out", async () => {
    const { updatePreferences, preferencesStore, PREFERENCES_STORAGE_KEY } = await freshPreferences(null);
    updatePreferences({ theme: "dark" });
    expect(preferencesStore.get().theme).toBe("dark");
    expect(JSON.parse(window.localStorage.getItem(PREFERENCES_STORAGE_KEY)!).theme).toBe("dark");
    // Nothing is waiting to be sent: a flush with no session does no request and throws nothing.
    await preferencesStore.flush();
  });

  it("loads the saved preferences once signed in, where changes not yet sent win", async () => {
    const tokens = await signIn(server.url, "managing@demo.test");
    await call(server.url, "mutation", "userPreferences:updateUserPreferences", { preferences: { theme: "dark", iconScale: "sm" } }, tokens.token);
    const { preferencesStore, updatePreferences, token } = await freshPreferences("managing@demo.test");
    expect(preferencesStore.get()).toEqual(DEFAULT_PREFERENCES);

    updatePreferences({ iconScale: "xxl" });
    await preferencesStore.loadFromServer("managing");

    expect(preferencesStore.get()).toMatchObject({ theme: "dark", iconScale: "xxl" });
    await preferencesStore.flush();
    expect(await saved(token!)).toMatchObject({ theme: "dark", iconScale: "xxl" });
  });

  it("resets to the defaults locally and on the server", async () => {
    const { preferencesStore, updatePreferences, resetPreferences, token } = await freshPreferences("staff@demo.test");
    updatePreferences({ sidebarBehavior: "hidden" });
    await preferencesStore.flush();
    expect((await saved(token!)).sidebarBehavior).toBe("hidden");

    await resetPreferences();

    expect(preferencesStore.get()).toEqual(DEFAULT_PREFERENCES);
    expect(await saved(token!)).toEqual(DEFAULT_PREFERENCES);
  });
});
