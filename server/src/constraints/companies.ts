export const constraintMessages: Record<string, string> = {
  join_requests_company_user_pending: "You already have a pending request for this company",
  memberships_company_user: "This person is already a member of this company",
  companies_company_code_key: "A company with this code already exists",
};
