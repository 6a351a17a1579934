import { EMPLOYMENT_MESSAGES } from "@tumble/domain/employment";
import { AppError } from "./errors.ts";

// A write the database refuses (unique, foreign key, check, not null) reaches the user as a clear
// message instead of "Server Error": concurrent creates race past a handler's read-then-write
// check and only the constraint stops them. A constraint named here gets its own message; any
// other gets its kind's general one. A module adds the names its migration creates.

export const CONSTRAINT_MESSAGES: Record<string, string> = {
  machines_company_store_label: "A machine with this label already exists in this store",
  stores_company_name: "A store with this name already exists",
  store_sections_company_store_position: "Another section was added to this store at the same time; try again",
  join_requests_company_user_pending: "You already have a pending request for this company",
  memberships_company_user: "This person is already a member of this company",
  employees_company_username: "This username is already taken in this company",
  employees_company_user: "This user account already has an employee profile in this company",
  // Two accounts asking for one profile, or one account asking twice at once (migration 0045).
  employee_link_requests_one_per_profile: EMPLOYMENT_MESSAGES.linkPending.en,
  employee_link_requests_one_per_account: EMPLOYMENT_MESSAGES.oneRequestAtATime.en,
  employees_company_payroll_external_id: "Another employee already has this provider id",
  employees_terminated_end_check: "A terminated employee needs an end date",
  employees_dates_check: "The end date cannot be before the hire date",
  employee_rates_effective: "This employee already has a rate starting on this date",
  employee_jobs_title: "This person already has a job with this name at this store",
  employee_jobs_title_check: "Give the job a name of at most 100 characters",
  time_entries_one_open: "You are already on the clock",
  punches_company_client_punch: "This punch was already recorded",
  kiosks_name_check: "Give the kiosk a name of at most 80 characters",
  time_entry_corrections_reason_check: "Give a reason for the correction",
  shift_templates_company_store_name: "This store already has a template of this name",
  shifts_order_check: "The shift must end after it starts",
  shifts_length_check: "A shift cannot be longer than 24 hours",
  shifts_break_check: "The break must be shorter than the shift",
  campaign_claims_phone: "This phone number has already claimed this offer",
  campaign_claims_email: "This e-mail address has already claimed this offer",
  campaigns_dates_check: "The end date cannot be before the start date",
  cash_accounts_company_store_kind: "This store already has an account of this kind",
  cash_accounts_company_ledger: "This company already has this account",
  cash_transactions_one_reversal: "This transaction has already been reversed",
  cash_transactions_one_posting: "This collection is already posted to the safe",
  reconciliations_closed_from: "A period of this store starting on this day is already closed",
  reconciliations_closed_count: "This count already closes another period",
  bank_lines_fingerprint: "This statement line is already imported; import the statement again",
  bank_line_matches_pkey: "This deposit is already matched to this line",
  physical_counts_one_open: "This account already has a count in progress",
  users_email_key: "An account with this e-mail address already exists",
  companies_company_code_key: "A company with this code already exists",
  themes_name_unique: "A theme with this name already exists",
  cash_entries_balanced: "A journal entry must balance: its lines sum to zero",
};

const GENERAL: Record<string, string> = {
  "23505": "This already exists",
  "23514": "A value is outside what is allowed",
  "23502": "A required value is missing",
  // Raised by the triggers that keep posted ledger lines and the audit log as they were written.
  "23001": "Recorded history is never edited or deleted; reverse it with a new entry instead",
};

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

/** The AppError to answer for a constraint violation, or null when `error` is something else. */
export function constraintViolation(error: unknown): AppError | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, constraint, detail } = error as DatabaseErrorFields;
  if (typeof code !== "string" || !code.startsWith("23")) return null;
  const named = typeof constraint === "string" ? CONSTRAINT_MESSAGES[constraint] : undefined;
  if (named) return new AppError(named);
  if (code === "23503") {
    // Deleting a parent that rows still point at, or pointing at a parent that is not this company's.
    return new AppError(
      typeof detail === "string" && detail.includes("still referenced")
        ? "This is still in use and cannot be removed"
        : "This refers to something that does not exist in this company",
    );
  }
  return new AppError(GENERAL[code] ?? "The change was refused because it conflicts with existing data");
}
