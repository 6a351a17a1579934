import { FILE_MESSAGES } from "./fileLimits.ts";
import { refusalTable } from "./refusals.ts";

// What reading a file sent to the server (an import file, a bank statement) and uploading it in
// parts refuse, in English (what the server sends, FILE_MESSAGES's sentences for the limits) and
// Spanish, with codes "files.<key>" (refusals.ts). Light like fileLimits.ts: the thread that reads
// a file loads it. An import that fails keeps its reason as text (server/src/imports/run.ts): a
// fixed sentence here is found by its English (refusalTextOfMessage), the rest as
// fileLimits.localizeFileMessage and the import screen's messages find them.

const SPLIT = "Divídelo en archivos más pequeños.";
const CSV = "Guárdalo como CSV o divídelo en archivos más pequeños.";
const NOUN_ES: Record<string, string> = { file: "del archivo", statement: "del estado de cuenta" };

const FILE_TABLE = refusalTable("files", {
  noHeader: { en: "The file has no header line", es: "El archivo no tiene una línea de encabezados" },
  badXlsx: { en: "The file is not a readable XLSX workbook", es: "El archivo no es un libro XLSX legible" },
  tooManyRows: {
    en: ({ lines, limit }: { lines: number; limit: number }) => `The file has ${lines} lines; the limit is ${limit}`,
    es: ({ lines, limit }: { lines: number; limit: number }) => `El archivo tiene ${lines} líneas; el límite es ${limit}`,
  },
  tooManyColumns: {
    en: ({ columns, limit }: { columns: number; limit: number }) => FILE_MESSAGES.tooManyColumns(columns, limit),
    es: ({ columns, limit }: { columns: number; limit: number }) => `El archivo tiene ${columns} columnas; el límite es ${limit}`,
  },
  unpacksTooLarge: {
    en: ({ megabytes, limit }: { megabytes: number; limit: number }) => FILE_MESSAGES.unpacksTooLarge(megabytes, limit),
    es: ({ megabytes, limit }: { megabytes: number; limit: number }) => `El libro descomprimido ocupa ${megabytes} MB; el límite es ${limit} MB. ${CSV}`,
  },
  tooLong: {
    en: ({ seconds }: { seconds: number }) => FILE_MESSAGES.tooLong(seconds),
    es: ({ seconds }: { seconds: number }) => `Este archivo tardó demasiado en leerse: se detuvo a los ${seconds} segundos. ${SPLIT}`,
  },
  workbookTooLong: {
    en: ({ seconds }: { seconds: number }) => FILE_MESSAGES.workbookTooLong(seconds),
    es: ({ seconds }: { seconds: number }) => `Este archivo tardó demasiado en leerse: se detuvo a los ${seconds} segundos. ${CSV}`,
  },
  tooLarge: {
    en: ({ megabytes }: { megabytes: number }) => FILE_MESSAGES.tooLarge(megabytes),
    es: ({ megabytes }: { megabytes: number }) => `Este archivo es demasiado grande para leerlo: necesitaba más de ${megabytes} MB de memoria. ${SPLIT}`,
  },
  workbookTooLarge: {
    en: ({ megabytes }: { megabytes: number }) => FILE_MESSAGES.workbookTooLarge(megabytes),
    es: ({ megabytes }: { megabytes: number }) => `Este archivo es demasiado grande para leerlo: necesitaba más de ${megabytes} MB de memoria. ${CSV}`,
  },
  unreadable: { en: FILE_MESSAGES.unreadable, es: "No se pudo leer el archivo" },
  busy: { en: FILE_MESSAGES.busy, es: "El servidor está leyendo demasiados archivos a la vez; inténtalo de nuevo en un minuto" },
  uploadTooLarge: {
    en: ({ limit }: { limit: number }) => FILE_MESSAGES.uploadTooLarge(limit),
    es: ({ limit }: { limit: number }) => `El archivo supera los ${limit} MB, lo máximo que admite una carga`,
  },
  companyUploadsFull: {
    en: ({ used, limit }: { used: number; limit: number }) => FILE_MESSAGES.companyUploadsFull(used, limit),
    es: ({ used, limit }: { used: number; limit: number }) =>
      `Las cargas sin terminar de esta empresa ya ocupan ${used} MB de los ${limit} MB permitidos; inténtalo de nuevo cuando se hayan importado (una carga sin usar se elimina al cabo de un día)`,
  },
  partMissing: {
    en: ({ part, parts, noun }: { part: number; parts: number; noun: string }) => `Part ${part} of ${parts} of the ${noun} is missing; upload the file again`,
    es: ({ part, parts, noun }: { part: number; parts: number; noun: string }) =>
      `Falta la parte ${part} de ${parts} ${NOUN_ES[noun] ?? noun}; vuelve a subir el archivo`,
  },
  partCount: {
    en: ({ count, parts }: { count: number; parts: number }) => `The upload has ${count} parts, not ${parts}; upload the file again`,
    es: ({ count, parts }: { count: number; parts: number }) => `La carga tiene ${count} partes, no ${parts}; vuelve a subir el archivo`,
  },
});

export const FILE_REFUSAL_TEXTS = FILE_TABLE.texts;
/** A refusal for the server to throw, with its code ("files.<key>"). */
export const fileRefusal = FILE_TABLE.refusal;
