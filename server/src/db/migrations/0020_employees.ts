import { sql, type Kysely } from "kysely";

// Employee profiles (docs/decisions/0028-employees.md):
// - employees: the person, an optional linked user account, position, pay type, status, hire and
//   end dates, and the kiosk username (unique per company without case) and PIN hash. It is the
//   one place a company's usernames live: self-registration creates a pending profile instead of
//   a company_usernames row, so the rows of that table move here and the table goes.
// - employee_stores: the stores an employee works at (several).
// - employee_rates: pay rates with the date each takes effect; a new rate is a new row, so the
//   history is kept and payroll reads the rate in effect on each business date.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table employees (
    id text primary key,
    company_id text not null references companies (id),
    user_id text references users (id) on delete set null,
    name text not null,
    email text,
    phone text,
    position text,
    pay_type text not null,
    status text not null,
    hire_date date,
    end_date date,
    username text not null,
    username_lower text not null,
    pin_hash text not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint employees_company_id_id unique (company_id, id),
    constraint employees_company_username unique (company_id, username_lower),
    constraint employees_username_lower_check check (username_lower = lower(username)),
    constraint employees_pay_type_check check (pay_type in ('hourly', 'salary')),
    constraint employees_status_check check (status in ('pending', 'active', 'inactive', 'terminated')),
    constraint employees_name_check check (length(btrim(name)) > 0),
    constraint employees_dates_check check (end_date is null or hire_date is null or end_date >= hire_date),
    constraint employees_terminated_end_check check (status <> 'terminated' or end_date is not null)
  )`);
  // One profile per user account and company.
  await run(`create unique index employees_company_user on employees (company_id, user_id) where user_id is not null`);
  await run(`create index employees_company_status_name on employees (company_id, status, name)`);

  await run(`create table employee_stores (
    company_id text not null references companies (id),
    employee_id text not null,
    store_id text not null,
    primary key (company_id, employee_id, store_id),
    constraint employee_stores_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id) on delete cascade,
    constraint employee_stores_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id)
  )`);
  await run(`create index employee_stores_company_store on employee_stores (company_id, store_id, employee_id)`);

  await run(`create table employee_rates (
    id text primary key,
    company_id text not null references companies (id),
    employee_id text not null,
    pay_type text not null,
    rate_cents bigint not null,
    effective_from date not null,
    reason text,
    created_by text references users (id),
    created_at timestamptz not null default now(),
    constraint employee_rates_company_id_id unique (company_id, id),
    constraint employee_rates_effective unique (company_id, employee_id, effective_from),
    constraint employee_rates_employee_id_company_fk foreign key (company_id, employee_id) references employees (company_id, id) on delete cascade,
    constraint employee_rates_pay_type_check check (pay_type in ('hourly', 'salary')),
    constraint employee_rates_rate_check check (rate_cents >= 0)
  )`);

  // Usernames reserved by self-registration become pending profiles (active when the person is
  // already a member), and employees becomes the only place usernames are kept.
  await run(`
    insert into employees (id, company_id, user_id, name, email, pay_type, status, username, username_lower, pin_hash)
    select md5(random()::text || clock_timestamp()::text || cu.user_id), cu.company_id, cu.user_id,
      coalesce(nullif(btrim(u.name), ''), cu.username), u.email, 'hourly',
      case when exists (select 1 from memberships m where m.company_id = cu.company_id and m.user_id = cu.user_id) then 'active' else 'pending' end,
      cu.username, lower(cu.username), coalesce(u.pin_hash, '!')
    from company_usernames cu join users u on u.id = cu.user_id
    on conflict do nothing`);
  await run(`drop table company_usernames`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
