import { COMPANY_FINDER_MESSAGES } from "./companyCode.ts";
import { refusalTable } from "./refusals.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

// What finding and joining a company, its join requests, its members, switching the active company,
// its settings, its company code and its stores refuse, in English (what the server sends) and
// Spanish, with codes "companies.<key>" (refusals.ts).

const COMPANY_TABLE = refusalTable("companies", {
  searchTooShort: { en: COMPANY_FINDER_MESSAGES.searchTooShort, es: "Escribe al menos 3 caracteres para buscar empresas." },
  guestCannotJoin: { en: "Create an account before joining a company", es: "Crea una cuenta antes de unirte a una empresa" },
  companyNotFound: { en: "Company not found", es: "No se encontró la empresa" },
  notAcceptingJoinRequests: { en: "This company is not accepting join requests", es: "Esta empresa no acepta solicitudes de ingreso" },
  alreadyMember: { en: "You are already a member of this company", es: "Ya eres miembro de esta empresa" },
  alreadyPending: { en: "You already have a pending request for this company", es: "Ya tienes una solicitud pendiente para esta empresa" },
  ownRequestNotPending: { en: "Request not found or no longer pending", es: "No se encontró la solicitud o ya no está pendiente" },
  joinRequestNotFound: { en: "Join request not found", es: "No se encontró la solicitud de ingreso" },
  joinRequestDecided: { en: "This request was already decided", es: "Esta solicitud ya fue resuelta" },
  memberNotFound: { en: "Member not found", es: "No se encontró el miembro" },
  ownMembership: { en: "You cannot change your own membership", es: "No puedes cambiar tu propia membresía" },
  notMemberOfCompany: { en: "You are not a member of this company", es: "No eres miembro de esta empresa" },
  unknownSection: {
    en: ({ section }: { section: string }) => `Unknown settings section "${section}"`,
    es: ({ section }: { section: string }) => `Sección de ajustes desconocida: "${section}"`,
  },
  unknownSettings: {
    en: ({ section, names, count }: { section: string; names: string; count: number }) => `Unknown setting${count > 1 ? "s" : ""} in ${section}: ${names}`,
    es: ({ section, names, count }: { section: string; names: string; count: number }) =>
      `${count > 1 ? "Ajustes desconocidos" : "Ajuste desconocido"} en ${section}: ${names}`,
  },
  /** A section's value its rule refuses: the field and the rule's English (a zod issue's message). */
  invalidSetting: {
    en: ({ field, message }: { field: string; message: string }) => `Invalid setting "${field}": ${message}`,
    es: ({ field, message }: { field: string; message: string }) => `Ajuste no válido "${field}": ${localizeValidationMessage(message, "es")}`,
  },
  noFreeCompanyCode: { en: "Could not find a free company code; try again", es: "No se encontró un código de empresa libre; inténtalo de nuevo" },
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  storeNameTaken: {
    en: ({ name }: { name: string }) => `A store named "${name}" already exists`,
    es: ({ name }: { name: string }) => `Ya existe una tienda llamada "${name}"`,
  },
});

export const COMPANY_REFUSAL_TEXTS = COMPANY_TABLE.texts;
/** A refusal for the server to throw, with its code ("companies.<key>"). */
export const companyRefusal = COMPANY_TABLE.refusal;
