import { sql, type RawBuilder } from "kysely";
import { exportable, type ArchiveFile } from "./archive.ts";
import { allTables, companyTables, ident, idents, type RawDb, type Table } from "./catalog.ts";

// What the two exports of system-admin/export (issue 20) hold: a company's complete data and one
// person's personal data (for an access request). Each is a list of files, each the rows of one
// table matching a condition; archive.ts reads and writes them.

/** Profile columns of a member in a company export: who they are, never how they sign in. */
const MEMBER_PROFILE = ["id", "email", "name", "username", "language", "created_at"];

function file(table: Table, description: string, where: RawBuilder<unknown>, name = table.name): ArchiveFile {
  const { columns, omitted } = exportable(table);
  return { file: `${name}.csv`, table: table.name, description, columns, omitted, key: table.key, where };
}

export interface ExportPlan {
  title: string;
  files: ArchiveFile[];
}

export async function companyExport(db: RawDb, company: { id: string; name: string }): Promise<ExportPlan> {
  const tables = await allTables(db);
  const { owned, children } = await companyTables(db);
  const id = company.id;
  const files: ArchiveFile[] = [];
  files.push(file(tables.get("companies")!, "the company itself", sql`t.id = ${id}`));
  const users = tables.get("users")!;
  files.push({
    ...file(
      { ...users, columns: users.columns.filter((c) => MEMBER_PROFILE.includes(c.name)) },
      "the company's members: profile columns only (see memberships.csv for their roles)",
      sql`exists (select 1 from memberships m where m.user_id = t.id and m.company_id = ${id})`,
    ),
    omitted: users.columns.filter((c) => !MEMBER_PROFILE.includes(c.name)).map((c) => c.name),
  });
  for (const table of owned) files.push(file(table, `the company's rows of ${table.name}`, sql`t.company_id = ${id}`));
  for (const table of children) {
    const where = sql`(${sql.join(table.childColumns.map((c) => sql`t.${ident(c)}`))}) in
      (select ${idents(table.parentColumns)} from ${ident(table.parent)} where company_id = ${id})`;
    files.push(file(table, `rows of ${table.name} belonging to the company's ${table.parent} (through ${table.childColumns.join(", ")})`, where));
  }
  return { title: `Tumble export of the company ${company.name} (${id})`, files };
}

export async function userExport(db: RawDb, user: { id: string; email: string | null }): Promise<ExportPlan> {
  const tables = await allTables(db);
  const id = user.id;
  const files: ArchiveFile[] = [file(tables.get("users")!, "the person's account", sql`t.id = ${id}`, "profile")];
  const linkedEmployees = sql`(select e.company_id, e.id from employees e where e.user_id = ${id})`;
  for (const table of tables.values()) {
    const has = (c: string) => table.columns.some((col) => col.name === c);
    if (table.name === "users") continue;
    const byUser = has("user_id") ? sql`t.user_id = ${id}` : null;
    const byEmployee = has("employee_id") && has("company_id") ? sql`(t.company_id, t.employee_id) in ${linkedEmployees}` : null;
    if (!byUser && !byEmployee) continue;
    const where = byUser && byEmployee ? sql`(${byUser} or ${byEmployee})` : (byUser ?? byEmployee)!;
    const what = byEmployee ? `the person's ${table.name}, as a user or through their employee records` : `the person's ${table.name}`;
    files.push(file(table, what, where));
  }
  const audit = tables.get("audit_log");
  if (audit) files.push(file(audit, "changes the person made (audit entries by them)", sql`t.actor_id = ${id}`, "audit_entries_by_user"));
  return { title: `Tumble export of the personal data of ${user.email ?? id}`, files };
}
