import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isRegisteredFunction, type AnyRegisteredFunction } from "./define.ts";

// Function path = file path under server/src/functions (no extension) + ":" + export name.

export const FUNCTIONS_DIR = fileURLToPath(new URL("../functions/", import.meta.url));

/** ".ts" when running from source (tsx, tests), ".js" when running the compiled server. */
export const MODULE_EXTENSION = path.extname(fileURLToPath(import.meta.url));

export type Registry = Map<string, AnyRegisteredFunction>;

/** Module paths ("auth", "employeeAuth/index") of every function file, sorted. */
export function listFunctionModules(dir = FUNCTIONS_DIR): string[] {
  const out: string[] = [];
  const visit = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(rel);
      else if (entry.name.endsWith(MODULE_EXTENSION) && !/\.(test|d)\.[jt]s$/.test(entry.name) && !entry.name.startsWith("_")) {
        out.push(rel.slice(0, -MODULE_EXTENSION.length));
      }
    }
  };
  visit("");
  return out.sort();
}

export async function loadRegistry(dir = FUNCTIONS_DIR): Promise<Registry> {
  const registry: Registry = new Map();
  for (const modulePath of listFunctionModules(dir)) {
    const mod = (await import(pathToFileURL(path.join(dir, `${modulePath}${MODULE_EXTENSION}`)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (isRegisteredFunction(value)) registry.set(`${modulePath}:${name}`, value);
    }
  }
  return registry;
}
