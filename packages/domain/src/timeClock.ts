import { localizeTooEarly, tooEarlyMessage } from "./timeEntryReview.ts";
import { refusalTable } from "./refusals.ts";
import type { SupportedLanguage } from "./languagePriority.ts";

// The time clock's rules (issue 16), shared by the server, the kiosk and the employee's own
// screen: which punch is allowed in which state, and how raw punches become time entries.
//
// An employee is off the clock, working, or on a break — across every store of the company, so a
// second clock-in anywhere is refused while on the clock. Raw punches are facts and are never
// edited; entries are rebuilt from them in the order they happened (device time for a punch the
// kiosk sent late, server time otherwise). A punch that does not fit where it falls (a late
// offline break end whose start never arrived) is kept but ignored, and the entry around it says so.

export const PUNCH_ACTIONS = ["clockIn", "breakStart", "breakEnd", "clockOut"] as const;
export type PunchAction = (typeof PUNCH_ACTIONS)[number];

export type ClockState = "off" | "working" | "onBreak";

/** Wrong PINs for one username before it is locked. */
export const PIN_LOCK_FAILURES = 5;
/** How long a username stays locked after PIN_LOCK_FAILURES wrong PINs. */
export const PIN_LOCK_MINUTES = 15;
/** Failed sign-ins (unknown username or wrong PIN) one kiosk may make per window. */
export const KIOSK_FAILURES_PER_WINDOW = 20;
export const KIOSK_FAILURE_WINDOW_MINUTES = 15;
/** An offline punch may be at most this old when it arrives; older ones are refused. */
export const OFFLINE_MAX_AGE_DAYS = 7;
/** The kiosk goes back to its start screen this long after a confirmation. */
export const KIOSK_RESET_SECONDS = 5;
/** How long a kiosk's registration lasts unless the manager says otherwise, and at most (days). */
export const KIOSK_VALID_DAYS_DEFAULT = 365;
export const KIOSK_VALID_DAYS_MAX = 730;

/** The buttons that apply in a state, in the order the kiosk shows them. */
export function allowedActions(state: ClockState): PunchAction[] {
  switch (state) {
    case "off":
      return ["clockIn"];
    case "working":
      return ["breakStart", "clockOut"];
    case "onBreak":
      return ["breakEnd", "clockOut"];
  }
}

export type PunchRefusal = "alreadyOnClock" | "notOnClock" | "notOnBreak" | "alreadyOnBreak" | "breakNotWhileOff";

/** Why `action` is not allowed in `state`, or null when it is. */
export function punchRefusal(state: ClockState, action: PunchAction): PunchRefusal | null {
  if (allowedActions(state).includes(action)) return null;
  switch (action) {
    case "clockIn":
      return "alreadyOnClock";
    case "clockOut":
      return "notOnClock";
    case "breakStart":
      return state === "off" ? "breakNotWhileOff" : "alreadyOnBreak";
    case "breakEnd":
      return state === "off" ? "notOnClock" : "notOnBreak";
  }
}

/** The state after an allowed punch. Clocking out during a break ends the break then. */
export function stateAfter(action: PunchAction): ClockState {
  return action === "clockIn" || action === "breakEnd" ? "working" : action === "breakStart" ? "onBreak" : "off";
}

export interface PunchFact {
  id: string;
  action: PunchAction;
  /** When it happened (epoch ms): device time for an offline punch, server time otherwise. */
  at: number;
  storeId: string;
  offline?: boolean;
  /** A phone punch accepted outside its store's zone. */
  outsideZone?: boolean;
}

/** `manual`: added by hand by a manager, without punches (never built by a replay). */
export type EntryFlag = "offline" | "outsideZone" | "otherStore" | "ignoredPunch" | "openBreak" | "manual";

export interface BuiltEntry {
  /** The clock-in punch: an entry's identity. */
  clockInPunchId: string;
  clockOutPunchId: string | null;
  storeId: string;
  clockInAt: number;
  clockOutAt: number | null;
  breaks: Array<{ start: number; end: number | null }>;
  status: "open" | "closed";
  flags: EntryFlag[];
  punchIds: string[];
}

