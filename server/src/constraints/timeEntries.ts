export const constraintMessages: Record<string, string> = {
  time_entry_corrections_reason_check: "Give a reason for the correction",
};
