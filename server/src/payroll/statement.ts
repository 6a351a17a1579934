import PDFDocument from "pdfkit";
import { formatUSD } from "@tumble/domain/money";
import type { PayLine, PayPeriodDetail } from "@tumble/domain/payroll";
import { hoursText } from "./exports.ts";

// An employee's statement for a period as a PDF (pdfkit, its built-in Helvetica, which covers the
// Spanish letters), in the employee's language: hours by day and store with their rates, the
// workweeks' overtime, salary, adjustments and gross.

type Language = "en" | "es";

const TEXT = {
  en: {
    title: "Pay statement",
    period: "Pay period",
    status: "Status",
    statuses: { open: "Open (not final)", locked: "Locked", paid: "Paid" },
    employee: "Employee",
    position: "Position",
    payType: "Pay type",
    payTypes: { hourly: "Hourly", salary: "Salary" },
    days: "Hours by day and store",
    jobs: "Hours and pay by job (overtime is decided on all jobs together)",
    job: "Job",
    mainJob: "Main job",
    date: "Date",
    store: "Store",
    hours: "Hours",
    rate: "Rate",
    amount: "Straight time",
    noRate: "no rate",
    weeks: "Workweeks (overtime is decided per workweek across all stores)",
    week: "Week",
    regularRate: "Regular rate",
    overtime: "Overtime hours",
    double: "Double-time hours",
    premium: "Premium",
    paidLater: "paid in the period the week ends",
    summary: "Summary",
    regularHours: "Regular hours",
    straightTime: "Straight time (all hours at their rate)",
    overtimePremium: "Overtime premium (0.5 × regular rate)",
    doublePremium: "Double-time premium (1 × regular rate)",
    salary: "Salary",
    adjustments: "Adjustments",
    kinds: { bonus: "Bonus", discretionary_bonus: "Discretionary bonus", commission: "Commission", reimbursement: "Reimbursement", deduction: "Deduction" },
    bonusPremium: "Overtime on bonuses and commissions",
    covers: (from: string, to: string) => `earned ${from} – ${to}`,
    employeeId: "Employee ID",
    payDate: "Pay date",
    yearToDate: (year: string) => `Year to date (${year}, periods locked or paid through this one)`,
    ytdHours: "Hours worked",
    ytdGross: "Gross pay",
    priorPeriod: (from: string, to: string) => `Paid late for ${from} – ${to} (already paid)`,
    finalPay: "Final pay",
    yes: "Yes",
    wages: "Wages",
    gross: "Gross pay",
    note: "Gross pay before taxes and withholding, which the payroll provider computes.",
    employerId: "EIN",
    figures: (version: number, lockedOn: string) => `Figures: version ${version}, locked ${lockedOn}`,
    notFinal: "Figures: not final (the period is open)",
  },
  es: {
    title: "Recibo de pago",
    period: "Periodo de pago",
    status: "Estado",
    statuses: { open: "Abierto (no definitivo)", locked: "Cerrado", paid: "Pagado" },
    employee: "Empleado",
    position: "Puesto",
    payType: "Tipo de pago",
    payTypes: { hourly: "Por hora", salary: "Salario" },
    days: "Horas por día y tienda",
    jobs: "Horas y pago por trabajo (las horas extra se deciden sobre todos los trabajos juntos)",
    job: "Trabajo",
    mainJob: "Trabajo principal",
    date: "Fecha",
    store: "Tienda",
    hours: "Horas",
    rate: "Tarifa",
    amount: "Tiempo normal",
    noRate: "sin tarifa",
    weeks: "Semanas laborales (las horas extra se deciden por semana en todas las tiendas)",
    week: "Semana",
    regularRate: "Tarifa regular",
    overtime: "Horas extra",
    double: "Horas dobles",
    premium: "Prima",
    paidLater: "se paga en el periodo en que termina la semana",
    summary: "Resumen",
    regularHours: "Horas regulares",
    straightTime: "Tiempo normal (todas las horas a su tarifa)",
    overtimePremium: "Prima de horas extra (0,5 × tarifa regular)",
    doublePremium: "Prima de horas dobles (1 × tarifa regular)",
    salary: "Salario",
    adjustments: "Ajustes",
    kinds: { bonus: "Bono", discretionary_bonus: "Bono discrecional", commission: "Comisión", reimbursement: "Reembolso", deduction: "Deducción" },
    bonusPremium: "Horas extra sobre bonos y comisiones",
    covers: (from: string, to: string) => `ganado del ${from} al ${to}`,
    employeeId: "ID de empleado",
    payDate: "Fecha de pago",
    yearToDate: (year: string) => `Acumulado del año (${year}, periodos bloqueados o pagados hasta este)`,
    ytdHours: "Horas trabajadas",
    ytdGross: "Pago bruto",
    priorPeriod: (from: string, to: string) => `Pago tardío del ${from} al ${to} (ya pagado)`,
    finalPay: "Pago final",
    yes: "Sí",
    wages: "Salario bruto ganado",
    gross: "Pago bruto",
    note: "Pago bruto antes de impuestos y retenciones, que calcula el proveedor de nómina.",
    employerId: "EIN",
    figures: (version: number, lockedOn: string) => `Cifras: versión ${version}, cerrada el ${lockedOn}`,
    notFinal: "Cifras: no definitivas (el periodo está abierto)",
  },
} as const;

