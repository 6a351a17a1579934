import type ExcelJS from "exceljs";
import Papa from "papaparse";
import { megabytes } from "@tumble/domain/fileLimits";
import { fileRefusal } from "@tumble/domain/fileRefusals";
import { refused } from "../runtime/errors.ts";

// A file's header and data lines as text, read by maintained parsers: Papa Parse for CSV, ExcelJS
// for XLSX (the first worksheet). Dates in a spreadsheet become YYYY-MM-DD, numbers their plain text.
// A large file or any workbook is read off the main thread (server/src/fileReading); the bounds
// here keep that work in proportion to what the file really holds (docs/decisions/0061-files-read-safely.md).

/**
 * What a workbook may unpack to. ExcelJS holds a whole workbook in memory at 20 to 40 times its
 * unpacked size: 24 MB is about 100,000 lines of six columns. A larger file, or a small one that
 * unpacks to far more (a "zip bomb"), is refused before it is read.
 */
export const MAX_XLSX_UNPACKED_BYTES = 24 * 1024 * 1024;
/** Columns read from a workbook: its header's, at most this many (a cell far out to the right would otherwise widen every line). */
export const MAX_IMPORT_COLUMNS = 200;

export interface ParsedFile {
  headers: string[];
  /** Data lines, each with its line number in the file (the header is line 1). */
  rows: Array<{ line: number; cells: string[] }>;
}

export interface ImportFileOptions {
  /** An XLSX workbook as base64, else CSV text. */
  xlsx: boolean;
  /** MAX_IMPORT_ROWS, passed in: the thread reading the file loads nothing of the import rules. */
  maxRows: number;
}

export async function parseImportFile(content: string, options: ImportFileOptions): Promise<ParsedFile> {
  return options.xlsx ? parseXlsx(content, options.maxRows) : parseCsv(content, options.maxRows);
}

function parseCsv(content: string, maxRows: number): ParsedFile {
  const result = Papa.parse<string[]>(content.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const lines = result.data;
  const header = lines[0];
  if (!header || header.every((h) => !h.trim())) throw refused(fileRefusal("noHeader"));
  const rows: ParsedFile["rows"] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i];
    if (cells.every((c) => !c.trim())) continue;
    rows.push({ line: i + 1, cells });
  }
  return checked({ headers: header.map((h) => h.trim()), rows }, maxRows);
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
  }
  return String(value);
}

/** Refuses a workbook whose parts unpack to more than the limit, reading only the zip's directory (nothing is unpacked). */
async function checkUnpackedSize(bytes: Uint8Array): Promise<void> {
  const { unzipSync } = await import("fflate");
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        total += entry.originalSize;
        return false;
      },
    });
  } catch {
    throw refused(fileRefusal("badXlsx"));
  }
  if (total > MAX_XLSX_UNPACKED_BYTES)
    throw refused(fileRefusal("unpacksTooLarge", { megabytes: megabytes(total), limit: megabytes(MAX_XLSX_UNPACKED_BYTES) }));
}

async function parseXlsx(base64: string, maxRows: number): Promise<ParsedFile> {
  const bytes = Buffer.from(base64, "base64");
  await checkUnpackedSize(bytes);
  // Loaded when a workbook is read: a CSV file (and the thread reading it) does without.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw refused(fileRefusal("badXlsx"));
  }
  const sheet = workbook.worksheets[0];
  const header = sheet?.findRow(1);
  if (!sheet || !header || header.cellCount === 0) throw refused(fileRefusal("noHeader"));
  // As wide as the header: a cell beyond it has no column to be mapped to.
  const width = header.cellCount;
  if (width > MAX_IMPORT_COLUMNS) throw refused(fileRefusal("tooManyColumns", { columns: width, limit: MAX_IMPORT_COLUMNS }));
  // Lines holding a value, counted before any is read.
  if (sheet.actualRowCount - 1 > maxRows) throw tooManyRows(sheet.actualRowCount - 1, maxRows);
  const read = (row: ExcelJS.Row) => Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value).trim());
  const headers = read(header);
  const rows: ParsedFile["rows"] = [];
  // Only the lines the sheet holds: a sheet whose last cell is a million lines down is not a million lines long.
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const cells = read(row);
    if (cells.some((c) => c !== "")) rows.push({ line: n, cells });
  });
  return checked({ headers, rows }, maxRows);
}

const tooManyRows = (lines: number, maxRows: number) => refused(fileRefusal("tooManyRows", { lines, limit: maxRows }));

function checked(file: ParsedFile, maxRows: number): ParsedFile {
  if (file.rows.length > maxRows) throw tooManyRows(file.rows.length, maxRows);
  return file;
}
