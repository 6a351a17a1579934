// Spec sections 5 and 9: the company finder — company code input, company name search and the
// company size filter.

export const COMPANY_CODE_PREFIX = "CMP";
export const COMPANY_CODE_MIN_LENGTH = 6;
export const COMPANY_CODE_MAX_LENGTH = 12;
export const COMPANY_CODE_DEBOUNCE_MS = 500;

export const COMPANY_SEARCH_MIN_LENGTH = 3;
export const COMPANY_SEARCH_DEBOUNCE_MS = 300;
export const COMPANY_SEARCH_LIMIT = 20;
export const DOMAIN_SUGGESTION_LIMIT = 3;

export const COMPANY_FINDER_MESSAGES = {
  codeLengthHint: "Company codes are typically 6-12 characters long",
  codeHint: "Enter the company code provided by your organization",
  codeFailed: "Unable to validate company code. Please try again.",
  searchTooShort: "Please enter at least 3 characters to search for companies.",
  noResults: "No companies found matching your search.",
  noResultsHint: "Try using a company code instead, or contact your organization for assistance.",
} as const;

/**
 * What the code field keeps of any input: uppercased, only A-Z and 0-9, CMP put in front of a
 * leading digit, then cut to 12 characters. Idempotent, so it can run on every keystroke.
 */
export function normalizeCompanyCode(input: string): string {
  let code = input.toUpperCase().replace(/[^A-Z0-9]/g, "");
  if (/^[0-9]/.test(code)) code = COMPANY_CODE_PREFIX + code;
  return code.slice(0, COMPANY_CODE_MAX_LENGTH);
}

/** The automatic check runs from 6 characters (of the normalised code). */
export function shouldAutoValidate(code: string): boolean {
  return normalizeCompanyCode(code).length >= COMPANY_CODE_MIN_LENGTH;
}

/** A search runs for at least 3 characters, ignoring surrounding spaces. */
export function canSearchCompanies(query: string): boolean {
  return query.trim().length >= COMPANY_SEARCH_MIN_LENGTH;
}

/** The message under a too-short search, or null. */
export function companySearchError(query: string): string | null {
  return canSearchCompanies(query) ? null : COMPANY_FINDER_MESSAGES.searchTooShort;
}

export const COMPANY_SIZES = ["SMALL", "MEDIUM", "LARGE", "ENTERPRISE"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export interface CompanySizeDefinition {
  readonly size: CompanySize;
  readonly minEmployees: number;
  /** null: no upper bound. */
  readonly maxEmployees: number | null;
  readonly label: string;
}

export const COMPANY_SIZE_TABLE: readonly CompanySizeDefinition[] = [
  { size: "SMALL", minEmployees: 1, maxEmployees: 50, label: "Small (1-50 employees)" },
  { size: "MEDIUM", minEmployees: 51, maxEmployees: 200, label: "Medium (51-200 employees)" },
  { size: "LARGE", minEmployees: 201, maxEmployees: 1000, label: "Large (201-1000 employees)" },
  // The spec writes "1000+"; 1000 itself is LARGE, so ENTERPRISE starts at 1001.
  { size: "ENTERPRISE", minEmployees: 1001, maxEmployees: null, label: "Enterprise (1000+ employees)" },
];

export function isCompanySize(value: unknown): value is CompanySize {
  return typeof value === "string" && (COMPANY_SIZES as readonly string[]).includes(value);
}

/** The size band of a head count, or null for fewer than one employee. */
export function companySizeFor(employees: number): CompanySize | null {
  if (!Number.isFinite(employees)) return null;
  const count = Math.floor(employees);
  const band = COMPANY_SIZE_TABLE.find((b) => count >= b.minEmployees && (b.maxEmployees === null || count <= b.maxEmployees));
  return band?.size ?? null;
}
