import type { Kysely } from "kysely";
import type { z } from "zod";
import { workforceSettingsSchema } from "@tumble/domain/companySettings";
import type { PayrollSettings, updatePayrollSettingsSchema } from "@tumble/domain/payroll";
import { readSection, writeSection } from "../companySettings/sections.ts";
import { settingsOf } from "../companySettings/settings.ts";
import type { DB } from "../db/schema.ts";
import { audit } from "../runtime/audit.ts";
import { payrollRefusal } from "@tumble/domain/payrollMessages";
import { refused } from "../runtime/errors.ts";

// Payroll's settings (docs/decisions/0037-payroll.md) live in the company's `workforce` section:
// read and written there, never copied. Stored periods keep their dates when they change.

const pick = (s: PayrollSettings): PayrollSettings => ({
  payFrequency: s.payFrequency,
  payAnchorDate: s.payAnchorDate,
  payrollStartsOn: s.payrollStartsOn,
  workweekStart: s.workweekStart,
  overtimePreset: s.overtimePreset,
});

/** Pay frequency, anchor date, workweek start and overtime preset (of the workforce settings). */
export async function payrollSettingsOf(db: Kysely<DB>, companyId: string): Promise<PayrollSettings> {
  return pick(await settingsOf(db, companyId, "workforce"));
}

/** Changes some of the payroll settings (in the workforce section), audited. */
export async function changePayrollSettings(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  args: z.output<typeof updatePayrollSettingsSchema>,
): Promise<PayrollSettings> {
  const before = await readSection(db, companyId, "workforce");
  const changes = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
  const parsed = workforceSettingsSchema.safeParse({ ...before, ...changes });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw refused(payrollRefusal("invalidSetting", { field: issue.path.join("."), message: issue.message }));
  }
  await writeSection(db, companyId, userId, "workforce", { ...before, ...parsed.data });
  const after = await readSection(db, companyId, "workforce");
  await audit(db, {
    companyId,
    actorId: userId,
    action: "update",
    entity: "companySettings",
    entityId: "workforce",
    before: pick(before),
    after: pick(after),
  });
  return pick(after);
}
