import { z } from "zod";
import { isTimeZone } from "./businessDate.ts";
import { isIsoDate } from "./datePresets.ts";
import { ruleMessage } from "./validationMessages.ts";

// Argument schemas shared by the server's functions and the web's forms. Messages are the English
// texts of validationMessages.ts, so a form can show them in the reader's language.

export const DATE_FORMAT_MESSAGE = ruleMessage("dateFormat");
export const NOT_A_DATE_MESSAGE = ruleMessage("notADate");

/**
 * A business date, yyyy-MM-dd, that exists on the calendar (2024-02-30 and year 0000 do not;
 * the database would refuse them with an error the caller could not read).
 */
export const businessDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT_MESSAGE)
  .refine((value) => isIsoDate(value) && !value.startsWith("0000"), NOT_A_DATE_MESSAGE)
  // Weeks, periods and shifts are computed from a date; year 9999 overflows their instants.
  .refine((value) => value >= "1900-01-01" && value <= "2199-12-31", ruleMessage("dateOutOfRange"));

/** A required text: trimmed, at least one character (`message` when empty), at most `max`. */
export function requiredText(message: string, max: number) {
  return z.string().trim().min(1, message).max(max);
}

/** An IANA time zone name the runtime knows. */
export const timeZoneSchema = z.string().min(1, ruleMessage("timeZoneRequired")).refine(isTimeZone, ruleMessage("timeZoneUnknown"));

/** Whole cents, not negative, at most `max`. */
export function centsSchema(max: number) {
  return z
    .number(ruleMessage("amountRequired"))
    .int(ruleMessage("amountDecimals"))
    .min(0, ruleMessage("amountNegative"))
    .max(max, ruleMessage("amountTooLarge"));
}
