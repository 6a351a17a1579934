import { z } from "zod";
import { KIOSK_VALID_DAYS_MAX } from "./timeClock.ts";
import { ruleMessage } from "./validationMessages.ts";

// A kiosk's fields, checked the same way by kiosks:register / kiosks:rename / kiosks:extend and the
// kiosk forms of the kiosk management screen.

export const kioskNameSchema = z.string().trim().min(1, ruleMessage("kioskNameRequired")).max(80, ruleMessage("kioskNameTooLong"));
export const kioskValidDaysSchema = z
  .number()
  .int("The number of days must be a whole number")
  .min(1, "A kiosk is registered for at least 1 day")
  .max(KIOSK_VALID_DAYS_MAX, `A kiosk is registered for at most ${KIOSK_VALID_DAYS_MAX} days`);

/** The rename form: kiosks:rename's name. */
export const kioskRenameFormSchema = z.object({ name: kioskNameSchema });

/** The register form: kiosks:register's arguments, a store chosen first. */
export const kioskRegisterFormSchema = z.object({
  storeId: z.string().min(1, ruleMessage("kioskStoreRequired")).max(64),
  name: kioskNameSchema,
  validDays: kioskValidDaysSchema,
});
export type KioskRegisterFormValues = z.input<typeof kioskRegisterFormSchema>;
