import { z } from "zod";
import { isTimeZone } from "./businessDate.ts";
import { toCsv } from "./csv.ts";
import { EQUIPMENT_CATEGORIES, ICON_TYPES, isHexColor } from "./equipment.ts";
import { MAX_CAPACITY_LB, MAX_PURCHASE_CENTS } from "./economicsInputs.ts";
import { MAX_CAPACITY_CENTS } from "./equipmentForms.ts";
import { validateEmail, validatePin, validateUsername } from "./employeeForm.ts";
import { parseDollarsToCents } from "./money.ts";

// Spreadsheet import (issue 19, docs/decisions/0040-imports.md): the kinds of rows a company can
// bring in, their columns, and how one row's cells (text, as a CSV or XLSX gives them) become a
// typed record or a list of errors naming the column. Shared by the server, which validates and
// writes, and the import screen, which builds the templates and matches headers to columns.

export const IMPORT_KINDS = ["stores", "sections", "equipmentTypes", "machines", "employees", "collections"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_STATUSES = ["queued", "running", "completed", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** At most this many data rows per file (a 100,000-line collections history fits). */
export const MAX_IMPORT_ROWS = 200_000;
/** Errors kept per import; the counts still say how many rows failed. */
export const MAX_IMPORT_ERRORS = 5_000;

export interface ImportColumn {
  key: string;
  required: boolean;
  /** A value for the template's example line. */
  example: string;
  /** Other header spellings matched automatically (compared lower-case, without spaces, dashes and underscores). */
  aliases: readonly string[];
}

const col = (key: string, required: boolean, example: string, aliases: string[] = []): ImportColumn => ({ key, required, example, aliases });

export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  stores: [
    col("name", true, "Main Street", ["store", "storename", "nombre", "tienda"]),
    col("address", true, "100 Main St, Springfield", ["direccion", "dirección"]),
    col("phone", false, "555-0100", ["telefono", "teléfono"]),
    col("timeZone", false, "America/New_York", ["tz", "timezone", "zonahoraria"]),
    col("hours", false, "7am-10pm", ["openinghours", "horario"]),
    col("active", false, "yes", ["isactive", "activo", "activa"]),
  ],
  sections: [col("store", true, "Main Street", ["storename", "tienda"]), col("name", true, "Front washers", ["section", "sectionname", "seccion", "sección"])],
  equipmentTypes: [
    col("name", true, "Washer 20 lb", ["type", "equipmenttype", "tipo"]),
    col("category", true, "laundry", ["categoria", "categoría"]),
    col("acceptsCoins", false, "yes", ["coins", "monedas"]),
    col("acceptsBills", false, "no", ["bills", "billetes"]),
    col("specialCase", false, "", ["special"]),
    col("color", false, "#1E88E5", ["colorhex"]),
    col("icon", false, "washer", ["icontype", "icono"]),
  ],
  machines: [
    col("store", true, "Main Street", ["storename", "tienda"]),
    col("machine", true, "W1", ["label", "number", "machinenumber", "maquina", "máquina"]),
    col("section", true, "Front washers", ["sectionname", "seccion", "sección"]),
    col("equipmentType", true, "Washer 20 lb", ["type", "tipo"]),
    col("coinBoxCapacity", false, "250.00", ["capacity", "capacidad"]),
    col("active", false, "yes", ["isactive", "activo", "activa"]),
    // Store economics' facts of the machine (issue 35): load capacity, what it cost, when it went in.
    col("capacityLb", false, "40", ["lb", "pounds", "loadcapacity", "libras"]),
    col("purchasePrice", false, "8200.00", ["purchasecost", "cost", "preciodecompra", "costo"]),
    col("installedOn", false, "2024-03-01", ["installed", "installdate", "instalada", "fechadeinstalacion", "fechadeinstalación"]),
  ],
  employees: [
    col("username", true, "maria_p", ["user", "usuario"]),
    col("name", true, "María Peña", ["fullname", "nombre"]),
    col("email", false, "maria@example.com", ["correo", "mail"]),
    col("phone", false, "555-0101", ["telefono", "teléfono"]),
    col("position", false, "Attendant", ["role", "puesto"]),
    col("payType", true, "hourly", ["paytype", "tipodepago"]),
    col("rate", true, "15.50", ["payrate", "tarifa"]),
    col("hireDate", false, "2024-03-01", ["hired", "fechadecontratacion"]),
    col("stores", false, "Main Street", ["tiendas"]),
    col("pin", false, "4821", []),
  ],
  collections: [
    col("store", true, "Main Street", ["storename", "tienda"]),
    col("date", true, "2024-03-04", ["businessdate", "fecha"]),
    col("machine", true, "W1", ["label", "machinenumber", "maquina", "máquina"]),
    col("coins", true, "42.25", ["coinsamount", "monedas"]),
    col("bills", false, "0.00", ["billsamount", "billetes"]),
    col("meter", false, "", ["meterreading", "contador"]),
    col("note", false, "", ["notes", "nota"]),
  ],
};

/** Which header of the file feeds each column (column key → header); a missing key: not in the file. */
export type ImportMapping = Record<string, string>;

export const importMappingSchema = z.record(z.string().max(60), z.string().max(200));

const headerKey = (text: string) =>
  text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s_\-.]/g, "");

