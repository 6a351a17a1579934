import { spawnSync } from "node:child_process";

// `npm test`: every check in order, stopping at the first that fails, then how long each took, so
// a CI log shows where its time goes (the budget is in docs/decisions/0050).

const PHASES: Array<[name: string, command: string]> = [
  ["codegen check", "npm run -s codegen -- --check"],
  ["typecheck", "npm run -s typecheck"],
  ["format", "npm run -s format:check"],
  ["lint", "npm run -s lint"],
  ["unit, web and integration (Vitest)", "npm run -s test:unit"],
  ["build", "npm run -s build"],
  ["browser (Playwright)", "npx playwright test -c e2e/playwright.config.ts"],
];

const took: Array<[string, number]> = [];
const table = () => took.map(([name, s]) => `  ${name.padEnd(36)} ${s.toFixed(0).padStart(5)} s`).join("\n");
for (const [name, command] of PHASES) {
  const started = performance.now();
  const { status } = spawnSync(command, { stdio: "inherit", shell: true });
  took.push([name, (performance.now() - started) / 1000]);
  if (status !== 0) {
    process.stderr.write(`\n${name} failed.\n${table()}\n`);
    process.exit(status ?? 1);
  }
}
process.stdout.write(
  `\nEvery check passed.\n${table()}\n  ${"total".padEnd(36)} ${took
    .reduce((s, [, t]) => s + t, 0)
    .toFixed(0)
    .padStart(5)} s\n`,
);
