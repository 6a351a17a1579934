import { z } from "zod";
import { ruleMessage } from "./validationMessages.ts";
import { requiredText } from "./zodSchemas.ts";

// A reviewer's rejection of a submitted collection (spec "Collections"): the reason
// collections:reject requires, and the collection detail's reject form.

export const rejectionReasonSchema = requiredText(ruleMessage("rejectionReasonRequired"), 500);

export const collectionRejectFormSchema = z.object({ reason: rejectionReasonSchema });
