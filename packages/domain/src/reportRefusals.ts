import { refusalTable } from "./refusals.ts";

// What the reports (revenue, machines, collectors, cadence) and labour analytics refuse of their
// store and ranges, in English (what the server sends) and Spanish, with codes "reports.<key>"
// (refusals.ts). Reports cover up to eight years, labour analytics a year.

const REPORT_TABLE = refusalTable("reports", {
  rangeReversed: { en: "The range's from date is after its to date", es: "La fecha de inicio del período es posterior a su fecha de fin" },
  comparisonReversed: {
    en: "The comparison period's from date is after its to date",
    es: "La fecha de inicio del período de comparación es posterior a su fecha de fin",
  },
  rangeOverEightYears: { en: "The range is longer than eight years", es: "El período abarca más de ocho años" },
  comparisonOverEightYears: { en: "The comparison period is longer than eight years", es: "El período de comparación abarca más de ocho años" },
  rangeOverYear: { en: "The range is longer than a year", es: "El período abarca más de un año" },
  comparisonOverYear: { en: "The comparison period is longer than a year", es: "El período de comparación abarca más de un año" },
  bothEnds: {
    en: "Give both ends of the comparison period, or neither",
    es: "Indica el inicio y el fin del período de comparación, o ninguno de los dos",
  },
  signalsOverYear: {
    en: "Collector signals cover at most a year at a time",
    es: "Las señales de los recaudadores cubren como máximo un año a la vez",
  },
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
});

export const REPORT_REFUSAL_TEXTS = REPORT_TABLE.texts;
/** A refusal for the server to throw, with its code ("reports.<key>"). */
export const reportRefusal = REPORT_TABLE.refusal;
