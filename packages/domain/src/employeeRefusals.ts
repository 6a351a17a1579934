import { centsToDollarString } from "./money.ts";
import { refusalTable } from "./refusals.ts";
import type { SupportedLanguage } from "./languagePriority.ts";

// The employees module's refusals, in a file of their own so a screen that only translates them
// (the kiosk) loads no schema, date or CSV code with them.

interface MinimumWage {
  rateCents: number;
  minimumCents: number;
}
const usd = (cents: number) => `$${centsToDollarString(cents)}`;

/** Messages the server answers and the forms show, in English and Spanish (Spanish uses "tú"). */
const EMPLOYEE_MESSAGES_TABLE = refusalTable("employees", {
  nameRequired: { en: "Name is required", es: "El nombre es obligatorio" },
  storesRequired: { en: "Choose at least one store", es: "Elige al menos una tienda" },
  rateRequired: { en: "Enter the rate", es: "Escribe la tarifa" },
  rateNegative: { en: "The rate cannot be negative", es: "La tarifa no puede ser negativa" },
  rateTooLarge: { en: "The rate is too large", es: "La tarifa es demasiado alta" },
  rateWhole: { en: "The rate must be whole cents", es: "La tarifa debe ser en centavos enteros" },
  endDateRequired: { en: "A terminated employee needs an end date", es: "Un empleado dado de baja necesita una fecha de fin" },
  endBeforeHire: { en: "The end date cannot be before the hire date", es: "La fecha de fin no puede ser anterior a la de contratación" },
  rateBeforeToday: {
    en: "A new rate cannot start before today: past pay is never rewritten",
    es: "Una tarifa nueva no puede empezar antes de hoy: el pago pasado nunca se reescribe",
  },
  rateDateTaken: {
    en: "A rate already started on this date; choose a later date",
    es: "Ya hay una tarifa que empezó en esta fecha; elige una fecha posterior",
  },
  usernameTaken: { en: "This username is already taken in this company", es: "Este nombre de usuario ya está en uso en esta empresa" },
  phoneFormat: { en: "Enter a valid phone number", es: "Escribe un número de teléfono válido" },
  notPending: { en: "This profile is not waiting for completion", es: "Este perfil no está esperando a ser completado" },
  pendingNeedsCompletion: {
    en: "A pending profile is activated by completing its registration",
    es: "Un perfil pendiente se activa completando su registro",
  },
  jobTitleRequired: { en: "Name the job", es: "Ponle nombre al trabajo" },
  salaryZero: { en: "A salary must be more than $0.00 a pay period", es: "Un salario debe ser mayor que $0.00 por periodo de pago" },
  jobNotFound: { en: "Job not found", es: "No se encontró el trabajo" },
  jobEnded: { en: "This job has ended", es: "Este trabajo ya terminó" },
  jobTitleTaken: {
    en: "This person already has a job with this name at this store",
    es: "Esta persona ya tiene un trabajo con este nombre en esta tienda",
  },
  jobNotAtStore: { en: "This job is worked at another store", es: "Este trabajo se hace en otra tienda" },
  jobEndBeforeWork: {
    en: "The job cannot end before time already worked in it",
    es: "El trabajo no puede terminar antes de un tiempo ya trabajado en él",
  },
  employeeNotFound: { en: "Employee not found", es: "No se encontró el empleado" },
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
  /** An hourly rate under the minimum wage the company applies (amounts in cents). */
  belowMinimumWage: {
    en: ({ rateCents, minimumCents }: MinimumWage) => `${usd(rateCents)} an hour is below the minimum wage of ${usd(minimumCents)} the company applies`,
    es: ({ rateCents, minimumCents }: MinimumWage) =>
      `${usd(rateCents)} por hora está por debajo del salario mínimo de ${usd(minimumCents)} que aplica la empresa`,
  },
});
export const EMPLOYEE_MESSAGES = EMPLOYEE_MESSAGES_TABLE.texts;
/** A refusal for the server to throw, with its code ("employees.<key>", refusals.ts). */
export const employeeRefusal = EMPLOYEE_MESSAGES_TABLE.refusal;

/** A rate refused for being under the minimum wage the company applies. */
export function belowMinimumWage(rateCents: number, minimumCents: number, language: SupportedLanguage = "en"): string {
  return EMPLOYEE_MESSAGES_TABLE.text("belowMinimumWage", language, { rateCents, minimumCents });
}
