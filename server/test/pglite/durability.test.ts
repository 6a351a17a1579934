import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { openPGlite, pgliteSyncs } from "../../src/db/database.ts";
import { startServerProcess } from "../support/serverProcess.ts";

// The embedded database's default mode survives a crash and a power cut (decision 0016).

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-durable-"));
  dirs.push(dir);
  return dir;
}

const signIn = (url: string) =>
  fetch(`${url}/api/action`, {
    method: "POST",
    body: JSON.stringify({
      path: "auth:signIn",
      args: { provider: "password", params: { email: "owner@demo.test", password: "demo-password", flow: "signIn" } },
    }),
  });

describe("embedded database durability", () => {
  it("runs with fsync on and flushes the write-ahead log to disk at every commit", async () => {
    const dataDir = path.join(tempDir(), "db");
    fs.cpSync(inject("pgliteTemplate"), dataDir, { recursive: true });
    const database = await openPGlite(dataDir);
    try {
      expect((await sql<{ fsync: string }>`show fsync`.execute(database.db)).rows[0].fsync).toBe("on");
      await sql`create table durability_probe (id int primary key)`.execute(database.db);
      const before = pgliteSyncs.count;
      for (let i = 0; i < 5; i++) await sql`insert into durability_probe values (${i})`.execute(database.db);
      // At least one flush per committed insert reached fsync(2).
      expect(pgliteSyncs.count - before).toBeGreaterThanOrEqual(5);
    } finally {
      await database.close();
    }
  });

  it("restarts after kill -9: the stale lock of a dead process is taken over and committed data is there", async () => {
    const dataDir = path.join(tempDir(), "db");
    fs.cpSync(inject("pgliteTemplate"), dataDir, { recursive: true });
    const first = await startServerProcess({ DATA_DIR: dataDir });
    expect((await signIn(first.url)).status).toBe(200);
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8").trim()).toBe(String(first.child.pid));

    first.child.kill("SIGKILL");
    await first.exited;
    // No clean shutdown ran: the lock file still names the dead process.
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);

    const again = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect(fs.readFileSync(`${dataDir}.lock`, "utf8").trim()).toBe(String(again.child.pid));
      expect((await signIn(again.url)).status).toBe(200);
    } finally {
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    }
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    // The session the killed process committed survived next to the one made after the restart.
    const database = await openPGlite(dataDir);
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from sessions`.execute(database.db);
      expect(rows[0].n).toBe(2);
    } finally {
      await database.close();
    }
    // Two server start-ups, each migrating and seeding.
  }, 120_000);
});
