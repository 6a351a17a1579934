import Papa from "papaparse";
import { z } from "zod";
import { parseStatementAmount, parseStatementDate } from "./bankStatement.ts";
import { refusalTable } from "./refusals.ts";
import { businessDateSchema } from "./zodSchemas.ts";

// Store economics inputs (issue 35): vend prices by equipment type or machine from a date, a
// machine's capacity, purchase price and install date, revenue beyond the coin boxes, recurring
// expenses and utility bills, and the card and app revenue import. The arguments the server checks
// and the setup forms validate with, the price rule the P&L reads, and the refusals in English and
// Spanish with codes "economicsInputs.<key>" (refusals.ts).

export const OTHER_REVENUE_SOURCES = ["card", "app", "wash_dry_fold", "vending", "retail", "other"] as const;
export type OtherRevenueSource = (typeof OTHER_REVENUE_SOURCES)[number];
export const RECURRING_CATEGORIES = ["rent", "insurance", "loan", "other"] as const;
export type RecurringCategory = (typeof RECURRING_CATEGORIES)[number];
export const UTILITIES = ["electricity", "gas", "water_sewer"] as const;
export type Utility = (typeof UTILITIES)[number];
export const USAGE_UNITS = ["kWh", "therms", "gallons", "CCF"] as const;
export type UsageUnit = (typeof USAGE_UNITS)[number];
/** The units a bill of each utility is read in. */
export const UNITS_OF: Record<Utility, readonly UsageUnit[]> = { electricity: ["kWh"], gas: ["therms", "CCF"], water_sewer: ["gallons", "CCF"] };

/** A vend price: at most $1,000.00. */
export const MAX_PRICE_CENTS = 100_000;
/** A revenue line, recurring expense or bill: at most $1,000,000.00. */
export const MAX_AMOUNT_CENTS = 100_000_000;
export const MAX_PURCHASE_CENTS = 100_000_000;
export const MAX_CAPACITY_LB = 1000;
export const MAX_MINUTES = 240;
/** A bill covers at most this many days after its first (a quarter). */
export const MAX_BILL_DAYS = 92;
/** Lists read at most this many days at once. */
export const MAX_LIST_DAYS = 366;
/** A card export read in one request: 500,000 characters (the request limit with JSON escaping), at most this many rows. */
export const MAX_IMPORT_CHARS = 500_000;
export const MAX_REVENUE_IMPORT_ROWS = 20_000;
/** Row errors returned at most (the count says how many there were). */
export const MAX_REVENUE_IMPORT_ERRORS = 500;

