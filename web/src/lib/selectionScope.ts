import { useMemo } from "react";
import { comparisonRange } from "@tumble/domain/datePresets";
import { api } from "./api";
import { useQuery } from "./hooks";
import { useLaundromatSelection } from "./laundromatSelection";
import { param, useSearchState, type SearchSchema } from "./searchParams";

// What the labour analytics and the payroll reports follow: the laundromat selection's store (or every store) and dates, and
// its comparison period, or else the previous period of the same length.

export interface SelectionScopeSearch {
  /** "all": every store of the company instead of the selected one. */
  store: "all";
}
export const SELECTION_SCOPE_SEARCH: SearchSchema<SelectionScopeSearch> = { store: param.oneOf(["all"] as const) };

export interface SelectionScope {
  args: { storeId?: string; from: string; to: string; compareFrom: string; compareTo: string };
  allStores: boolean;
  hasStore: boolean;
  storeName: string;
  canChooseAll: boolean;
  canExport: boolean;
}

export function useSelectionScope(): SelectionScope {
  const { selection } = useLaundromatSelection();
  const [search] = useSearchState(SELECTION_SCOPE_SEARCH);
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
export { formatHoursDecimal as hours, formatPercent as percent } from "@tumble/domain/numberFormat";
export { weekdayNames } from "@tumble/domain/dateFormat";
