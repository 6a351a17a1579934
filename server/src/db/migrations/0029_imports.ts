import { sql, type Kysely } from "kysely";

// Spreadsheet imports (issue 19, docs/decisions/0040-imports.md):
// - imports: one file brought in (or dry-run) by a manager: its kind, status, progress, counts
//   and the rows' errors; the file's text is kept only until the import finishes;
// - import_mappings: the column mapping a company last used per kind;
// - import_uploads: the parts of a file too long for one request, until imports:start reads them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table imports (
    id text primary key,
    company_id text not null references companies (id),
    kind text not null,
    file_name text not null,
    status text not null default 'queued',
    dry_run boolean not null,
    all_or_nothing boolean not null,
    mapping jsonb not null,
    content text,
    total_rows integer not null default 0,
    processed_rows integer not null default 0,
    created_count integer not null default 0,
    updated_count integer not null default 0,
    unchanged_count integer not null default 0,
    failed_count integer not null default 0,
    errors jsonb not null default '[]',
    failure_reason text,
    created_by text not null references users (id),
    created_at timestamptz not null default now(),
    finished_at timestamptz,
    constraint imports_company_id_id unique (company_id, id),
    constraint imports_kind_check check (kind in ('stores', 'sections', 'equipmentTypes', 'machines', 'employees', 'collections')),
    constraint imports_status_check check (status in ('queued', 'running', 'completed', 'failed')),
    constraint imports_counts_check check (total_rows >= 0 and processed_rows >= 0 and created_count >= 0 and updated_count >= 0 and unchanged_count >= 0 and failed_count >= 0)
  )`);
  await run(`create index imports_company_created on imports (company_id, created_at desc)`);
  await run(`create index imports_open on imports (status) where status in ('queued', 'running')`);

  await run(`create table import_mappings (
    company_id text not null references companies (id),
    kind text not null,
    mapping jsonb not null,
    updated_at timestamptz not null default now(),
    primary key (company_id, kind)
  )`);

  await run(`create table import_uploads (
    company_id text not null references companies (id),
    upload_id text not null,
    part integer not null,
    content text not null,
    created_by text not null references users (id),
    created_at timestamptz not null default now(),
    primary key (company_id, upload_id, part),
    constraint import_uploads_part_check check (part >= 0)
  )`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
