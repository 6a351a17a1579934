import { refusalTable } from "./refusals.ts";

// What registering, renaming, extending and revoking a kiosk refuse, in English (what the server
// sends) and Spanish, with codes "kiosks.<key>" (refusals.ts).

const KIOSK_TABLE = refusalTable("kiosks", {
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  storeInactive: { en: "This store is inactive", es: "Esta tienda está inactiva" },
  kioskNotFound: { en: "Kiosk not found", es: "No se encontró el quiosco" },
  kioskRevoked: { en: "This kiosk is revoked", es: "Este quiosco está revocado" },
});

export const KIOSK_REFUSAL_TEXTS = KIOSK_TABLE.texts;
/** A refusal for the server to throw, with its code ("kiosks.<key>"). */
export const kioskRefusal = KIOSK_TABLE.refusal;
