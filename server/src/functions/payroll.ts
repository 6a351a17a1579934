import { z } from "zod";
import {
  adjustArgsSchema,
  journalArgsSchema,
  periodArgsSchema,
  statementArgsSchema,
  updatePayrollSettingsSchema,
  type PayrollFile,
  type PayrollSettings,
} from "@tumble/domain/payroll";
import { PAYROLL_FORMATS, payrollExternalIdSchema, type PayrollExport } from "@tumble/domain/payrollOutputs";
import { idempotencyKey } from "../cash/access.ts";
import { refuseOwnProfile } from "../employees/ownProfile.ts";
import { addAdjustment, adjustmentTarget } from "../payroll/adjustments.ts";
import { externalIdsOf, setEmployeeExternalId } from "../payroll/externalIds.ts";
import { journalFile, providerExport, statementFile } from "../payroll/files.ts";
import { changePayrollSettings, payrollSettingsOf } from "../payroll/settingsEdit.ts";
import { mutation, query } from "../runtime/define.ts";

// Payroll settings, adjustments, statements and exports (issue 18, docs/decisions/0037-payroll.md).
// The settings live in the company's `workforce` section (read and written there, never copied).
// The logic is in server/src/payroll.

/** A retried call with the same key acts once and answers as the first did (docs/decisions/0011); optional, so older clients keep working. */
const retryKey = { idempotencyKey: idempotencyKey.optional() };
/** An earlier version of a period's frozen figures (decision 0054); without it, the period as it is now. */
const versionArg = { version: z.number().int().min(1).max(100_000).optional() };

/** Pay frequency, anchor date, workweek start and overtime preset (of the workforce settings). */
export const getSettings = query({
  access: "canManageStores",
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx): Promise<PayrollSettings> => payrollSettingsOf(ctx.db, ctx.company.id),
});

/** Changes some of the payroll settings (in the workforce section), audited. Stored periods keep their dates. */
export const updateSettings = mutation({
  access: "canManageStores",
  args: updatePayrollSettingsSchema.extend(retryKey),
  idempotencyKeyInArgs: true,
  handler: async (ctx, { idempotencyKey: _key, ...args }): Promise<PayrollSettings> => changePayrollSettings(ctx.db, ctx.company.id, ctx.user.id, args),
});

/** Adds a bonus, commission, reimbursement or deduction to an employee's line of an open period; never to the caller's own. */
export const adjust = mutation({
  access: "canManageStores",
  args: adjustArgsSchema.extend(retryKey),
  idempotencyKeyInArgs: true,
  handler: async (ctx, args) => {
    const { period, employee } = await adjustmentTarget(ctx, args.periodId, args.employeeId);
    // Nobody adds to (or takes from) their own pay (decision 0060).
    refuseOwnProfile(employee, ctx.user.id, "ownAdjustment");
    return addAdjustment(ctx, period, employee, args);
  },
});

/** An employee's statement for a period, a PDF in the employee's language (base64). */
export const statement = query({
  access: "canManageStores",
  args: statementArgsSchema.extend(versionArg),
  handler: async (ctx, args): Promise<PayrollFile> => statementFile(ctx, args),
});

/** The provider export of a period: one row per employee (columns in decision 0037), UTF-8 CSV (base64). */
export const exportCsv = query({
  access: "canManageStores",
  args: periodArgsSchema.extend({ format: z.enum(PAYROLL_FORMATS).optional(), ...versionArg }),
  handler: async (ctx, args): Promise<PayrollExport> => providerExport(ctx, args),
});

/** Each employee's id at the payroll provider (employees without one are absent). */
export const externalIds = query({
  access: "canManageStores",
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx): Promise<Record<string, string>> => externalIdsOf(ctx),
});

/** Sets (or clears, with "") an employee's id at the payroll provider; unique in the company. */
export const setExternalId = mutation({
  access: "canManageStores",
  args: z.object({ employeeId: z.string().min(1).max(64), externalId: payrollExternalIdSchema, ...retryKey }),
  idempotencyKeyInArgs: true,
  handler: async (ctx, args) => setEmployeeExternalId(ctx, args),
});

/**
 * The accounting journal of [from, to]: the payroll of locked and paid periods ending in it, and
 * the cash ledger's posted lines dated in it (date, account, debit, credit, memo, class = store).
 */
export const journalCsv = query({
  access: "canManageStores",
  args: journalArgsSchema,
  handler: async (ctx, args): Promise<PayrollFile> => journalFile(ctx, args),
});
