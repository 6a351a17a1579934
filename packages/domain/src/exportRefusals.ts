import { refusalTable } from "./refusals.ts";

// What starting and following a company's or a person's data export refuse, in English (what the
// server sends) and Spanish, with codes "exports.<key>" (refusals.ts). The download of an export
// that expired answers exportNotFound's English as text, found by it (refusalTextOfMessage).

const EXPORT_TABLE = refusalTable("exports", {
  companyNotFound: { en: "Company not found", es: "No se encontró la empresa" },
  userNotFound: { en: "User not found", es: "No se encontró el usuario" },
  exportNotFound: {
    en: "There is no such export; it may have expired. Start it again",
    es: "Esa exportación no existe; puede que haya caducado. Iníciala de nuevo",
  },
});

export const EXPORT_REFUSAL_TEXTS = EXPORT_TABLE.texts;
/** A refusal for the server to throw, with its code ("exports.<key>"). */
export const exportRefusal = EXPORT_TABLE.refusal;
