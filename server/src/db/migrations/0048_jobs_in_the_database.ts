import { sql, type Kysely } from "kysely";

// Jobs any server process can answer for (issue 32, docs/decisions/0062-jobs-in-the-database.md).
// Exports: any process claims a waiting or abandoned export (FOR UPDATE SKIP LOCKED, a lease it
// renews), stores its progress here and its zip in chunks, so any process answers its progress and
// serves its download; both tables are transient (an hour) and left out of backups. Imports: the
// process running one stores its progress and a heartbeat in the import's row, so every process
// shows the same progress and one whose process stopped is seen failed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table export_jobs (
    id text primary key,
    kind text not null,
    subject_id text not null,
    file_name text not null,
    requested_by text not null,
    status text not null default 'queued',
    files_done integer not null default 0,
    files_total integer not null default 0,
    rows bigint not null default 0,
    bytes bigint,
    files text not null default '[]',
    error text,
    attempts integer not null default 0,
    claimed_by text,
    locked_until timestamptz,
    created_at timestamptz not null default now(),
    finished_at timestamptz,
    constraint export_jobs_kind_check check (kind in ('company', 'user')),
    constraint export_jobs_status_check check (status in ('queued', 'running', 'ready', 'failed')),
    constraint export_jobs_finished_check check ((status in ('ready', 'failed')) = (finished_at is not null))
  )`);
  await run(`create index export_jobs_due on export_jobs (status, created_at)`);
  await run(`create table export_job_chunks (
    export_id text not null references export_jobs (id) on delete cascade,
    seq integer not null,
    data bytea not null,
    primary key (export_id, seq)
  )`);
  await run(`alter table imports
    add column progress_phase text,
    add column progress_done integer not null default 0,
    add column progress_total integer not null default 0,
    add column heartbeat_at timestamptz,
    add constraint imports_progress_phase_check check (progress_phase is null or progress_phase in ('reading', 'validating', 'writing'))`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
