import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

// The migrated, seeded template is cached under a key made of every source file that can change
// it: the files migrations and the seed import (followed transitively), every migration and seed
// file wherever it lives (they may be discovered by reading folders rather than imported), and the
// versions of the database engine and query builder, and the day it is seeded on.

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SERVER_SRC = path.join(ROOT, "server/src");
const DOMAIN_SRC = path.join(ROOT, "packages/domain/src");

const ENTRY_POINTS = ["server/src/db/migrate.ts", "server/src/seed/demo.ts", "server/test/support/globalSetup.ts"];

/** Files that migrations or seed data may be discovered from without an import. */
const isTemplateSource = (rel: string) => /(^|\/)(migrations|seed)\//.test(rel) || /(^|\/)[^/]*seed[^/]*\.ts$/i.test(rel);

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "_generated") walk(full, out);
    } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) out.push(full);
  }
  return out;
}

const IMPORT = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;

function resolveImport(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith(".")) return path.resolve(path.dirname(fromFile), specifier);
  const domain = /^@tumble\/domain\/(.+)$/.exec(specifier);
  if (domain) return path.join(DOMAIN_SRC, domain[1].endsWith(".ts") ? domain[1] : `${domain[1]}.ts`);
  return null;
}

function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !fs.existsSync(file) || !fs.statSync(file).isFile()) continue;
    seen.add(file);
    for (const match of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]);
      if (target) queue.push(target);
    }
  }
  return seen;
}

function packageVersion(name: string): string {
  const manifest = path.join(ROOT, "node_modules", name, "package.json");
  return fs.existsSync(manifest) ? (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version : "none";
}

/** A short hash naming the template built from the current sources. */
export function templateKey(): string {
  const files = closure(ENTRY_POINTS.map((f) => path.join(ROOT, f)));
  for (const file of walk(SERVER_SRC)) if (isTemplateSource(path.relative(SERVER_SRC, file))) files.add(file);
  const hash = createHash("sha256");
  hash.update(`pglite ${packageVersion("@electric-sql/pglite")} kysely ${packageVersion("kysely")}\n`);
  // The demo seed writes its history relative to the day it runs (today's visits, this week's
  // punches): a template seeded yesterday is not today's demo.
  hash.update(`seeded on ${new Date().toISOString().slice(0, 10)}\n`);
  for (const file of [...files].sort()) {
    hash.update(`${path.relative(ROOT, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}
