export const constraintMessages: Record<string, string> = {
  employees_company_payroll_external_id: "Another employee already has this provider id",
};
