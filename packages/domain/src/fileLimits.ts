import type { SupportedLanguage } from "./languagePriority.ts";

// Refusals of files too large, too slow or too many to read (server/src/fileReading,
// server/src/imports/parse.ts, server/src/uploads/parts.ts; docs/decisions/0061-files-read-safely.md):
// the server answers in English, a screen shows them in the reader's language through
// localizeFileMessage. Light on purpose: the thread that reads a file loads this and nothing more.

const splitHint = "Split it into smaller files.";
const csvHint = "Save it as CSV, or split it into smaller files.";

export const FILE_MESSAGES = {
  tooLong: (seconds: number) => `This file took too long to read: it was stopped after ${seconds} seconds. ${splitHint}`,
  workbookTooLong: (seconds: number) => `This file took too long to read: it was stopped after ${seconds} seconds. ${csvHint}`,
  tooLarge: (megabytes: number) => `This file is too large to read: reading it needed more than ${megabytes} MB of memory. ${splitHint}`,
  workbookTooLarge: (megabytes: number) => `This file is too large to read: reading it needed more than ${megabytes} MB of memory. ${csvHint}`,
  unpacksTooLarge: (megabytes: number, limit: number) => `The workbook unpacks to ${megabytes} MB; the limit is ${limit} MB. ${csvHint}`,
  tooManyColumns: (columns: number, limit: number) => `The file has ${columns} columns; the limit is ${limit}`,
  unreadable: "The file could not be read",
  busy: "The server is reading too many files at once; try again in a minute",
  uploadTooLarge: (limit: number) => `The file is larger than ${limit} MB, the most one upload may hold`,
  companyUploadsFull: (used: number, limit: number) =>
    `This company's unfinished uploads already hold ${used} MB of the ${limit} MB allowed; try again once they are imported (an unused upload is dropped after a day)`,
  /** An import on PGlite commits as it goes (server/src/imports/run.ts): what a cut-off one had written stays. */
  importCutOff: (rows: number) =>
    `The server restarted during the import after writing ${rows} of its rows. Run the same file again to write the rest; the rows already written count as unchanged.`,
  importStopped: (rows: number, total: number, reason: string) =>
    `The import stopped after writing ${rows} of ${total} rows: ${reason}. Run the same file again to write the rest; the rows already written count as unchanged.`,
};

/** Whole megabytes, rounded up (so a limit is never shown as reached before it is). */
export const megabytes = (bytes: number) => Math.ceil(bytes / (1024 * 1024));

const SPANISH_SPLIT = "Divídalo en archivos más pequeños.";
const SPANISH_CSV = "Guárdelo como CSV o divídalo en archivos más pequeños.";
const SPANISH_CONTINUE = "Vuelva a importar el mismo archivo para escribir el resto; las filas ya escritas cuentan como sin cambios.";

type Builder = (...values: never[]) => string;

/** A message's English builder as a pattern whose captures are its values (in argument order), with its Spanish. */
function known<F extends Builder>(english: F | string, es: (...values: string[]) => string) {
  if (typeof english === "string") return { match: (message: string) => (message === english ? [] : null), es };
  const MARK = "\u0000";
  const marked = (english as unknown as (...values: string[]) => string)(...Array.from({ length: english.length }, (_, i) => `${MARK}${i}${MARK}`));
  const source = marked.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(new RegExp(`${MARK}\\d+${MARK}`, "g"), "([\\s\\S]*?)");
  const pattern = new RegExp(`^${source}$`);
  return { match: (message: string) => pattern.exec(message)?.slice(1) ?? null, es };
}

const KNOWN = [
  known(FILE_MESSAGES.tooLong, (s) => `Este archivo tardó demasiado en leerse: se detuvo a los ${s} segundos. ${SPANISH_SPLIT}`),
  known(FILE_MESSAGES.workbookTooLong, (s) => `Este archivo tardó demasiado en leerse: se detuvo a los ${s} segundos. ${SPANISH_CSV}`),
  known(FILE_MESSAGES.tooLarge, (mb) => `Este archivo es demasiado grande para leerlo: necesitaba más de ${mb} MB de memoria. ${SPANISH_SPLIT}`),
  known(FILE_MESSAGES.workbookTooLarge, (mb) => `Este archivo es demasiado grande para leerlo: necesitaba más de ${mb} MB de memoria. ${SPANISH_CSV}`),
  known(FILE_MESSAGES.unpacksTooLarge, (mb, limit) => `El libro descomprimido ocupa ${mb} MB; el límite es ${limit} MB. ${SPANISH_CSV}`),
  known(FILE_MESSAGES.tooManyColumns, (n, limit) => `El archivo tiene ${n} columnas; el límite es ${limit}`),
  known(FILE_MESSAGES.unreadable, () => "No se pudo leer el archivo"),
  known(FILE_MESSAGES.busy, () => "El servidor está leyendo demasiados archivos a la vez; inténtelo de nuevo en un minuto"),
  known(FILE_MESSAGES.uploadTooLarge, (limit) => `El archivo supera los ${limit} MB, lo máximo que admite una carga`),
  known(
    FILE_MESSAGES.companyUploadsFull,
    (used, limit) =>
      `Las cargas sin terminar de esta empresa ya ocupan ${used} MB de los ${limit} MB permitidos; inténtelo de nuevo cuando se hayan importado (una carga sin usar se elimina al cabo de un día)`,
  ),
  known(FILE_MESSAGES.importCutOff, (rows) => `El servidor se reinició durante la importación después de escribir ${rows} de sus filas. ${SPANISH_CONTINUE}`),
  known(
    FILE_MESSAGES.importStopped,
    (rows, total, reason) => `La importación se detuvo después de escribir ${rows} de ${total} filas: ${reason}. ${SPANISH_CONTINUE}`,
  ),
];

/** One of the messages above in `language`, or null when the message is none of them. */
export function localizeFileMessage(message: string, language: SupportedLanguage): string | null {
  for (const { match, es } of KNOWN) {
    const values = match(message);
    if (values) return language === "en" ? message : es(...values);
  }
  return null;
}
