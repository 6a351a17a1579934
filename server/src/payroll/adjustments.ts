import type { z } from "zod";
import type { adjustArgsSchema } from "@tumble/domain/payroll";
import { payrollRefusal } from "@tumble/domain/payrollMessages";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { requirePeriod } from "./access.ts";
import { materialize, type CalendarPeriod } from "./periods.ts";

// A bonus, commission, reimbursement or deduction on an employee's line of an open period
// (docs/decisions/0037-payroll.md, 0053). payroll:adjust refuses one on the caller's own line
// between adjustmentTarget and addAdjustment: that rule is the employees module's, which sits above
// payroll (it asks payroll's guard before changing pay).

/** The period and the employee an adjustment is for, each refused when not found. */
export async function adjustmentTarget(ctx: MutationCtx<"canManageStores">, periodId: string, employeeId: string) {
  const { period } = await requirePeriod(ctx, periodId);
  const employee = await ctx.db
    .selectFrom("employees")
    .select(["id", "name", "userId"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", employeeId)
    .executeTakeFirst();
  if (!employee) throw refused(payrollRefusal("employeeNotFound"));
  return { period, employee };
}

/** Adds the adjustment to the period (stored first if it was only computed), when it is open and the work it covers is in or before it. */
export async function addAdjustment(
  ctx: MutationCtx<"canManageStores">,
  period: CalendarPeriod,
  employee: { id: string },
  args: z.output<typeof adjustArgsSchema>,
) {
  const row = await materialize(ctx.db, ctx.company.id, period);
  if (row.status === "paid") throw refused(payrollRefusal("adjustPaid"));
  if (row.status !== "open") throw refused(payrollRefusal("adjustNotOpen"));
  // Earned by the end of the period that pays it: a bonus for weeks not yet worked is refused.
  if (args.coversTo && args.coversTo > period.range.endsOn) throw refused(payrollRefusal("coversAfterPeriod"));
  const adjustmentId = newId();
  const covers = args.coversFrom && args.coversTo ? { coversFrom: args.coversFrom, coversTo: args.coversTo } : {};
  const values = { kind: args.kind, amountCents: args.amountCents, reason: args.reason, ...covers };
  await ctx.db
    .insertInto("payrollAdjustments")
    .values({ id: adjustmentId, companyId: ctx.company.id, periodId: row.id, employeeId: employee.id, ...values, createdBy: ctx.user.id })
    .execute();
  await audit(ctx.db, {
    companyId: ctx.company.id,
    actorId: ctx.user.id,
    action: "create",
    entity: "payrollAdjustment",
    entityId: adjustmentId,
    after: { periodId: row.id, employeeId: employee.id, ...values },
  });
  return { adjustmentId, periodId: row.id };
}
