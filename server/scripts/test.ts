import { spawn, spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";

// `npm test`: every check, then how long each took, so a CI log shows where its time goes (the
// budget is in docs/decisions/0050 and 0068).
//
// The static checks (codegen, each TypeScript project, Prettier, ESLint) and the build each use
// one core, so they run side by side, as many at a time as there are cores (at least two), their
// output printed whole as each ends. Vitest and Playwright spread over the cores themselves and
// run after, one at a time. The first failure stops the run.

const STATIC: Array<[name: string, command: string]> = [
  ["typecheck web (server declarations)", "tsc -b web"],
  ["typecheck server", "tsc -p server"],
  ["lint", "npm run -s lint"],
  ["typecheck web tests", "tsc -p web/tsconfig.test.json"],
  ["format", "npm run -s format:check"],
  ["typecheck e2e", "tsc -p e2e"],
  ["typecheck domain", "tsc -p packages/domain"],
  ["typecheck bench", "tsc -p bench"],
  ["typecheck landing", "tsc -p landing"],
  ["codegen check", "npm run -s codegen -- --check"],
  ["build", "npm run -s build"],
];
const SERIAL: Array<[name: string, command: string]> = [
  ["unit, web and integration (Vitest)", "npm run -s test:unit"],
  ["browser (Playwright)", "npx playwright test -c e2e/playwright.config.ts"],
];

const took: Array<[string, number]> = [];
const started = performance.now();
const seconds = (since: number) => (performance.now() - since) / 1000;
const table = () => took.map(([name, s]) => `  ${name.padEnd(36)} ${s.toFixed(0).padStart(5)} s`).join("\n");
function failed(name: string, status: number | null): never {
  process.stderr.write(`\n${name} failed.\n${table()}\n`);
  process.exit(status ?? 1);
}

/** Runs one command with its output captured, printed in one piece when it ends. */
function runCaptured(name: string, command: string): Promise<{ name: string; status: number | null }> {
  return new Promise((resolve) => {
    const since = performance.now();
    const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: "0" } });
    const out: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => out.push(chunk));
    child.on("close", (status) => {
      took.push([name, seconds(since)]);
      const text = Buffer.concat(out).toString();
      process.stdout.write(`\n── ${name} (${seconds(since).toFixed(0)} s, ${status === 0 ? "passed" : "FAILED"})\n${text}`);
      resolve({ name, status });
    });
  });
}

async function runStatic() {
  const queue = [...STATIC];
  const failures: Array<{ name: string; status: number | null }> = [];
  const lane = async () => {
    for (let next = queue.shift(); next && !failures.length; next = queue.shift()) {
      const result = await runCaptured(...next);
      if (result.status !== 0) failures.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, lane));
  if (failures.length) failed(failures[0].name, failures[0].status);
}

await runStatic();
took.push(["static checks and build, side by side", seconds(started)]);
for (const [name, command] of SERIAL) {
  const since = performance.now();
  const { status } = spawnSync(command, { stdio: "inherit", shell: true });
  took.push([name, seconds(since)]);
  if (status !== 0) failed(name, status);
}
process.stdout.write(`\nEvery check passed.\n${table()}\n  ${"total (wall clock)".padEnd(36)} ${seconds(started).toFixed(0).padStart(5)} s\n`);
