import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FunctionError } from "./errors";
import { ConnectionLostError, SyncSocket, type SyncHandlers } from "./socket";
import { call, signIn, startWebTestServer, useServerOrigin, type WebTestServer } from "./testServer";

// The live-query socket client in a browser-like window (happy-dom's WebSocket) against a real
// server: subscriptions, pushed updates, mutations over the socket, and a server restart.

let server: WebTestServer;

beforeAll(async () => {
  server = await startWebTestServer();
  useServerOrigin(server.url);
});
afterAll(async () => {
  await server.stop();
});

interface Recorded {
  updates: Array<{ path: string; value: unknown }>;
  failures: FunctionError[];
  authErrors: string[];
  connection: boolean[];
}

function recorder(): SyncHandlers & Recorded {
  const recorded: Recorded = { updates: [], failures: [], authErrors: [], connection: [] };
  return {
    ...recorded,
    onQueryUpdated: (path, _argsJSON, value) => recorded.updates.push({ path, value }),
    onQueryFailed: (_path, _argsJSON, error) => recorded.failures.push(error),
    onAuthError: (message) => recorded.authErrors.push(message),
    onConnectionChange: (open) => recorded.connection.push(open),
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const socketUrl = () => `${server.url.replace(/^http/, "ws")}/api/sync`;
const PREFS = "userPreferences:getUserPreferences";

describe("SyncSocket against a real server", () => {
  it("delivers a watched query, pushes the change a mutation makes, and answers the mutation", async () => {
    const owner = await signIn(server.url, "owner@demo.test");
    const handlers = recorder();
    const socket = new SyncSocket(handlers, socketUrl);
    socket.setToken(owner.token, false);
    socket.watch(PREFS, {}, "{}");
    socket.start();
    try {
      const first = (await socket.valueOf(PREFS, "{}")) as { fontScale: string };
      expect(first.fontScale).toBe("base");
      expect(socket.isOpen()).toBe(true);
      expect(handlers.connection).toEqual([true]);

      await socket.request("mutation", "userPreferences:updateUserPreferences", { preferences: { fontScale: "xl" } });
      await until(() => handlers.updates.some((u) => (u.value as { fontScale?: string }).fontScale === "xl"), "the pushed update");
      expect(socket.latest(PREFS, "{}")).toEqual({ value: expect.objectContaining({ fontScale: "xl" }) });

      // A change made by the same user elsewhere (over HTTP) reaches the socket too.
      await call(server.url, "mutation", "userPreferences:updateUserPreferences", { preferences: { fontScale: "sm" } }, owner.token);
      await until(() => (socket.latest(PREFS, "{}")?.value as { fontScale?: string }).fontScale === "sm", "the change made over HTTP");
    } finally {
      socket.stop();
    }
  });

  it("rejects a failing mutation with the server's message, and a failing query reaches its waiter", async () => {
    const owner = await signIn(server.url, "owner@demo.test");
    const socket = new SyncSocket(recorder(), socketUrl);
    socket.setToken(owner.token, false);
    socket.start();
    try {
      await until(() => socket.isOpen(), "the connection");
      const error = await socket.request("mutation", "userPreferences:updateUserPreferences", { preferences: { fontScale: "huge" } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FunctionError);
      expect((error as FunctionError).message).toMatch(/fontScale/);

      socket.watch("collections:get", { collectionId: "no-such-collection" }, '{"collectionId":"no-such-collection"}');
      const failed = await socket.valueOf("collections:get", '{"collectionId":"no-such-collection"}').catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(FunctionError);
      expect((failed as FunctionError).path).toBe("collections:get");
    } finally {
      socket.stop();
    }
  });

  it("re-subscribes under the new identity when the signed-in user changes", async () => {
    const owner = await signIn(server.url, "owner@demo.test");
    const staff = await signIn(server.url, "staff@demo.test");
    await call(server.url, "mutation", "userPreferences:updateUserPreferences", { preferences: { theme: "dark" } }, owner.token);
    await call(server.url, "mutation", "userPreferences:updateUserPreferences", { preferences: { theme: "light" } }, staff.token);
    const socket = new SyncSocket(recorder(), socketUrl);
    socket.setToken(owner.token, false);
    socket.watch(PREFS, {}, "{}");
    socket.start();
    try {
      expect(((await socket.valueOf(PREFS, "{}")) as { theme: string }).theme).toBe("dark");
      socket.setToken(staff.token, true);
      // The previous identity's value is gone at once, and the new one arrives.
      expect(socket.latest(PREFS, "{}")).toBeUndefined();
      expect(((await socket.valueOf(PREFS, "{}")) as { theme: string }).theme).toBe("light");
    } finally {
      socket.stop();
    }
  });

  it("reports requests cut off by a lost connection, reconnects and re-subscribes when the server returns", async () => {
    const owner = await signIn(server.url, "owner@demo.test");
    const handlers = recorder();
    const socket = new SyncSocket(handlers, socketUrl);
    socket.setToken(owner.token, false);
    socket.watch(PREFS, {}, "{}");
    socket.start();
    try {
      await socket.valueOf(PREFS, "{}");
      await server.halt();
      await until(() => !socket.isOpen(), "the socket to notice the server went away");
      expect(handlers.connection).toEqual([true, false]);
      await expect(socket.request("mutation", "userPreferences:updateUserPreferences", { preferences: {} })).rejects.toBeInstanceOf(ConnectionLostError);

      // The same database served again on the same port: the client finds it by itself.
      await server.resume();
      await until(() => socket.isOpen(), "the reconnection", 30_000);
      expect(handlers.connection).toEqual([true, false, true]);
      await call(server.url, "mutation", "userPreferences:updateUserPreferences", { preferences: { iconScale: "xxl" } }, owner.token);
      await until(() => (socket.latest(PREFS, "{}")?.value as { iconScale?: string }).iconScale === "xxl", "the push after reconnecting");
    } finally {
      socket.stop();
    }
  });
});
