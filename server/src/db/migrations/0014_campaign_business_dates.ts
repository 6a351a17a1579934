import { sql, type Kysely } from "kysely";

// Campaign start and end become business dates (yyyy-MM-dd) in the campaign's time zone
// (docs/decisions/0019-forms-and-business-dates.md). Until now the editor saved the manager's
// local midnight and 23:59:59.999 as instants, which were then read in UTC. Each campaign takes
// its company's zone (the oldest active store's, else the stores' default), and the stored
// instants convert to the calendar date they stood for in that zone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("campaigns")
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("America/New_York"))
    .execute();
  await sql`
    update campaigns c set time_zone = s.time_zone
    from (
      select distinct on (company_id) company_id, time_zone from stores where is_active order by company_id, created_at, id
    ) s
    where s.company_id = c.company_id`.execute(db);
  await sql`
    alter table campaigns
      alter column start_date type date using (start_date at time zone time_zone)::date,
      alter column end_date type date using (end_date at time zone time_zone)::date`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
