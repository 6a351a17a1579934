import { z } from "zod";
import { MAX_AMOUNT_CENTS } from "./cashLedger.ts";
import { centsSchema } from "./zodSchemas.ts";

// The balance administration screen's threshold form (decision 0060): balanceAdmin:setThreshold's
// arguments, checked by the form and the function alike (messages in both languages, validationMessages.ts).

export const thresholdFormSchema = z.object({ approvalThresholdCents: centsSchema(MAX_AMOUNT_CENTS) });
export type ThresholdFormValues = z.input<typeof thresholdFormSchema>;
