import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/testServer.ts";
import { startServerProcess, type ServerProcess } from "../support/serverProcess.ts";
import { SyncClient } from "../support/syncClient.ts";
import { unzipSync } from "fflate";
import { Client, failure } from "../support/testServer.ts";

// Scale-out: two stateless server processes on one PostgreSQL. A write through one reaches a
// live query held on the other through LISTEN/NOTIFY; an export started on one is followed and
// downloaded on the other (jobs in the database, decision 0062); a rate limit counts the attempts
// made on both.

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

  it("follow and serve an export started on the other one", async () => {
    const onA = await new Client(a.url).signIn("sysadmin@demo.test");
    const onB = await new Client(b.url).signIn("sysadmin@demo.test");
    const companies = await onA.query<Array<{ id: string; name: string }>>("systemAdmin:listCompanies", { search: "Rio" });
    const { exportId } = await onA.action<{ exportId: string }>("exports:company", { companyId: companies.find((c) => c.name === "Rio Laundromat")!.id });
    const watch = await SyncClient.connect(b.url, onB.token);
    try {
      const job = watch.subscribe("exports:get", { exportId });
      let seen = (await job.next(1)).value as { status: string; bytes: number };
      for (let n = 2; seen.status !== "ready"; n++) {
        expect(seen.status).not.toBe("failed");
        seen = (await job.next(n)).value as { status: string; bytes: number };
      }
      const response = await fetch(`${b.url}/export-files/${exportId}`, { headers: { authorization: `Bearer ${onB.token}` } });
      expect(response.status).toBe(200);
      const zip = new Uint8Array(await response.arrayBuffer());
      expect(zip.byteLength).toBe(seen.bytes);
      expect(Object.keys(unzipSync(zip))).toEqual(expect.arrayContaining(["README.txt", "stores.csv", "collections.csv"]));
    } finally {
      watch.close();
    }
  });

  it("count one rate limit across both", async () => {
    const attempt = (url: string) =>
      new Client(url).action("auth:signIn", { provider: "password", params: { email: "staff@demo.test", password: "not the password", flow: "signIn" } });
    // Ten wrong passwords from one address, alternating processes, use up the pair's ten tries.
    for (let i = 0; i < 10; i++) expect(await failure(attempt(i % 2 ? a.url : b.url))).toBe("Invalid password");
    expect(await failure(attempt(a.url))).toBe("Too many attempts, try again later");
    expect(await failure(attempt(b.url))).toBe("Too many attempts, try again later");
  });
});
