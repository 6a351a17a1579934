import { sql, type Kysely } from "kysely";

// A paid period whose time or pay changed afterwards (issue 30): its figures stay as paid; the
// difference is paid in the next open period. The mark tells the calculation which paid periods
// to compare, so it does not recompute every period ever paid. And discretionary bonuses.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table pay_periods add column changed_after_paid boolean not null default false`.execute(db);
  // Entries a correction moved onto other days are found by the corrected time (payroll/compute.ts).
  await sql`create index time_entry_corrections_company_clock_in on time_entry_corrections (company_id, clock_in_at)`.execute(db);
  // A bonus the employer decides freely (29 CFR 778.211) stays out of the regular rate.
  await sql`alter table payroll_adjustments drop constraint payroll_adjustments_kind_check`.execute(db);
  await sql`alter table payroll_adjustments add constraint payroll_adjustments_kind_check
    check (kind in ('bonus', 'discretionary_bonus', 'commission', 'reimbursement', 'deduction'))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