/** Matches the file's headers to the kind's columns by name or alias; a remembered mapping wins where its header is present. */
export function autoMapping(kind: ImportKind, headers: readonly string[], remembered?: ImportMapping | null): ImportMapping {
  const mapping: ImportMapping = {};
  const byKey = new Map(headers.map((h) => [headerKey(h), h]));
  for (const column of IMPORT_COLUMNS[kind]) {
    const kept = remembered?.[column.key];
    if (kept && headers.includes(kept)) {
      mapping[column.key] = kept;
      continue;
    }
    for (const name of [column.key, ...column.aliases]) {
      const found = byKey.get(headerKey(name));
      if (found) {
        mapping[column.key] = found;
        break;
      }
    }
  }
  return mapping;
}

/** Required columns the mapping leaves without a header. */
export function missingColumns(kind: ImportKind, mapping: ImportMapping): string[] {
  return IMPORT_COLUMNS[kind].filter((c) => c.required && !mapping[c.key]).map((c) => c.key);
}

/** The kind's template: the column names and one example line. */
export function importTemplateCsv(kind: ImportKind): string {
  const columns = IMPORT_COLUMNS[kind];
  return toCsv(
    columns.map((c) => c.key),
    [columns.map((c) => c.example)],
  );
}

// ---- one row ----

/** Why a cell was refused: a code the screen translates, and the English text for the CSV report and logs. */
export type ImportErrorCode = "required" | "invalid" | "tooLong" | "notFound" | "duplicateInFile" | "conflict" | "pinRequired" | "missingColumn" | "ownProfile";

export interface ImportRowError {
  /** The line's number in the file (the header is line 1, the first data row line 2). */
  row: number;
  column: string | null;
  code: ImportErrorCode;
  message: string;
}

export const IMPORT_MESSAGES: Record<ImportErrorCode, string> = {
  required: "is required",
  invalid: "is not valid",
  tooLong: "is too long",
  notFound: "was not found",
  duplicateInFile: "appears more than once in the file; first on line",
  conflict: "already exists with different figures",
  pinRequired: "a new employee needs a PIN",
  missingColumn: "no column of the file is mapped to it",
  ownProfile: "would change your own employee profile: another manager, admin or owner changes its pay and hire date",
};

const text = (max: number) => z.string().trim().min(1, "required").max(max, "tooLong");
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "tooLong")
    .transform((v) => (v === "" ? null : v));
