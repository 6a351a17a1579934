import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";
import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayDate, formatDisplayRange } from "@tumble/domain/dateFormat";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { useQueryState } from "../../../lib/hooks";
import { SelectionScopeHeader } from "../../../ui/laundromatSelection/SelectionScopeHeader";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { ChartCard } from "../../../ui/ChartCard";
import { ComparisonBars } from "../../../ui/ComparisonBars";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { StatCard } from "../../../ui/StatCard";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { hours, percent, useSelectionScope as useReportScope } from "../../../lib/selectionScope";
import { JournalCard } from "./JournalCard";
import { ProviderExportCard } from "./ProviderExportCard";
import { payrollReportsApi, type PayrollReport } from "./types";

// payroll/reports: labour cost by store, workweek and position, the overtime trend, and labour
// cost as a share of each store's collections on the same dates, beside the comparison period.
// Charts draw cents; the value formatter prints dollars. Animations are off.

type StoreRow = PayrollReport["stores"][number];
type PeriodRow = PayrollReport["periods"][number];
type PositionRow = PayrollReport["positions"][number];

const noAnimation = { isAnimationActive: false } as const;
const money = (v: number) => formatUSD(Math.round(v));
const tick = (v: number) => formatUSD(Math.round(v / 100) * 100).replace(/\.00$/, "");
const csvMoney = (cents: number) => centsToDollarString(cents);

function useColumns() {
  const { t, i18n } = useTranslation("labourAnalytics");
  return useMemo(() => {
    const cost = <T extends { labourCostCents: number }>(): DataColumn<T> => ({
      id: "labourCost",
      header: t("columns.labourCost"),
      cell: (r) => formatUSD(r.labourCostCents),
      sortValue: (r) => r.labourCostCents,
      csv: (r) => csvMoney(r.labourCostCents),
      align: "right",
      card: "aside",
      hideable: false,
    });
    const common = <T extends { minutes: number; overtimeMinutes: number; overtimeCostCents: number }>(): DataColumn<T>[] => [
      {
        id: "hours",
        header: t("columns.hours"),
        cell: (r) => hours(r.minutes, i18n.language),
        sortValue: (r) => r.minutes,
        csv: (r) => (r.minutes / 60).toFixed(2),
        align: "right",
      },
      {
        id: "overtime",
        header: t("columns.overtime"),
        cell: (r) => hours(r.overtimeMinutes, i18n.language),
        sortValue: (r) => r.overtimeMinutes,
        csv: (r) => (r.overtimeMinutes / 60).toFixed(2),
        align: "right",
      },
      {
        id: "overtimeCost",
        header: t("columns.overtimeCost"),
        cell: (r) => formatUSD(r.overtimeCostCents),
        sortValue: (r) => r.overtimeCostCents,
        csv: (r) => csvMoney(r.overtimeCostCents),
        align: "right",
      },
    ];
    const share = <T extends { revenueCents: number; labourPercent: number | null }>(): DataColumn<T>[] => [
      {
        id: "revenue",
        header: t("columns.revenue"),
        cell: (r) => formatUSD(r.revenueCents),
        sortValue: (r) => r.revenueCents,
        csv: (r) => csvMoney(r.revenueCents),
        align: "right",
      },
      {
        id: "labourPercent",
        header: t("columns.labourPercent"),
        cell: (r) => percent(r.labourPercent, i18n.language),
        sortValue: (r) => r.labourPercent,
        csv: (r) => (r.labourPercent === null ? "" : r.labourPercent.toFixed(1)),
        align: "right",
        card: "badge",
      },
    ];
    const stores: DataColumn<StoreRow>[] = [
      { id: "name", header: t("columns.store"), cell: (r) => r.name, sortValue: (r) => r.name, csv: (r) => r.name, card: "title", hideable: false },
      ...common<StoreRow>(),
      cost<StoreRow>(),
      ...share<StoreRow>(),
    ];
    const periods: DataColumn<PeriodRow>[] = [
      {
        id: "week",
        header: t("columns.week"),
        cell: (r) => formatDisplayRange(r.from, r.to),
        sortValue: (r) => r.from,
        csv: (r) => `${r.from}..${r.to}`,
        card: "title",
        hideable: false,
      },
      ...common<PeriodRow>(),
      cost<PeriodRow>(),
      ...share<PeriodRow>(),
    ];
    const positions: DataColumn<PositionRow>[] = [
      {
        id: "position",
        header: t("columns.position"),
        cell: (r) => (r.none ? t("noPosition") : r.position),
        sortValue: (r) => r.position,
        csv: (r) => (r.none ? t("noPosition") : r.position),
        card: "title",
        hideable: false,
      },
      ...common<PositionRow>(),
      cost<PositionRow>(),
    ];
    return { stores, periods, positions };
  }, [t, i18n.language]);
}

