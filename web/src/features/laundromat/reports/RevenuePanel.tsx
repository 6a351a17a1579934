import { Alert, Group, Select, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayRange } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";
import { daysBetweenInclusive } from "@tumble/domain/datePresets";
import { bucketsBetween, isTimeGroup, REVENUE_GROUPS, type RevenueGroup } from "@tumble/domain/reports";
import { useQueryState } from "../../../lib/hooks";
import { ChartCard } from "../../../ui/ChartCard";
import { StatCard } from "../../../ui/StatCard";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { reportFailure, reportsApi, type DailyEstimate, type RevenueReport } from "./api";
import { BucketReason } from "./BucketReason";
import { ChangeAmount, ChangePercent, signedUSD } from "./Change";
import { CategoryChart, OverTimeChart, TopBottomChart } from "./RevenueCharts";
import { bucketLabel, changeCents, csvMoney, withEstimates, type EstimatedRow } from "./reportRules";
import type { ReportScope } from "./useReportScope";
import classes from "./reports.module.css";

const MAX_CHART_POINTS = 400;
/** Daily estimates cover at most a year (reports:dailyEstimate refuses more). */
const MAX_ESTIMATE_DAYS = 366;

/** The KPI cards: revenue with its change, coins, bills and the comparison period's revenue. */
export function RevenueKpis({ report, scope }: { report: RevenueReport | undefined; scope: ReportScope }) {
  const { t } = useTranslation("reports");
  const totals = report?.totals;
  const change = totals ? changeCents(totals.totalCents, totals.compareTotalCents) : null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <StatCard label={t("kpi.total")} value={totals ? formatUSD(totals.totalCents) : "…"} testId="kpi-total">
        {totals && scope.hasComparison ? (
          <Group gap={6} wrap="wrap">
            <ChangePercent percent={totals.changePercent} testId="kpi-total-change" />
            {change !== null ? (
              <Text size="sm" c="dimmed" component="span">
                {signedUSD(change)}
              </Text>
            ) : null}
          </Group>
        ) : null}
      </StatCard>
      <StatCard label={t("kpi.coins")} value={totals ? formatUSD(totals.coinsCents) : "…"} testId="kpi-coins" />
      <StatCard label={t("kpi.bills")} value={totals ? formatUSD(totals.billsCents) : "…"} testId="kpi-bills" />
      <StatCard
        label={t("kpi.comparison")}
        value={totals && totals.compareTotalCents !== undefined ? formatUSD(totals.compareTotalCents) : "—"}
        testId="kpi-comparison"
      >
        <Text size="xs" c="dimmed">
          {scope.period.compareFrom && scope.period.compareTo ? formatDisplayRange(scope.period.compareFrom, scope.period.compareTo) : t("kpi.comparisonOff")}
        </Text>
      </StatCard>
    </SimpleGrid>
  );
}

function revenueArgs(scope: ReportScope, groupBy: RevenueGroup) {
  return { ...(scope.storeId ? { storeId: scope.storeId } : {}), ...scope.period, groupBy };
}

/** A bucket nobody collected in: said as such, never as zero takings or a 100% drop. */
function NoCollection({ compare = false, dash = compare }: { compare?: boolean; dash?: boolean }) {
  const { t } = useTranslation("reports");
  const label = compare ? t("estimate.compareNoCollection") : t("estimate.noCollectionHint");
  return (
    <Text size="sm" c="dimmed" component="span" title={label} data-testid={compare ? "compare-no-collection" : "no-collection"}>
      {dash ? <span aria-hidden>—</span> : t("estimate.noCollection")}
      <VisuallyHidden>{label}</VisuallyHidden>
    </Text>
  );
}

/**
 * The revenue table's columns for a grouping: the group's name, money, the comparison and the
 * change; with estimates (days), the estimated daily take beside what was collected. A time
 * bucket without a collection shows "No collection" (empty in the CSV), not zero, and is not
 * compared (reports:revenue leaves its change out).
 */
