import { Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayRange } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";
import { bucketsBetween, isTimeGroup, REVENUE_GROUPS, suggestedTimeGroup, type RevenueGroup } from "@tumble/domain/reports";
import { useQueryState } from "../../../lib/hooks";
import { ChartCard } from "../../../ui/ChartCard";
import { StatCard } from "../../../ui/StatCard";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { reportFailure, reportsApi, type RevenueReport, type RevenueRow } from "./api";
import { ChangeAmount, ChangePercent, signedUSD } from "./Change";
import { CategoryChart, OverTimeChart, TopBottomChart } from "./RevenueCharts";
import { bucketLabel, changeCents, csvMoney } from "./reportRules";
import type { ReportScope } from "./useReportScope";
import classes from "./reports.module.css";

const MAX_CHART_POINTS = 400;

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

/** The revenue table's columns for a grouping: the group's name, money, the comparison and the change. */
function useRevenueColumns(group: RevenueGroup, withComparison: boolean): DataColumn<RevenueRow>[] {
  const { t, i18n } = useTranslation("reports");
  return useMemo(() => {
    const time = isTimeGroup(group);
    const name = (r: RevenueRow) =>
      time ? bucketLabel(r.key, group, i18n.language) : group === "category" ? t(`categories.${r.key}`, { defaultValue: r.label }) : r.label;
    const money = (id: string, header: string, pick: (r: RevenueRow) => number | null | undefined, extra: Partial<DataColumn<RevenueRow>> = {}) =>
      ({
        id,
        header,
        cell: (r: RevenueRow) => {
          const v = pick(r);
          return v === null || v === undefined ? "—" : formatUSD(v);
        },
        sortValue: (r: RevenueRow) => pick(r) ?? null,
        csv: (r: RevenueRow) => csvMoney(pick(r)),
        align: "right",
        ...extra,
      }) satisfies DataColumn<RevenueRow>;
    const columns: DataColumn<RevenueRow>[] = [
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
    columns.push(
      money("coins", t("columns.coins"), (r) => r.coinsCents),
      money("bills", t("columns.bills"), (r) => r.billsCents),
      money("total", t("columns.total"), (r) => r.totalCents, {
        cell: (r) => (
          <Text fw={700} inherit component="span">
            {formatUSD(r.totalCents)}
          </Text>
        ),
        card: "aside",
        hideable: false,
      }),
    );
    if (withComparison) {
      columns.push(
        money("comparison", t("columns.comparison"), (r) => r.compareTotalCents ?? 0),
        {
          id: "change",
          header: t("columns.change"),
          cell: (r) => <ChangeAmount cents={changeCents(r.totalCents, r.compareTotalCents ?? 0)} />,
          sortValue: (r) => changeCents(r.totalCents, r.compareTotalCents ?? 0),
          csv: (r) => csvMoney(changeCents(r.totalCents, r.compareTotalCents ?? 0)),
          align: "right",
        },
        {
          id: "changePercent",
          header: t("columns.changePercent"),
          cell: (r) => <ChangePercent percent={r.changePercent} />,
          sortValue: (r) => r.changePercent,
          csv: (r) => (r.changePercent === null ? "" : r.changePercent.toFixed(1)),
          align: "right",
          card: "badge",
        },
      );
    }
    return columns;
  }, [group, withComparison, t, i18n.language]);
}

export function RevenuePanel({ scope, onGroupChange, print = false }: { scope: ReportScope; onGroupChange?: (group: RevenueGroup) => void; print?: boolean }) {
  const { t } = useTranslation("reports");
  const group = scope.group;
  // The chart follows a time grouping the table uses, unless it would draw more points than it can show.
  const timeGroup =
    isTimeGroup(group) && bucketsBetween(scope.period.from, scope.period.to, group).length <= MAX_CHART_POINTS
      ? group
      : suggestedTimeGroup(scope.period.from, scope.period.to);
  const table = useQueryState(reportsApi.revenue, revenueArgs(scope, group));
  const overTime = useQueryState(reportsApi.revenue, revenueArgs(scope, timeGroup));
  const byCategory = useQueryState(reportsApi.revenue, revenueArgs(scope, "category"));
  const byMachine = useQueryState(reportsApi.revenue, revenueArgs(scope, "machine"));
  const columns = useRevenueColumns(group, scope.hasComparison);
  const groupName = t(`groups.${group}`).toLowerCase();
  const storePart = scope.allStores ? "all-stores" : scope.selectedStoreName;

  return (
    <Stack gap="md" className={classes.tables} data-testid="revenue-report">
      <RevenueKpis report={table.data ?? overTime.data} scope={scope} />
      <Text size="xs" c="dimmed">
        {t("kpi.excluded")}
      </Text>
      <ChartCard order={3} title={t("charts.overTime")}>
        {overTime.data ? <OverTimeChart rows={overTime.data.rows} group={timeGroup} withComparison={scope.hasComparison} /> : <Text c="dimmed">…</Text>}
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
        <DataTable
          key={group}
          tableId={`reports-revenue-${isTimeGroup(group) ? "time" : "group"}`}
          caption={t("revenue.table", { group: groupName })}
          columns={columns}
          data={table.data?.rows}
          error={reportFailure(table.error, t("common:errors.requestFailed"))}
          getRowId={(r) => r.key}
          rowName={(r) => r.label}
          defaultSort={isTimeGroup(group) ? { id: "label", desc: false } : { id: "total", desc: true }}
          emptyText={t("revenue.empty")}
          testId="revenue-table"
          rowTestId="revenue-row"
          rowAttributes={(r) => ({ "data-key": r.key, "data-total": String(r.totalCents) })}
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
