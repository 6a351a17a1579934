import { z } from "zod";
import { addDays } from "./datePresets.ts";
import { instantAt } from "./requests.ts";
import { ruleMessage } from "./validationMessages.ts";
import { businessDateSchema } from "./zodSchemas.ts";

// The time entry verification screen's forms (issue 30): adding a shift someone forgot to punch,
// and correcting an entry's times. Both speak in wall-clock times of the store's zone; the
// functions (timeEntries:add, timeEntries:correct) take instants, made by `shiftInstants`.

/** The most break minutes the forms take (a long double shift's). */
export const MAX_FORM_BREAK_MINUTES = 600;
export const TIME_ENTRY_REASON_MAX = 500;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, ruleMessage("timesRequired"));
/** The break field: whole minutes, or "" while empty (no break). */
const breakMinutes = z
  .union([z.number(ruleMessage("breakMinutesRange")), z.literal("")])
  .transform((v) => (v === "" ? 0 : v))
  .pipe(
    z.number().int(ruleMessage("breakMinutesRange")).min(0, ruleMessage("breakMinutesRange")).max(MAX_FORM_BREAK_MINUTES, ruleMessage("breakMinutesRange")),
  );
const reason = z.string().trim().min(1, ruleMessage("reasonNeeded")).max(TIME_ENTRY_REASON_MAX);

/**
 * The instants of a shift worked on `date` from `clockIn` to `clockOut` ("HH:mm") in `timeZone`:
 * an end earlier in the day than the start is the next morning (a night shift).
 */
export function shiftInstants(date: string, clockIn: string, clockOut: string, timeZone: string): { clockIn: number; clockOut: number } {
  const inAt = instantAt(date, clockIn, timeZone);
  const outAt = instantAt(date, clockOut, timeZone);
  return { clockIn: inAt, clockOut: outAt > inAt ? outAt : instantAt(addDays(date, 1), clockOut, timeZone) };
}

/** A correction: the new times (of the entry's business date), the break and a reason. */
export const correctEntryFormSchema = z.object({ clockIn: timeOfDay, clockOut: timeOfDay, breakMinutes, reason });
export type CorrectEntryFormValues = z.input<typeof correctEntryFormSchema>;

/** A shift added by hand: who, where, which day and times, which job (null: the store's usual one; "": the profile's own). */
export const addShiftFormSchema = z
  .object({
    employeeId: z.string().max(64).nullable(),
    storeId: z.string().max(64).nullable(),
    jobId: z.string().max(64).nullable(),
    date: z.string().min(1, ruleMessage("timeDateRequired")).pipe(businessDateSchema),
    clockIn: timeOfDay,
    clockOut: timeOfDay,
    breakMinutes,
    reason,
  })
  // Beside the fields' own rules, so every field at fault says so at once.
  .superRefine((v, ctx) => {
    if (!v.employeeId) ctx.addIssue({ code: "custom", path: ["employeeId"], message: ruleMessage("timeEmployeeRequired") });
    if (!v.storeId) ctx.addIssue({ code: "custom", path: ["storeId"], message: ruleMessage("timeStoreRequired") });
  })
  // Runs only once every rule passed: both ids are there.
  .transform((v) => ({ ...v, employeeId: v.employeeId as string, storeId: v.storeId as string }));
export type AddShiftFormValues = z.input<typeof addShiftFormSchema>;
