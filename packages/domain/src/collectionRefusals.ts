import { formatUSD } from "./money.ts";
import { refusalTable } from "./refusals.ts";

// What a collection's draft, submission, deletion, review and adjustment refuse, in English (what
// the server sends) and Spanish, with codes "collections.<key>" (refusals.ts). Amounts travel as
// cents, a status as its name.

const STATUS_ES: Record<string, string> = { draft: "borrador", submitted: "enviada", verified: "verificada", rejected: "rechazada" };
const statusEs = (status: string) => STATUS_ES[status] ?? status;
const FIELD_ES: Record<string, string> = { coins: "monedas", bills: "billetes" };

interface Repeated {
  labels: string;
  count: number;
  businessDate: string;
}

interface Implausible {
  field: string;
  amountCents: number;
  limitCents: number;
}

const COLLECTION_TABLE = refusalTable("collections", {
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  storeInactive: { en: "This store is inactive", es: "Esta tienda está inactiva" },
  collectionNotFound: { en: "Collection not found", es: "No se encontró la recolección" },
  invalidBusinessDate: {
    en: ({ businessDate }: { businessDate: string }) => `Invalid business date "${businessDate}"`,
    es: ({ businessDate }: { businessDate: string }) => `Fecha de operación no válida "${businessDate}"`,
  },
  futureBusinessDate: {
    en: ({ businessDate }: { businessDate: string }) => `The business date ${businessDate} is in the future for this store`,
    es: ({ businessDate }: { businessDate: string }) => `La fecha de operación ${businessDate} es futura para esta tienda`,
  },
  oldBusinessDate: {
    en: ({ businessDate }: { businessDate: string }) => `The business date ${businessDate} is more than a year ago`,
    es: ({ businessDate }: { businessDate: string }) => `La fecha de operación ${businessDate} es de hace más de un año`,
  },
  machineTwice: { en: "A machine appears twice in this collection", es: "Una máquina aparece dos veces en esta recolección" },
  implausibleAmount: {
    en: ({ field, amountCents, limitCents }: Implausible) =>
      `The ${field} amount ${formatUSD(amountCents)} is not plausible for one machine (limit ${formatUSD(limitCents)})`,
    es: ({ field, amountCents, limitCents }: Implausible) =>
      `El importe de ${FIELD_ES[field] ?? field} ${formatUSD(amountCents)} no es plausible para una máquina (límite ${formatUSD(limitCents)})`,
  },
  machineNotFound: { en: "Machine not found", es: "No se encontró la máquina" },
  machineOfAnotherStore: {
    en: ({ label }: { label: string }) => `Machine ${label} belongs to another store`,
    es: ({ label }: { label: string }) => `La máquina ${label} pertenece a otra tienda`,
  },
  onlyCollectorChanges: { en: "Only the collector can change this collection", es: "Solo quien recolectó puede cambiar esta recolección" },
  cannotChange: {
    en: ({ status }: { status: string }) => `A ${status} collection cannot be changed`,
    es: ({ status }: { status: string }) => `Una recolección en estado ${statusEs(status)} no se puede cambiar`,
  },
  onlyCollectorSubmits: { en: "Only the collector can submit this collection", es: "Solo quien recolectó puede enviar esta recolección" },
  cannotSubmit: {
    en: ({ status }: { status: string }) => `A ${status} collection cannot be submitted`,
    es: ({ status }: { status: string }) => `Una recolección en estado ${statusEs(status)} no se puede enviar`,
  },
  noLines: { en: "Add at least one machine before submitting", es: "Agrega al menos una máquina antes de enviar" },
  onlyCollectorOrAdminDeletes: {
    en: "Only the collector or an administrator can delete this draft",
    es: "Solo quien recolectó o un administrador puede eliminar este borrador",
  },
  onlyDraftsDeleted: { en: "Only drafts can be deleted", es: "Solo se pueden eliminar borradores" },
  // Review (verify and reject) and adjustment.
  notSubmitted: {
    en: ({ status }: { status: string }) => `Only a submitted collection can be reviewed; this one is ${status}`,
    es: ({ status }: { status: string }) => `Solo se puede revisar una recolección enviada; esta está ${status === "draft" ? "en borrador" : statusEs(status)}`,
  },
  ownCollection: { en: "You cannot verify your own collection", es: "No puedes verificar tu propia recolección" },
  secondVerifierNeeded: {
    en: "You gave the first approval of this second collection: another verifier must complete it",
    es: "Diste la primera aprobación de esta segunda recolección: otro verificador debe completarla",
  },
  /** A machine collected twice on one business date: `labels` are the machines, `count` the earlier collections of them. */
  duplicateNeedsReason: {
    en: ({ labels, count, businessDate }: Repeated) =>
      `${labels} ${count === 1 ? "was" : "were"} already collected on ${businessDate}: give a reason to verify a second collection`,
    es: ({ labels, count, businessDate }: Repeated) =>
      `${labels} ya ${count === 1 ? "se recolectó" : "se recolectaron"} el ${businessDate}: indica un motivo para verificar una segunda recolección`,
  },
  notAdjustable: { en: "Only a verified collection can be adjusted", es: "Solo se puede ajustar una recolección verificada" },
  nothingToAdjust: {
    en: "These figures are what the collection already records",
    es: "Estas cifras son las que la recolección ya registra",
  },
  fromAfterTo: { en: "The from date is after the to date", es: "La fecha de inicio es posterior a la de fin" },
});

export const COLLECTION_REFUSAL_TEXTS = COLLECTION_TABLE.texts;
/** A refusal for the server to throw, with its code ("collections.<key>"). */
export const collectionRefusal = COLLECTION_TABLE.refusal;
