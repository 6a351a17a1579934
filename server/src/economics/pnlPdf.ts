import PDFDocument from "pdfkit";
import type { Kysely } from "kysely";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { todayIn } from "@tumble/domain/businessDate";
import { addMonths } from "@tumble/domain/datePresets";
import { LABOUR_BANDS, UTILITY_BANDS, periodRange, type Band, type ExpenseLine, type Pnl, type RevenueLine } from "@tumble/domain/economics";
import { formatUSD } from "@tumble/domain/money";
import type { PayrollFile } from "@tumble/domain/payroll";
import type { DB } from "../db/schema.ts";
import { pnlReport, type PeriodStatus } from "./pnl.ts";

// One store's P&L for one month on one page (issue 35), for an owner to hand to a lender or a
// buyer: revenue by source and expenses by category beside the month before and the same month a
// year earlier, operating profit, margin, loan payments, the utility ratio and labour share with
// their bands, and whether the month is reconciled. pdfkit's built-in Helvetica covers Spanish;
// the reader's language decides the words. Figures come from pnlReport, the screen's own read.

type Language = "en" | "es";

const TEXT = {
  en: {
    title: "Profit and loss",
    month: "Month",
    store: "Store",
    columns: ["", "This month", "Month before", "A year earlier"],
    revenue: "Revenue",
    totalRevenue: "Total revenue",
    expenses: "Operating expenses",
    totalExpenses: "Total operating expenses",
    profit: "Operating profit",
    margin: "Operating margin",
    loans: "Loan payments",
    afterLoans: "Left after loan payments",
    ratios: "Ratios (share of revenue)",
    utility: `Utility ratio (electricity, gas, water): ${UTILITY_BANDS.low}–${UTILITY_BANDS.goodTo}% well run, ${UTILITY_BANDS.problemFrom}% or more a problem`,
    labour: `Labour share (payroll): up to ${LABOUR_BANDS.goodTo}% good, ${LABOUR_BANDS.problemFrom}% or more a problem`,
    bands: { low: "low", good: "good", watch: "watch", problem: "problem" } satisfies Record<Band, string>,
    status: {
      closed: "Reconciled: every day of the month is in a closed reconciliation.",
      partly: "Partly reconciled: some days of the month are not closed yet.",
      open: "Not reconciled yet: these figures may still change.",
    },
    bankOpen: (n: number) => (n === 1 ? "1 bank line of the month is not matched or booked." : `${n} bank lines of the month are not matched or booked.`),
    none: "—",
    note: "Coin revenue is verified collections (changers excluded: their cash is change, not income). Each cost is counted from one record: utility bills, recurring rent and payroll take the place of ledger postings of the same cost.",
    generated: (on: string) => `Prepared by Tumble on ${on}.`,
    lines: {
      coins: "Coins and bills (collections)",
      card: "Card",
      app: "App",
      wash_dry_fold: "Wash-dry-fold",
      vending: "Vending",
      retail: "Retail",
      other: "Other",
      electricity: "Electricity",
      gas: "Gas",
      water_sewer: "Water and sewer",
      utilities: "Utilities (not split)",
      rent: "Rent",
      insurance: "Insurance",
      repairs: "Repairs and parts",
      supplies: "Supplies",
      wages: "Wages",
      fees: "Fees",
    } satisfies Record<RevenueLine | ExpenseLine, string>,
  },
  es: {
    title: "Pérdidas y ganancias",
    month: "Mes",
    store: "Tienda",
    columns: ["", "Este mes", "Mes anterior", "Un año antes"],
    revenue: "Ingresos",
    totalRevenue: "Ingresos totales",
    expenses: "Gastos operativos",
    totalExpenses: "Gastos operativos totales",
    profit: "Beneficio operativo",
    margin: "Margen operativo",
    loans: "Pagos de préstamos",
    afterLoans: "Queda tras los pagos de préstamos",
    ratios: "Proporciones (sobre los ingresos)",
    utility: `Proporción de servicios (electricidad, gas, agua): ${UTILITY_BANDS.low}–${UTILITY_BANDS.goodTo} % bien llevada, ${UTILITY_BANDS.problemFrom} % o más un problema`,
    labour: `Proporción de mano de obra (nómina): hasta ${LABOUR_BANDS.goodTo} % buena, ${LABOUR_BANDS.problemFrom} % o más un problema`,
    bands: { low: "baja", good: "buena", watch: "vigilar", problem: "problema" } satisfies Record<Band, string>,
    status: {
      closed: "Conciliado: todos los días del mes están en una conciliación cerrada.",
      partly: "Conciliado en parte: algunos días del mes aún no están cerrados.",
      open: "Aún sin conciliar: estas cifras todavía pueden cambiar.",
    },
    bankOpen: (n: number) => (n === 1 ? "1 línea bancaria del mes sin emparejar ni registrar." : `${n} líneas bancarias del mes sin emparejar ni registrar.`),
    none: "—",
    note: "Los ingresos en monedas son recaudaciones verificadas (sin los cambiadores: su efectivo es cambio, no ingreso). Cada gasto se cuenta de un solo registro: las facturas de servicios, el alquiler recurrente y la nómina sustituyen a los asientos del libro del mismo gasto.",
    generated: (on: string) => `Preparado con Tumble el ${on}.`,
    lines: {
      coins: "Monedas y billetes (recaudaciones)",
      card: "Tarjeta",
      app: "Aplicación",
      wash_dry_fold: "Lavado, secado y doblado",
      vending: "Máquinas expendedoras",
      retail: "Venta al por menor",
      other: "Otros",
      electricity: "Electricidad",
      gas: "Gas",
      water_sewer: "Agua y alcantarillado",
      utilities: "Servicios (sin desglosar)",
      rent: "Alquiler",
      insurance: "Seguro",
      repairs: "Reparaciones y piezas",
      supplies: "Suministros",
      wages: "Salarios",
      fees: "Comisiones",
    } satisfies Record<RevenueLine | ExpenseLine, string>,
  },
} as const;

