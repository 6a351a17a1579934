import { sql, type Kysely } from "kysely";

// Scheduling (docs/decisions/0032-scheduling.md):
// - shifts: one shift of one employee (employee_id null = an open shift anyone eligible may claim)
//   at a store. status 'draft' until published; a published shift edited afterwards goes back to
//   'draft' and keeps what employees were last shown in its published_* columns, so employees see
//   only published times and a publish can tell each one what changed. A published shift removed
//   is kept with removed_at until the next publish (employees still see it until then).
// - shift_publications: each publish of a store's week, with who, when, the conflicts it was
//   published over and the override reason given for them.
// - shift_notices: what a publish changed for one employee (added, changed, removed shifts), shown
//   in the app until seen.
// - shift_templates / shift_template_items: a named week of recurring shifts applied to any week.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table shifts (
    id text primary key,
    company_id text not null references companies (id),
    store_id text not null,
    employee_id text,
    starts_at timestamptz not null,
    ends_at timestamptz not null,
    break_minutes integer not null default 0,
    position text,
    note text,
    status text not null default 'draft',
    published_at timestamptz,
    published_employee_id text,
    published_starts_at timestamptz,
    published_ends_at timestamptz,
    published_break_minutes integer,
    published_position text,
    published_note text,
    removed_at timestamptz,
    created_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint shifts_company_id_id unique (company_id, id),
    constraint shifts_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint shifts_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint shifts_published_employee_id_company_fk foreign key (company_id, published_employee_id) references employees (company_id, id),
    constraint shifts_status_check check (status in ('draft', 'published')),
    constraint shifts_order_check check (ends_at > starts_at),
    constraint shifts_length_check check (ends_at <= starts_at + interval '24 hours'),
    constraint shifts_break_check check (break_minutes >= 0 and break_minutes * interval '1 minute' < ends_at - starts_at),
    constraint shifts_position_check check (position is null or length(btrim(position)) between 1 and 80),
    constraint shifts_note_check check (note is null or length(note) <= 500),
    constraint shifts_published_check check ((status = 'published') <= (published_at is not null)),
    constraint shifts_published_times_check check ((published_at is null) = (published_starts_at is null) and (published_starts_at is null) = (published_ends_at is null))
  )`);
  await run(`create index shifts_company_store_starts on shifts (company_id, store_id, starts_at)`);
  await run(`create index shifts_company_employee_starts on shifts (company_id, employee_id, starts_at)`);
  await run(`create index shifts_company_published_employee on shifts (company_id, published_employee_id, published_starts_at) where published_at is not null`);

  await run(`create table shift_publications (
    id text primary key,
    company_id text not null references companies (id),
    store_id text not null,
    week_start date not null,
    published_by text references users (id) on delete set null,
    published_at timestamptz not null default now(),
    shift_count integer not null,
    conflicts jsonb not null default '[]',
    override_reason text,
    constraint shift_publications_company_id_id unique (company_id, id),
    constraint shift_publications_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint shift_publications_count_check check (shift_count >= 0),
    constraint shift_publications_override_check check (override_reason is null or length(btrim(override_reason)) between 1 and 500)
  )`);
  await run(`create index shift_publications_company_store_week on shift_publications (company_id, store_id, week_start, published_at)`);

  await run(`create table shift_notices (
    id text primary key,
    company_id text not null references companies (id),
    employee_id text not null,
    publication_id text,
    store_id text not null,
    changes jsonb not null,
    created_at timestamptz not null default now(),
    seen_at timestamptz,
    constraint shift_notices_company_id_id unique (company_id, id),
    constraint shift_notices_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint shift_notices_publication_id_company_fk foreign key (company_id, publication_id) references shift_publications (company_id, id),
    constraint shift_notices_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id)
  )`);
  await run(`create index shift_notices_company_employee_unseen on shift_notices (company_id, employee_id) where seen_at is null`);

  await run(`create table shift_templates (
    id text primary key,
    company_id text not null references companies (id),
    store_id text not null,
    name text not null,
    created_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint shift_templates_company_id_id unique (company_id, id),
    constraint shift_templates_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint shift_templates_name_check check (length(btrim(name)) between 1 and 80)
  )`);
  await run(`create unique index shift_templates_company_store_name on shift_templates (company_id, store_id, lower(name))`);

  await run(`create table shift_template_items (
    id text primary key,
    company_id text not null references companies (id),
    template_id text not null,
    employee_id text,
    day_index integer not null,
    start_minute integer not null,
    duration_minutes integer not null,
    break_minutes integer not null default 0,
    position text,
    note text,
    constraint shift_template_items_company_id_id unique (company_id, id),
    constraint shift_template_items_template_id_company_fk foreign key (company_id, template_id) references shift_templates (company_id, id) on delete cascade,
    constraint shift_template_items_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint shift_template_items_day_check check (day_index between 0 and 6),
    constraint shift_template_items_start_check check (start_minute between 0 and 1439),
    constraint shift_template_items_duration_check check (duration_minutes between 1 and 1440),
    constraint shift_template_items_break_check check (break_minutes >= 0 and break_minutes < duration_minutes)
  )`);
  await run(`create index shift_template_items_company_template on shift_template_items (company_id, template_id)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