function useRevenueColumns(group: RevenueGroup, withComparison: boolean, withEstimate: boolean): DataColumn<EstimatedRow>[] {
  const { t, i18n } = useTranslation("reports");
  return useMemo(() => {
    const time = isTimeGroup(group);
    const name = (r: EstimatedRow) =>
      time ? bucketLabel(r.key, group, i18n.language) : group === "category" ? t(`categories.${r.key}`, { defaultValue: r.label }) : r.label;
    const money = (id: string, header: string, pick: (r: EstimatedRow) => number | null | undefined, extra: Partial<DataColumn<EstimatedRow>> = {}) =>
      ({
        id,
        header,
        cell: (r: EstimatedRow) => {
          const v = pick(r);
          return v === null || v === undefined ? "—" : formatUSD(v);
        },
        sortValue: (r: EstimatedRow) => pick(r) ?? null,
        csv: (r: EstimatedRow) => csvMoney(pick(r)),
        align: "right",
        ...extra,
      }) satisfies DataColumn<EstimatedRow>;
    const columns: DataColumn<EstimatedRow>[] = [
      {
        id: "label",
        header: time ? t("columns.period") : t(`groups.${group}`),
        cell: name,
        // Time buckets sort by their key (chronological), the rest by name.
        sortValue: (r) => (time ? r.key : name(r)),
        csv: (r) => (time ? r.key : name(r)),
        card: "title",
        hideable: false,
      },
    ];
    if (time && withComparison) {
      columns.push({
        id: "comparePeriod",
        header: t("columns.comparisonPeriod"),
        cell: (r) => (r.compareKey ? bucketLabel(r.compareKey, group, i18n.language) : "—"),
        sortValue: (r) => r.compareKey ?? null,
      });
    }
    // A bucket nobody collected in has no figure, and no change against one.
    const collected = (r: EstimatedRow, cents: number) => (r.noCollection ? null : cents);
    const change = (r: EstimatedRow) => (r.noCollection || r.compareNoCollection ? null : changeCents(r.totalCents, r.compareTotalCents ?? 0));
    columns.push(
      money("coins", t("columns.coins"), (r) => collected(r, r.coinsCents)),
      money("bills", t("columns.bills"), (r) => collected(r, r.billsCents)),
      money("total", t("columns.total"), (r) => collected(r, r.totalCents), {
        cell: (r) =>
          r.noCollection ? (
            <NoCollection />
          ) : (
            <Text fw={700} inherit component="span">
              {formatUSD(r.totalCents)}
            </Text>
          ),
        card: "aside",
        hideable: false,
      }),
    );
    if (withEstimate) {
      columns.push(
        money("estimated", t("estimate.column"), (r) => r.estimatedCents, {
          cell: (r) =>
            r.estimatedCents === undefined ? (
              "—"
            ) : (
              <Text fs="italic" c="dimmed" inherit component="span" title={t("estimate.legend")} data-testid="estimated-cell">
                {formatUSD(r.estimatedCents)}
              </Text>
            ),
          hideable: false,
        }),
        {
          // The CSV says of each day whether money was collected on it or only estimated.
          id: "kind",
          header: t("estimate.csvKind"),
          cell: () => null,
          csv: (r) => (r.noCollection ? t("estimate.csvEstimateOnly") : t("estimate.csvCollected")),
          exportOnly: true,
        },
      );
    }
    if (withComparison) {
      columns.push(
        money("comparison", t("columns.comparison"), (r) => (time && r.compareNoCollection ? null : (r.compareTotalCents ?? 0)), {
          cell: (r) => (time && r.compareNoCollection ? <NoCollection compare /> : formatUSD(r.compareTotalCents ?? 0)),
        }),
        {
          id: "change",
          header: t("columns.change"),
          cell: (r) => <ChangeAmount cents={change(r)} />,
          sortValue: (r) => change(r),
          csv: (r) => csvMoney(change(r)),
          align: "right",
        },
        {
          id: "changePercent",
          header: t("columns.changePercent"),
          cell: (r) =>
            r.noCollection ? <NoCollection dash /> : r.compareNoCollection ? <NoCollection compare /> : <ChangePercent percent={r.changePercent} />,
          sortValue: (r) => r.changePercent,
          csv: (r) => (r.changePercent === null ? "" : r.changePercent.toFixed(1)),
          align: "right",
          card: "badge",
        },
      );
    }
    return columns;
  }, [group, withComparison, withEstimate, t, i18n.language]);
}

function estimateArgs(scope: ReportScope, from: string, to: string) {
  return { ...(scope.storeId ? { storeId: scope.storeId } : {}), from, to };
}