const MONTHS = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
} as const;

/** "October 2026" / "octubre de 2026". */
export function monthText(month: string, language: Language): string {
  const name = MONTHS[language][Number(month.slice(5, 7)) - 1];
  return language === "es" ? `${name} de ${month.slice(0, 4)}` : `${name} ${month.slice(0, 4)}`;
}

const percentText = (value: number | null, language: Language) =>
  value === null ? TEXT[language].none : `${value.toFixed(1)}${language === "es" ? " %" : "%"}`;

export interface PnlPdfInput {
  companyName: string;
  store: { name: string; address: string };
  month: string;
  language: Language;
  /** This month, the month before and the same month a year earlier. */
  pnl: [Pnl, Pnl, Pnl];
  status: PeriodStatus;
  /** The store's today, printed as the date the page was prepared. */
  today: string;
}

/** The page itself, from figures already read. */
export async function pnlPdf(input: PnlPdfInput): Promise<Buffer> {
  const { language, pnl } = input;
  const t = TEXT[language];
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 50,
    info: { Title: `${t.title} — ${input.store.name} — ${monthText(input.month, language)}`, Author: input.companyName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const widths = [width * 0.46, width * 0.18, width * 0.18, width * 0.18];

  const row = (cells: string[], style: "plain" | "bold" | "head" = "plain") => {
    const y = doc.y;
    doc.font(style === "plain" ? "Helvetica" : "Helvetica-Bold").fontSize(style === "head" ? 8.5 : 9.5);
    let x = left;
    cells.forEach((cell, i) => {
      doc.text(cell, x + (i ? 0 : 4), y, { width: widths[i] - 6, align: i ? "right" : "left", lineBreak: false });
      x += widths[i];
    });
    doc.x = left;
    doc.y = y + 14;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
  };
  const heading = (text: string) => {
    doc.moveDown(0.6).font("Helvetica-Bold").fontSize(11).text(text, left, doc.y, { width });
    doc.moveDown(0.2);
  };
  const money = (cents: number) => formatUSD(cents);
  /** A line's amount in each of the three months (0 where the month has none). */
  const amounts = (pick: (p: Pnl) => number) => pnl.map((p) => money(pick(p)));

  doc.font("Helvetica-Bold").fontSize(18).text(t.title, { width });
  doc.font("Helvetica-Bold").fontSize(11).text(input.companyName, { width });
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(`${t.store}: ${input.store.name}${input.store.address ? ` — ${input.store.address}` : ""}`, { width });
  doc.text(`${t.month}: ${monthText(input.month, language)}`, { width });
  doc
    .font("Helvetica-Oblique")
    .fontSize(9)
    .text(`${t.status[input.status.cash]} ${input.status.bankLinesOpen ? t.bankOpen(input.status.bankLinesOpen) : ""}`.trim(), { width });
  doc.moveDown(0.6);

  const header = [
    t.columns[0],
    t.columns[1],
    monthText(addMonths(`${input.month}-01`, -1).slice(0, 7), language),
    monthText(addMonths(`${input.month}-01`, -12).slice(0, 7), language),
  ];
  row(header, "head");
  rule();

  // Every line any of the three months has, in the domain's order, so the columns line up.
  const revenueLines = [...new Set(pnl.flatMap((p) => p.revenue.map((r) => r.line)))];
  const expenseLines = [...new Set(pnl.flatMap((p) => p.expenses.map((e) => e.line)))];
  const cents = <L extends string>(figures: Array<{ line: L; cents: number }>, line: L) => figures.find((f) => f.line === line)?.cents ?? 0;

  heading(t.revenue);
  for (const line of revenueLines) row([t.lines[line], ...amounts((p) => cents(p.revenue, line))]);
  rule();
  row([t.totalRevenue, ...amounts((p) => p.revenueCents)], "bold");

  heading(t.expenses);
  for (const line of expenseLines) row([t.lines[line], ...amounts((p) => cents(p.expenses, line))]);
  rule();
  row([t.totalExpenses, ...amounts((p) => p.expenseCents)], "bold");

  doc.moveDown(0.6);
  row([t.profit, ...amounts((p) => p.operatingProfitCents)], "bold");
  row([t.margin, ...pnl.map((p) => percentText(p.marginPercent, language))]);
  if (pnl.some((p) => p.loanPaymentsCents)) {
    row([t.loans, ...amounts((p) => p.loanPaymentsCents)]);
    row([t.afterLoans, ...amounts((p) => p.afterLoansCents)], "bold");
  }

  heading(t.ratios);
  const band = (value: number | null, b: Band | null) => (value === null ? t.none : `${percentText(value, language)}${b ? ` (${t.bands[b]})` : ""}`);
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .text(t.utility, left + 4, doc.y, { width: width - 8 });
  row(["", ...pnl.map((p) => band(p.utilityPercent, p.utilityBand))]);
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .text(t.labour, left + 4, doc.y, { width: width - 8 });
  row(["", ...pnl.map((p) => band(p.labourPercent, p.labourBand))]);

  doc.moveDown(1.2);
  doc.font("Helvetica").fontSize(8).fillColor("#444444").text(t.note, left, doc.y, { width });
  doc.moveDown(0.4).text(t.generated(input.today), { width });
  doc.end();
  return done;
}

/** Reads the three months and prints the page; null when the store is not the company's. */
export async function pnlPdfFile(
  db: Kysely<DB>,
  company: { id: string; name: string },
  store: { id: string; name: string; address: string; timeZone: string },
  month: string,
  language: Language,
  now: number,
  settings: WorkforceSettings,
): Promise<PayrollFile | null> {
  const anchor = `${month}-01`;
  const before = await pnlReport(db, company.id, store.id, periodRange("month", anchor), periodRange("month", addMonths(anchor, -1)), settings, now);
  const yearAgo = await pnlReport(db, company.id, store.id, periodRange("month", anchor), periodRange("month", addMonths(anchor, -12)), settings, now);
  if (!before || !yearAgo) return null;
  const bytes = await pnlPdf({
    companyName: company.name,
    store,
    month,
    language,
    pnl: [before.current, before.previous, yearAgo.previous],
    status: before.status,
    today: todayIn(store.timeZone, now),
  });
  const safeName = store.name.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "store";
  return { fileName: `pnl-${safeName}-${month}.pdf`, contentType: "application/pdf", base64: bytes.toString("base64") };
}
