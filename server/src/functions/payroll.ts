import { z } from "zod";
import { workforceSettingsSchema } from "@tumble/domain/companySettings";
import {
  adjustArgsSchema,
  journalArgsSchema,
  periodArgsSchema,
  statementArgsSchema,
  updatePayrollSettingsSchema,
  type PayrollFile,
  type PayrollSettings,
} from "@tumble/domain/payroll";
import { settingsOf } from "../companySettings/settings.ts";
import { readSection, writeSection } from "../companySettings/sections.ts";
import { requirePeriod } from "../payroll/access.ts";
import { employeeLanguage } from "../payroll/compute.ts";
import { cashJournalRows, journalCsv as journalText, payrollJournalRows, providerCsv } from "../payroll/exports.ts";
import { calculations, calendar, companyToday, detailOf, materialize, yearToDateOf } from "../payroll/periods.ts";
import { statementPdf } from "../payroll/statement.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query } from "../runtime/define.ts";
import { AppError } from "../runtime/errors.ts";
import { payrollMessage } from "@tumble/domain/payrollMessages";
import { newId } from "../runtime/ids.ts";

// Payroll settings, adjustments, statements and exports (issue 18, docs/decisions/0037-payroll.md).
// The settings live in the company's `workforce` section (read and written there, never copied).

const pick = (s: PayrollSettings): PayrollSettings => ({
  payFrequency: s.payFrequency,
  payAnchorDate: s.payAnchorDate,
  payrollStartsOn: s.payrollStartsOn,
  workweekStart: s.workweekStart,
  overtimePreset: s.overtimePreset,
});

const file = (fileName: string, contentType: string, bytes: Buffer | string): PayrollFile => ({
  fileName,
  contentType,
  base64: Buffer.from(bytes).toString("base64"),
});

/** Pay frequency, anchor date, workweek start and overtime preset (of the workforce settings). */
export const getSettings = query({
  access: "canManageStores",
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx): Promise<PayrollSettings> => pick(await settingsOf(ctx.db, ctx.company.id, "workforce")),
});

/** Changes some of the payroll settings (in the workforce section), audited. Stored periods keep their dates. */
export const updateSettings = mutation({
  access: "canManageStores",
  args: updatePayrollSettingsSchema,
  handler: async (ctx, args): Promise<PayrollSettings> => {
    const before = await readSection(ctx.db, ctx.company.id, "workforce");
    const changes = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
    const parsed = workforceSettingsSchema.safeParse({ ...before, ...changes });
    if (!parsed.success) throw new AppError(parsed.error.issues[0].message);
    await writeSection(ctx.db, ctx.company.id, ctx.user.id, "workforce", { ...before, ...parsed.data });
    const after = await readSection(ctx.db, ctx.company.id, "workforce");
    await audit(ctx.db, {
      companyId: ctx.company.id,
      actorId: ctx.user.id,
      action: "update",
      entity: "companySettings",
      entityId: "workforce",
      before: pick(before),
      after: pick(after),
    });
    return pick(after);
  },
});

/** Adds a bonus, commission, reimbursement or deduction to an employee's line of an open period. */
export const adjust = mutation({
  access: "canManageStores",
  args: adjustArgsSchema,
  handler: async (ctx, args) => {
    const { period } = await requirePeriod(ctx, args.periodId);
    const employee = await ctx.db
      .selectFrom("employees")
      .select(["id", "name"])
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", args.employeeId)
      .executeTakeFirst();
    if (!employee) throw new AppError(payrollMessage("employeeNotFound"));
    const row = await materialize(ctx.db, ctx.company.id, period);
    if (row.status === "paid") throw new AppError(payrollMessage("adjustPaid"));
    if (row.status !== "open") throw new AppError(payrollMessage("adjustNotOpen"));
    const adjustmentId = newId();
    const values = { kind: args.kind, amountCents: args.amountCents, reason: args.reason };
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
  },
});

/** An employee's statement for a period, a PDF in the employee's language (base64). */
export const statement = query({
  access: "canManageStores",
  args: statementArgsSchema,
  handler: async (ctx, args): Promise<PayrollFile> => {
    const { period, settings } = await requirePeriod(ctx, args.periodId);
    const detail = detailOf(period, (await calculations(ctx.db, ctx.company.id, settings, [period])).get(period.id)!);
    const line = detail.lines.find((l) => l.employeeId === args.employeeId);
    if (!line) throw new AppError(payrollMessage("noLine"));
    const company = await ctx.db.selectFrom("companies").select(["name", "displayName"]).where("id", "=", ctx.company.id).executeTakeFirstOrThrow();
    const language = await employeeLanguage(ctx.db, ctx.company.id, line.employeeId);
    const yearToDate = await yearToDateOf(ctx.db, ctx.company.id, settings, period, line, await companyToday(ctx.db, ctx.company.id, ctx.now));
    const pdf = await statementPdf({ companyName: company.displayName ?? company.name, period: detail, line, language, yearToDate });
    const safeName = line.name.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "employee";
    return file(`statement-${safeName}-${period.range.startsOn}.pdf`, "application/pdf", pdf);
  },
});

/** The provider export of a period: one row per employee (columns in decision 0037), UTF-8 CSV (base64). */
export const exportCsv = query({
  access: "canManageStores",
  args: periodArgsSchema,
  handler: async (ctx, args): Promise<PayrollFile> => {
    const { period, settings } = await requirePeriod(ctx, args.periodId);
    const figures = (await calculations(ctx.db, ctx.company.id, settings, [period])).get(period.id)!;
    return file(`payroll-${period.range.startsOn}-${period.range.endsOn}.csv`, "text/csv;charset=utf-8", providerCsv(period.range, figures.lines));
  },
});

/**
 * The accounting journal of [from, to]: the payroll of locked and paid periods ending in it, and
 * the cash ledger's posted lines dated in it (date, account, debit, credit, memo, class = store).
 */
export const journalCsv = query({
  access: "canManageStores",
  args: journalArgsSchema,
  handler: async (ctx, args): Promise<PayrollFile> => {
    if ((Date.parse(args.to) - Date.parse(args.from)) / 86_400_000 > 366) throw new AppError(payrollMessage("maxJournalDays"));
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const today = await companyToday(ctx.db, ctx.company.id, ctx.now);
    const final = (await calendar(ctx.db, ctx.company.id, settings, today)).filter(
      (p) => p.stored && p.stored.status !== "open" && p.range.endsOn >= args.from && p.range.endsOn <= args.to,
    );
    const figures = await calculations(ctx.db, ctx.company.id, settings, final);
    const rows = [
      ...final.flatMap((p) => payrollJournalRows(p.range, figures.get(p.id)!.lines)),
      ...(await cashJournalRows(ctx.db, ctx.company.id, args.from, args.to)),
    ].sort((a, b) => a.date.localeCompare(b.date));
    return file(`journal-${args.from}-${args.to}.csv`, "text/csv;charset=utf-8", journalText(rows));
  },
});
