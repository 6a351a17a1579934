import { isXlsxFile } from "@tumble/domain/imports";

// A chosen file as the server takes it: CSV as text, XLSX as base64, cut in parts that each stay
// under the request limit (imports:uploadPart) when it is long.

export const PART_CHARS = 450_000;
export const MAX_PARTS = 60;
export const MAX_FILE_CHARS = PART_CHARS * MAX_PARTS;

export async function readImportFile(file: File): Promise<string> {
  if (!isXlsxFile(file.name)) return (await file.text()).replace(/^\uFEFF/, "");
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function splitParts(content: string): string[] {
  const parts: string[] = [];
  for (let i = 0; i < content.length; i += PART_CHARS) parts.push(content.slice(i, i + PART_CHARS));
  return parts;
}