function Charts({ r }: { r: PayrollReport }) {
  const { t, i18n } = useTranslation("labourAnalytics");
  const hasCost = r.totals.labourCostCents > 0 || r.compareTotals.labourCostCents > 0;
  const noData = hasCost ? null : t("charts.noData");
  const weekLabel = (p: PeriodRow) => t("charts.weekOf", { date: formatDisplayDate(p.weekStart).slice(0, 5) });
  const storeList = r.stores.map((s) => `${s.name} ${formatUSD(s.labourCostCents)}`).join(", ");
  const shareList = r.stores.map((s) => `${s.name} ${percent(s.labourPercent, i18n.language)}`).join(", ");
  const positionName = (p: PositionRow) => (p.none ? t("noPosition") : p.position);
  const withShare = r.stores.filter((s) => s.labourPercent !== null || s.compare.labourPercent !== null);
  const labels = { current: t("series.current"), previous: t("series.previous") };
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title={t("charts.costByPeriod")} label={t("charts.costByPeriodLabel")} testId="cost-period-chart" empty={noData}>
          <BarChart
            h={260}
            data={r.periods.map((p) => ({ week: weekLabel(p), straight: p.labourCostCents - p.overtimeCostCents, premium: p.overtimeCostCents }))}
            dataKey="week"
            type="stacked"
            series={[
              { name: "straight", label: t("series.straight"), color: "blue.6" },
              { name: "premium", label: t("series.premium"), color: "orange.7" },
            ]}
            valueFormatter={money}
            yAxisProps={{ width: 72, tickFormatter: tick }}
            withLegend
            legendProps={{ verticalAlign: "bottom", height: 40 }}
            barProps={noAnimation}
            maxBarWidth={36}
          />
        </ChartCard>
        <ChartCard
          title={t("charts.overtimeTrend")}
          label={t("charts.overtimeTrendLabel", { list: r.periods.map((p) => `${weekLabel(p)} ${hours(p.overtimeMinutes, i18n.language)} h`).join(", ") })}
          testId="overtime-trend-chart"
          empty={noData}
        >
          <LineChart
            h={260}
            data={r.periods.map((p) => ({ week: weekLabel(p), overtime: p.overtimeMinutes / 60 }))}
            dataKey="week"
            series={[{ name: "overtime", label: t("series.overtime"), color: "violet.6" }]}
            valueFormatter={(v) => t("hoursValue", { hours: hours(v * 60, i18n.language) })}
            yAxisProps={{ width: 60 }}
            curveType="linear"
            withLegend
            legendProps={{ verticalAlign: "bottom", height: 40 }}
            lineProps={noAnimation}
          />
        </ChartCard>
        <ChartCard title={t("charts.costByStore")} label={t("charts.costByStoreLabel", { list: storeList })} testId="cost-store-chart" empty={noData}>
          <ComparisonBars
            rows={r.stores.map((s) => ({ name: s.name, current: s.labourCostCents, previous: s.compare.labourCostCents }))}
            labels={labels}
            color="blue.6"
            valueFormatter={money}
            tickFormatter={tick}
          />
        </ChartCard>
        <ChartCard
          title={t("charts.shareByStore")}
          label={t("charts.shareByStoreLabel", { list: shareList })}
          testId="share-store-chart"
          empty={withShare.length ? null : t("charts.noRevenue")}
        >
          <ComparisonBars
            rows={withShare.map((s) => ({ name: s.name, current: s.labourPercent, previous: s.compare.labourPercent }))}
            labels={labels}
            color="teal.7"
            valueFormatter={(v) => percent(v, i18n.language)}
            tickFormatter={(v) => `${v}%`}
          />
        </ChartCard>
      </SimpleGrid>
      <ChartCard
        title={t("charts.costByPosition")}
        label={t("charts.costByPositionLabel", { list: r.positions.map((p) => `${positionName(p)} ${formatUSD(p.labourCostCents)}`).join(", ") })}
        testId="cost-position-chart"
        empty={r.positions.length ? null : t("charts.noData")}
      >
        <ComparisonBars
          rows={r.positions.map((p) => ({ name: positionName(p), current: p.labourCostCents, previous: p.compare.labourCostCents }))}
          labels={labels}
          color="indigo.6"
          valueFormatter={money}
          tickFormatter={tick}
        />
      </ChartCard>
    </>
  );
}

