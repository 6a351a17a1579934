import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { runMain, startServerProcess } from "../support/serverProcess.ts";

// The embedded database as `npm start` runs it: one process per data directory, a clean stop.

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function copyTemplate(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-proc-"));
  dirs.push(dir);
  const template = inject("pgliteTemplate");
  if (template) fs.cpSync(template, path.join(dir, "db"), { recursive: true });
  return path.join(dir, "db");
}

describe("server process on PGlite", () => {
  // Three server processes start one after another, each compiling the server: a minute and more on a busy machine.
  it("refuses a second process on the same data directory, then stops cleanly on SIGTERM", { timeout: 180_000 }, async () => {
    const dataDir = copyTemplate();
    const first = await startServerProcess({ DATA_DIR: dataDir });
    expect(await (await fetch(`${first.url}/api/health`)).json()).toEqual({ ok: true, database: "pglite" });
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(true);

    const second = runMain({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toMatch(/^The data directory .* is in use by another Tumble process \(pid \d+\)/);

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.stdout()).toContain("SIGTERM: shutting down");
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);

    // The directory opens again with its data intact.
    const again = await startServerProcess({ DATA_DIR: dataDir });
    const res = await fetch(`${again.url}/api/action`, {
      method: "POST",
      body: JSON.stringify({
        path: "auth:signIn",
        args: { provider: "password", params: { email: "owner@demo.test", password: "demo-password", flow: "signIn" } },
      }),
    });
    expect(res.status).toBe(200);
    again.child.kill("SIGINT");
    expect(await again.exited).toBe(0);
  });

  it("stops at start-up with one line naming a wrong variable", async () => {
    const proc = runMain({ PORT: "not-a-port" });
    expect(await proc.exited).toBe(1);
    expect(proc.stderr().trim()).toMatch(/^Invalid PORT: [^\n]+$/);
  });
});
