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
import { refuseOwnProfile } from "../employees/ownProfile.ts";
import { requirePeriod } from "../payroll/access.ts";
import { employeeLanguage } from "../payroll/compute.ts";
import { adpCsv, cashJournalRows, gustoCsv, journalCsv as journalText, paychexCsv, payrollJournalRows, providerCsv } from "../payroll/exports.ts";
import { calculations, calendar, companyToday, detailOf, materialize, yearToDateOf, type CalendarPeriod, type FrozenPeriod } from "../payroll/periods.ts";
import { statementPdf } from "../payroll/statement.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query } from "../runtime/define.ts";
import { AppError, refused } from "../runtime/errors.ts";
import { payrollRefusal } from "@tumble/domain/payrollMessages";
import { newId } from "../runtime/ids.ts";
import { idempotencyKey } from "../cash/access.ts";
import type { QueryCtx } from "../runtime/define.ts";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { PAYROLL_FORMATS, payrollExternalIdSchema, payrollOutputRefusal, type PayrollExport, type PayrollFormat } from "@tumble/domain/payrollOutputs";

/** A retried call with the same key acts once and answers as the first did (docs/decisions/0011); optional, so older clients keep working. */
const retryKey = { idempotencyKey: idempotencyKey.optional() };
/** An earlier version of a period's frozen figures (decision 0054); without it, the period as it is now. */
const versionArg = { version: z.number().int().min(1).max(100_000).optional() };

/**
 * The figures of a period: the asked version's frozen ones, else the current ones (frozen when
 * locked or paid, computed while open), with the version number and when it was locked.
 */
