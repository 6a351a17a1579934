import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The project's own documents say what is true: the decision index lists every record, and every
// file, script and setting that README.md and docs/adding-a-module.md name exists. A rename that
// leaves a document behind fails here, naming what it lost.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const DECISIONS = "docs/decisions";

/** Every file of the repository (its own sources, not what installs and builds make). */
function repositoryFiles(dir = ROOT, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (/^(node_modules|dist|data|\.git|\.tmp|test-results|playwright-report|results)$/.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) repositoryFiles(full, out);
    else out.push(path.relative(ROOT, full).split(path.sep).join("/"));
  }
  return out;
}

/** The `code` spans of a Markdown text. */
const codeSpans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1].trim());

/** A span naming a file or folder of ours, without placeholders, globs, built output or packages (`@tumble/...`). */
const isOwnPath = (span: string) =>
  /^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(span) &&
  (span.includes("/") || /\.(ts|tsx|md|json)$/.test(span)) &&
  !/^(server\/dist|packages\/domain\/dist|node_modules)\b/.test(span) &&
  // Not a route, a package, a place the app makes (./data) or a setting's value (DATA_DIR/backups).
  !/^([/@]|\.\/|[A-Z_]+\/)/.test(span);

/** Spans naming something that is not in the repository: a path must exist as given, or as the end of a path. */
function missingPaths(text: string, files: string[]): string[] {
  const dirs = new Set(
    files.flatMap((f) =>
      f
        .split("/")
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
    ),
  );
  return [...new Set(codeSpans(text).filter(isOwnPath))].filter((span) => {
    const wanted = span.replace(/\/$/, "");
    const found = (p: string) => p === wanted || p.endsWith(`/${wanted}`);
    return !files.some(found) && ![...dirs].some(found);
  });
}

describe("the decision records", () => {
  const records = fs.readdirSync(path.join(ROOT, DECISIONS)).filter((f) => /^\d{4}-.+\.md$/.test(f));
  const index = read(`${DECISIONS}/README.md`);

  it("are numbered from 0001 without a gap or a number used twice", () => {
    expect(records.map((f) => Number(f.slice(0, 4)))).toEqual(records.map((_, i) => i + 1));
  });

  it("are each listed once in the index, under the title the record gives itself", () => {
    const links = [...index.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links.filter((link) => !records.includes(link))).toEqual([]);
    expect(records.filter((record) => links.filter((link) => link === record).length !== 1)).toEqual([]);
    for (const record of records) {
      const title = read(`${DECISIONS}/${record}`)
        .split("\n")[0]
        .replace(/^#\s*\d{4}\s*[—:]\s*/, "");
      expect(index, record).toContain(`[${record.slice(0, 4)} — ${title}](${record})`);
    }
  });
});

describe("README.md and docs/adding-a-module.md", () => {
  const files = repositoryFiles();
  const readme = read("README.md");

  it("name only files and folders that exist", () => {
    expect(missingPaths(read("docs/adding-a-module.md"), files)).toEqual([]);
    expect(missingPaths(readme, files)).toEqual([]);
  });

  it("name only npm scripts that package.json has", () => {
    const scripts = Object.keys((JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts);
    const named = [...new Set([...`${readme}\n${read("docs/adding-a-module.md")}`.matchAll(/\bnpm run (?:-s |--silent )?([\w:-]+)/g)].map((m) => m[1]))];
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it("name only settings the code reads", () => {
    const code = files
      .filter((f) => /^(server\/(src|scripts)|\.ci|e2e|bench)\//.test(f) && /\.(ts|js)$|\/run$/.test(f))
      .map((f) => read(f))
      .join("\n");
    const settings = [...new Set(codeSpans(readme).flatMap((span) => /^[A-Z][A-Z_]*[A-Z](?==|$)/.exec(span) ?? []))];
    expect(settings).toEqual(expect.arrayContaining(["DATABASE_URL", "SMTP_URL", "PORT", "SEED"]));
    expect(settings.filter((name) => !new RegExp(`\\b${name}\\b`).test(code))).toEqual([]);
  });

  it("would notice a path, a script or a record that is not there", () => {
    expect(missingPaths("see `server/src/nowhere/ledger.ts` and `docs/decisions/9999-none.md`", files)).toEqual([
      "server/src/nowhere/ledger.ts",
      "docs/decisions/9999-none.md",
    ]);
    expect(missingPaths("`server/src/<name>/`, `NNNN_<words>.ts`, `server/dist`, `/api/sync`, `@tumble/domain/money`, `DATA_DIR/backups`", files)).toEqual([]);
  });
});
