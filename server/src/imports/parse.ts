import ExcelJS from "exceljs";
import Papa from "papaparse";
import { isXlsxFile, MAX_IMPORT_ROWS } from "@tumble/domain/imports";
import { AppError } from "../runtime/errors.ts";

// A file's header and data lines as text, read by maintained parsers: Papa Parse for CSV, ExcelJS
// for XLSX (the first worksheet). Dates in a spreadsheet become YYYY-MM-DD, numbers their plain text.

export interface ParsedFile {
  headers: string[];
  /** Data lines, each with its line number in the file (the header is line 1). */
  rows: Array<{ line: number; cells: string[] }>;
}

export async function parseImportFile(fileName: string, content: string): Promise<ParsedFile> {
  return isXlsxFile(fileName) ? parseXlsx(content) : parseCsv(content);
}

function parseCsv(content: string): ParsedFile {
  const result = Papa.parse<string[]>(content.replace(/^\uFEFF/, ""), { skipEmptyLines: false });
  const lines = result.data;
  const header = lines[0];
  if (!header || header.every((h) => !h.trim())) throw new AppError("The file has no header line");
  const rows: ParsedFile["rows"] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i];
    if (cells.every((c) => !c.trim())) continue;
    rows.push({ line: i + 1, cells });
  }
  return checked({ headers: header.map((h) => h.trim()), rows });
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

async function parseXlsx(base64: string): Promise<ParsedFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(base64, "base64") as unknown as ArrayBuffer);
  } catch {
    throw new AppError("The file is not a readable XLSX workbook");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) throw new AppError("The file has no header line");
  const width = sheet.columnCount;
  const read = (n: number) => {
    const row = sheet.getRow(n);
    return Array.from({ length: width }, (_, i) => cellText(row.getCell(i + 1).value).trim());
  };
  const headers = read(1);
  const rows: ParsedFile["rows"] = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const cells = read(n);
    if (cells.some((c) => c !== "")) rows.push({ line: n, cells });
  }
  return checked({ headers, rows });
}

function checked(file: ParsedFile): ParsedFile {
  if (file.rows.length > MAX_IMPORT_ROWS) throw new AppError(`The file has ${file.rows.length} lines; the limit is ${MAX_IMPORT_ROWS}`);
  return file;
}
