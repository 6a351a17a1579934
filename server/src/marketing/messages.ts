import { DATES_OUT_OF_ORDER } from "@tumble/domain/campaignForm";

// The refusals of campaigns and claims, as customers and staff read them.

export const MESSAGES = {
  notAvailable: "This promotion is not available",
  expired: "This promotion has expired",
  notStarted: "This promotion has not started yet",
  full: "This promotion has reached its maximum number of participants",
  duplicatePhone: "A claim with this phone number already exists for this campaign",
  duplicateEmail: "A claim with this email already exists for this campaign",
  invalidEmail: "Please enter a valid email address",
  claimNotFound: "Claim not found",
  campaignNotFound: "Campaign not found",
  alreadyVerified: "This claim has already been verified",
  alreadyUsed: "This claim has already been used",
  notVerified: "This claim has not been verified yet",
  locked: "Too many incorrect codes: this claim is locked",
  codeExpired: "The verification code has expired. Send a new code to the customer.",
  wrongCode: (left: number) => `Incorrect verification code. ${left} ${left === 1 ? "attempt" : "attempts"} left.`,
  dates: DATES_OUT_OF_ORDER,
} as const;