async function figuresOf(
  ctx: QueryCtx<"canManageStores">,
  period: CalendarPeriod,
  settings: WorkforceSettings,
  version?: number,
): Promise<{ figures: FrozenPeriod; version: number | null; lockedAt: number | null }> {
  const current = period.stored && period.stored.status !== "open" ? period.stored.version : null;
  const wanted = version ?? current;
  if (wanted === null) return { figures: (await calculations(ctx.db, ctx.company.id, settings, [period])).get(period.id)!, version: null, lockedAt: null };
  const row = await ctx.db
    .selectFrom("payPeriodVersions")
    .select(["frozen", "lockedAt"])
    .where("companyId", "=", ctx.company.id)
    .where("periodId", "=", period.id)
    .where("version", "=", wanted)
    .executeTakeFirst();
  if (!row) throw refused(payrollOutputRefusal("versionNotFound"));
  return { figures: row.frozen as FrozenPeriod, version: wanted, lockedAt: new Date(row.lockedAt).getTime() };
}

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
  args: updatePayrollSettingsSchema.extend(retryKey),
  idempotencyKeyInArgs: true,
  handler: async (ctx, { idempotencyKey: _key, ...args }): Promise<PayrollSettings> => {
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

/** Adds a bonus, commission, reimbursement or deduction to an employee's line of an open period; never to the caller's own. */
export const adjust = mutation({
  access: "canManageStores",
  args: adjustArgsSchema.extend(retryKey),
  idempotencyKeyInArgs: true,
  handler: async (ctx, args) => {
    const { period } = await requirePeriod(ctx, args.periodId);
    const employee = await ctx.db
      .selectFrom("employees")
      .select(["id", "name", "userId"])
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", args.employeeId)
      .executeTakeFirst();
    if (!employee) throw refused(payrollRefusal("employeeNotFound"));
    // Nobody adds to (or takes from) their own pay (decision 0060).
    refuseOwnProfile(employee, ctx.user.id, "ownAdjustment");
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
  },
});

/** An employee's statement for a period, a PDF in the employee's language (base64). */
export const statement = query({
  access: "canManageStores",
  args: statementArgsSchema.extend(versionArg),
  handler: async (ctx, args): Promise<PayrollFile> => {
    const { period, settings } = await requirePeriod(ctx, args.periodId);
    const shown = await figuresOf(ctx, period, settings, args.version);
    const detail = detailOf(period, shown.figures);
    const line = detail.lines.find((l) => l.employeeId === args.employeeId);
    if (!line) throw refused(payrollRefusal("noLine"));
    const company = await ctx.db
      .selectFrom("companies")
      .select(["name", "displayName", "address", "employerId"])
      .where("id", "=", ctx.company.id)
      .executeTakeFirstOrThrow();
    const language = await employeeLanguage(ctx.db, ctx.company.id, line.employeeId);
    const yearToDate = await yearToDateOf(ctx.db, ctx.company.id, settings, period, line, await companyToday(ctx.db, ctx.company.id, ctx.now));
    const pdf = await statementPdf({
      companyName: company.displayName ?? company.name,
      employer: { address: company.address, employerId: company.employerId },
      // The lock's date at the company's clock.
      figures: shown.version === null ? null : { version: shown.version, lockedOn: await companyToday(ctx.db, ctx.company.id, shown.lockedAt!) },
      period: detail,
      line,
      language,
      yearToDate,
    });
    const safeName = line.name.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "employee";
    const suffix = shown.version === null ? "" : `-v${shown.version}`;
    return file(`statement-${safeName}-${period.range.startsOn}${suffix}.pdf`, "application/pdf", pdf);
  },
});

/** The provider export of a period: one row per employee (columns in decision 0037), UTF-8 CSV (base64). */
export const exportCsv = query({
  access: "canManageStores",
  args: periodArgsSchema.extend({ format: z.enum(PAYROLL_FORMATS).optional(), ...versionArg }),
  handler: async (ctx, args): Promise<PayrollExport> => {
    const { period, settings } = await requirePeriod(ctx, args.periodId);
    const format: PayrollFormat = args.format ?? "generic";
    const { figures, version } = await figuresOf(ctx, period, settings, args.version);
    const people = await ctx.db
      .selectFrom("employees")
      .select(["id", "payrollExternalId"])
      .where("companyId", "=", ctx.company.id)
      .where("payrollExternalId", "is not", null)
      .execute();
    const externalIds = new Map(people.map((p) => [p.id, p.payrollExternalId!]));
    const company = await ctx.db.selectFrom("companies").select("payrollClientCode").where("id", "=", ctx.company.id).executeTakeFirstOrThrow();
    const input = { period: period.range, version, lines: figures.lines, externalIds, clientCode: company.payrollClientCode };
    const text =
      format === "gusto"
        ? gustoCsv(input)
        : format === "adp"
          ? adpCsv(input)
          : format === "paychex"
            ? paychexCsv(input)
            : providerCsv(period.range, figures.lines, version);
    const name = `payroll-${period.range.startsOn}-${period.range.endsOn}${format === "generic" ? "" : `-${format}`}${version === null ? "" : `-v${version}`}.csv`;
    return {
      ...file(name, "text/csv;charset=utf-8", text),
      format,
      version,
      // The generic file names people by our ids on purpose; a preset needs the provider's.
      missingExternalIds:
        format === "generic" ? [] : figures.lines.filter((l) => !externalIds.has(l.employeeId)).map((l) => ({ employeeId: l.employeeId, name: l.name })),
      deductionsLeftOut:
        format === "gusto"
          ? figures.lines.filter((l) => l.deductionCents > 0).map((l) => ({ employeeId: l.employeeId, name: l.name, amountCents: l.deductionCents }))
          : [],
    };
  },
});

/** Each employee's id at the payroll provider (employees without one are absent). */
export const externalIds = query({
  access: "canManageStores",
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx): Promise<Record<string, string>> => {
    const rows = await ctx.db
      .selectFrom("employees")
      .select(["id", "payrollExternalId"])
      .where("companyId", "=", ctx.company.id)
      .where("payrollExternalId", "is not", null)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.id, r.payrollExternalId!]));
  },
});

/** Sets (or clears, with "") an employee's id at the payroll provider; unique in the company. */
export const setExternalId = mutation({
  access: "canManageStores",
  args: z.object({ employeeId: z.string().min(1).max(64), externalId: payrollExternalIdSchema, ...retryKey }),
  idempotencyKeyInArgs: true,
  handler: async (ctx, args) => {
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
    if ((Date.parse(args.to) - Date.parse(args.from)) / 86_400_000 > 366) throw refused(payrollRefusal("maxJournalDays"));
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const today = await companyToday(ctx.db, ctx.company.id, ctx.now);
    const final = (await calendar(ctx.db, ctx.company.id, settings, today)).filter(
      (p) => p.stored && p.stored.status !== "open" && p.range.endsOn >= args.from && p.range.endsOn <= args.to,
    );
    const figures = await calculations(ctx.db, ctx.company.id, settings, final);
    const rows = [
      ...final.flatMap((p) => payrollJournalRows(p.range, figures.get(p.id)!.lines, p.stored!.version)),
      ...(await cashJournalRows(ctx.db, ctx.company.id, args.from, args.to)),
    ].sort((a, b) => a.date.localeCompare(b.date));
    return file(`journal-${args.from}-${args.to}.csv`, "text/csv;charset=utf-8", journalText(rows));
  },
});