export function RevenuePanel({
  scope,
  onGroupChange,
  print = false,
}: {
  scope: ReportScope;
  onGroupChange?: (group: RevenueGroup | undefined) => void;
  print?: boolean;
}) {
  const { t } = useTranslation("reports");
  const group = scope.group;
  const p = scope.period;
  // The chart follows a time grouping the table uses, unless it would draw more points than it
  // can show; otherwise the bucket the collections fit.
  const timeGroup = isTimeGroup(group) && bucketsBetween(p.from, p.to, group).length <= MAX_CHART_POINTS ? group : scope.defaultTimeGroup;
  // Nothing is asked for until the grouping is settled, so a report never flashes a day table
  // before it opens on weeks.
  const ready = scope.groupReady;
  const table = useQueryState(reportsApi.revenue, ready ? revenueArgs(scope, group) : "skip");
  const overTime = useQueryState(reportsApi.revenue, ready ? revenueArgs(scope, timeGroup) : "skip");
  const byCategory = useQueryState(reportsApi.revenue, revenueArgs(scope, "category"));
  const byMachine = useQueryState(reportsApi.revenue, revenueArgs(scope, "machine"));
  // Days take an estimate of each day's takings beside what was collected (issue 34).
  const estimateFits = (from: string, to: string) => daysBetweenInclusive(from, to) <= MAX_ESTIMATE_DAYS;
  const wantsEstimate = ready && (group === "day" || timeGroup === "day");
  const withEstimate = wantsEstimate && estimateFits(p.from, p.to);
  const estimate = useQueryState(reportsApi.dailyEstimate, withEstimate ? estimateArgs(scope, p.from, p.to) : "skip");
  const compareEstimate = useQueryState(
    reportsApi.dailyEstimate,
    withEstimate && p.compareFrom && p.compareTo && estimateFits(p.compareFrom, p.compareTo) ? estimateArgs(scope, p.compareFrom, p.compareTo) : "skip",
  );
  const tableEstimate = group === "day" && withEstimate;
  const rows = useMemo<EstimatedRow[] | undefined>(
    () => (table.data ? (tableEstimate ? withEstimates(table.data.rows, estimate.data) : table.data.rows) : undefined),
    [table.data, tableEstimate, estimate.data],
  );
  const columns = useRevenueColumns(group, scope.hasComparison, tableEstimate);
  const groupName = t(`groups.${group}`).toLowerCase();
  const storePart = scope.allStores ? "all-stores" : scope.selectedStoreName;
  const chartEstimate: { current: DailyEstimate; previous?: DailyEstimate } | undefined =
    timeGroup === "day" && estimate.data ? { current: estimate.data, previous: compareEstimate.data } : undefined;

  return (
    <Stack gap="md" className={classes.tables} data-testid="revenue-report">
      <RevenueKpis report={table.data ?? overTime.data ?? byCategory.data} scope={scope} />
      <Text size="xs" c="dimmed">
        {t("kpi.excluded")}
      </Text>
      <BucketReason scope={scope} onGroupChange={onGroupChange} />
      <ChartCard order={3} title={t("charts.overTime")}>
        {overTime.data ? (
          <OverTimeChart rows={overTime.data.rows} group={timeGroup} withComparison={scope.hasComparison} estimate={chartEstimate} />
        ) : (
          <Text c="dimmed">…</Text>
        )}
      </ChartCard>
      <SimpleGrid cols={{ base: 1, md: print ? 1 : 2 }} spacing="md">
        <ChartCard order={3} title={t("charts.byCategory")}>
          {byCategory.data ? <CategoryChart rows={byCategory.data.rows} withComparison={scope.hasComparison} /> : <Text c="dimmed">…</Text>}
        </ChartCard>
        <ChartCard order={3} title={t("charts.topBottom")}>
          {byMachine.data ? <TopBottomChart rows={byMachine.data.rows} withComparison={scope.hasComparison} /> : <Text c="dimmed">…</Text>}
        </ChartCard>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t("revenue.table", { group: groupName })}
        </Title>
        {tableEstimate ? (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />} title={t("estimate.legendTitle")} data-testid="estimate-legend">
            <Text size="sm">{t("estimate.legend")}</Text>
            {estimate.data && estimate.data.beforeRangeCents !== 0 ? (
              <Text size="sm" data-testid="estimate-before-range">
                {t("estimate.beforeRange", { amount: formatUSD(estimate.data.beforeRangeCents) })}
              </Text>
            ) : null}
          </Alert>
        ) : group === "day" && wantsEstimate ? (
          <Text size="sm" c="dimmed" data-testid="estimate-too-long">
            {t("estimate.tooLong")}
          </Text>
        ) : null}
        <DataTable
          key={`${group}-${tableEstimate}`}
          tableId={`reports-revenue-${isTimeGroup(group) ? "time" : "group"}`}
          caption={t("revenue.table", { group: groupName })}
          columns={columns}
          data={rows}
          error={reportFailure(table.error ?? (tableEstimate ? estimate.error : null), t("common:errors.requestFailed"))}
          getRowId={(r) => r.key}
          rowName={(r) => r.label}
          defaultSort={isTimeGroup(group) ? { id: "label", desc: false } : { id: "total", desc: true }}
          emptyText={t("revenue.empty")}
          testId="revenue-table"
          rowTestId="revenue-row"
          rowAttributes={(r) => ({
            "data-key": r.key,
            "data-total": String(r.totalCents),
            ...(r.noCollection ? { "data-no-collection": "true" } : {}),
            ...(r.estimatedCents !== undefined ? { "data-estimated": String(r.estimatedCents) } : {}),
          })}
          pageSize={print ? 10_000 : undefined}
          exportName={
            scope.canExport
              ? `${t("revenue.export", { group: groupName.replace(/\s+/g, "-") })}-${storePart}-${scope.period.from}-${scope.period.to}`
              : undefined
          }
          toolbar={
            onGroupChange ? (
              <Select
                label={t("groups.label")}
                data={REVENUE_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
                value={group}
                onChange={(v) => v && onGroupChange(v as RevenueGroup)}
                allowDeselect={false}
                w={200}
                size="md"
                data-testid="revenue-group"
                comboboxProps={{ withinPortal: true }}
              />
            ) : undefined
          }
        />
      </Stack>
    </Stack>
  );
}
