// One message per validation rule, in English and Spanish. The zod schemas shared by the server's
// functions and the web's forms carry the English text (what the server answers, spec section 8);
// a form shows the text in the reader's language by looking the English one up here.

import type { SupportedLanguage } from "./languagePriority.ts";
import { BANK_MESSAGES, EARLIEST_LINE_DATE } from "./bankStatement.ts";
import { cashRefusalText } from "./cashLedger.ts";
import { MONEY_ERRORS } from "./money.ts";
import { RECONCILIATION_MESSAGES } from "./reconciliation.ts";
// Registered here so that whatever reads rules can read an argument's refusal (args.invalid) too.
import "./argumentRefusals.ts";
import { refusalTable, refusalTextOfMessage } from "./refusals.ts";

export const VALIDATION_MESSAGES = {
  campaignNameRequired: { en: "Name is required", es: "El nombre es obligatorio" },
  campaignTypeRequired: { en: "Choose a campaign type", es: "Elija un tipo de campaña" },
  datesOutOfOrder: { en: "The end date cannot be before the start date", es: "La fecha de fin no puede ser anterior a la de inicio" },
  endInPast: { en: "A new campaign cannot end in the past", es: "Una campaña nueva no puede terminar en el pasado" },
  dateFormat: { en: "Use the yyyy-MM-dd format", es: "Use el formato aaaa-MM-dd" },
  notADate: { en: "Not a real calendar date", es: "No es una fecha real del calendario" },
  dateOutOfRange: { en: "Use a date between the years 1900 and 2199", es: "Usa una fecha entre los años 1900 y 2199" },
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
  sectionNameRequired: { en: "Section name is required", es: "El nombre de la sección es obligatorio" },
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
  cashAccountName: { en: "Give the account a name", es: "Dé un nombre a la cuenta" },
  cashCountWhole: { en: "Count whole pieces", es: "Cuente piezas enteras" },
  bankNoAmountColumn: {
    en: BANK_MESSAGES.noAmountColumn,
    es: "La asignación de columnas no indica una columna de monto: elija una columna de monto, o una de débitos y una de créditos",
  },
  bankNoDateColumn: { en: BANK_MESSAGES.noDateColumn, es: "La asignación de columnas no indica una columna de fecha" },
  bankNoDescriptionColumn: { en: BANK_MESSAGES.noDescriptionColumn, es: "La asignación de columnas no indica una columna de descripción" },
  bankNoAmount: { en: BANK_MESSAGES.noAmount, es: "La línea no tiene monto" },
  bankBothAmounts: { en: BANK_MESSAGES.bothAmounts, es: "La línea tiene a la vez un débito y un crédito" },
  bankEmpty: { en: BANK_MESSAGES.empty, es: "El extracto no tiene líneas" },
  bankBadOfx: { en: BANK_MESSAGES.badOfx, es: "El archivo no es un extracto OFX" },
  bankFutureLine: { en: BANK_MESSAGES.futureLine, es: "Una línea bancaria no puede tener una fecha posterior a hoy" },
  bankZeroAmount: { en: BANK_MESSAGES.zeroAmount, es: "La línea no mueve dinero ($0.00)" },
  startBeforeEnd: { en: "The start date must be on or before the end date", es: "La fecha de inicio debe ser igual o anterior a la de fin" },
  coversBoth: { en: "Give both the first and the last day it covers", es: "Indica el primer y el último día que cubre" },
  coversTooLong: { en: "A bonus covers at most 371 days", es: "Un bono cubre como máximo 371 días" },
  coversKind: { en: "Only a bonus or commission is earned over workweeks", es: "Solo un bono o una comisión se gana a lo largo de semanas laborales" },
  kioskNameRequired: { en: "Give the kiosk a name", es: "Ponle un nombre al quiosco" },
  kioskNameTooLong: { en: "The name can be at most 80 characters", es: "El nombre puede tener como máximo 80 caracteres" },
  kioskStoreRequired: { en: "Choose a store", es: "Elige una tienda" },
  rejectionReasonRequired: { en: "Give a reason for the rejection", es: "Indica un motivo para el rechazo" },
  reasonNeeded: { en: "Give a reason", es: "Indica un motivo" },
  payAdjustKindRequired: { en: "Choose a kind", es: "Elige un tipo" },
  payAdjustAmountRequired: { en: "Enter an amount above zero", es: "Escribe un monto mayor que cero" },
  payAdjustAmountTooLarge: { en: "The amount is too large", es: "El monto es demasiado grande" },
  coversNeeded: { en: "Give the first and the last day it covers", es: "Indica el primer y el último día que cubre" },
  coversOrder: { en: "The first day must be on or before the last", es: "El primer día debe ser igual o anterior al último" },
  timeEmployeeRequired: { en: "Choose the employee", es: "Elige el empleado" },
  timeStoreRequired: { en: "Choose the store", es: "Elige la tienda" },
  timeDateRequired: { en: "Choose the date", es: "Elige la fecha" },
  timesRequired: { en: "Give the start and end times", es: "Indica la hora de inicio y de fin" },
  breakMinutesRange: { en: "Give the break in whole minutes, from 0 to 600", es: "Indica el descanso en minutos enteros, de 0 a 600" },
  requestShiftRequired: { en: "Choose a shift", es: "Elige un turno" },
  requestStartDateRequired: { en: "Choose the first day", es: "Elige el primer día" },
  requestTypeRequired: { en: "Choose the type", es: "Elige el tipo" },
  companyNameRequired: { en: "Company name is required", es: "El nombre de la empresa es obligatorio" },
  ownerEmailInvalid: { en: "Enter a valid e-mail address", es: "Escribe un correo válido" },
  emailDomainFormat: { en: "Enter a domain like example.com", es: "Escribe un dominio como example.com" },
  companyCodeFormat: { en: "A company code has 6 to 12 letters and digits", es: "Un código de empresa tiene de 6 a 12 letras y dígitos" },
} as const satisfies Record<string, Record<SupportedLanguage, string>>;
// A table of its own, so an argument's refusal finds its rule's Spanish by the English (argumentRefusals.ts).
refusalTable("validation", VALIDATION_MESSAGES);

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