export interface IgnoredPunch {
  punchId: string;
  reason: PunchRefusal;
}

export interface Replay {
  entries: BuiltEntry[];
  ignored: IgnoredPunch[];
  state: ClockState;
  /** The open entry's store, when on the clock. */
  storeId: string | null;
  /** When the current state began (the last applied punch), or null when off with no history. */
  since: number | null;
}

/** Sorts punches into the order they happened (ties by id, so every replay agrees). */
export function inPunchOrder<T extends { at: number; id: string }>(punches: readonly T[]): T[] {
  return [...punches].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Replays punches (from a moment the employee was off the clock) into entries. A punch the state
 * machine refuses is ignored and reported; the entry it falls in is flagged.
 */
export function replayPunches(punches: readonly PunchFact[]): Replay {
  const entries: BuiltEntry[] = [];
  const ignored: IgnoredPunch[] = [];
  let state: ClockState = "off";
  let open: BuiltEntry | null = null;
  let since: number | null = null;
  const flag = (entry: BuiltEntry, f: EntryFlag) => {
    if (!entry.flags.includes(f)) entry.flags.push(f);
  };
  for (const p of inPunchOrder(punches)) {
    const refusal = punchRefusal(state, p.action);
    if (refusal) {
      ignored.push({ punchId: p.id, reason: refusal });
      const around = open ?? entries.find((e) => e.clockOutAt !== null && e.clockInAt <= p.at && p.at <= e.clockOutAt);
      if (around) flag(around, "ignoredPunch");
      continue;
    }
    if (p.action === "clockIn") {
      open = {
        clockInPunchId: p.id,
        clockOutPunchId: null,
        storeId: p.storeId,
        clockInAt: p.at,
        clockOutAt: null,
        breaks: [],
        status: "open",
        flags: [],
        punchIds: [],
      };
      entries.push(open);
    }
    const entry = open!;
    entry.punchIds.push(p.id);
    if (p.offline) flag(entry, "offline");
    if (p.outsideZone) flag(entry, "outsideZone");
    if (p.storeId !== entry.storeId) flag(entry, "otherStore");
    if (p.action === "breakStart") entry.breaks.push({ start: p.at, end: null });
    if (p.action === "breakEnd" || (p.action === "clockOut" && state === "onBreak")) entry.breaks[entry.breaks.length - 1].end = p.at;
    if (p.action === "clockOut") {
      entry.clockOutAt = p.at;
      entry.clockOutPunchId = p.id;
      entry.status = "closed";
      open = null;
    }
    state = stateAfter(p.action);
    since = p.at;
  }
  if (open && state === "onBreak") flag(open, "openBreak");
  return { entries, ignored, state, storeId: open?.storeId ?? null, since };
}

/** Whole minutes of breaks; a break still running counts until `now`. */
export function breakMinutes(breaks: ReadonlyArray<{ start: number; end: number | null }>, now: number = Date.now()): number {
  const ms = breaks.reduce((sum, b) => sum + Math.max(0, (b.end ?? now) - b.start), 0);
  return Math.round(ms / 60_000);
}

/** Whole minutes worked: clock-in to clock-out (or `now`) less breaks. */
export function workedMinutes(entry: { clockInAt: number; clockOutAt: number | null; breakMinutes: number }, now: number = Date.now()): number {
  const span = Math.round(((entry.clockOutAt ?? now) - entry.clockInAt) / 60_000);
  return Math.max(0, span - entry.breakMinutes);
}

/** "7:05" for 425 minutes. */
export function formatHoursMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`;
}

/**
 * When an offline punch counts as having happened: its device time, but never later than the
 * server received it (a device clock running fast cannot put a punch in the future).
 */
export function offlinePunchTime(deviceTime: number, receivedAt: number): number {
  return Math.min(deviceTime, receivedAt);
}

// ---- Messages (the server answers in English; the kiosk shows them in the chosen language) ----

interface TooEarly {
  startsAt: string;
  from: string;
}

const TIME_CLOCK_MESSAGES_TABLE = refusalTable("timeClock", {
  alreadyOnClock: { en: "You are already on the clock", es: "Ya estás en turno" },
  notOnClock: { en: "You are not clocked in", es: "No has marcado la entrada" },
  notOnBreak: { en: "You are not on a break", es: "No estás en descanso" },
  alreadyOnBreak: { en: "You are already on a break", es: "Ya estás en descanso" },
  breakNotWhileOff: { en: "Clock in before starting a break", es: "Marca la entrada antes de empezar un descanso" },
  wrongCredentials: { en: "Wrong username or PIN", es: "Usuario o PIN incorrectos" },
  usernameLocked: {
    en: `Too many wrong PINs: this username is locked for ${PIN_LOCK_MINUTES} minutes. Your manager has been told.`,
    es: `Demasiados PIN incorrectos: este usuario está bloqueado durante ${PIN_LOCK_MINUTES} minutos. Se avisó a tu gerente.`,
  },
  notActive: { en: "Your employee profile is not active. Ask your manager.", es: "Tu perfil de empleado no está activo. Pregunta a tu gerente." },
  ownTime: {
    en: "Nobody approves, rejects or corrects their own time: another manager or supervisor does",
    es: "Nadie aprueba, rechaza ni corrige su propio tiempo: lo hace otro gerente o supervisor",
  },
  beforeHire: {
    en: "Your employment starts later: you can clock in from your hire date. Ask your manager.",
    es: "Tu empleo empieza más adelante: puedes marcar entrada desde tu fecha de contratación. Pregunta a tu gerente.",
  },
  afterEnd: {
    en: "Your employment has ended: you can no longer clock in. Ask your manager.",
    es: "Tu empleo terminó: ya no puedes marcar entrada. Pregunta a tu gerente.",
  },
  notAtStore: { en: "You do not work at this store. Ask your manager.", es: "No trabajas en esta tienda. Pregunta a tu gerente." },
  kioskRevoked: {
    en: "This kiosk is no longer registered. Ask a manager to set it up again.",
    es: "Este quiosco ya no está registrado. Pide a un gerente que lo configure de nuevo.",
  },
  kioskExpired: {
    en: "This kiosk's registration has expired. A manager registers it again.",
    es: "El registro de este quiosco ha vencido. Un gerente debe registrarlo de nuevo.",
  },
  releaseWrongCredentials: { en: "Wrong e-mail or password", es: "Correo electrónico o contraseña incorrectos" },
  releaseNotManager: {
    en: "Only a manager of this company can take this browser out of kiosk mode",
    es: "Solo un gerente de esta empresa puede sacar este navegador del modo quiosco",
  },
  noEmployeeProfile: {
    en: "Your account has no active employee profile in this company",
    es: "Tu cuenta no tiene un perfil de empleado activo en esta empresa",
  },
  chooseStore: { en: "Choose the store you are at", es: "Elige la tienda en la que estás" },
  offlineTooOld: {
    en: `This punch was made more than ${OFFLINE_MAX_AGE_DAYS} days ago and cannot be recorded`,
    es: `Esta marcación se hizo hace más de ${OFFLINE_MAX_AGE_DAYS} días y no se puede registrar`,
  },
  deviceTimeNeeded: { en: "An offline punch needs the time it was made on the device", es: "Una marcación sin conexión necesita la hora del dispositivo" },
  ignored: {
    en: "The punch was recorded but does not fit the punches around it; your manager will review it",
    es: "La marcación se registró pero no encaja con las demás; tu gerente la revisará",
  },
  correctionOrder: { en: "Clock-out must be after clock-in", es: "La salida debe ser después de la entrada" },
  correctionBreak: { en: "Breaks cannot be longer than the shift", es: "Los descansos no pueden durar más que el turno" },
  correctionFuture: {
    en: "A correction cannot end in the future: time is paid once it is worked",
    es: "Una corrección no puede terminar en el futuro: el tiempo se paga cuando se trabaja",
  },
  correctionOverlap: {
    en: "This time overlaps another entry of the same person: correct that one first",
    es: "Este horario se superpone con otro registro de la misma persona: corrige primero ese",
  },
  correctionBeforeHire: { en: "This time starts before the employee's hire date", es: "Este horario empieza antes de la fecha de contratación" },
  reasonRequired: { en: "Give a reason for the correction", es: "Indica el motivo de la corrección" },
  shiftTooLong: { en: "A shift cannot be longer than 24 hours", es: "Un turno no puede durar más de 24 horas" },
  manualEmployee: { en: "This employee is not in your company", es: "Este empleado no pertenece a tu empresa" },
  manualStore: { en: "This store is not in your company", es: "Esta tienda no pertenece a tu empresa" },
  manualFuture: {
    en: "A shift cannot end in the future: add it once it is worked",
    es: "Un turno no puede terminar en el futuro: añádelo cuando se haya trabajado",
  },
  manualAfterEnd: { en: "This time is after the employee's end date", es: "Este horario es posterior a la fecha de baja del empleado" },
  manualReasonRequired: { en: "Give a reason for adding this shift", es: "Indica el motivo para añadir este turno" },
  ownManualEntry: {
    en: "You added this entry; another manager must approve it",
    es: "Tú añadiste este registro; otro gerente debe aprobarlo",
  },
  entryNotFound: { en: "Time entry not found", es: "No se encontró el registro de tiempo" },
  stillOnClock: { en: "An entry still on the clock cannot be reviewed", es: "Un registro que sigue en turno no se puede revisar" },
  fromAfterTo: { en: "The from date is after the to date", es: "La fecha de inicio es posterior a la de fin" },
  rangeTooLong: {
    en: ({ days }: { days: number }) => `Choose at most ${days} days`,
    es: ({ days }: { days: number }) => `Elige como máximo ${days} días`,
  },
  /** A clock-in too early for its shift; times as the store's clock shows them ("2:00 PM"), in Spanish on a 24-hour clock. */
  tooEarly: {
    en: ({ startsAt, from }: TooEarly) => tooEarlyMessage(startsAt, from),
    es: ({ startsAt, from }: TooEarly) => localizeTooEarly(tooEarlyMessage(startsAt, from), "es") ?? tooEarlyMessage(startsAt, from),
  },
  tooManyAttempts: { en: "Too many attempts, try again later", es: "Demasiados intentos. Espera unos minutos e inténtalo de nuevo." },
  accountDisabled: {
    en: "This account has been disabled. Contact your administrator.",
    es: "Esta cuenta está desactivada. Contacta a tu administrador.",
  },
});
export const TIME_CLOCK_MESSAGES = TIME_CLOCK_MESSAGES_TABLE.texts;
/** A refusal for the server to throw, with its code ("timeClock.<key>", refusals.ts). */
export const timeClockRefusal = TIME_CLOCK_MESSAGES_TABLE.refusal;

export type TimeClockMessageKey = keyof typeof TIME_CLOCK_MESSAGES;

export function timeClockMessage(key: Exclude<TimeClockMessageKey, "rangeTooLong" | "tooEarly">): string {
  return TIME_CLOCK_MESSAGES[key].en;
}

const BY_ENGLISH = new Map<string, { en: string; es: string }>(
  Object.values(TIME_CLOCK_MESSAGES).flatMap((m) => (typeof m.en === "string" && typeof m.es === "string" ? [[m.en, { en: m.en, es: m.es }] as const] : [])),
);

/**
 * A fixed time-clock message from the server in `language`; any other text is returned as it is.
 * A sentence with values (too early, a range too long) arrives with its code and is said by it.
 */
export function localizeTimeClockMessage(message: string, language: SupportedLanguage): string {
  return BY_ENGLISH.get(message)?.[language] ?? message;
}
