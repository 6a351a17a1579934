export const constraintMessages: Record<string, string> = {
  time_entries_one_open: "You are already on the clock",
  punches_company_client_punch: "This punch was already recorded",
  kiosks_name_check: "Give the kiosk a name of at most 80 characters",
};
