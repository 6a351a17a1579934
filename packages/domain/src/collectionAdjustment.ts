import { z } from "zod";
import { ruleMessage } from "./validationMessages.ts";
import { centsSchema, requiredText } from "./zodSchemas.ts";

// Correcting a verified collection (spec "Collections", docs/decisions/0009-collections.md): the
// reason collections:adjust requires, and the adjustment form's rules.

/** More than this in one field of one machine's line is a typing slip ($50,000.00). */
export const MAX_LINE_CENTS = 5_000_000;

export const adjustmentReasonSchema = requiredText(ruleMessage("adjustmentReasonRequired"), 500);

const adjustmentLine = z.object({
  machineId: z.string(),
  chosen: z.boolean(),
  coinsCents: centsSchema(MAX_LINE_CENTS),
  billsCents: centsSchema(MAX_LINE_CENTS),
});

export const adjustmentFormSchema = z.object({
  reason: adjustmentReasonSchema,
  lines: z.array(adjustmentLine).refine((lines) => lines.some((l) => l.chosen), ruleMessage("adjustmentMachineRequired")),
});
export type AdjustmentFormValues = z.input<typeof adjustmentFormSchema>;
