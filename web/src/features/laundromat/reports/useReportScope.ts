import { useMemo } from "react";
import { REVENUE_GROUPS, suggestedTimeGroup, type RevenueGroup } from "@tumble/domain/reports";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { periodOf, type ReportPeriod } from "./reportRules";

export const REPORT_TABS = ["revenue", "machines", "collectors", "cadence"] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export interface ReportSearch {
  tab: ReportTab;
  group: RevenueGroup;
  /** "all": every store of the company instead of the selected one. */
  store: "all";
  /** "print": the printable view of every report. */
  view: "print";
  /** The collector whose weeks the chart shows. */
  collector: string;
}

export const REPORT_SEARCH: SearchSchema<ReportSearch> = {
  tab: param.oneOf(REPORT_TABS),
  group: param.oneOf(REVENUE_GROUPS),
  store: param.oneOf(["all"] as const),
  view: param.oneOf(["print"] as const),
  collector: param.text(64),
};

export interface ReportScope {
  /** The store the figures are for; undefined for every store. */
  storeId: string | undefined;
  /** The selected store, even when the report covers every store (machine figures are per store). */
  selectedStoreId: string | null;
  selectedStoreName: string;
  allStores: boolean;
  /** More than one store in the company: the "All stores" choice is offered. */
  canChooseAll: boolean;
  period: ReportPeriod;
  hasComparison: boolean;
  group: RevenueGroup;
  isAdmin: boolean;
  canExport: boolean;
  companyName: string;
}

/** What every report follows: the selection's store (or every store) and range, and the caller's rights. */
export function useReportScope(): ReportScope {
  const { selection } = useLaundromatSelection();
  const [search] = useSearchState(REPORT_SEARCH);
  const role = useQuery(api.auth.getUserCompanyRole);
  const stores = useQuery(api.stores.listAll);
  const memberships = useQuery(api.companies.getUserCompanyMemberships);
  const range = selection.dateRange;
  const period = useMemo(() => periodOf(range), [range]);
  const canChooseAll = (stores?.length ?? 0) > 1;
  const allStores = canChooseAll && search.store === "all";
  const storeId = allStores ? undefined : (selection.storeId ?? undefined);
  return {
    storeId,
    selectedStoreId: selection.storeId,
    selectedStoreName: selection.storeName,
    allStores,
    canChooseAll,
    period,
    hasComparison: period.compareFrom !== undefined,
    group: search.group ?? suggestedTimeGroup(period.from, period.to),
    isAdmin: Boolean(role?.permissions.isAdmin),
    canExport: Boolean(role?.permissions.canExportReports),
    companyName: memberships?.find((m) => m.isActive)?.companyName ?? "",
  };
}
