import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The module kit finds a module's pieces (migrations, badges, demo seeders) by reading a folder,
// so adding a module adds files and edits no list. Works on `.ts` (tsx, Vitest) and on `.js`
// (the compiled server) alike; declaration and test files are skipped.

const SOURCE = /^([A-Za-z0-9][\w-]*)\.(?:ts|js|mjs)$/;

/** The module names (file names without extension) in `dir`, sorted, each once. */
export function listModuleFiles(dir: string): string[] {
  const names = new Set<string>();
  for (const file of fs.readdirSync(dir)) {
    if (/\.d\.[cm]?ts$/.test(file) || /\.test\.[cm]?[jt]s$/.test(file)) continue;
    const match = SOURCE.exec(file);
    if (match) names.add(match[1]);
  }
  return [...names].sort();
}

/** Imports every module of `dir` in name order. */
export async function importModuleFiles<T>(dir: string): Promise<Array<{ name: string; module: T }>> {
  const files = fs.readdirSync(dir);
  const out: Array<{ name: string; module: T }> = [];
  for (const name of listModuleFiles(dir)) {
    const file = files.find((f) => SOURCE.exec(f)?.[1] === name)!;
    out.push({ name, module: (await import(pathToFileURL(path.join(dir, file)).href)) as T });
  }
  return out;
}
