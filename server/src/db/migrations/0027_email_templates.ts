import { sql, type Kysely } from "kysely";

// E-mail templates and the outbox as a company sees it (docs/decisions/0036):
// - company_settings may hold the 'stores' section (the time zone a new store starts with);
// - companies.logo_url: the company profile's logo, an https address;
// - email_templates: a company's override of one kind of e-mail in one language; a field left
//   null falls back to the product's default template (server/src/mail/templates/catalog.ts);
// - outbox: each message keeps the kind and language it was rendered as and its HTML part, and
//   a manager may cancel a message not yet sent ('cancelled').

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`alter table company_settings drop constraint company_settings_section`);
  await run(`alter table company_settings add constraint company_settings_section check (section in ('workforce', 'stores'))`);
  await run(`alter table companies add column logo_url text`);
  await run(
    `alter table companies add constraint companies_logo_url_check check (logo_url is null or (logo_url like 'https://%' and length(logo_url) <= 500))`,
  );

  await run(`create table email_templates (
    company_id text not null references companies (id),
    kind text not null,
    language text not null,
    subject text,
    text_body text,
    html_body text,
    updated_by text references users (id),
    updated_at timestamptz not null default now(),
    primary key (company_id, kind, language),
    constraint email_templates_language_check check (language in ('en', 'es')),
    constraint email_templates_subject_check check (subject is null or length(subject) between 1 and 300),
    constraint email_templates_text_check check (text_body is null or length(text_body) between 1 and 20000),
    constraint email_templates_html_check check (html_body is null or length(html_body) between 1 and 50000)
  )`);

  await run(`alter table outbox add column kind text`);
  await run(`alter table outbox add column language text`);
  await run(`alter table outbox add column html_body text`);
  await run(`alter table outbox drop constraint outbox_status_check`);
  await run(`alter table outbox add constraint outbox_status_check check (status in ('pending', 'sending', 'sent', 'failed', 'cancelled'))`);
  await run(`create index outbox_company on outbox (company_id, created_at)`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
