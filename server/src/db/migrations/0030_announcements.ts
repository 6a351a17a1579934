import { sql, type Kysely } from "kysely";

// Announcements (docs/decisions/0041-announcements.md):
// - announcements: what a manager posts (title and Markdown body, an optional Spanish version),
//   to whom (the whole company, chosen stores or chosen roles), pinned, an optional end, archived;
// - announcement_stores / announcement_roles: the stores or roles an announcement is for;
// - announcement_reads: who read which, for the unread marks and the sub-tab's count.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table announcements (
    id text primary key,
    company_id text not null references companies (id),
    title text not null,
    body text not null,
    title_es text,
    body_es text,
    audience text not null,
    pinned boolean not null default false,
    expires_at timestamptz,
    emailed_at timestamptz,
    created_by text references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_by text references users (id) on delete set null,
    updated_at timestamptz not null default now(),
    archived_at timestamptz,
    archived_by text references users (id) on delete set null,
    constraint announcements_company_id_id unique (company_id, id),
    constraint announcements_audience_check check (audience in ('company', 'stores', 'roles')),
    constraint announcements_title_check check (length(btrim(title)) between 1 and 150),
    constraint announcements_body_check check (length(btrim(body)) between 1 and 10000),
    constraint announcements_title_es_check check (title_es is null or length(btrim(title_es)) between 1 and 150),
    constraint announcements_body_es_check check (body_es is null or length(btrim(body_es)) between 1 and 10000),
    constraint announcements_spanish_check check ((title_es is null) = (body_es is null))
  )`);
  await run(`create index announcements_company_created on announcements (company_id, created_at desc)`);

  await run(`create table announcement_stores (
    company_id text not null references companies (id),
    announcement_id text not null,
    store_id text not null,
    primary key (company_id, announcement_id, store_id),
    constraint announcement_stores_announcement_id_company_fk foreign key (company_id, announcement_id) references announcements (company_id, id) on delete cascade,
    constraint announcement_stores_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id)
  )`);
  await run(`create index announcement_stores_company_store on announcement_stores (company_id, store_id)`);

  await run(`create table announcement_roles (
    company_id text not null references companies (id),
    announcement_id text not null,
    role text not null,
    primary key (company_id, announcement_id, role),
    constraint announcement_roles_announcement_id_company_fk foreign key (company_id, announcement_id) references announcements (company_id, id) on delete cascade,
    constraint announcement_roles_role_check check (role in ('MEMBER', 'MANAGING_MEMBER', 'STAFF', 'SUPERVISOR', 'MANAGER', 'ADMIN', 'OWNER'))
  )`);

  await run(`create table announcement_reads (
    company_id text not null references companies (id),
    announcement_id text not null,
    user_id text not null references users (id) on delete cascade,
    read_at timestamptz not null default now(),
    primary key (company_id, announcement_id, user_id),
    constraint announcement_reads_announcement_id_company_fk foreign key (company_id, announcement_id) references announcements (company_id, id) on delete cascade
  )`);
  await run(`create index announcement_reads_company_user on announcement_reads (company_id, user_id, announcement_id)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