const TABLE = refusalTable("economicsInputs", {
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  machineNotFound: { en: "Machine not found", es: "No se encontró la máquina" },
  typeNotFound: { en: "Equipment type not found", es: "No se encontró el tipo de equipo" },
  machineOfAnotherStore: { en: "The machine belongs to another store", es: "La máquina pertenece a otra tienda" },
  priceTarget: { en: "Give an equipment type or a machine, not both", es: "Indica un tipo de equipo o una máquina, no ambos" },
  priceRequired: { en: "Enter a price above zero", es: "Escribe un precio mayor que cero" },
  priceTooLarge: { en: "A price is at most $1,000.00", es: "Un precio es como máximo $1,000.00" },
  minutesBoth: {
    en: "A price per minutes needs both the minutes it buys and a typical cycle's length",
    es: "Un precio por minutos necesita los minutos que compra y la duración de un ciclo típico",
  },
  minutesRange: { en: "Give minutes as a whole number from 1 to 240", es: "Indica los minutos como número entero de 1 a 240" },
  priceHasLater: {
    en: ({ date }: { date: string }) => `A later price (from ${date}) exists: add a new price from a date instead of changing this one`,
    es: ({ date }: { date: string }) => `Existe un precio posterior (desde ${date}): agrega un precio nuevo desde una fecha en lugar de cambiar este`,
  },
  priceNotFound: { en: "Price not found", es: "No se encontró el precio" },
  pricePast: {
    en: "Only a price that has not started yet can be deleted; add a new price from a date instead",
    es: "Solo se puede eliminar un precio que aún no ha empezado; agrega un precio nuevo desde una fecha en su lugar",
  },
  capacityRange: { en: "Give the capacity in whole pounds, from 1 to 1,000", es: "Indica la capacidad en libras enteras, de 1 a 1,000" },
  purchaseRange: { en: "The purchase price must be from $0.00 to $1,000,000.00", es: "El precio de compra debe ser de $0.00 a $1,000,000.00" },
  amountRequired: { en: "Enter an amount above zero", es: "Escribe un monto mayor que cero" },
  amountTooLarge: { en: "An amount is at most $1,000,000.00", es: "Un monto es como máximo $1,000,000.00" },
  amountNegative: { en: "The amount cannot be negative", es: "El monto no puede ser negativo" },
  sourceRequired: { en: "Choose where the money came from", es: "Elige de dónde vino el dinero" },
  noteTooLong: { en: "A note is at most 500 characters", es: "Una nota tiene como máximo 500 caracteres" },
  dateAfterToday: {
    en: ({ date }: { date: string }) => `The date ${date} is after the store's today`,
    es: ({ date }: { date: string }) => `La fecha ${date} es posterior al día de hoy de la tienda`,
  },
  rangeReversed: { en: "The start date must be on or before the end date", es: "La fecha de inicio debe ser igual o anterior a la de fin" },
  rangeTooLong: { en: "Choose at most 366 days", es: "Elige como máximo 366 días" },
  revenueNotFound: { en: "Revenue line not found", es: "No se encontró la línea de ingresos" },
  batchNotFound: { en: "Import not found, or its lines were already deleted", es: "No se encontró la importación, o sus líneas ya se eliminaron" },
  categoryRequired: { en: "Choose a category", es: "Elige una categoría" },
  descriptionRequired: { en: "Give a description", es: "Escribe una descripción" },
  descriptionTooLong: { en: "A description is at most 200 characters", es: "Una descripción tiene como máximo 200 caracteres" },
  monthFormat: { en: "Give a month as YYYY-MM", es: "Indica un mes como AAAA-MM" },
  monthsReversed: { en: "The last month cannot be before the first", es: "El último mes no puede ser anterior al primero" },
  expenseNotFound: { en: "Recurring expense not found", es: "No se encontró el gasto recurrente" },
  utilityRequired: { en: "Choose a utility", es: "Elige un servicio" },
  periodReversed: { en: "The period's end cannot be before its start", es: "El fin del periodo no puede ser anterior a su inicio" },
  periodTooLong: { en: "A bill covers at most 93 days", es: "Una factura cubre como máximo 93 días" },
  usageWithUnit: { en: "Give the usage together with its unit", es: "Indica el consumo junto con su unidad" },
  usageRange: { en: "Give the usage as a whole number, not negative", es: "Indica el consumo como número entero, no negativo" },
  unitOfUtility: {
    en: ({ unit, utility }: { unit: string; utility: string }) => `A ${utility} bill is not read in ${unit}`,
    es: ({ unit, utility }: { unit: string; utility: string }) => `Una factura de ${utility} no se mide en ${unit}`,
  },
  billExists: {
    en: "This store already has a bill for this utility starting on this date",
    es: "Esta tienda ya tiene una factura de este servicio que empieza en esta fecha",
  },
  billNotFound: { en: "Utility bill not found", es: "No se encontró la factura" },
  providerRequired: { en: "Name the payment system (at most 60 characters)", es: "Nombra el sistema de pago (como máximo 60 caracteres)" },
  noMapping: {
    en: "Map the file's columns first: no mapping is remembered for this payment system",
    es: "Asigna primero las columnas del archivo: no hay una asignación guardada para este sistema de pago",
  },
  mappingDate: { en: "Map the date column", es: "Asigna la columna de fecha" },
  mappingAmount: { en: "Map the amount column", es: "Asigna la columna de monto" },
  mappingPlace: {
    en: "Map a store or machine column, or choose the store the file is for",
    es: "Asigna una columna de tienda o máquina, o elige la tienda del archivo",
  },
  mappingMissing: {
    en: ({ column }: { column: string }) => `The file has no column "${column}"`,
    es: ({ column }: { column: string }) => `El archivo no tiene la columna "${column}"`,
  },
  fileEmpty: { en: "The file has no rows", es: "El archivo no tiene filas" },
  tooManyRows: {
    en: ({ rows }: { rows: number }) => `The file has ${rows} rows; the limit is ${MAX_REVENUE_IMPORT_ROWS}. Split it into smaller files.`,
    es: ({ rows }: { rows: number }) => `El archivo tiene ${rows} filas; el límite es ${MAX_REVENUE_IMPORT_ROWS}. Divídelo en archivos más pequeños.`,
  },
  fileTooLarge: {
    en: "The file is larger than 500,000 characters; split it into smaller files",
    es: "El archivo supera los 500,000 caracteres; divídelo en archivos más pequeños",
  },
  // Row errors of an import (each with the file's row number, the header being row 1).
  rowBadDate: {
    en: ({ value }: { value: string }) => `The date "${value}" is not a date (use MM/DD/YYYY, M/D/YY or YYYY-MM-DD)`,
    es: ({ value }: { value: string }) => `La fecha "${value}" no es una fecha (usa MM/DD/AAAA, M/D/AA o AAAA-MM-DD)`,
  },
  rowDateAfterToday: {
    en: ({ value }: { value: string }) => `The date ${value} is after the store's today`,
    es: ({ value }: { value: string }) => `La fecha ${value} es posterior al día de hoy de la tienda`,
  },
  rowDateTooOld: {
    en: ({ value }: { value: string }) => `The date ${value} is before 2000`,
    es: ({ value }: { value: string }) => `La fecha ${value} es anterior a 2000`,
  },
  rowBadAmount: {
    en: ({ value }: { value: string }) => `The amount "${value}" is not an amount`,
    es: ({ value }: { value: string }) => `El monto "${value}" no es un monto`,
  },
  rowNegativeAmount: {
    en: ({ value }: { value: string }) => `The amount ${value} is negative: enter refunds as their own expense`,
    es: ({ value }: { value: string }) => `El monto ${value} es negativo: registra los reembolsos como un gasto aparte`,
  },
  rowZeroAmount: { en: "The row takes no money ($0.00)", es: "La fila no cobra dinero ($0.00)" },
  rowUnknownStore: {
    en: ({ value }: { value: string }) => `No store is named "${value}"`,
    es: ({ value }: { value: string }) => `Ninguna tienda se llama "${value}"`,
  },
  rowNoStore: { en: "The row names no store", es: "La fila no indica ninguna tienda" },
  rowUnknownMachine: {
    en: ({ value }: { value: string }) => `The store has no machine "${value}"`,
    es: ({ value }: { value: string }) => `La tienda no tiene la máquina "${value}"`,
  },
  rowBadSource: {
    en: ({ value }: { value: string }) => `"${value}" is not a revenue source (card, app, wash_dry_fold, vending, retail or other)`,
    es: ({ value }: { value: string }) => `"${value}" no es un origen de ingresos (card, app, wash_dry_fold, vending, retail u other)`,
  },
  rowDuplicate: {
    en: ({ value, first }: { value: string; first: number }) => `The transaction "${value}" is in the file twice (first on row ${first})`,
    es: ({ value, first }: { value: string; first: number }) => `La transacción "${value}" está dos veces en el archivo (primero en la fila ${first})`,
  },
});

