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
let other: SyncClient;

beforeAll(async () => {
  const made = await createTestDatabase();
  await made.database.close();
  drop = made.drop;
  [a, b] = await Promise.all([startServerProcess({ DATABASE_URL: made.url! }), startServerProcess({ DATABASE_URL: made.url! })]);
});

afterAll(async () => {
  socket?.close();
  other?.close();
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

  it("carry a company's write to that company's subscribers on the other process", async () => {
    const writer = await new Client(b.url).signIn("manager@demo.test");
    const rioReader = await new Client(a.url).signIn("staff@demo.test");
    const sudsReader = await new Client(a.url).signIn("owner@suds.test");
    const rio = await SyncClient.connect(a.url, rioReader.token);
    other = await SyncClient.connect(a.url, sudsReader.token);
    const rioStores = rio.subscribe("stores:listAll");
    const sudsStores = other.subscribe("stores:listAll");
    await Promise.all([rioStores.next(1), sudsStores.next(1)]);

    await writer.mutation("stores:create", { name: "Across Processes", address: "2 Notify Rd", timeZone: "America/Chicago" });
    expect(((await rioStores.next(2)).value as Array<{ name: string }>).map((s) => s.name)).toContain("Across Processes");
    // Suds's list, on the same process, is not Rio's business.
    expect(sudsStores.updates()).toHaveLength(1);
    rio.close();
  });
});
