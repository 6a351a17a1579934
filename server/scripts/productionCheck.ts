import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Proves the built app runs without dev dependencies: copies the manifests and the build output
// (no sources) to a temporary folder, installs with `npm ci --omit=dev`, makes the first system
// administrator with `npm run admin -- create`, backs it up and restores it into a second
// installation with `npm run backup` and `npm run restore`, starts `npm run serve` and signs in through the
// API as a demo user and as that administrator. Run after `npm run build`.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const rootManifest = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { workspaces: string[]; devDependencies: Record<string, string> };
const BUILT = ["server/dist", "packages/domain/dist", "web/dist", "landing/dist"];

class CheckFailed extends Error {}
function fail(message: string): never {
  throw new CheckFailed(`production check failed: ${message}`);
}

for (const dir of BUILT) {
  if (!fs.existsSync(path.join(ROOT, dir))) {
    process.stderr.write(`production check failed: ${dir} is missing: run \`npm run build\` first\n`);
    process.exit(1);
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-production-"));
let child: ReturnType<typeof spawn> | null = null;
try {
  for (const file of ["package.json", "package-lock.json", ...rootManifest.workspaces.map((w) => `${w}/package.json`)]) {
    fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(work, file));
  }
  for (const dir of BUILT) fs.cpSync(path.join(ROOT, dir), path.join(work, dir), { recursive: true });

  process.stdout.write(`npm ci --omit=dev in ${work}\n`);
  execFileSync("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: work, stdio: ["ignore", "ignore", "inherit"] });
  const leaked = Object.keys(rootManifest.devDependencies).filter((name) => fs.existsSync(path.join(work, "node_modules", name)));
  if (leaked.length > 0) fail(`dev dependencies were installed: ${leaked.join(", ")}`);

  // The first system administrator of an empty installation, made by the built command (decision
  // 0060) before the server ever ran; a second run changes nothing.
  const adminEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    DATA_DIR: path.join(work, "data"),
    SEED: "none",
    ADMIN_PASSWORD: "first-admin-password",
  };
  for (const expected of ["It is now SUPER_ADMIN.", "It already was SUPER_ADMIN; nothing changed."]) {
    const said = execFileSync("npm", ["run", "--silent", "admin", "--", "create", "first-admin@example.com"], { cwd: work, env: adminEnv, encoding: "utf8" });
    if (!said.includes(expected)) fail(`npm run admin -- create said:\n${said}`);
  }

  // Backup and restore from the build too (decision 0062): the first installation into a second.
  const backup = path.join(work, "first.tumble-backup.jsonl.gz");
  execFileSync("npm", ["run", "--silent", "backup", "--", backup], { cwd: work, env: adminEnv, encoding: "utf8" });
  const restored = execFileSync("npm", ["run", "--silent", "restore", "--", backup], {
    cwd: work,
    env: { ...adminEnv, DATA_DIR: path.join(work, "restored") },
    encoding: "utf8",
  });
  if (!restored.includes("Restored ")) fail(`npm run restore said:\n${restored}`);

  child = spawn("npm", ["run", "--silent", "serve"], {
    cwd: work,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: "0", DATA_DIR: path.join(work, "data"), SEED: "demo" },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stopping reaches the server under npm.
    detached: true,
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const deadline = Date.now() + 120_000;
  let port: string | undefined;
  while (!port) {
    port = /\(port (\d+),/.exec(out)?.[1];
    if (child.exitCode !== null) fail(`the server exited with ${child.exitCode}:\n${err}`);
    if (Date.now() > deadline) fail(`the server did not start:\n${out}\n${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const base = `http://127.0.0.1:${port}`;
  const health = (await (await fetch(`${base}/api/health`)).json()) as { ok?: boolean };
  if (health.ok !== true) fail(`/api/health answered ${JSON.stringify(health)}`);
  const signIn = (await (
    await fetch(`${base}/api/action`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        path: "auth:signIn",
        args: { provider: "password", params: { email: "owner@demo.test", password: "demo-password", flow: "signIn" } },
        format: "json",
      }),
    })
  ).json()) as { status: string; errorMessage?: string };
  if (signIn.status !== "success") fail(`signing in failed: ${signIn.errorMessage}`);
  const adminSignIn = (await (
    await fetch(`${base}/api/action`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        path: "auth:signIn",
        args: { provider: "password", params: { email: "first-admin@example.com", password: "first-admin-password", flow: "signIn" } },
        format: "json",
      }),
    })
  ).json()) as { status: string; value?: { tokens: { token: string } }; errorMessage?: string };
  if (adminSignIn.status !== "success") fail(`the first administrator could not sign in: ${adminSignIn.errorMessage}`);
  const consoleAnswer = (await (
    await fetch(`${base}/api/query`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${adminSignIn.value!.tokens.token}` },
      body: JSON.stringify({ path: "systemAdmin:listCompanies", args: {}, format: "json" }),
    })
  ).json()) as { status: string; errorMessage?: string };
  if (consoleAnswer.status !== "success") fail(`the first administrator cannot open the console: ${consoleAnswer.errorMessage}`);
  const page = await fetch(`${base}/`);
  if (!page.ok || !(await page.text()).includes('<div id="root">')) fail(`the web app is not served at / (HTTP ${page.status})`);
  if (err.trim()) fail(`the server wrote to stderr:\n${err}`);
  process.stdout.write(
    `The built server runs on production dependencies only: npm run admin made the first administrator; health, sign-in, the console and the web app answer on ${base}.\n`,
  );
} catch (error) {
  process.stderr.write(`${error instanceof CheckFailed ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once("exit", r));
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
  fs.rmSync(work, { recursive: true, force: true });
}
