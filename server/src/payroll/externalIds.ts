import { payrollRefusal } from "@tumble/domain/payrollMessages";
import { payrollOutputRefusal } from "@tumble/domain/payrollOutputs";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx, QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";

// Each employee's id at the payroll provider (docs/decisions/0054-payroll-outputs.md): what a
// provider's preset file names people by; unique in the company.

/** Each employee's id at the payroll provider (employees without one are absent). */
export async function externalIdsOf(ctx: QueryCtx<"canManageStores">): Promise<Record<string, string>> {
  const rows = await ctx.db
    .selectFrom("employees")
    .select(["id", "payrollExternalId"])
    .where("companyId", "=", ctx.company.id)
    .where("payrollExternalId", "is not", null)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.payrollExternalId!]));
}

/** Sets (or clears, with null) an employee's id at the payroll provider, audited. */
export async function setEmployeeExternalId(ctx: MutationCtx<"canManageStores">, args: { employeeId: string; externalId: string | null }) {
  const employee = await ctx.db
    .selectFrom("employees")
    .select(["id", "payrollExternalId"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", args.employeeId)
    .forUpdate()
    .executeTakeFirst();
  if (!employee) throw refused(payrollRefusal("employeeNotFound"));
  if (args.externalId !== null) {
    // Read first for a clear message; the unique index (employees_company_payroll_external_id) decides races.
    const taken = await ctx.db
      .selectFrom("employees")
      .select("id")
      .where("companyId", "=", ctx.company.id)
      .where("payrollExternalId", "=", args.externalId)
      .where("id", "!=", employee.id)
      .executeTakeFirst();
    if (taken) throw refused(payrollOutputRefusal("externalIdTaken"));
  }
  await ctx.db
    .updateTable("employees")
    .set({ payrollExternalId: args.externalId })
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", employee.id)
    .execute();
  await audit(ctx.db, {
    companyId: ctx.company.id,
    actorId: ctx.user.id,
    action: "update",
    entity: "employee",
    entityId: employee.id,
    before: { payrollExternalId: employee.payrollExternalId },
    after: { payrollExternalId: args.externalId },
  });
  return { employeeId: employee.id, externalId: args.externalId };
}
