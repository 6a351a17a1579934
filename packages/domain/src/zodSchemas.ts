import { z } from "zod";
import { isIsoDate } from "./datePresets.ts";

// Argument schemas shared by the server's functions and the web's forms.

export const DATE_FORMAT_MESSAGE = "Use the yyyy-MM-dd format";
export const NOT_A_DATE_MESSAGE = "Not a real calendar date";

/**
 * A business date, yyyy-MM-dd, that exists on the calendar (2024-02-30 and year 0000 do not;
 * the database would refuse them with an error the caller could not read).
 */
export const businessDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT_MESSAGE)
  .refine((value) => isIsoDate(value) && !value.startsWith("0000"), NOT_A_DATE_MESSAGE);