const YES = new Set(["yes", "y", "true", "1", "si", "sí", "x"]);
const NO = new Set(["no", "n", "false", "0"]);
const optionalBoolean = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const lower = v.toLowerCase();
    if (lower === "") return undefined;
    if (YES.has(lower)) return true;
    if (NO.has(lower)) return false;
    ctx.addIssue({ code: "custom", message: "invalid" });
    return z.NEVER;
  });
/** Dollars as typed ("12.50", "$1,234") to cents; empty is null. */
const optionalCents = (max: number) =>
  z
    .string()
    .trim()
    .transform((v, ctx): number | null => {
      if (v === "") return null;
      const parsed = parseDollarsToCents(v);
      if (!parsed.ok || parsed.cents > max) {
        ctx.addIssue({ code: "custom", message: "invalid" });
        return z.NEVER;
      }
      return parsed.cents;
    });
/** A whole number in [min, max] as typed ("40", "40 lb"); empty is null. */
const optionalWhole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((v, ctx): number | null => {
      if (v === "") return null;
      const m = /^(\d+)\s*(lb|lbs)?$/i.exec(v);
      const n = m ? Number(m[1]) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: "invalid" });
        return z.NEVER;
      }
      return n;
    });
const requiredCents = (max: number) =>
  z
    .string()
    .trim()
    .min(1, "required")
    .pipe(optionalCents(max))
    .transform((v) => v ?? 0);
const optionalDate = z
  .string()
  .trim()
  .transform((v, ctx): string | null => {
    if (v === "") return null;
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    if (!m || !d || d.toISOString().slice(0, 10) !== v || Number(m[1]) < 1990) {
      ctx.addIssue({ code: "custom", message: "invalid" });
      return z.NEVER;
    }
    return v;
  });
const requiredDate = z
  .string()
  .trim()
  .min(1, "required")
  .pipe(optionalDate)
  .transform((v) => v ?? "");
const ruled = (rule: (v: string) => string | null, required: boolean) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === "") {
        if (required) ctx.addIssue({ code: "custom", message: "required" });
        return;
      }
      if (rule(v)) ctx.addIssue({ code: "custom", message: "invalid" });
    })
    .transform((v) => (v === "" ? null : v));
const optionalOneOf = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .trim()
    .transform((v, ctx): T | null => {
      if (v === "") return null;
      const found = values.find((x) => x.toLowerCase() === v.toLowerCase());
      if (found) return found;
      ctx.addIssue({ code: "custom", message: "invalid" });
      return z.NEVER;
    });
const oneOf = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .trim()
    .min(1, "required")
    .pipe(optionalOneOf(values))
    .transform((v) => v as T);

