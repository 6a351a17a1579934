import { sql, type Kysely } from "kysely";

// A shift added by hand (issue 30): a manager enters the time a person worked and forgot to
// punch. Such an entry has no punches, so an entry's id is no longer always its clock-in punch:
// the keys from entries, corrections and reviews to punches go (the handlers read the entry in
// the company before they write beside it; the clock-out punch key stays). The entry keeps who
// added it, when and why; punch replays never delete or rebuild it (timeClock/punches.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table time_entries drop constraint time_entries_id_company_fk`.execute(db);
  await sql`alter table time_entry_corrections drop constraint time_entry_corrections_entry_id_company_fk`.execute(db);
  await sql`alter table time_entry_reviews drop constraint time_entry_reviews_entry_id_company_fk`.execute(db);
  await sql`alter table time_entries
    add column source text not null default 'punches',
    add column added_by text references users (id) on delete set null,
    add column added_at timestamptz,
    add column added_reason text`.execute(db);
  await sql`alter table time_entries add constraint time_entries_source_check check (source in ('punches', 'manual'))`.execute(db);
  // A manual entry says when and why it was added, is closed and has no clock-out punch; a built one says none of it.
  await sql`alter table time_entries add constraint time_entries_manual_check check (
    (source = 'manual') = (added_at is not null and added_reason is not null)
    and (source = 'punches' or (status = 'closed' and clock_out_punch_id is null and length(btrim(added_reason)) between 1 and 500))
  )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
