import { payrollRefusal } from "@tumble/domain/payrollMessages";
import { settingsOf } from "../companySettings/settings.ts";
import type { QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { companyToday, findPeriod } from "./periods.ts";

/** The caller's company's period by id, with the workforce settings; another company's id is simply not found. */
export async function requirePeriod(ctx: QueryCtx<"canManageStores">, periodId: string) {
  const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
  const today = await companyToday(ctx.db, ctx.company.id, ctx.now);
  const period = await findPeriod(ctx.db, ctx.company.id, periodId, settings, today);
  if (!period) throw refused(payrollRefusal("periodNotFound"));
  return { period, settings, today };
}