export const ECONOMICS_INPUT_REFUSAL_TEXTS = TABLE.texts;
/** A refusal for the server to throw, with its code ("economicsInputs.<key>"). */
export const economicsInputRefusal = TABLE.refusal;
/** A refusal's sentence in a language (the screens' row errors). */
export const economicsInputText = TABLE.text;
const en = (key: keyof typeof TABLE.texts) => TABLE.texts[key].en as string;

// ---- the price rule ----

// A machine's price on a day (its own latest, else its type's) and a cycle's price are the P&L's
// rules, in economics.ts (priceOn, cyclePriceCents): the setup tab and the server read them there.

// ---- argument schemas (the server's, and the setup forms') ----

const id = z.string().max(64);
const whole = (min: number, max: number, message: string) => z.number(message).int(message).min(min, message).max(max, message);
const cents = (min: number, max: number, below: string, above: string) => z.number(below).int(below).min(min, below).max(max, above);
const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, en("monthFormat"));

export const priceFieldsSchema = z.object({
  effectiveFrom: businessDateSchema,
  priceCents: cents(1, MAX_PRICE_CENTS, en("priceRequired"), en("priceTooLarge")),
  perMinutes: whole(1, MAX_MINUTES, en("minutesRange")).nullable(),
  typicalCycleMinutes: whole(1, MAX_MINUTES, en("minutesRange")).nullable(),
});

export const setPriceArgsSchema = priceFieldsSchema
  .extend({ equipmentTypeId: id.optional(), machineId: id.optional() })
  .refine((a) => (a.equipmentTypeId === undefined) !== (a.machineId === undefined), { message: en("priceTarget"), path: ["machineId"] })
  .refine((a) => (a.perMinutes === null) === (a.typicalCycleMinutes === null), { message: en("minutesBoth"), path: ["typicalCycleMinutes"] });
