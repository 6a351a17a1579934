// One message per validation rule, in English and Spanish. The zod schemas shared by the server's
// functions and the web's forms carry the English text (what the server answers, spec section 8);
// a form shows the text in the reader's language by looking the English one up here.

import type { SupportedLanguage } from "./languagePriority.ts";
import { CASH_MESSAGES } from "./cashLedger.ts";
import { MONEY_ERRORS } from "./money.ts";

export const VALIDATION_MESSAGES = {
  campaignNameRequired: { en: "Name is required", es: "El nombre es obligatorio" },
  campaignTypeRequired: { en: "Choose a campaign type", es: "Elija un tipo de campaña" },
  datesOutOfOrder: { en: "The end date cannot be before the start date", es: "La fecha de fin no puede ser anterior a la de inicio" },
  dateFormat: { en: "Use the yyyy-MM-dd format", es: "Use el formato aaaa-MM-dd" },
  notADate: { en: "Not a real calendar date", es: "No es una fecha real del calendario" },
  dateRequired: { en: "Choose a date", es: "Elija una fecha" },
  participantsWhole: { en: "Enter a whole number of at least 1", es: "Ingrese un número entero de al menos 1" },
  storeNameRequired: { en: "Store name is required", es: "El nombre de la tienda es obligatorio" },
  addressRequired: { en: "Address is required", es: "La dirección es obligatoria" },
  timeZoneRequired: { en: "Choose a time zone", es: "Elija una zona horaria" },
  timeZoneUnknown: { en: "Unknown time zone", es: "Zona horaria desconocida" },
  equipmentTypeNameRequired: { en: "Equipment type name is required", es: "El nombre del tipo de equipo es obligatorio" },
  colorFormat: { en: "Colour must be #RRGGBB", es: "El color debe ser #RRGGBB" },
  machineLabelRequired: { en: "Machine label is required", es: "La etiqueta de la máquina es obligatoria" },
  sectionRequired: { en: "Choose a section", es: "Elija una sección" },
  equipmentTypeRequired: { en: "Choose an equipment type", es: "Elija un tipo de equipo" },
  adjustmentReasonRequired: { en: "Give a reason for the adjustment", es: "Indique un motivo para el ajuste" },
  adjustmentMachineRequired: { en: "Choose at least one machine", es: "Elija al menos una máquina" },
  amountRequired: { en: MONEY_ERRORS.required, es: "El monto es obligatorio" },
  amountInvalid: { en: MONEY_ERRORS.invalid, es: "Ingrese un monto válido" },
  amountNegative: { en: MONEY_ERRORS.negative, es: "El monto no puede ser negativo" },
  amountDecimals: { en: MONEY_ERRORS.tooManyDecimals, es: "El monto no puede tener más de 2 decimales" },
  amountTooLarge: { en: MONEY_ERRORS.tooLarge, es: "El monto es demasiado grande" },
  cashDescriptionRequired: { en: "Give a description", es: "Escriba una descripción" },
  cashAmountPositive: { en: "The amount must be more than zero", es: "El monto debe ser mayor que cero" },
  cashSource: { en: CASH_MESSAGES.needsSource, es: "Elija la cuenta de la que sale el dinero" },
  cashDestination: { en: CASH_MESSAGES.needsDestination, es: "Elija la cuenta a la que va el dinero" },
  cashSameAccount: { en: CASH_MESSAGES.sameAccount, es: "Elija dos cuentas distintas" },
  cashBagOrSlip: { en: CASH_MESSAGES.needsBagOrSlip, es: "Indique el número de bolsa o el de comprobante del depósito" },
  cashCategory: { en: CASH_MESSAGES.needsCategory, es: "Elija una categoría de gasto" },
  cashPayee: { en: CASH_MESSAGES.needsPayee, es: "Indique a quién se pagó el gasto" },
  cashAccountName: { en: "Give the account a name", es: "Dé un nombre a la cuenta" },
  cashAccountStore: { en: CASH_MESSAGES.accountNeedsStore, es: "Elija la tienda a la que pertenece esta cuenta" },
  cashArchiveNotZero: { en: CASH_MESSAGES.archiveNotZero, es: "Solo se puede archivar una cuenta con saldo cero" },
  cashArchivePending: { en: CASH_MESSAGES.archivePending, es: "Esta cuenta tiene transacciones pendientes; resuélvalas primero" },
  cashApproveDenied: { en: CASH_MESSAGES.approveDenied, es: "No tiene permiso para aprobar retiros de efectivo" },
  cashOwnApproval: { en: CASH_MESSAGES.ownApproval, es: "No puede aprobar su propia solicitud" },
  cashOwnRejection: { en: CASH_MESSAGES.ownRejection, es: "No puede rechazar su propia solicitud; cancélela" },
  cashCancelNotOwn: { en: CASH_MESSAGES.cancelNotOwn, es: "Solo quien hizo la solicitud puede cancelarla" },
  cashAlreadyReversed: { en: CASH_MESSAGES.alreadyReversed, es: "Esta transacción ya fue revertida" },
  cashOwnCountReview: { en: CASH_MESSAGES.ownCountReview, es: "No puede revisar su propio conteo" },
  cashNotChangeFund: { en: CASH_MESSAGES.notChangeFund, es: "Una reposición del fondo de cambio va a un fondo de cambio" },
  cashCountWhole: { en: "Count whole pieces", es: "Cuente piezas enteras" },
} as const satisfies Record<string, Record<SupportedLanguage, string>>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

const BY_ENGLISH = new Map<string, Record<SupportedLanguage, string>>(Object.values(VALIDATION_MESSAGES).map((m) => [m.en, m]));

/** The English text a schema carries for a rule. */
export function ruleMessage(key: ValidationMessageKey): string {
  return VALIDATION_MESSAGES[key].en;
}

/** A schema's (or the server's) English message in `language`; unknown messages are returned as they are. */
export function localizeValidationMessage(message: string, language: SupportedLanguage): string {
  return BY_ENGLISH.get(message)?.[language] ?? message;
}
