export const constraintMessages: Record<string, string> = {
  reconciliations_closed_from: "A period of this store starting on this day is already closed",
  reconciliations_closed_count: "This count already closes another period",
  bank_lines_fingerprint: "This statement line is already imported; import the statement again",
  bank_line_matches_pkey: "This deposit is already matched to this line",
};
