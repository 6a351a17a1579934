import { sql, type Kysely } from "kysely";

// A bonus or commission earned over several workweeks (issue 30, 29 CFR 778.209): the first and
// last day of the workweeks it covers. Its extra overtime premium is worked out on those weeks'
// hours and overtime and paid with it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payroll_adjustments add column covers_from date, add column covers_to date`.execute(db);
  await sql`alter table payroll_adjustments add constraint payroll_adjustments_covers_check
    check ((covers_from is null) = (covers_to is null) and (covers_from is null or (covers_from <= covers_to and kind in ('bonus', 'commission'))))`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
