import { PNL_COMPARISONS, PNL_LINES, PNL_PERIODS, type PnlComparison, type PnlLineKey, type PnlPeriod } from "@tumble/domain/economics";
import { param, type SearchSchema } from "../../../../lib/searchParams";

// What the economics screen keeps in the address: the tab, the stores (the selected one or all),
// the period and the date it holds, the comparison, and the figure whose entries are open.

export const ECONOMICS_TABS = ["pnl", "machines", "setup"] as const;
export type EconomicsTab = (typeof ECONOMICS_TABS)[number];

export interface EconomicsSearch {
  tab: EconomicsTab;
  store: "all";
  period: PnlPeriod;
  anchor: string;
  compare: PnlComparison;
  /** The figure whose entries are open ("expense:rent"), and the month of them. */
  line: PnlLineKey;
  month: string;
}

export const ECONOMICS_SEARCH: SearchSchema<EconomicsSearch> = {
  tab: param.oneOf(ECONOMICS_TABS),
  store: param.oneOf(["all"] as const),
  period: param.oneOf(PNL_PERIODS),
  anchor: param.isoDate(),
  compare: param.oneOf(PNL_COMPARISONS),
  line: param.oneOf(PNL_LINES),
  month: (v) => (typeof v === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? v : undefined),
};
