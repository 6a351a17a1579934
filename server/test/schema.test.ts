import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.ts";
import { createTestDatabase } from "./support/testServer.ts";

// The table types (server/src/db/*Schema.ts, merged into DB in schema.ts) against the migrated
// database: every table and column on one side exists on the other, with the same nullability and
// a compatible type. Read from the TypeScript source with the compiler, so nothing is kept twice.

type Family = "string" | "number" | "boolean" | "Date" | "bytes" | "json";
interface Column {
  nullable: boolean;
  family: Family | "other";
}
type Tables = Map<string, Map<string, Column>>;

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The DB interface's tables and columns, as snake_case names with their select types. */
function typedTables(): Tables {
  const file = fileURLToPath(new URL("../src/db/tables.generated.ts", import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const db = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "DB");
  if (!db) throw new Error("tables.generated.ts declares no DB interface: run npm run codegen");
  // ColumnType<S, I, U> (and Generated<T>), alone or in a union with null, are read as their select type S.
  const selectParts = (type: ts.Type): ts.Type[] =>
    (type.isUnion() ? type.types : [type]).flatMap((part) => {
      const select = part.getProperty("__select__");
      return select ? selectParts(checker.getTypeOfSymbolAtLocation(select, db)) : [part];
    });
  const family = (parts: ts.Type[]): Column["family"] => {
    if (parts.some((t) => t.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any))) return "json";
    if (parts.every((t) => t.flags & ts.TypeFlags.BooleanLike)) return "boolean";
    if (parts.some((t) => t.flags & ts.TypeFlags.NumberLike)) return "number"; // string | number: bigint cents
    if (parts.every((t) => t.flags & ts.TypeFlags.StringLike)) return "string";
    if (parts.every((t) => t.getSymbol()?.name === "Date")) return "Date";
    if (parts.every((t) => t.getSymbol()?.name === "Uint8Array")) return "bytes";
    // A json column may be typed with its shape (an object or an array) instead of unknown.
    if (parts.every((t) => t.flags & ts.TypeFlags.Object)) return "json";
    return "other";
  };
  const tables: Tables = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(db.name))) {
    const columns = new Map<string, Column>();
    for (const column of checker.getPropertiesOfType(checker.getTypeOfSymbolAtLocation(table, db))) {
      const parts = selectParts(checker.getTypeOfSymbolAtLocation(column, db));
      const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
      columns.set(snake(column.name), { nullable, family: family(parts.filter((t) => !(t.flags & ts.TypeFlags.Null))) });
    }
    tables.set(snake(table.name), columns);
  }
  return tables;
}

const FAMILY_OF_SQL: Record<string, Family> = {
  text: "string",
  "character varying": "string",
  date: "string",
  integer: "number",
  bigint: "number",
  boolean: "boolean",
  "timestamp with time zone": "Date",
  jsonb: "json",
  bytea: "bytes",
};

async function databaseTables(database: Database): Promise<Tables> {
  // The CamelCasePlugin hands the catalogue's columns back camelCased.
  const { rows } = await sql<{ tableName: string; columnName: string; isNullable: string; dataType: string }>`
    select table_name, column_name, is_nullable, data_type from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'`.execute(database.db);
  const tables: Tables = new Map();
  for (const row of rows) {
    if (!tables.has(row.tableName)) tables.set(row.tableName, new Map());
    tables.get(row.tableName)!.set(row.columnName, { nullable: row.isNullable === "YES", family: FAMILY_OF_SQL[row.dataType] ?? "other" });
  }
  return tables;
}

/** Every difference between the two, one line each. */
export function compareTables(types: Tables, database: Tables): string[] {
  const problems: string[] = [];
  for (const [table, columns] of types) {
    const actual = database.get(table);
    if (!actual) {
      problems.push(`table ${table} is in the types but not in the database`);
      continue;
    }
    for (const [column, typed] of columns) {
      const real = actual.get(column);
      if (!real) problems.push(`column ${table}.${column} is in the types but not in the database`);
      else {
        if (typed.nullable !== real.nullable)
          problems.push(
            `column ${table}.${column} is ${typed.nullable ? "nullable" : "not nullable"} in the types but ${real.nullable ? "nullable" : "not null"} in the database`,
          );
        if (typed.family !== real.family) problems.push(`column ${table}.${column} is ${typed.family} in the types but ${real.family} in the database`);
      }
    }
    for (const column of actual.keys()) if (!columns.has(column)) problems.push(`column ${table}.${column} is in the database but not in the types`);
  }
  for (const table of database.keys()) if (!types.has(table)) problems.push(`table ${table} is in the database but not in the types`);
  return problems;
}

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe("table types", () => {
  it("match the migrated database: tables, columns, nullability and types", async () => {
    const types = typedTables();
    expect(types.get("collection_lines")?.get("machine_id")).toEqual({ nullable: false, family: "string" });
    expect(compareTables(types, await databaseTables(database))).toEqual([]);
  });

  it("name each mismatch", () => {
    const types: Tables = new Map([
      [
        "stores",
        new Map<string, Column>([
          ["id", { nullable: false, family: "string" }],
          ["phone", { nullable: false, family: "string" }],
          ["ghost", { nullable: true, family: "string" }],
        ]),
      ],
    ]);
    const real: Tables = new Map([
      [
        "stores",
        new Map<string, Column>([
          ["id", { nullable: false, family: "number" }],
          ["phone", { nullable: true, family: "string" }],
          ["name", { nullable: false, family: "string" }],
        ]),
      ],
      ["cash_accounts", new Map()],
    ]);
    expect(compareTables(types, real)).toEqual([
      "column stores.id is string in the types but number in the database",
      "column stores.phone is not nullable in the types but nullable in the database",
      "column stores.ghost is in the types but not in the database",
      "column stores.name is in the database but not in the types",
      "table cash_accounts is in the database but not in the types",
    ]);
  });

  it("import shared column types, never schema.ts, so the schema files form no cycle", () => {
    const dir = fileURLToPath(new URL("../src/db/", import.meta.url));
    const moduleFiles = fs.readdirSync(dir).filter((f) => /Schema\.ts$/.test(f) || f === "columnTypes.ts");
    expect(moduleFiles.length).toBeGreaterThan(6);
    for (const file of moduleFiles) expect(fs.readFileSync(`${dir}${file}`, "utf8"), file).not.toMatch(/from "\.\/schema\.ts"/);
  });
});
