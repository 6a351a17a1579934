import { useMemo } from "react";
import { REVENUE_GROUPS, suggestedTimeGroup, type RevenueGroup, type TimeGroup } from "@tumble/domain/reports";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { api } from "../../../lib/api";
import { useQuery, useQueryState } from "../../../lib/hooks";
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

export type BucketChoiceResult = ReturnsOf<typeof api.reports.bucketChoice>;

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
  /** The grouping in view: the one in the address, else the bucket the collections fit. */
  group: RevenueGroup;
  /** The grouping was picked (it is in the address), not the default. */
  groupChosen: boolean;
  /** The bucket the report opens on and why (reports:bucketChoice); undefined while it loads. */
  bucketChoice: BucketChoiceResult | undefined;
  /** The time grouping a chart falls back to: the bucket choice's, or the range length's while it loads. */
  defaultTimeGroup: TimeGroup;
  /** The grouping is settled: picked, or the bucket choice has arrived (no figures drawn before). */
  groupReady: boolean;
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
  // Coin stores are collected a few times a week: the report opens on the bucket their
  // collections in the range fit (issue 34) unless a grouping is in the address.
  const hasScope = Boolean(storeId) || allStores;
  // Its failure (a range the server refuses) leaves the range's length to decide; the revenue
  // queries then say the refusal in place.
  const choice = useQueryState(api.reports.bucketChoice, hasScope ? { ...(storeId ? { storeId } : {}), from: period.from, to: period.to } : "skip");
  const bucketChoice = choice.data;
  const defaultTimeGroup = bucketChoice?.group ?? suggestedTimeGroup(period.from, period.to);
  return {
    storeId,
    selectedStoreId: selection.storeId,
    selectedStoreName: selection.storeName,
    allStores,
    canChooseAll,
    period,
    hasComparison: period.compareFrom !== undefined,
    group: search.group ?? defaultTimeGroup,
    groupChosen: search.group !== undefined,
    bucketChoice,
    defaultTimeGroup,
    groupReady: search.group !== undefined || bucketChoice !== undefined || choice.error !== null,
    isAdmin: Boolean(role?.permissions.isAdmin),
    canExport: Boolean(role?.permissions.canExportReports),
    companyName: memberships?.find((m) => m.isActive)?.companyName ?? "",
  };
}
