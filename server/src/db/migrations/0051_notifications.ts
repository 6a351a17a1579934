import { sql, type Kysely } from "kysely";

// The notification centre (issue 34): a notice per decision that concerns a person, written in the
// decision's transaction. Each row is the company's (the decision's) and the person's; the bell
// lists a person's notices across every company, so its indexes lead with the user, and the
// company-led one serves a company's removal. The text is not stored: `kind` is a stable code and
// `params` its values, written in the reader's language when shown or mailed (decision 0067).
// One row per user holds whether they want their notices e-mailed (on until turned off).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create table notifications (
    company_id text not null references companies (id) on delete cascade,
    id text primary key,
    user_id text not null references users (id) on delete cascade,
    kind text not null,
    params jsonb not null default '{}'::jsonb,
    link text,
    created_at timestamptz not null default now(),
    read_at timestamptz,
    constraint notifications_company_id_id unique (company_id, id),
    constraint notifications_kind_check check (kind ~ '^[a-zA-Z]+\\.[a-zA-Z]+$' and length(kind) <= 64),
    constraint notifications_link_check check (link is null or (left(link, 1) = '/' and length(link) <= 300))
  )`);
  await run(`create index notifications_user_created on notifications (user_id, created_at desc, id desc)`);
  await run(`create index notifications_user_unread on notifications (user_id) where read_at is null`);
  await run(`create index notifications_company_user on notifications (company_id, user_id)`);
  await run(`create table notification_preferences (
    user_id text primary key references users (id) on delete cascade,
    email boolean not null default true,
    updated_at timestamptz not null default now()
  )`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
