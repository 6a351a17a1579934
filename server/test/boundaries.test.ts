import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// Module boundaries, checked on every run (issue 33, decision 0064): the server's folders import
// each other in one direction only (no cycle between folders); the runtime imports no module, only
// the platform below it; a migration imports no application code (it keeps a frozen copy of what
// it needs). Every static import counts, type-only ones too: a type is a dependency of the code.

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

/** What the runtime may import: the platform below it. */
const RUNTIME_MAY_IMPORT = new Set(["base", "db", "transport"]);

/** A function file (server/src/functions) is the wire layer: access, arguments, a call into its module. */
const FUNCTION_FILE_LINES = 300;

/**
 * Function files that still hold their module's logic, each at most as long as it is now. The list
 * only shrinks: moving a file's logic into server/src/<module>/ takes it off (issue 33).
 */
const FUNCTION_FILES_STILL_FAT: Record<string, number> = {};

type Graph = Map<string, Map<string, string[]>>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "_generated" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The relative imports of a source text (import, export … from, import()). */
export function importsOf(text: string): string[] {
  return [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)|(?:^|\n)\s*import\s+["'](\.[^"']+)["']/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** The folder a file of server/src belongs to: its first folder, db/migrations on its own, "(root)" for the top files. */
export function folderOf(relative: string): string {
  const parts = relative.split(/[\\/]/);
  if (parts[0] === "db" && parts[1] === "migrations") return "db/migrations";
  return parts.length > 1 ? parts[0] : "(root)";
}

/** Folder → folder it imports → the files that do. */
function folderGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(path.relative(SRC, file));
    for (const spec of importsOf(fs.readFileSync(file, "utf8"))) {
      const to = folderOf(path.relative(SRC, path.resolve(path.dirname(file), spec)));
      if (to === from || to.startsWith("..")) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      edges.set(to, [...(edges.get(to) ?? []), path.relative(SRC, file)]);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every cycle of folders (strongly connected components of more than one), each named with one import per step. */
export function cyclesOf(graph: Graph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components.map((component) => {
    const inside = new Set(component);
    const steps = component.flatMap((a) => [...(graph.get(a) ?? [])].filter(([b]) => inside.has(b)).map(([b, files]) => `${a} → ${b} (${files[0]})`));
    return `${component.join(", ")}: ${steps.join("; ")}`;
  });
}

describe("server module boundaries", () => {
  const graph = folderGraph();

  it("have no cycle between folders", () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("keep the runtime below every module", () => {
    const imported = [...(graph.get("runtime")?.entries() ?? [])]
      .filter(([to]) => !RUNTIME_MAY_IMPORT.has(to))
      .map(([to, files]) => `${to} (${files.join(", ")})`);
    expect(imported).toEqual([]);
  });

  // A change of rows that needs application code is a data upgrade (db/upgrades.ts, decision 0070).
  it("let no migration import application code", () => {
    const dir = path.join(SRC, "db/migrations");
    const offending = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".ts"))
      .filter((name) => importsOf(fs.readFileSync(path.join(dir, name), "utf8")).some((spec) => spec !== "../schema.ts" && spec !== "../columnTypes.ts"));
    expect(offending).toEqual([]);
  });

  it("leave the function files to the wire: nothing imports them, and none grows past its size", () => {
    const importers = [...graph].filter(([, edges]) => edges.has("functions")).map(([from, edges]) => `${from} (${edges.get("functions")!.join(", ")})`);
    expect(importers).toEqual([]);
    const dir = path.join(SRC, "functions");
    const over = Object.fromEntries(
      fs
        .readdirSync(dir)
        .filter((name) => name.endsWith(".ts"))
        .map((name) => [name, fs.readFileSync(path.join(dir, name), "utf8").split("\n").length - 1] as const)
        .filter(([name, lines]) => lines > FUNCTION_FILE_LINES || name in FUNCTION_FILES_STILL_FAT),
    );
    // A listed file may only shrink; one back under the line limit leaves the list.
    for (const [name, lines] of Object.entries(over)) {
      expect(lines, `functions/${name}: move its logic into its module's folder`).toBeLessThanOrEqual(FUNCTION_FILES_STILL_FAT[name] ?? FUNCTION_FILE_LINES);
      expect(lines, `functions/${name} is thin now: take it off FUNCTION_FILES_STILL_FAT`).toBeGreaterThan(FUNCTION_FILE_LINES);
    }
    expect(Object.keys(over).sort()).toEqual(Object.keys(FUNCTION_FILES_STILL_FAT).sort());
  });

  it("are checked by rules that catch a wrong import (fixtures)", () => {
    // A cycle through three folders is found and named step by step.
    const planted: Graph = new Map([
      ["cash", new Map([["runtime", ["cash/ledger.ts"]]])],
      ["reconciliation", new Map([["cash", ["reconciliation/bank.ts"]]])],
      ["runtime", new Map([["reconciliation", ["runtime/executor.ts"]]])],
    ]);
    expect(cyclesOf(planted)).toEqual([
      "cash, reconciliation, runtime: cash → runtime (cash/ledger.ts); reconciliation → cash (reconciliation/bank.ts); runtime → reconciliation (runtime/executor.ts)",
    ]);
    expect(cyclesOf(new Map([["cash", new Map([["runtime", ["cash/ledger.ts"]]])]]))).toEqual([]);
    // Every form of import is read; a migration is its own folder.
    expect(
      importsOf(
        `import { a } from "../collections/x.ts";\nimport type { B } from "./b.ts";\nexport { c } from "../c.ts";\nconst d = await import("../d.ts");\nimport "./side.ts";\nimport x from "kysely";`,
      ),
    ).toEqual(["../collections/x.ts", "./b.ts", "../c.ts", "../d.ts", "./side.ts"]);
    expect(folderOf("db/migrations/0019_report_rollups.ts")).toBe("db/migrations");
    expect(folderOf("db/schema.ts")).toBe("db");
    expect(folderOf("app.ts")).toBe("(root)");
  });
});

describe("web module boundaries (the lint rules, tried on planted files)", () => {
  const eslint = new ESLint({ cwd: fileURLToPath(new URL("../../", import.meta.url)) });
  const messages = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message));

  it("refuse a feature importing the app shell, from any depth, or another feature", async () => {
    const shell = "Features do not import the app shell (web/src/app): move what they share to lib or ui";
    expect(await messages("web/src/features/auth/Planted.ts", `import { x } from "../../app/router";\nexport const y = x;\n`)).toEqual([
      expect.stringContaining(shell),
    ]);
    expect(await messages("web/src/features/payroll/parts/Planted.ts", `import { x } from "../../../app/theme";\nexport const y = x;\n`)).toEqual([
      expect.stringContaining(shell),
    ]);
    expect(
      await messages("web/src/features/payroll/parts/deep/Planted.ts", `import { x } from "../../../../app/shell/AppMenu";\nexport const y = x;\n`),
    ).toEqual([expect.stringContaining(shell)]);
    expect(await messages("web/src/features/payroll/parts/Planted.ts", `import { x } from "../../scheduling/x";\nexport const y = x;\n`)).toEqual([
      expect.stringContaining("Features do not import each other."),
    ]);
    // Shared code is fine.
    expect(await messages("web/src/features/payroll/parts/Planted.ts", `import { x } from "../../../lib/theme";\nexport const y = x;\n`)).toEqual([]);
  }, 60_000);

  it("refuse the web app importing the server beyond the generated Api type, but in tests", async () => {
    const server = "The web app sees the server only through @tumble/server/_generated/api";
    const planted = `import type { StoreToday } from "@tumble/server/functions/home";\nexport type T = StoreToday;\n`;
    for (const file of [
      "web/src/features/user/home/Planted.tsx",
      "web/src/features/user/Planted.ts",
      "web/src/features/payroll/parts/deep/Planted.ts",
      "web/src/lib/planted.ts",
      "landing/src/planted.ts",
    ]) {
      expect(await messages(file, planted), file).toEqual([expect.stringContaining(server)]);
    }
    expect(await messages("web/src/lib/planted.ts", `import type { Api } from "@tumble/server/_generated/api";\nexport type T = Api;\n`)).toEqual([]);
    expect(await messages("web/src/lib/planted.test.ts", planted)).toEqual([]);
  }, 60_000);

  it("refuse screens formatting dates and numbers by hand instead of through the domain's helpers", async () => {
    const syntax = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message));
    for (const planted of [
      `export const day = (ms: number) => new Intl.DateTimeFormat("en-US", { weekday: "short" }).format(ms);\n`,
      `export const n = (x: number) => new Intl.NumberFormat("es").format(x);\n`,
      `export const day = (ms: number) => new Date(ms).toLocaleDateString("en-US");\n`,
      `export const rows = (x: number) => x.toLocaleString();\n`,
    ]) {
      for (const file of ["web/src/features/payroll/parts/Planted.tsx", "web/src/lib/planted.ts", "landing/src/planted.ts"]) {
        expect(await syntax(file, planted), `${file}: ${planted}`).toEqual([expect.stringContaining("domain's helpers")]);
      }
      expect(await syntax("web/src/lib/planted.test.ts", planted)).toEqual([]);
    }
    expect(
      await syntax(
        "web/src/lib/planted.ts",
        `import { formatDay } from "@tumble/domain/dateFormat";\nexport const d = (iso: string) => formatDay(iso, "en");\n`,
      ),
    ).toEqual([]);
  }, 60_000);

  it("refuse writing cents as dollars by division in product code, not in tests", async () => {
    const syntax = async (filePath: string, code: string) =>
      (await eslint.lintText(code, { filePath })).flatMap((result) => result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message));
    const planted = `export const csv = (row: { amountCents: number }) => (row.amountCents / 100).toFixed(2);\n`;
    for (const file of ["web/src/features/payroll/parts/Planted.ts", "server/src/payroll/planted.ts", "packages/domain/src/planted.ts"]) {
      expect(await syntax(file, planted), file).toEqual([expect.stringContaining("centsToDollarString")]);
    }
    expect(await syntax("web/src/features/payroll/parts/Planted.test.ts", planted)).toEqual([]);
    expect(
      await syntax(
        "web/src/features/payroll/parts/Planted.ts",
        `import { centsToDollarString } from "@tumble/domain/money";\nexport const csv = (c: number) => centsToDollarString(c);\n`,
      ),
    ).toEqual([]);
  }, 60_000);
});
