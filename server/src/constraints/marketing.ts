export const constraintMessages: Record<string, string> = {
  campaign_claims_phone: "This phone number has already claimed this offer",
  campaign_claims_email: "This e-mail address has already claimed this offer",
  campaigns_dates_check: "The end date cannot be before the start date",
};