export type SetPriceArgs = z.output<typeof setPriceArgsSchema>;

export const machineFactsArgsSchema = z.object({
  machineId: id,
  capacityLb: whole(1, MAX_CAPACITY_LB, en("capacityRange")).nullable().optional(),
  purchasePriceCents: whole(0, MAX_PURCHASE_CENTS, en("purchaseRange")).nullable().optional(),
  installedOn: businessDateSchema.nullable().optional(),
});

export const otherRevenueArgsSchema = z.object({
  storeId: id,
  machineId: id.nullable().optional(),
  businessDate: businessDateSchema,
  source: z.enum(OTHER_REVENUE_SOURCES, en("sourceRequired")),
  amountCents: cents(1, MAX_AMOUNT_CENTS, en("amountRequired"), en("amountTooLarge")),
  note: z.string().trim().max(500, en("noteTooLong")).nullable().optional(),
});
export type OtherRevenueArgs = z.output<typeof otherRevenueArgsSchema>;

export const rangeArgsSchema = z.object({ storeId: id, from: businessDateSchema, to: businessDateSchema });

export const recurringExpenseArgsSchema = z
  .object({
    storeId: id,
    category: z.enum(RECURRING_CATEGORIES, en("categoryRequired")),
    description: z.string().trim().min(1, en("descriptionRequired")).max(200, en("descriptionTooLong")),
    amountCents: cents(1, MAX_AMOUNT_CENTS, en("amountRequired"), en("amountTooLarge")),
    fromMonth: monthSchema,
    toMonth: monthSchema.nullable().optional(),
  })
  .refine((a) => !a.toMonth || a.toMonth >= a.fromMonth, { message: en("monthsReversed"), path: ["toMonth"] });
export type RecurringExpenseArgs = z.output<typeof recurringExpenseArgsSchema>;

export const endRecurringArgsSchema = z.object({ expenseId: id, toMonth: monthSchema });

export const utilityBillArgsSchema = z
  .object({
    storeId: id,
    utility: z.enum(UTILITIES, en("utilityRequired")),
    periodStart: businessDateSchema,
    periodEnd: businessDateSchema,
    amountCents: cents(0, MAX_AMOUNT_CENTS, en("amountNegative"), en("amountTooLarge")),
    usage: whole(0, 2_000_000_000, en("usageRange")).nullable().optional(),
    unit: z.enum(USAGE_UNITS).nullable().optional(),
  })
  .refine((a) => a.periodEnd >= a.periodStart, { message: en("periodReversed"), path: ["periodEnd"] })
  .refine((a) => (a.usage === null || a.usage === undefined) === (a.unit === null || a.unit === undefined), {
    message: en("usageWithUnit"),
    path: ["unit"],
  });
export type UtilityBillArgs = z.output<typeof utilityBillArgsSchema>;

