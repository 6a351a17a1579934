export const constraintMessages: Record<string, string> = {
  employees_company_username: "This username is already taken in this company",
  employees_company_user: "This user account already has an employee profile in this company",
  employees_terminated_end_check: "A terminated employee needs an end date",
  employees_dates_check: "The end date cannot be before the hire date",
  employee_rates_effective: "This employee already has a rate starting on this date",
  employee_jobs_title: "This person already has a job with this name at this store",
  employee_jobs_title_check: "Give the job a name of at most 100 characters",
};
