import { sql, type Kysely } from "kysely";

// Company settings in sections (issue 19; packages/domain/src/companySettings.ts): one row per
// company and section holding the values saved, read through the section's schema so what was
// never saved reads as its default.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table company_settings (
    company_id text not null references companies (id),
    section text not null,
    "values" jsonb not null,
    updated_by text references users (id),
    updated_at timestamptz not null default now(),
    primary key (company_id, section),
    constraint company_settings_section check (section in ('workforce'))
  )`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
