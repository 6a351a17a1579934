import type { z } from "zod";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import type { journalArgsSchema, PayrollFile } from "@tumble/domain/payroll";
import { payrollRefusal } from "@tumble/domain/payrollMessages";
import { payrollOutputRefusal, type PayrollExport, type PayrollFormat } from "@tumble/domain/payrollOutputs";
import { settingsOf } from "../companySettings/settings.ts";
import type { QueryCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { requirePeriod } from "./access.ts";
import { employeeLanguage } from "./compute.ts";
import { adpCsv, cashJournalRows, gustoCsv, journalCsv as journalText, paychexCsv, payrollJournalRows, providerCsv } from "./exports.ts";
import { calculations, calendar, companyToday, detailOf, yearToDateOf, type CalendarPeriod, type FrozenPeriod } from "./periods.ts";
import { statementPdf } from "./statement.ts";

// Payroll's files (docs/decisions/0037-payroll.md, 0054-payroll-outputs.md): an employee's
// statement (PDF), a period's provider export (CSV, generic or a provider's preset) and the
// accounting journal, each as base64, of a period's current figures or an earlier version's.

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

const file = (fileName: string, contentType: string, bytes: Buffer | string): PayrollFile => ({
  fileName,
  contentType,
  base64: Buffer.from(bytes).toString("base64"),
});

/** An employee's statement for a period, a PDF in the employee's language (base64). */
export async function statementFile(ctx: QueryCtx<"canManageStores">, args: { periodId: string; employeeId: string; version?: number }): Promise<PayrollFile> {
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
}

/** The provider export of a period: one row per employee (columns in decision 0037), UTF-8 CSV (base64). */
export async function providerExport(
  ctx: QueryCtx<"canManageStores">,
  args: { periodId: string; format?: PayrollFormat; version?: number },
): Promise<PayrollExport> {
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
}

/**
 * The accounting journal of [from, to]: the payroll of locked and paid periods ending in it, and
 * the cash ledger's posted lines dated in it (date, account, debit, credit, memo, class = store).
 */
export async function journalFile(ctx: QueryCtx<"canManageStores">, args: z.output<typeof journalArgsSchema>): Promise<PayrollFile> {
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
}