export function PayrollReportsScreen() {
  const { t, i18n } = useTranslation("labourAnalytics");
  const scope = useReportScope();
  const result = useQueryState(payrollReportsApi.get, scope.args);
  const r = result.data;
  const columns = useColumns();
  const vs = (value: string) => t("comparedWithShort", { value });
  const exportName = (what: string) => (scope.canExport ? `${t("tables.export")}-${what}-${scope.args.from}-${scope.args.to}` : undefined);
  return (
    <Stack gap="md">
      <ScreenTitle title={t("reports.title")} subtitle={t("reports.subtitle")} />
      <SelectionSummary />
      <SelectionScopeHeader scope={scope} testId="payroll-reports" />
      {result.error ? <Text c="red">{t("error")}</Text> : null}
      <JournalCard from={scope.args.from} to={scope.args.to} />
      <ProviderExportCard />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <StatCard
          label={t("kpi.labourCost")}
          value={r ? formatUSD(r.totals.labourCostCents) : "…"}
          hint={r ? vs(formatUSD(r.compareTotals.labourCostCents)) : undefined}
          testId="kpi-labour-cost"
        />
        <StatCard
          label={t("kpi.overtimeCost")}
          value={r ? formatUSD(r.totals.overtimeCostCents) : "…"}
          hint={
            r
              ? `${t("hoursValue", { hours: hours(r.totals.overtimeMinutes, i18n.language) })} · ${vs(formatUSD(r.compareTotals.overtimeCostCents))}`
              : undefined
          }
          testId="kpi-overtime-cost"
        />
        <StatCard
          label={t("kpi.revenue")}
          value={r ? formatUSD(r.totals.revenueCents) : "…"}
          hint={r ? vs(formatUSD(r.compareTotals.revenueCents)) : undefined}
          testId="kpi-revenue"
        />
        <StatCard
          label={t("kpi.labourPercent")}
          value={r ? percent(r.totals.labourPercent, i18n.language) : "…"}
          hint={r ? (r.totals.labourPercent === null ? t("kpi.noRevenue") : vs(percent(r.compareTotals.labourPercent, i18n.language))) : undefined}
          testId="kpi-labour-percent"
        />
      </SimpleGrid>
      {r ? <Charts r={r} /> : <Text c="dimmed">{t("loading")}</Text>}
      <Title order={2} size="h4">
        {t("tables.stores")}
      </Title>
      <DataTable
        tableId="payroll-reports-stores"
        caption={t("tables.stores")}
        columns={columns.stores}
        data={r?.stores}
        error={result.error}
        getRowId={(x) => x.storeId}
        rowName={(x) => x.name}
        defaultSort={{ id: "labourCost", desc: true }}
        emptyText={t("empty")}
        testId="payroll-reports-stores"
        rowTestId="payroll-reports-store-row"
        rowAttributes={(x) => ({ "data-cost": String(x.labourCostCents) })}
        exportName={exportName("stores")}
      />
      <Title order={2} size="h4">
        {t("tables.periods")}
      </Title>
      <DataTable
        tableId="payroll-reports-periods"
        caption={t("tables.periods")}
        columns={columns.periods}
        data={r?.periods}
        error={result.error}
        getRowId={(x) => x.weekStart}
        rowName={(x) => x.weekStart}
        defaultSort={{ id: "week", desc: false }}
        emptyText={t("empty")}
        testId="payroll-reports-periods"
        exportName={exportName("weeks")}
      />
      <Title order={2} size="h4">
        {t("tables.positions")}
      </Title>
      <DataTable
        tableId="payroll-reports-positions"
        caption={t("tables.positions")}
        columns={columns.positions}
        data={r?.positions}
        error={result.error}
        getRowId={(x) => x.position || "-"}
        rowName={(x) => (x.none ? t("noPosition") : x.position)}
        defaultSort={{ id: "labourCost", desc: true }}
        emptyText={t("empty")}
        testId="payroll-reports-positions"
        exportName={exportName("positions")}
      />
      <Text size="xs" c="dimmed">
        {t("costNote")}
      </Text>
    </Stack>
  );
}