/** Days from a period's first to its last (0 for one day). */
export function daysAfter(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// ---- the card and app revenue import ----

/** Which of the file's columns hold what; names as in its header. */
export interface RevenueMapping {
  date: string;
  amount: string;
  /** The store's name; without it, every row is the chosen store's. */
  store?: string;
  /** The machine's label in its store; an empty cell is a store-level line. */
  machine?: string;
  /** card, app, …; without it (or in an empty cell) the import's default source. */
  source?: string;
  /** The payment system's transaction id: the same id twice in a file is a duplicate row. */
  reference?: string;
}

const column = z.string().trim().min(1).max(200);
export const revenueMappingSchema = z.object({
  date: column,
  amount: column,
  store: column.optional(),
  machine: column.optional(),
  source: column.optional(),
  reference: column.optional(),
});

export const revenueImportArgsSchema = z.object({
  /** The payment system's name: its column mapping is remembered under it. */
  provider: z.string().trim().min(1, en("providerRequired")).max(60, en("providerRequired")),
  content: z.string().max(MAX_IMPORT_CHARS, en("fileTooLarge")),
  mapping: revenueMappingSchema.optional(),
  /** The store every row is for, when the file names none. */
  storeId: id.optional(),
  /** The source of rows that name none. */
  defaultSource: z.enum(OTHER_REVENUE_SOURCES).default("card"),
  dryRun: z.boolean().optional(),
});
export type RevenueImportArgs = z.output<typeof revenueImportArgsSchema>;

type RowKey =
  | "rowBadDate"
  | "rowDateAfterToday"
  | "rowDateTooOld"
  | "rowBadAmount"
  | "rowNegativeAmount"
  | "rowZeroAmount"
  | "rowUnknownStore"
  | "rowNoStore"
  | "rowUnknownMachine"
  | "rowBadSource"
  | "rowDuplicate";

/** A bad row: its number in the file (header = 1), its code ("economicsInputs.row…"), values and English sentence. */
export interface RevenueRowError {
  row: number;
  code: `economicsInputs.${RowKey}`;
  params: Record<string, string | number>;
  message: string;
}

export function revenueRowError(row: number, key: RowKey, params: Record<string, string | number> = {}): RevenueRowError {
  const { message, data } = (TABLE.refusal as (k: string, p: object) => { message: string; data: { code: string } })(key, params);
  return { row, code: data.code as RevenueRowError["code"], params, message };
}

/** What is wrong with a mapping for a file with these headers (refusal keys and values); empty when it can be used. */
export function revenueMappingProblems(mapping: RevenueMapping, headers: readonly string[], hasStore: boolean) {
  const problems: Array<{ key: "mappingDate" | "mappingAmount" | "mappingPlace" | "mappingMissing"; column?: string }> = [];
  if (!mapping.date) problems.push({ key: "mappingDate" });
  if (!mapping.amount) problems.push({ key: "mappingAmount" });
  if (!mapping.store && !hasStore) problems.push({ key: "mappingPlace" });
  for (const name of [mapping.date, mapping.amount, mapping.store, mapping.machine, mapping.source, mapping.reference])
    if (name && !headers.includes(name)) problems.push({ key: "mappingMissing", column: name });
  return problems;
}

const SOURCE_WORDS: Record<string, OtherRevenueSource> = {
  card: "card",
  "credit card": "card",
  credit: "card",
  debit: "card",
  "debit card": "card",
  app: "app",
  mobile: "app",
  "mobile app": "app",
  wash_dry_fold: "wash_dry_fold",
  "wash dry fold": "wash_dry_fold",
  "wash-dry-fold": "wash_dry_fold",
  wdf: "wash_dry_fold",
  vending: "vending",
  retail: "retail",
  other: "other",
};

/** A source cell as a revenue source (its code, or the common words for it); null when it is none. */
export function parseRevenueSource(text: string): OtherRevenueSource | null {
  return SOURCE_WORDS[text.trim().toLowerCase().replace(/\s+/g, " ")] ?? null;
}

/** A date cell, in the forms bank statements use. */
export const parseRevenueDate = parseStatementDate;

/** An amount cell as cents: the key of what is wrong with it otherwise. */
export function parseRevenueAmount(text: string): { ok: true; cents: number } | { ok: false; key: "rowBadAmount" | "rowNegativeAmount" | "rowZeroAmount" } {
  const parsed = parseStatementAmount(text);
  if (!parsed.ok) return { ok: false, key: "rowBadAmount" };
  if (parsed.cents < 0) return { ok: false, key: "rowNegativeAmount" };
  if (parsed.cents === 0) return { ok: false, key: "rowZeroAmount" };
  if (parsed.cents > MAX_AMOUNT_CENTS) return { ok: false, key: "rowBadAmount" };
  return { ok: true, cents: parsed.cents };
}

/** Guesses a mapping from a header's names (date, amount, store, machine, source, reference). */
export function guessRevenueMapping(headers: readonly string[]): Partial<RevenueMapping> {
  const find = (...words: string[]) => headers.find((h) => words.some((w) => h.trim().toLowerCase().includes(w)));
  const guess: Partial<RevenueMapping> = {
    date: find("date", "day", "fecha"),
    amount: find("amount", "total", "sales", "monto", "importe"),
    store: find("store", "location", "site", "tienda"),
    machine: find("machine", "device", "reader", "máquina", "maquina"),
    source: find("source", "type", "method", "origen"),
    reference: find("transaction", "reference", "ref", "id"),
  };
  return Object.fromEntries(Object.entries(guess).filter(([, v]) => v !== undefined));
}

/** A CSV file's header names (its first line), for the mapping form; empty when it has none. */
export function revenueFileHeaders(content: string): string[] {
  const first = Papa.parse<string[]>(content.replace(/^\uFEFF/, ""), { preview: 1, skipEmptyLines: true }).data[0] ?? [];
  return first.map((h) => h.trim()).filter((h) => h !== "");
}
