import { z } from "zod";
import { createRequestSchema, REQUEST_KINDS, REQUEST_MESSAGES, TIME_OFF_TYPES, type CreateRequestInput, type TimeOffType } from "./requests.ts";
import { ruleMessage } from "./validationMessages.ts";

// The employee's new-request form (user/my-requests): every kind's fields at once, as the form
// holds them, handed on as requests:create's arguments after requests:create's own schema
// (createRequestSchema) accepted them. Each rule's message shows under its field, in English or
// Spanish (validationMessages.ts, and the requests refusal table for the rules of requests.ts).

const requestFormFields = z.object({
  kind: z.enum(REQUEST_KINDS),
  allDay: z.boolean(),
  startDate: z.string(),
  /** "" for one day: the start date. */
  endDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timeOffType: z.enum(TIME_OFF_TYPES).nullable(),
  shiftId: z.string().nullable(),
  targetEmployeeId: z.string().nullable(),
  note: z.string().max(500),
});
type RequestFormFields = z.output<typeof requestFormFields>;

export const requestFormSchema = requestFormFields
  .superRefine((v, ctx) => {
    const flagged = new Set<string>();
    const issue = (path: string, message: string) => {
      if (flagged.has(path)) return;
      flagged.add(path);
      ctx.addIssue({ code: "custom", path: [path], message });
    };
    if (v.kind === "timeOff") {
      if (!v.startDate) issue("startDate", ruleMessage("requestStartDateRequired"));
      if (!v.timeOffType) issue("timeOffType", ruleMessage("requestTypeRequired"));
    } else {
      if (!v.shiftId) issue("shiftId", ruleMessage("requestShiftRequired"));
      if (v.kind === "swap" && !v.targetEmployeeId) issue("targetEmployeeId", REQUEST_MESSAGES.targetNeeded);
    }
    if (flagged.size > 0) return;
    const parsed = createRequestSchema.safeParse(requestInputOf(v));
    // The server's rules, each under the field it names (a time-off field the form holds by another name keeps its own).
    for (const found of parsed.error?.issues ?? []) {
      const path = String(found.path[0] ?? "startDate");
      // An empty end date stood for the start date: its refusal is the start date's.
      issue(path === "endDate" && !v.endDate ? "startDate" : path, found.message);
    }
  })
  // Runs only once every rule passed.
  .transform((v) => createRequestSchema.parse(requestInputOf(v)));
export type RequestFormValues = z.input<typeof requestFormSchema>;
export type RequestFormOutput = z.output<typeof requestFormSchema>;

/** requests:create's arguments from the form's fields: only those of the chosen kind, blanks left out. */
function requestInputOf(v: RequestFormFields): CreateRequestInput {
  const note = v.note.trim() || undefined;
  if (v.kind === "timeOff")
    return {
      kind: v.kind,
      allDay: v.allDay,
      startDate: v.startDate,
      endDate: v.endDate || v.startDate,
      ...(v.allDay ? {} : { startTime: v.startTime || undefined, endTime: v.endTime || undefined }),
      // Checked before: a time-off request has its type here.
      timeOffType: v.timeOffType as TimeOffType,
      note,
    };
  if (v.kind === "swap") return { kind: v.kind, shiftId: v.shiftId ?? "", targetEmployeeId: v.targetEmployeeId ?? "", note };
  return { kind: v.kind, shiftId: v.shiftId ?? "", note };
}

/** Blank form values: a whole-day vacation request. */
export function emptyRequestForm(kind: RequestFormValues["kind"] = "timeOff"): RequestFormValues {
  return {
    kind,
    allDay: true,
    startDate: "",
    endDate: "",
    startTime: "",
    endTime: "",
    timeOffType: "vacation",
    shiftId: null,
    targetEmployeeId: null,
    note: "",
  };
}
