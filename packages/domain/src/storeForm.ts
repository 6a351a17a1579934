import { z } from "zod";
import { ruleMessage } from "./validationMessages.ts";
import { requiredText, timeZoneSchema } from "./zodSchemas.ts";

// A store's fields (spec section 3 "Store"), checked the same way by stores:create / stores:update
// and the store form.

export const storeFieldSchemas = {
  name: requiredText(ruleMessage("storeNameRequired"), 100),
  address: requiredText(ruleMessage("addressRequired"), 300),
  phone: z.string().trim().max(40).nullable().optional(),
  timeZone: timeZoneSchema,
  hours: z.string().trim().max(200).nullable().optional(),
  isActive: z.boolean().optional(),
  /** A state or local minimum wage above the company's, in cents an hour (null: the company's). */
  minimumWageCents: z.number().int().min(0).max(1_000_000).nullable().optional(),
};

export const storeFormSchema = z.object(storeFieldSchemas);
export type StoreFormValues = z.input<typeof storeFormSchema>;

/** A store section's name: storeSections:create / storeSections:rename and the new-section form. */
export const sectionNameSchema = requiredText(ruleMessage("sectionNameRequired"), 100);
export const sectionFormSchema = z.object({ name: sectionNameSchema });
