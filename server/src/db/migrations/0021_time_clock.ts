import { sql, type Kysely } from "kysely";

// The time clock (docs/decisions/0029-time-clock-and-kiosk.md):
// - kiosks: a store's tablet, holding a long-lived credential kept only as its SHA-256; it can do
//   nothing but punch at its store. Revoked, it stops at once.
// - punches: raw and insert-only (a trigger refuses updates and deletes). Both times are kept: the
//   server's receipt and, for a punch queued offline, the device's; occurred_at is the one entries
//   are built in the order of. A client punch id makes a resent offline punch a no-op.
// - time_entries: built from the punches (in, breaks, out), rebuilt whenever a punch lands inside
//   them; an entry's id is its clock-in punch's, so a rebuild keeps it. One open entry per employee.
// - time_entry_corrections: a manager's correction beside the raw entry, with reason, who and when.
// - pin_attempts: wrong PINs per kiosk username, and the lock they lead to.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table kiosks (
    id text primary key,
    company_id text not null references companies (id),
    store_id text not null,
    name text not null,
    token_hash text not null,
    created_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz,
    revoked_at timestamptz,
    constraint kiosks_company_id_id unique (company_id, id),
    constraint kiosks_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint kiosks_name_check check (length(btrim(name)) between 1 and 80)
  )`);
  // The credential names its kiosk (and so its company): looked up by its hash alone.
  await run(`create unique index kiosks_token_hash on kiosks (token_hash)`);
  await run(`create index kiosks_company_store on kiosks (company_id, store_id)`);

  await run(`create table punches (
    id text primary key,
    company_id text not null references companies (id),
    employee_id text not null,
    store_id text not null,
    action text not null,
    occurred_at timestamptz not null,
    received_at timestamptz not null default now(),
    device_time timestamptz,
    offline boolean not null default false,
    source text not null,
    kiosk_id text,
    user_id text references users (id) on delete set null,
    latitude_e6 integer,
    longitude_e6 integer,
    accuracy_meters integer,
    distance_meters integer,
    geo_status text,
    client_punch_id text,
    constraint punches_company_id_id unique (company_id, id),
    constraint punches_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint punches_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint punches_kiosk_id_company_fk foreign key (company_id, kiosk_id) references kiosks (company_id, id),
    constraint punches_action_check check (action in ('clockIn', 'breakStart', 'breakEnd', 'clockOut')),
    constraint punches_source_check check ((source = 'kiosk' and kiosk_id is not null) or (source = 'phone' and kiosk_id is null)),
    constraint punches_offline_check check (not offline or device_time is not null),
    constraint punches_geo_status_check check (geo_status is null or geo_status in ('inside', 'outside', 'noZone')),
    constraint punches_client_punch_id_check check (client_punch_id is null or length(client_punch_id) between 1 and 100)
  )`);
  await run(`create unique index punches_company_client_punch on punches (company_id, employee_id, client_punch_id) where client_punch_id is not null`);
  await run(`create index punches_company_employee_occurred on punches (company_id, employee_id, occurred_at)`);
  await run(`create index punches_company_store_occurred on punches (company_id, store_id, occurred_at)`);
  await run(`create function punches_insert_only() returns trigger language plpgsql as $$
    begin
      raise exception 'Punches are never edited or deleted' using errcode = 'restrict_violation';
    end $$`);
  await run(`create trigger punches_insert_only before update or delete on punches for each row execute function punches_insert_only()`);

  await run(`create table time_entries (
    id text primary key,
    company_id text not null references companies (id),
    employee_id text not null,
    store_id text not null,
    business_date date not null,
    clock_in_at timestamptz not null,
    clock_out_at timestamptz,
    break_minutes integer not null default 0,
    breaks jsonb not null default '[]',
    status text not null,
    flags jsonb not null default '[]',
    clock_out_punch_id text,
    updated_at timestamptz not null default now(),
    constraint time_entries_company_id_id unique (company_id, id),
    constraint time_entries_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint time_entries_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id),
    constraint time_entries_id_company_fk foreign key (company_id, id) references punches (company_id, id),
    constraint time_entries_clock_out_punch_id_company_fk foreign key (company_id, clock_out_punch_id) references punches (company_id, id),
    constraint time_entries_status_check check (status in ('open', 'closed')),
    constraint time_entries_closed_check check ((status = 'closed') = (clock_out_at is not null)),
    constraint time_entries_order_check check (clock_out_at is null or clock_out_at >= clock_in_at),
    constraint time_entries_break_check check (break_minutes >= 0)
  )`);
  // On the clock at one store at a time: a second open entry is refused even when two clock-ins race.
  await run(`create unique index time_entries_one_open on time_entries (company_id, employee_id) where status = 'open'`);
  await run(`create index time_entries_company_employee_in on time_entries (company_id, employee_id, clock_in_at)`);
  await run(`create index time_entries_company_store_date on time_entries (company_id, store_id, business_date)`);
  await run(`create index time_entries_company_open on time_entries (company_id, store_id) where status = 'open'`);

  await run(`create table time_entry_corrections (
    id text primary key,
    company_id text not null references companies (id),
    entry_id text not null,
    employee_id text not null,
    clock_in_at timestamptz not null,
    clock_out_at timestamptz,
    break_minutes integer not null,
    reason text not null,
    corrected_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint time_entry_corrections_company_id_id unique (company_id, id),
    constraint time_entry_corrections_entry_id_company_fk foreign key (company_id, entry_id) references punches (company_id, id),
    constraint time_entry_corrections_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id),
    constraint time_entry_corrections_order_check check (clock_out_at is null or clock_out_at > clock_in_at),
    constraint time_entry_corrections_break_check check (break_minutes >= 0),
    constraint time_entry_corrections_reason_check check (length(btrim(reason)) between 1 and 500)
  )`);
  await run(`create index time_entry_corrections_company_entry on time_entry_corrections (company_id, entry_id, created_at)`);

  await run(`create table pin_attempts (
    company_id text not null references companies (id),
    username_lower text not null,
    failures integer not null default 0,
    last_failed_at timestamptz,
    locked_until timestamptz,
    primary key (company_id, username_lower),
    constraint pin_attempts_failures_check check (failures >= 0)
  )`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
