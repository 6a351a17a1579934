import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isRegisteredFunction, type AnyRegisteredFunction } from "./define.ts";

// Function path = file path under server/src/functions (no extension) + ":" + export name.

export const FUNCTIONS_DIR = fileURLToPath(new URL("../functions/", import.meta.url));

export type Registry = Map<string, AnyRegisteredFunction>;

/** Module paths ("auth", "employeeAuth/index") of every function file, sorted. */
export function listFunctionModules(dir = FUNCTIONS_DIR): string[] {
  const out: string[] = [];
  const visit = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(rel);
      else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) && !entry.name.startsWith("_")) {
        out.push(rel.replace(/\.ts$/, ""));
      }
    }
  };
  visit("");
  return out.sort();
}

export async function loadRegistry(dir = FUNCTIONS_DIR): Promise<Registry> {
  const registry: Registry = new Map();
  for (const modulePath of listFunctionModules(dir)) {
    const mod = (await import(pathToFileURL(path.join(dir, `${modulePath}.ts`)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (isRegisteredFunction(value)) registry.set(`${modulePath}:${name}`, value);
    }
  }
  return registry;
}
