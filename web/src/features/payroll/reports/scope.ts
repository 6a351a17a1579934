import { useMemo } from "react";
import { comparisonRange } from "@tumble/domain/datePresets";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";

// What the payroll reports follow: the laundromat selection's store (or every store) and dates, and
// its comparison period, or else the previous period of the same length.

export interface ReportSearch {
  /** "all": every store of the company instead of the selected one. */
  store: "all";
}
export const REPORT_SEARCH: SearchSchema<ReportSearch> = { store: param.oneOf(["all"] as const) };

export interface ReportScope {
  args: { storeId?: string; from: string; to: string; compareFrom: string; compareTo: string };
  allStores: boolean;
  hasStore: boolean;
  storeName: string;
  canChooseAll: boolean;
  canExport: boolean;
}

export function useReportScope(): ReportScope {
  const { selection } = useLaundromatSelection();
  const [search] = useSearchState(REPORT_SEARCH);
  const stores = useQuery(api.stores.listAll);
  const role = useQuery(api.auth.getUserCompanyRole);
  const r = selection.dateRange;
  const hasStore = Boolean(selection.storeId);
  const allStores = !hasStore || search.store === "all";
  const args = useMemo(() => {
    const preceding = comparisonRange(null, r.fromDate, r.toDate)!;
    const own = r.enableComparison && r.compareFromDate && r.compareToDate;
    return {
      ...(allStores || !selection.storeId ? {} : { storeId: selection.storeId }),
      from: r.fromDate,
      to: r.toDate,
      compareFrom: own ? r.compareFromDate : preceding.compareFromDate,
      compareTo: own ? r.compareToDate : preceding.compareToDate,
    };
  }, [allStores, selection.storeId, r.fromDate, r.toDate, r.enableComparison, r.compareFromDate, r.compareToDate]);
  return {
    args,
    allStores,
    hasStore,
    storeName: selection.storeName,
    canChooseAll: hasStore && (stores?.length ?? 0) > 1,
    canExport: Boolean(role?.permissions.canExportReports),
  };
}

/** Minutes as hours with one decimal in the reader's language: 90 → "1.5". */
export function hours(minutes: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(minutes / 60);
}

/** A percentage with one decimal, or a dash. */
export function percent(value: number | null | undefined, language: string): string {
  return value === null || value === undefined
    ? "—"
    : `${new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)}%`;
}
