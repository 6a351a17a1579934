import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Compiles packages/domain and server to plain JavaScript (`dist/` beside each `src/`, same folder
// layout, so functions and migrations are still found by reading their folders) for `npm run serve`,
// which runs them with `node` alone. Type checking is `npm run typecheck`'s job, so emit skips it.
// Old output is removed first: a deleted function must not live on in dist.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

for (const project of ["packages/domain", "server"]) {
  fs.rmSync(path.join(ROOT, project, "dist"), { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, "-p", path.join(ROOT, project, "tsconfig.build.json"), "--noCheck"], { stdio: "inherit" });
}
