import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/testServer.ts";
import { startServerProcess, type ServerProcess } from "../support/serverProcess.ts";
import { SyncClient } from "../support/syncClient.ts";
import { Client } from "../support/testServer.ts";

// Scale-out: two stateless server processes on one PostgreSQL. A write through one reaches a
// live query held on the other through LISTEN/NOTIFY.

let drop: () => Promise<void>;
let a: ServerProcess;
let b: ServerProcess;
let socket: SyncClient;

beforeAll(async () => {
  const made = await createTestDatabase();
  await made.database.close();
  drop = made.drop;
  [a, b] = await Promise.all([startServerProcess({ DATABASE_URL: made.url! }), startServerProcess({ DATABASE_URL: made.url! })]);
});

afterAll(async () => {
  socket?.close();
  for (const p of [a, b]) {
    if (p) {
      p.child.kill("SIGTERM");
      await p.exited;
    }
  }
  await drop?.();
});

describe("two server processes on one PostgreSQL", () => {
  it("push a mutation made on one to a subscriber on the other", async () => {
    expect(await (await fetch(`${a.url}/api/health`)).json()).toEqual({ ok: true, database: "postgres" });
    const writer = await new Client(b.url).signIn("owner@demo.test");
    // The token signed by one process is accepted by the other: the secret lives in the database.
    socket = await SyncClient.connect(a.url, writer.token);
    const sub = socket.subscribe("users:getUserLanguage");
    expect((await sub.next(1)).value).toBeNull();

    await writer.mutation("users:updateLanguagePreference", { language: "es" });
    expect((await sub.next(2)).value).toBe("es");
    await writer.mutation("users:updateLanguagePreference", { language: "en" });
    expect((await sub.next(3)).value).toBe("en");
  });
});
