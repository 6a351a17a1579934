import { refusalTable } from "./refusals.ts";

// What checking and starting an import refuse before it runs, and looking one up, in English (what
// the server sends) and Spanish, with codes "imports.<key>" (refusals.ts). The columns travel as
// the kind's column keys. An import that then fails keeps its reason as text (server/src/imports/run.ts),
// which the import screen still reads by its English.

const IMPORT_TABLE = refusalTable("imports", {
  mapColumns: {
    en: ({ columns }: { columns: string }) => `Map a column of the file to: ${columns}`,
    es: ({ columns }: { columns: string }) => `Elige una columna del archivo para: ${columns}`,
  },
  notBase64: { en: "An XLSX file is sent as base64", es: "Un archivo XLSX se envía en base64" },
  importNotFound: { en: "Import not found", es: "No se encontró la importación" },
});

export const IMPORT_REFUSAL_TEXTS = IMPORT_TABLE.texts;
/** A refusal for the server to throw, with its code ("imports.<key>"). */
export const importRefusal = IMPORT_TABLE.refusal;