export const IMPORT_ROW_SCHEMAS = {
  stores: z.object({
    name: text(100),
    address: text(300),
    phone: optionalText(40),
    timeZone: z
      .string()
      .trim()
      .refine((v) => v === "" || isTimeZone(v), "invalid")
      .transform((v) => (v === "" ? null : v)),
    hours: optionalText(200),
    active: optionalBoolean,
  }),
  sections: z.object({ store: text(100), name: text(100) }),
  equipmentTypes: z.object({
    name: text(100),
    category: oneOf(EQUIPMENT_CATEGORIES),
    acceptsCoins: optionalBoolean,
    acceptsBills: optionalBoolean,
    specialCase: optionalText(50),
    color: z
      .string()
      .trim()
      .refine((v) => v === "" || isHexColor(v), "invalid")
      .transform((v) => (v === "" ? null : v.toUpperCase())),
    icon: optionalOneOf(ICON_TYPES),
  }),
  machines: z.object({
    store: text(100),
    machine: text(20),
    section: text(100),
    equipmentType: text(100),
    coinBoxCapacity: optionalCents(MAX_CAPACITY_CENTS),
    active: optionalBoolean,
    capacityLb: optionalWhole(1, MAX_CAPACITY_LB),
    purchasePrice: optionalCents(MAX_PURCHASE_CENTS),
    installedOn: optionalDate,
  }),
  employees: z.object({
    username: ruled(validateUsername, true).transform((v) => v ?? ""),
    name: text(100),
    email: ruled(validateEmail, false).transform((v) => v?.toLowerCase() ?? null),
    phone: optionalText(40),
    position: optionalText(60),
    payType: oneOf(["hourly", "salary"] as const),
    rate: requiredCents(100_000_000),
    hireDate: optionalDate,
    stores: z
      .string()
      .trim()
      .transform((v) =>
        v
          .split(/[;|]/)
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    pin: ruled(validatePin, false),
  }),
  collections: z.object({
    store: text(100),
    date: requiredDate,
    machine: text(20),
    coins: requiredCents(100_000_000),
    bills: optionalCents(100_000_000),
    meter: z
      .string()
      .trim()
      .refine((v) => v === "" || (/^\d{1,12}$/.test(v) && Number(v) <= 2_147_483_647), "invalid")
      .transform((v) => (v === "" ? null : Number(v))),
    note: optionalText(500),
  }),
} satisfies Record<ImportKind, z.ZodType>;

export type ImportRow<K extends ImportKind> = z.output<(typeof IMPORT_ROW_SCHEMAS)[K]>;

const CODES = new Set<string>(Object.keys(IMPORT_MESSAGES));

/** One line's cells (column key → text) checked against the kind's columns. */
export function validateImportRow<K extends ImportKind>(
  kind: K,
  row: number,
  cells: Record<string, string>,
): { ok: true; value: ImportRow<K> } | { ok: false; errors: ImportRowError[] } {
  const input: Record<string, string> = {};
  for (const column of IMPORT_COLUMNS[kind]) input[column.key] = cells[column.key] ?? "";
  const result = (IMPORT_ROW_SCHEMAS[kind] as z.ZodType).safeParse(input);
  if (result.success) return { ok: true, value: result.data as ImportRow<K> };
  const errors: ImportRowError[] = [];
  for (const issue of result.error.issues) {
    const column = String(issue.path[0] ?? "");
    if (errors.some((e) => e.column === column)) continue;
    const code = (CODES.has(issue.message) ? issue.message : "invalid") as ImportErrorCode;
    errors.push(importError(row, column, code));
  }
  return { ok: false, errors };
}

export function importError(row: number, column: string | null, code: ImportErrorCode, detail?: string): ImportRowError {
  const name = column ?? "row";
  return { row, column, code, message: `${name} ${IMPORT_MESSAGES[code]}${detail ? `: ${detail}` : ""}` };
}

/** The error report a manager downloads: one line per error. */
export function importErrorsCsv(errors: readonly ImportRowError[]): string {
  return toCsv(
    ["row", "column", "reason"],
    errors.map((e) => [e.row, e.column ?? "", e.message]),
  );
}

// ---- API ----

export const importStartSchema = z
  .object({
    kind: z.enum(IMPORT_KINDS),
    fileName: z.string().trim().min(1).max(200),
    /** CSV text, or an XLSX file as base64. */
    content: z.string().max(500_000).optional(),
    uploadId: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/)
      .optional(),
    parts: z.number().int().min(1).max(60).optional(),
    mapping: importMappingSchema,
    dryRun: z.boolean(),
    /** true: one bad row and nothing is written; false: the valid rows are written and the bad ones reported. */
    allOrNothing: z.boolean().default(true),
  })
  .refine((a) => (a.content === undefined) !== (a.uploadId === undefined), "Give the file's content or the id of its upload")
  .refine((a) => (a.uploadId === undefined) === (a.parts === undefined), "An upload needs its number of parts");
export type ImportStartInput = z.input<typeof importStartSchema>;

/** What an import did or would do, by row. */
export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export const isXlsxFile = (fileName: string) => /\.xlsx$/i.test(fileName);