function dateText(date: string, language: Language): string {
  return new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

export async function statementPdf(input: {
  companyName: string;
  /** The employer's postal address (several lines) and EIN, printed under its name; null when not set. */
  employer?: { address: string | null; employerId: string | null };
  /** Which lock's figures these are (decision 0054); null while the period is open. */
  figures?: { version: number; lockedOn: string } | null;
  period: PayPeriodDetail;
  line: PayLine;
  language: Language;
  /** This calendar year through this period: the periods locked or paid before it and this one. */
  yearToDate: { minutes: number; grossCents: number };
}): Promise<Buffer> {
  const { period, line, language } = input;
  const t = TEXT[language];
  const doc = new PDFDocument({ size: "LETTER", margin: 50, info: { Title: `${t.title} — ${line.name}`, Author: input.companyName } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  const row = (cells: string[], widths: number[], bold = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
    let x = left;
    cells.forEach((cell, i) => {
      const numeric = i > 1;
      doc.text(cell, x, y, { width: widths[i] - 6, align: numeric ? "right" : "left", lineBreak: false });
      x += widths[i];
    });
    doc.x = left;
    doc.y = y + 14;
  };
  const heading = (text: string) => {
    doc.moveDown(0.8).font("Helvetica-Bold").fontSize(11).text(text, left, doc.y, { width });
    doc.moveDown(0.3);
  };
  const pair = (label: string, value: string, bold = false) => row([label, "", value], [width * 0.6, 0, width * 0.4], bold);

  doc.font("Helvetica-Bold").fontSize(18).text(t.title, { width });
  // The employer at the top, as a pay statement names who pays (name, address, EIN).
  doc.font("Helvetica-Bold").fontSize(10).text(input.companyName, { width });
  doc.font("Helvetica").fontSize(10);
  for (const addressLine of (input.employer?.address ?? "").split("\n").filter((l) => l.trim())) doc.text(addressLine.trim(), { width });
  if (input.employer?.employerId) doc.text(`${t.employerId} ${input.employer.employerId}`, { width });
  doc.moveDown(0.3);
  doc
    .font("Helvetica-Oblique")
    .fontSize(9)
    .text(input.figures ? t.figures(input.figures.version, dateText(input.figures.lockedOn, language)) : t.notFinal, { width });
  doc.moveDown(0.6);
  pair(t.employee, line.name, true);
  pair(t.employeeId, line.employeeId);
  if (line.position) pair(t.position, line.position);
  if (line.payType) pair(t.payType, t.payTypes[line.payType]);
  pair(t.period, `${dateText(period.startsOn, language)} – ${dateText(period.endsOn, language)}`);
  pair(t.status, t.statuses[period.status]);
  if (period.payDate) pair(t.payDate, dateText(period.payDate, language));

  if (line.days.length) {
    heading(t.days);
    const w = [width * 0.2, width * 0.32, width * 0.14, width * 0.14, width * 0.2];
    row([t.date, t.store, t.hours, t.rate, t.amount], w, true);
    // A person with several jobs: each day's store names the job it was worked in.
    const jobTitle = (jobId: string | null | undefined) => {
      const job = line.jobs?.find((j) => j.jobId === (jobId ?? null));
      return job ? ` · ${job.title ?? t.mainJob}` : "";
    };
    for (const d of line.days) {
      row(
        [
          dateText(d.date, language),
          `${d.storeName}${jobTitle(d.jobId)}`,
          hoursText(d.minutes),
          d.rateCents === null ? t.noRate : formatUSD(d.rateCents),
          formatUSD(d.straightCents),
        ],
        w,
      );
    }
  }
  if (line.jobs?.length) {
    heading(t.jobs);
    const w = [width * 0.4, width * 0.2, width * 0.2, width * 0.2];
    row([t.job, "", t.hours, t.amount], [w[0], 0, w[1] + w[2], w[3]], true);
    for (const j of line.jobs) {
      row([j.title ?? t.mainJob, "", hoursText(j.minutes), formatUSD(j.straightCents + j.salaryCents)], [w[0], 0, w[1] + w[2], w[3]]);
    }
  }
  if (line.workweeks.some((w) => w.overtimeMinutes + w.doubleMinutes > 0)) {
    heading(t.weeks);
    const w = [width * 0.3, width * 0.14, width * 0.14, width * 0.14, width * 0.14, width * 0.14];
    row([t.week, "", t.regularRate, t.overtime, t.double, t.premium], w, true);
    for (const wk of line.workweeks) {
      row(
        [
          `${dateText(wk.startsOn, language)} – ${dateText(wk.endsOn, language)}`,
          "",
          formatUSD(wk.regularRateCents),
          hoursText(wk.overtimeMinutes),
          hoursText(wk.doubleMinutes),
          wk.paidInPeriod ? formatUSD(wk.premiumCents) : "—",
        ],
        w,
      );
      if (!wk.paidInPeriod && wk.overtimeMinutes + wk.doubleMinutes > 0) {
        doc.font("Helvetica-Oblique").fontSize(8).text(`(${t.paidLater})`, left, doc.y, { width });
      }
    }
  }

  heading(t.summary);
  pair(t.regularHours, hoursText(line.regularMinutes));
  pair(t.overtime, hoursText(line.overtimeMinutes));
  if (line.doubleMinutes) pair(t.double, hoursText(line.doubleMinutes));
  pair(t.straightTime, formatUSD(line.regularCents));
  if (line.overtimeCents) pair(t.overtimePremium, formatUSD(line.overtimeCents));
  if (line.doubleCents) pair(t.doublePremium, formatUSD(line.doubleCents));
  if (line.bonusPremiumCents) pair(t.bonusPremium, formatUSD(line.bonusPremiumCents));
  if (line.salaryCents) pair(t.salary, formatUSD(line.salaryCents));
  for (const p of line.priorPeriods ?? []) pair(t.priorPeriod(p.startsOn, p.endsOn), formatUSD(p.grossCents));
  if (line.finalPay) pair(t.finalPay, t.yes);
  for (const a of line.adjustments) {
    const covers = a.coversFrom && a.coversTo ? ` (${t.covers(dateText(a.coversFrom, language), dateText(a.coversTo, language))})` : "";
    pair(`${t.kinds[a.kind]}: ${a.reason}${covers}`, formatUSD(a.kind === "deduction" ? -a.amountCents : a.amountCents));
  }
  pair(t.wages, formatUSD(line.wagesCents));
  pair(t.gross, formatUSD(line.grossCents), true);
  heading(t.yearToDate(period.endsOn.slice(0, 4)));
  pair(t.ytdHours, hoursText(input.yearToDate.minutes));
  pair(t.ytdGross, formatUSD(input.yearToDate.grossCents), true);
  doc.moveDown(1).font("Helvetica-Oblique").fontSize(8).text(t.note, left, doc.y, { width });
  doc.end();
  return done;
}
