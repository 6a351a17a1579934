import { EMPLOYMENT_MESSAGES } from "@tumble/domain/employment";

export const constraintMessages: Record<string, string> = {
  // Two accounts asking for one profile, or one account asking twice at once (migration 0045).
  employee_link_requests_one_per_profile: EMPLOYMENT_MESSAGES.linkPending.en,
  employee_link_requests_one_per_account: EMPLOYMENT_MESSAGES.oneRequestAtATime.en,
};
