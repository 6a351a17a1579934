import { z } from "zod";
import { daysBetweenInclusive } from "./datePresets.ts";
import { ADJUSTMENT_KINDS, MAX_ADJUSTMENT_CENTS, MAX_COVERED_DAYS, PAYROLL_REASON_MAX, REGULAR_RATE_KINDS, type AdjustmentKind } from "./payroll.ts";
import { ruleMessage } from "./validationMessages.ts";
import { businessDateSchema } from "./zodSchemas.ts";

// The pay period screen's adjustment form (payroll/periods): what payroll:adjust receives besides
// the period and the employee, refused field by field before the call with the rules the server
// checks (adjustArgsSchema), each message in both languages (validationMessages.ts).

/** The form's output: payroll:adjust's arguments without the period and the employee. */
export interface AdjustmentFormOutput {
  kind: AdjustmentKind;
  amountCents: number;
  reason: string;
  coversFrom?: string;
  coversTo?: string;
}

/** Whether an adjustment of `kind` may be spread over earlier workweeks (29 CFR 778.209). */
export const kindCanCover = (kind: AdjustmentKind | null): boolean => kind !== null && REGULAR_RATE_KINDS.includes(kind);

export const adjustmentFormSchema = z
  .object({
    kind: z.enum(ADJUSTMENT_KINDS, ruleMessage("payAdjustKindRequired")).nullable(),
    /** Whole cents from the money field; null while it is empty. */
    amountCents: z
      .number(ruleMessage("payAdjustAmountRequired"))
      .int(ruleMessage("amountDecimals"))
      .min(1, ruleMessage("payAdjustAmountRequired"))
      .max(MAX_ADJUSTMENT_CENTS, ruleMessage("payAdjustAmountTooLarge"))
      .nullable(),
    reason: z.string().trim().min(1, ruleMessage("reasonNeeded")).max(PAYROLL_REASON_MAX),
    /** A bonus or commission earned over earlier workweeks too: the first and last day it covers. */
    overWeeks: z.boolean(),
    coversFrom: z.string(),
    coversTo: z.string(),
  })
  // Every field's rule at once (a refinement runs beside the fields' own issues; a transform would not).
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (v.kind === null) issue("kind", ruleMessage("payAdjustKindRequired"));
    if (v.amountCents === null) issue("amountCents", ruleMessage("payAdjustAmountRequired"));
    if (!kindCanCover(v.kind) || !v.overWeeks) return;
    if (!v.coversFrom || !v.coversTo) issue("coversTo", ruleMessage("coversNeeded"));
    else if (!businessDateSchema.safeParse(v.coversFrom).success) issue("coversFrom", ruleMessage("notADate"));
    else if (!businessDateSchema.safeParse(v.coversTo).success) issue("coversTo", ruleMessage("notADate"));
    else if (v.coversFrom > v.coversTo) issue("coversTo", ruleMessage("coversOrder"));
    else if (daysBetweenInclusive(v.coversFrom, v.coversTo) - 1 > MAX_COVERED_DAYS) issue("coversTo", ruleMessage("coversTooLong"));
  })
  .transform((v): AdjustmentFormOutput => ({
    kind: v.kind as AdjustmentKind,
    amountCents: v.amountCents as number,
    reason: v.reason,
    ...(kindCanCover(v.kind) && v.overWeeks ? { coversFrom: v.coversFrom, coversTo: v.coversTo } : {}),
  }));
export type AdjustmentFormValues = z.input<typeof adjustmentFormSchema>;

export const EMPTY_ADJUSTMENT: AdjustmentFormValues = { kind: null, amountCents: null, reason: "", overWeeks: false, coversFrom: "", coversTo: "" };
