import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../src/app.ts";
import { loadConfig } from "../src/base/config.ts";
import { openPGlite, type Database } from "../src/db/database.ts";
import { Client, failure } from "./support/testServer.ts";

// Issue 32: a fresh installation (SEED=none) has no system administrator, and in the console a
// role waits for a second one (decision 0060); `npm run admin -- create EMAIL` makes the first.
// It prints a one-time code and link to set the password, or sets ADMIN_PASSWORD; running it again
// changes nothing already so. (The same command from the build, on production dependencies only,
// is run by `npm run test:production`.)

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);
let dataDir: string;

/** The command on its sources, against the embedded database in `dataDir`. */
async function admin(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout } = await run(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "server/src/cli/admin.ts"), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, SEED: "none", PUBLIC_URL: "https://tumble.example.com", ...env },
    });
    return { code: 0, stdout, stderr: "" };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-admin-"));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("npm run admin -- create", () => {
  // Each run starts a process and opens the durable embedded database: minutes on a busy machine.
  it(
    "makes the first super administrator of an empty installation, with a one-time code to set the password; again, it changes nothing",
    { timeout: 600_000 },
    async () => {
      const first = await admin(["create", "Boss@Example.com", "--name", "The Boss"]);
      expect(first.stderr).toBe("");
      expect(first.code).toBe(0);
      expect(first.stdout).toContain("Created the account boss@example.com.");
      expect(first.stdout).toContain("It is now SUPER_ADMIN.");
      const link = /open (https:\/\/tumble\.example\.com\/\?setPassword=boss%40example\.com) and enter the code (\d{6})/.exec(first.stdout);
      expect(link).not.toBeNull();

      const again = await admin(["create", "boss@example.com"]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain("Found the account boss@example.com.");
      expect(again.stdout).toContain("It already was SUPER_ADMIN; nothing changed.");
      const newer = /enter the code (\d{6})/.exec(again.stdout)![1];

      // A second account with its password from the environment; a short one is refused, changing nothing.
      const short = await admin(["create", "deputy@example.com", "--role", "SYSTEM_ADMIN"], { ADMIN_PASSWORD: "short" });
      expect(short.code).toBe(1);
      expect(short.stderr).toMatch(/at least \d+ characters/);
      const deputy = await admin(["create", "deputy@example.com", "--role", "SYSTEM_ADMIN"], { ADMIN_PASSWORD: "a-long-password" });
      expect(deputy.stdout).toContain("It is now SYSTEM_ADMIN.");
      expect(deputy.stdout).toContain("Its password is set.");
      expect((await admin(["create"])).stderr).toContain("Usage: npm run admin -- create EMAIL");

      // The server on that database: no demo data, the two administrators sign in and act.
      const database: Database = await openPGlite(dataDir);
      let server: RunningServer | null = null;
      try {
        server = await startServer(loadConfig({ PORT: "0", SEED: "none", DATA_DIR: dataDir }), database);
        const url = `http://127.0.0.1:${server.port}`;
        expect(await database.db.selectFrom("companies").select("id").execute()).toEqual([]);
        const users = await database.db.selectFrom("users").select(["email", "globalRole"]).orderBy("email").execute();
        expect(users).toEqual([
          { email: "boss@example.com", globalRole: "SUPER_ADMIN" },
          { email: "deputy@example.com", globalRole: "SYSTEM_ADMIN" },
        ]);
        const anyone = new Client(url);
        // Only the newest code counts, once.
        const reset = (code: string) =>
          anyone.action("auth:signIn", {
            provider: "password",
            params: { flow: "reset-verification", email: "boss@example.com", code, newPassword: "boss-password-1" },
          });
        expect(await failure(reset(link![2] === newer ? "000000" : link![2]))).toBe("Invalid or expired code");
        await reset(newer);
        const boss = await new Client(url).signIn("boss@example.com", "boss-password-1");
        expect((await boss.query<Array<{ email: string }>>("systemAdmin:listUsers", {})).map((u) => u.email)).toEqual([
          "boss@example.com",
          "deputy@example.com",
        ]);
        const deputyClient = await new Client(url).signIn("deputy@example.com", "a-long-password");
        expect(await deputyClient.query("systemAdmin:listCompanies", {})).toEqual([]);
      } finally {
        await server?.close();
        await database.close();
      }
    },
  );
});