const BY_ENGLISH = new Map<string, Record<SupportedLanguage, string>>(Object.values(VALIDATION_MESSAGES).map((m) => [m.en, m]));

/** The English text a schema carries for a rule. */
export function ruleMessage(key: ValidationMessageKey): string {
  return VALIDATION_MESSAGES[key].en;
}

// Messages the server builds from values (an account's name, a period's dates): the English
// function, called with markers, gives a pattern whose captures are the values; the Spanish
// function gets them back in the English function's argument order.

/** A message built from values: `match` gives its values (in argument order) or null; `es` builds the Spanish. */
interface ParameterizedMessage {
  match: (message: string) => string[] | null;
  es: (...values: string[]) => string;
}

const MARK = "\u0000";
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function parameterized<F extends (...values: string[]) => string>(english: F, es: F): ParameterizedMessage {
  const arity = english.length;
  const marked = english(...Array.from({ length: arity }, (_, i) => `${MARK}${i}${MARK}`));
  const seen = new Set<string>();
  // A value the text names twice is captured once and must read the same the second time.
  const source = escapeRegExp(marked).replace(new RegExp(`${MARK}(\\d+)${MARK}`, "g"), (_, i: string) => {
    if (seen.has(i)) return `\\k<v${i}>`;
    seen.add(i);
    return `(?<v${i}>[\\s\\S]*?)`;
  });
  const pattern = new RegExp(`^${source}$`);
  return {
    match: (message) => {
      const groups = pattern.exec(message)?.groups;
      return groups ? Array.from({ length: arity }, (_, i) => groups[`v${i}`] ?? "") : null;
    },
    es,
  };
}

const PARAMETERIZED_MESSAGES: readonly ParameterizedMessage[] = [
  parameterized(BANK_MESSAGES.missingColumn, (name) => `El extracto no tiene la columna "${name}"`),
  parameterized(BANK_MESSAGES.badDate, (text) => `La fecha "${text}" no es una fecha válida (use MM/DD/AAAA, M/D/AA o AAAA-MM-DD)`),
  parameterized(BANK_MESSAGES.badAmount, (text) => `El monto "${text}" no es un monto válido`),
  parameterized(BANK_MESSAGES.tooManyDecimals, (text) => `El monto "${text}" tiene más de dos decimales`),
  parameterized(BANK_MESSAGES.lineAfterToday, (date) => `La línea tiene fecha ${date}, posterior a hoy`),
  parameterized(BANK_MESSAGES.lineTooOld, (date) => `La línea tiene fecha ${date}, anterior al ${EARLIEST_LINE_DATE}: no es una fecha de este extracto`),
  parameterized(RECONCILIATION_MESSAGES.closedPeriod, (from, to) => cashRefusalText("closedPeriod", "es", { from, to })),
];

/**
 * A schema's (or the server's) English message in `language`: the exact rules first, then the
 * messages built from values; unknown messages are returned as they are.
 */
export function localizeValidationMessage(message: string, language: SupportedLanguage): string {
  const exact = BY_ENGLISH.get(message);
  if (exact) return exact[language];
  // A fixed sentence of a module's refusal table (the cash forms' rules among them).
  const refusal = refusalTextOfMessage(message, language);
  if (refusal) return refusal;
  if (language === "en") return message;
  for (const known of PARAMETERIZED_MESSAGES) {
    const values = known.match(message);
    if (values) return known.es(...values);
  }
  return message;
}
