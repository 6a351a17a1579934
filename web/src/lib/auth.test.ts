import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signIn, startWebTestServer, useServerOrigin, type WebTestServer } from "./testServer";

// Token storage and refresh of the auth store, in a browser-like window against a real server.
// Each test loads a fresh copy of the module (the store is a singleton that reads storage once).

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

async function freshAuth() {
  return import("./auth");
}

/** A token the client reads as expired (the client never verifies signatures; the server does). */
function expiredToken(sub: string): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const now = Math.floor(Date.now() / 1000);
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ sub, iat: now - 3600, exp: now - 60 })}.signature`;
}

describe("auth store", () => {
  it("signs in with a password, stores both tokens and tells listeners about the new identity", async () => {
    const { authStore, decodeJwt, TOKEN_KEY, REFRESH_TOKEN_KEY } = await freshAuth();
    authStore.init();
    expect(authStore.getSnapshot()).toEqual({ isLoading: false, token: null });
    const changes: Array<[string | null, boolean]> = [];
    authStore.onTokenChange((token, identityChanged) => changes.push([token, identityChanged]));

    const result = await authStore.signIn("password", { email: "owner@demo.test", password: "demo-password", flow: "signIn" });

    expect(result).toEqual({ signingIn: true });
    const token = window.localStorage.getItem(TOKEN_KEY);
    expect(token).toBe(authStore.getToken());
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeTruthy();
    expect(decodeJwt(token)?.exp).toBeGreaterThan(Date.now() / 1000);
    expect(changes).toEqual([[token, true]]);
  });

  it("keeps the user signed in across a refresh: new tokens stored, same identity", async () => {
    const { authStore, decodeJwt, TOKEN_KEY, REFRESH_TOKEN_KEY } = await freshAuth();
    const tokens = await signIn(server.url, "staff@demo.test");
    window.localStorage.setItem(TOKEN_KEY, tokens.token);
    window.localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
    authStore.init();
    expect(authStore.getToken()).toBe(tokens.token);
    const changes: boolean[] = [];
    authStore.onTokenChange((_token, identityChanged) => changes.push(identityChanged));

    await authStore.refresh();

    const refreshed = window.localStorage.getItem(REFRESH_TOKEN_KEY);
    expect(refreshed).toBeTruthy();
    expect(refreshed).not.toBe(tokens.refreshToken);
    expect(decodeJwt(authStore.getToken())?.sub).toBe(decodeJwt(tokens.token)?.sub);
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(authStore.getToken());
    // A refresh that lands on the same token changes nothing; a new token is not a new identity.
    expect(changes.every((identityChanged) => identityChanged === false)).toBe(true);
  });

  it("refreshes at start-up when the stored access token has expired", async () => {
    const { authStore, TOKEN_KEY, REFRESH_TOKEN_KEY } = await freshAuth();
    const tokens = await signIn(server.url, "manager@demo.test");
    const stale = expiredToken("someone");
    window.localStorage.setItem(TOKEN_KEY, stale);
    window.localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);

    authStore.init();
    expect(authStore.getSnapshot().isLoading).toBe(true);
    await vi.waitFor(() => expect(authStore.getSnapshot().isLoading).toBe(false), { timeout: 10_000 });

    expect(authStore.getToken()).not.toBe(stale);
    expect(authStore.getToken()).toBeTruthy();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe(authStore.getToken());
  });

  it("signs out locally when the server refuses the refresh token", async () => {
    const { authStore, TOKEN_KEY, REFRESH_TOKEN_KEY } = await freshAuth();
    const tokens = await signIn(server.url, "member@demo.test");
    window.localStorage.setItem(TOKEN_KEY, tokens.token);
    window.localStorage.setItem(REFRESH_TOKEN_KEY, "not-a-refresh-token");
    authStore.init();
    const changes: Array<[string | null, boolean]> = [];
    authStore.onTokenChange((token, identityChanged) => changes.push([token, identityChanged]));

    await authStore.refresh();

    expect(authStore.getSnapshot()).toEqual({ isLoading: false, token: null });
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(REFRESH_TOKEN_KEY)).toBeNull();
    expect(changes).toEqual([[null, true]]);
  });

  it("follows a sign-in or sign-out made in another tab through the storage event", async () => {
    const { authStore, TOKEN_KEY } = await freshAuth();
    authStore.init();
    const tokens = await signIn(server.url, "supervisor@demo.test");

    window.localStorage.setItem(TOKEN_KEY, tokens.token);
    window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_KEY, newValue: tokens.token, storageArea: window.localStorage }));
    expect(authStore.getToken()).toBe(tokens.token);

    window.localStorage.removeItem(TOKEN_KEY);
    window.dispatchEvent(new StorageEvent("storage", { key: TOKEN_KEY, newValue: null, storageArea: window.localStorage }));
    expect(authStore.getToken()).toBeNull();
  });
});
