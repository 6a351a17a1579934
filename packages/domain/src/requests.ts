import { z } from "zod";
import { startOfBusinessDay } from "./businessDate.ts";
import { addDays, daysBetweenInclusive, isIsoDate } from "./datePresets.ts";
import type { SupportedLanguage } from "./languagePriority.ts";
import { refusalTable } from "./refusals.ts";
import { businessDateSchema } from "./zodSchemas.ts";
import { wallClock, wallTimeToInstant } from "./zonedTime.ts";

// Employees' requests (issue 17): time off (whole or partial days), shift swap, shift drop and
// open-shift claim; approved or denied by someone with canApproveTimeOff. Shared by the server
// (requests:create) and the user/my-requests forms.

export const REQUEST_KINDS = ["timeOff", "swap", "drop", "claim"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** offered: a swap waiting for its coworker; declined: the coworker said no. */
export const REQUEST_STATUSES = ["offered", "pending", "approved", "denied", "declined", "cancelled"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const TIME_OFF_TYPES = ["vacation", "sick", "personal", "unpaid", "other"] as const;
export type TimeOffType = (typeof TIME_OFF_TYPES)[number];

export const REQUEST_MESSAGES = {
  endBeforeStart: "The time off ends before it starts",
  timesNeeded: "Give the start and end times of a partial day",
  tooLong: "Time off can be asked for at most 60 days at once",
  noProfile: "Your account has no active employee profile in this company",
  shiftNotFound: "Shift not found",
  notOfferedToYou: "This swap is not waiting for your answer",
  awaitingCoworker: "The coworker has not accepted this swap yet",
  conflictsNeedReason:
    "Giving this shift to that person conflicts with their schedule (an overlap, time off, too little rest, too many hours or another store): give a reason to approve over it",
  notYourShift: "That shift is not yours",
  notOpenShift: "That shift is not an open shift",
  shiftPast: "That shift has already started",
  notEligible: "You do not work at that shift's store",
  targetNeeded: "Choose who takes the shift",
  targetNotEligible: "That employee does not work at the shift's store",
  targetSelf: "Choose another employee to swap with",
  alreadyPending: "There is already a pending request for that shift",
  notFound: "Request not found",
  alreadyDecided: "This request was already decided",
  reasonNeeded: "Give a reason for denying the request",
  schedulingMissing: "Shift requests need scheduling, which is not available yet",
  shiftTaken: "The shift was already given to someone",
  shiftMoved: "The shift is no longer the requester's",
  useTime: "Use a time like 09:30",
} as const;
export type RequestMessageKey = keyof typeof REQUEST_MESSAGES;

/** The same refusals in Spanish ("tú", as the request screens speak), for the screens to show. */
const REQUEST_MESSAGES_ES: Record<RequestMessageKey, string> = {
  endBeforeStart: "El tiempo libre termina antes de empezar",
  timesNeeded: "Indica la hora de inicio y de fin de un día parcial",
  tooLong: "Se pueden pedir como máximo 60 días libres a la vez",
  noProfile: "Tu cuenta no tiene un perfil de empleado activo en esta empresa",
  shiftNotFound: "No se encontró el turno",
  notOfferedToYou: "Este intercambio no espera tu respuesta",
  awaitingCoworker: "El compañero aún no ha aceptado este intercambio",
  conflictsNeedReason:
    "Dar este turno a esa persona choca con su horario (un solapamiento, tiempo libre, poco descanso, demasiadas horas u otra tienda): indica un motivo para aprobarlo de todos modos",
  notYourShift: "Ese turno no es tuyo",
  notOpenShift: "Ese turno no es un turno abierto",
  shiftPast: "Ese turno ya ha empezado",
  notEligible: "No trabajas en la tienda de ese turno",
  targetNeeded: "Elige quién toma el turno",
  targetNotEligible: "Ese empleado no trabaja en la tienda del turno",
  targetSelf: "Elige a otro empleado para el intercambio",
  alreadyPending: "Ya hay una solicitud pendiente para ese turno",
  notFound: "No se encontró la solicitud",
  alreadyDecided: "Esta solicitud ya se decidió",
  reasonNeeded: "Indica un motivo para rechazar la solicitud",
  schedulingMissing: "Las solicitudes de turnos necesitan la programación, que aún no está disponible",
  shiftTaken: "El turno ya se le dio a otra persona",
  shiftMoved: "El turno ya no es de quien lo pidió",
  useTime: "Usa una hora como 09:30",
};

const REQUESTS = refusalTable(
  "requests",
  Object.fromEntries(
    (Object.keys(REQUEST_MESSAGES) as RequestMessageKey[]).map((key) => [key, { en: REQUEST_MESSAGES[key], es: REQUEST_MESSAGES_ES[key] }]),
  ) as Record<RequestMessageKey, { en: string; es: string }>,
);
/** A request refusal for the server to throw, with its code ("requests.<key>", refusals.ts). */
export const requestRefusal = (key: RequestMessageKey) => REQUESTS.refusal(key);

const KEY_BY_ENGLISH = new Map(Object.entries(REQUEST_MESSAGES).map(([key, en]) => [en as string, key as RequestMessageKey]));

/** A request refusal from the server in `language`; null for any other text. */
export function localizeRequestMessage(message: string, language: SupportedLanguage): string | null {
  const key = KEY_BY_ENGLISH.get(message);
  if (!key) return null;
  return language === "es" ? REQUEST_MESSAGES_ES[key] : REQUEST_MESSAGES[key];
}

const note = z.string().trim().max(500).optional();
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, REQUEST_MESSAGES.useTime);

export const timeOffRequestSchema = z
  .object({
    kind: z.literal("timeOff"),
    /** Whole days from startDate to endDate (inclusive); otherwise startDate startTime to endDate endTime. */
    allDay: z.boolean(),
    startDate: businessDateSchema,
    endDate: businessDateSchema,
    startTime: hhmm.optional(),
    endTime: hhmm.optional(),
    timeOffType: z.enum(TIME_OFF_TYPES),
    note,
  })
  .superRefine((v, ctx) => {
    if (v.endDate < v.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: REQUEST_MESSAGES.endBeforeStart });
    if (!v.allDay && (!v.startTime || !v.endTime)) ctx.addIssue({ code: "custom", path: ["startTime"], message: REQUEST_MESSAGES.timesNeeded });
    if (!v.allDay && v.startTime && v.endTime && v.startDate === v.endDate && v.endTime <= v.startTime)
      ctx.addIssue({ code: "custom", path: ["endTime"], message: REQUEST_MESSAGES.endBeforeStart });
    if (isIsoDate(v.startDate) && isIsoDate(v.endDate) && v.endDate >= v.startDate && daysBetweenInclusive(v.startDate, v.endDate) > 60)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: REQUEST_MESSAGES.tooLong });
  });

