import type { Cents, DefaultTimestamp } from "./columnTypes.ts";

// Employee profiles, the stores they work at and their pay rates by effective date
// (docs/decisions/0028-employees.md, migration 0020). Merged into DB in schema.ts.

export interface EmployeesTable {
  id: string;
  companyId: string;
  /** The linked user account, when the employee has one (self-registration always does). */
  userId: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  position: string | null;
  /** 'hourly' | 'salary': the pay type of the employee's newest rate. */
  payType: string;
  /** 'pending' (self-registered, waiting for a manager) | 'active' | 'inactive' | 'terminated'. */
  status: string;
  hireDate: string | null;
  endDate: string | null;
  /** The kiosk username as typed; usernameLower is unique per company. */
  username: string;
  usernameLower: string;
  /** argon2id (hashSecretSlow); never leaves the server. */
  pinHash: string;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface EmployeeStoresTable {
  companyId: string;
  employeeId: string;
  storeId: string;
}

/** One pay rate from its effective date until the next one's. Rows are never rewritten. */
export interface EmployeeRatesTable {
  id: string;
  companyId: string;
  employeeId: string;
  payType: string;
  /** hourly: cents per hour; salary: cents per pay period. */
  rateCents: Cents;
  effectiveFrom: string;
  /** The job it pays (employee_jobs); null: the profile's own job. */
  jobId: string | null;
  reason: string | null;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
}

/** A further job of one person (migration 0040): its own title, usual store and rates; the profile is the first job. */
export interface EmployeeJobsTable {
  id: string;
  companyId: string;
  employeeId: string;
  title: string;
  /** The store it is worked at, when it has one: a kiosk there offers it first. */
  storeId: string | null;
  /** Ended jobs are kept: their rates pay the time worked in them. */
  endedOn: string | null;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
}

export interface EmployeesTables {
  employees: EmployeesTable;
  employeeStores: EmployeeStoresTable;
  employeeRates: EmployeeRatesTable;
  employeeJobs: EmployeeJobsTable;
}
