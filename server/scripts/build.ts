import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build as viteBuild } from "vite";

// `npm run build`: the server compiled to plain JavaScript, the staff app and the landing pages
// bundled. Each part is rebuilt only when a file it is built from changed: the hash of those files
// is kept beside the output, so a second `npm start` on unchanged sources serves in seconds.
// `--force` rebuilds everything.
//
// The server (and packages/domain) compile with tsc into `dist/` beside each `src/`, same folder
// layout, so functions and migrations are still found by reading their folders; `npm run serve`
// runs them with `node` alone. Type checking is `npm run typecheck`'s job, so emit skips it. Old
// output is removed first: a deleted function must not live on in dist.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const HASH_FILE = ".source-hash";
const force = process.argv.includes("--force");

/** Every file under these paths (folders walked, build output and dependencies skipped), hashed with its name. */
function sourceHash(paths: string[]): string {
  const files: string[] = [];
  const walk = (full: string) => {
    if (!fs.existsSync(full)) return;
    if (!fs.statSync(full).isDirectory()) return void files.push(full);
    for (const entry of fs.readdirSync(full)) if (!["node_modules", "dist", ".tmp"].includes(entry)) walk(path.join(full, entry));
  };
  for (const p of paths) walk(path.join(ROOT, p));
  const hash = createHash("sha256");
  for (const file of files.sort()) hash.update(`${path.relative(ROOT, file)}\n`).update(fs.readFileSync(file));
  return hash.digest("hex");
}

// What every part reads: the shared rules, the server (the web app imports its generated API
// type and themes), the dependency versions and the compiler settings.
const SHARED = ["packages/domain/src", "server/src", "package-lock.json", "tsconfig.base.json"];

interface Part {
  name: string;
  inputs: string[];
  /** Where the hash is kept; the part counts as unbuilt when it is missing. */
  output: string;
  run(): Promise<void>;
}

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const bundle = (dir: string) => async () => {
  await viteBuild({ configFile: path.join(ROOT, dir, "vite.config.ts"), logLevel: "warn" });
};

const PARTS: Part[] = [
  {
    name: "server",
    inputs: [...SHARED, "packages/domain/tsconfig.build.json", "server/tsconfig.build.json"],
    output: "server/dist",
    async run() {
      for (const project of ["packages/domain", "server"]) {
        fs.rmSync(path.join(ROOT, project, "dist"), { recursive: true, force: true });
        execFileSync(process.execPath, [tsc, "-p", path.join(ROOT, project, "tsconfig.build.json"), "--noCheck"], { stdio: "inherit" });
      }
    },
  },
  { name: "web app", inputs: [...SHARED, "web"], output: "web/dist", run: bundle("web") },
  { name: "landing pages", inputs: [...SHARED, "landing", "web/vite.plugins.ts"], output: "landing/dist", run: bundle("landing") },
];

// The web app's `Api` type is generated from the functions first.
await import("./codegen.ts");

for (const part of PARTS) {
  const hash = sourceHash(part.inputs);
  const kept = path.join(ROOT, part.output, HASH_FILE);
  if (!force && fs.existsSync(kept) && fs.readFileSync(kept, "utf8") === hash) {
    process.stdout.write(`${part.name}: up to date\n`);
    continue;
  }
  const started = performance.now();
  await part.run();
  fs.writeFileSync(kept, hash);
  process.stdout.write(`${part.name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