const shiftId = z.string().min(1).max(64);
export const swapRequestSchema = z.object({
  kind: z.literal("swap"),
  shiftId,
  targetEmployeeId: z.string().min(1, REQUEST_MESSAGES.targetNeeded).max(64),
  note,
});
export const dropRequestSchema = z.object({ kind: z.literal("drop"), shiftId, note });
export const claimRequestSchema = z.object({ kind: z.literal("claim"), shiftId, note });

export const createRequestSchema = z.discriminatedUnion("kind", [timeOffRequestSchema, swapRequestSchema, dropRequestSchema, claimRequestSchema]);
export type CreateRequestInput = z.input<typeof createRequestSchema>;
export type TimeOffRequestInput = z.output<typeof timeOffRequestSchema>;

/** The instant a wall-clock time ("09:30") on a business date is in `timeZone`. */
export function instantAt(date: string, time: string, timeZone: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  return m ? wallTimeToInstant(date, Number(m[1]) * 60 + Number(m[2]), timeZone) : Number.NaN;
}

/** The wall-clock time ("09:30") of an instant in `timeZone`. */
export function timeOfDayIn(epochMs: number, timeZone: string): string {
  const { minutes } = wallClock(epochMs, timeZone);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The instants a time-off request covers in `timeZone`: whole days midnight to midnight, else the times given. */
export function timeOffRange(
  input: Pick<TimeOffRequestInput, "allDay" | "startDate" | "endDate" | "startTime" | "endTime">,
  timeZone: string,
): { startsAt: number; endsAt: number } {
  if (input.allDay) return { startsAt: startOfBusinessDay(input.startDate, timeZone), endsAt: startOfBusinessDay(addDays(input.endDate, 1), timeZone) };
  return { startsAt: instantAt(input.startDate, input.startTime!, timeZone), endsAt: instantAt(input.endDate, input.endTime!, timeZone) };
}

/** Whether two instant ranges overlap (touching ends do not). */
export function rangesOverlap(a: { startsAt: number; endsAt: number }, b: { startsAt: number; endsAt: number }): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** The decision a request may take: only a pending one, and a denial needs a reason. */
export function decisionRefusal(status: RequestStatus, approve: boolean, reason: string | undefined): RequestMessageKey | null {
  if (status === "offered") return "awaitingCoworker";
  if (status !== "pending") return "alreadyDecided";
  if (!approve && !reason?.trim()) return "reasonNeeded";
  return null;
}
