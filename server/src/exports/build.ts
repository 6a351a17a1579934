import { sql } from "kysely";
import { buildZip, exportable, readRows, type ArchiveFile } from "./archive.ts";
import { allTables, companyTables, ident, idents, type RawDb, type Table } from "./catalog.ts";

// The two exports of system-admin/export (issue 20): a company's complete data and one person's
// personal data (for an access request). Both read in the caller's transaction.

/** Profile columns of a member in a company export: who they are, never how they sign in. */
const MEMBER_PROFILE = ["id", "email", "name", "username", "language", "created_at"];

function file(table: Table, description: string, rows: ArchiveFile["rows"], name = table.name): ArchiveFile {
  const { columns, omitted } = exportable(table);
  return { file: `${name}.csv`, table: table.name, description, columns, omitted, rows };
}

export interface BuiltExport {
  zip: Uint8Array;
  readme: string;
  files: Array<{ file: string; rows: number }>;
}

function done(title: string, files: ArchiveFile[], now: Date): BuiltExport {
  const { zip, readme } = buildZip(title, files, now);
  return { zip, readme, files: files.map((f) => ({ file: f.file, rows: f.rows.length })) };
}

export async function exportCompany(db: RawDb, company: { id: string; name: string }, now: Date): Promise<BuiltExport> {
  const tables = await allTables(db);
  const { owned, children } = await companyTables(db);
  const id = company.id;
  const files: ArchiveFile[] = [];
  const companies = tables.get("companies")!;
  files.push(file(companies, "the company itself", await readRows(db, companies, sql`t.id = ${id}`)));
  const users = tables.get("users")!;
  const profile = { ...users, columns: users.columns.filter((c) => MEMBER_PROFILE.includes(c.name)) };
  files.push({
    ...file(profile, "the company's members: profile columns only (see memberships.csv for their roles)", []),
    omitted: users.columns.filter((c) => !MEMBER_PROFILE.includes(c.name)).map((c) => c.name),
    rows: await readRows(db, profile, sql`exists (select 1 from memberships m where m.user_id = t.id and m.company_id = ${id})`),
  });
  for (const table of owned) files.push(file(table, `the company's rows of ${table.name}`, await readRows(db, table, sql`t.company_id = ${id}`)));
  for (const table of children) {
    const where = sql`(${sql.join(table.childColumns.map((c) => sql`t.${ident(c)}`))}) in
      (select ${idents(table.parentColumns)} from ${ident(table.parent)} where company_id = ${id})`;
    files.push(
      file(
        table,
        `rows of ${table.name} belonging to the company's ${table.parent} (through ${table.childColumns.join(", ")})`,
        await readRows(db, table, where),
      ),
    );
  }
  return done(`Tumble export of the company ${company.name} (${id})`, files, now);
}

export async function exportUser(db: RawDb, user: { id: string; email: string | null }, now: Date): Promise<BuiltExport> {
  const tables = await allTables(db);
  const id = user.id;
  const files: ArchiveFile[] = [];
  files.push(file(tables.get("users")!, "the person's account", await readRows(db, tables.get("users")!, sql`t.id = ${id}`), "profile"));
  const linkedEmployees = sql`(select e.company_id, e.id from employees e where e.user_id = ${id})`;
  for (const table of tables.values()) {
    const has = (c: string) => table.columns.some((col) => col.name === c);
    if (table.name === "users") continue;
    const byUser = has("user_id") ? sql`t.user_id = ${id}` : null;
    const byEmployee = has("employee_id") && has("company_id") ? sql`(t.company_id, t.employee_id) in ${linkedEmployees}` : null;
    if (!byUser && !byEmployee) continue;
    const where = byUser && byEmployee ? sql`(${byUser} or ${byEmployee})` : (byUser ?? byEmployee)!;
    const rows = await readRows(db, table, where);
    const what = byEmployee ? `the person's ${table.name}, as a user or through their employee records` : `the person's ${table.name}`;
    files.push(file(table, what, rows));
  }
  const audit = tables.get("audit_log");
  if (audit)
    files.push(file(audit, "changes the person made (audit entries by them)", await readRows(db, audit, sql`t.actor_id = ${id}`), "audit_entries_by_user"));
  return done(`Tumble export of the personal data of ${user.email ?? id}`, files, now);
}
