import { isXlsxFile } from "@tumble/domain/imports";
import { PART_CHARS } from "../../../lib/uploadParts";

// A chosen file as the server takes it: CSV as text, XLSX as base64 (sent in parts when long,
// web/src/lib/uploadParts.ts).

/** The most parts one upload may have (imports:preview's and imports:start's limit). */
export const MAX_PARTS = 60;
export const MAX_FILE_CHARS = PART_CHARS * MAX_PARTS;

export async function readImportFile(file: File): Promise<string> {
  if (!isXlsxFile(file.name)) return (await file.text()).replace(/^\uFEFF/, "");
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
