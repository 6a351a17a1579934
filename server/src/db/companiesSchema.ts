import type { Generated } from "kysely";
import type { DefaultTimestamp } from "./columnTypes.ts";

// Companies, their members and join requests (kiosk usernames are on employees, employeesSchema.ts). Merged into DB in schema.ts.

export interface CompaniesTable {
  id: string;
  name: string;
  displayName: string | null;
  companyCode: string;
  description: string | null;
  industry: string | null;
  size: string | null;
  emailDomain: string | null;
  /** An https address of the logo (migration 0027). */
  logoUrl: string | null;
  allowJoinRequests: Generated<boolean>;
  requireApproval: Generated<boolean>;
  defaultLanguage: Generated<string>;
  isActive: Generated<boolean>;
  /** The one company the public demo page acts on; never a customer's (migration 0013). */
  isDemo: Generated<boolean>;
  /** The employer's postal address, several lines, printed on pay statements (migration 0039). */
  address: string | null;
  /** The employer identification number (EIN), as typed. */
  employerId: string | null;
  /** The company's code at its payroll provider (ADP "Co Code", Paychex "Client ID"). */
  payrollClientCode: string | null;
  createdAt: DefaultTimestamp;
}

export interface MembershipsTable {
  id: string;
  companyId: string;
  userId: string;
  role: string;
  joinedAt: DefaultTimestamp;
}

export interface JoinRequestsTable {
  id: string;
  companyId: string;
  userId: string;
  status: string;
  message: string | null;
  requestedAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
  decidedBy: string | null;
  decisionReason: Generated<string | null>;
}

export interface CompaniesTables {
  companies: CompaniesTable;
  memberships: MembershipsTable;
  joinRequests: JoinRequestsTable;
}
