import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/reportRefusals";
import { errorText } from "../../../lib/errorText";
import { useQueryState } from "../../../lib/hooks";
import { ChartCard } from "../../../ui/ChartCard";
import { SelectionScopeHeader } from "../../../ui/laundromatSelection/SelectionScopeHeader";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { StatCard } from "../../../ui/StatCard";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { AttendanceChart, HoursByDayChart, LabourByWeekdayChart, OvertimeChart } from "./AnalyticsCharts";
import { hours, percent, useSelectionScope as useAnalyticsScope } from "../../../lib/selectionScope";
import { analyticsApi, type EmployeeRow, type Overview } from "./types";

// employee-management/analytics: the selection's range beside its comparison period — hours
// scheduled and worked, lateness and absences, overtime by employee and store, and labour cost as
// a share of collections by store and weekday. Live: a verification or a collection updates it.

function Kpis({ o }: { o: Overview | undefined }) {
  const { t, i18n } = useTranslation("labourAnalytics");
  const h = (m: number) => t("hoursValue", { hours: hours(m, i18n.language) });
  const vs = (value: string) => t("comparedWithShort", { value });
  const c = o?.compareTotals;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      <StatCard
        label={t("kpi.worked")}
        value={o ? h(o.totals.workedMinutes) : "…"}
        hint={
          o
            ? `${t("kpi.workedOf", { hours: hours(o.totals.scheduledMinutes + o.totals.upcomingMinutes, i18n.language) })} · ${t("kpi.verified", { hours: hours(o.totals.verifiedMinutes, i18n.language) })}`
            : undefined
        }
        testId="kpi-worked"
      />
      <StatCard
        label={t("kpi.late")}
        value={o ? String(o.totals.lateCount) : "…"}
        hint={o && c ? `${t("kpi.lateMinutes", { minutes: o.totals.lateMinutes })} · ${vs(String(c.lateCount))}` : undefined}
        testId="kpi-late"
      />
      <StatCard
        label={t("kpi.absences")}
        value={o ? String(o.totals.absenceCount) : "…"}
        hint={c ? vs(String(c.absenceCount)) : undefined}
        testId="kpi-absences"
      />
      <StatCard label={t("kpi.overtime")} value={o ? h(o.totals.overtimeMinutes) : "…"} hint={c ? vs(h(c.overtimeMinutes)) : undefined} testId="kpi-overtime" />
      <StatCard
        label={t("kpi.labourPercent")}
        value={o ? percent(o.totals.labourPercent, i18n.language) : "…"}
        hint={
          !o || !c
            ? undefined
            : o.totals.labourPercent === null
              ? t("kpi.noRevenue")
              : `${formatUSD(o.totals.labourCostCents)} / ${formatUSD(o.totals.revenueCents)} · ${vs(percent(c.labourPercent, i18n.language))}`
        }
        testId="kpi-labour-percent"
      />
    </SimpleGrid>
  );
}

function useEmployeeColumns(): DataColumn<EmployeeRow>[] {
  const { t, i18n } = useTranslation("labourAnalytics");
  return useMemo(() => {
    const num = (id: string, header: string, pick: (r: EmployeeRow) => number, asHours = true): DataColumn<EmployeeRow> => ({
      id,
      header,
      cell: (r) => (asHours ? hours(pick(r), i18n.language) : String(pick(r))),
      sortValue: (r) => pick(r),
      csv: (r) => (asHours ? (pick(r) / 60).toFixed(2) : String(pick(r))),
      align: "right",
    });
    return [
      { id: "name", header: t("columns.employee"), cell: (r) => r.name, sortValue: (r) => r.name, csv: (r) => r.name, card: "title", hideable: false },
      { id: "position", header: t("columns.position"), cell: (r) => r.position ?? "—", sortValue: (r) => r.position ?? "", csv: (r) => r.position ?? "" },
      num("scheduled", t("columns.scheduled"), (r) => r.scheduledMinutes + r.upcomingMinutes),
      { ...num("worked", t("columns.worked"), (r) => r.workedMinutes), card: "aside" },
      num("verified", t("columns.verified"), (r) => r.verifiedMinutes),
      num("late", t("columns.late"), (r) => r.lateCount, false),
      num("absences", t("columns.absences"), (r) => r.absenceCount, false),
      num("overtime", t("columns.overtime"), (r) => r.overtimeMinutes),
      {
        id: "labourCost",
        header: t("columns.labourCost"),
        cell: (r) => formatUSD(r.labourCostCents),
        sortValue: (r) => r.labourCostCents,
        csv: (r) => centsToDollarString(r.labourCostCents),
        align: "right",
      },
    ];
  }, [t, i18n.language]);
}

export function AnalyticsScreen() {
  const { t } = useTranslation("labourAnalytics");
  const scope = useAnalyticsScope();
  const result = useQueryState(analyticsApi.overview, scope.args);
  const o = result.data;
  const columns = useEmployeeColumns();
  return (
    <Stack gap="md">
      <ScreenTitle title={t("analytics.title")} subtitle={t("analytics.subtitle")} />
      <SelectionSummary />
      <SelectionScopeHeader scope={scope} testId="analytics" />
      {result.error ? <Text c="red">{errorText(result.error, t("error"))}</Text> : null}
      <Kpis o={o} />
      <ChartCard title={t("charts.hoursByDay")}>{o ? <HoursByDayChart overview={o} /> : <Text c="dimmed">{t("loading")}</Text>}</ChartCard>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard title={t("charts.attendance")}>{o ? <AttendanceChart overview={o} /> : <Text c="dimmed">{t("loading")}</Text>}</ChartCard>
        <ChartCard title={t("charts.overtimeByEmployee")}>
          {o ? (
            <OvertimeChart
              testId="overtime-employee-chart"
              rows={o.employees.map((e) => ({ key: e.employeeId, name: e.name, minutes: e.overtimeMinutes, compareMinutes: e.compare.overtimeMinutes }))}
            />
          ) : (
            <Text c="dimmed">{t("loading")}</Text>
          )}
        </ChartCard>
        <ChartCard title={t("charts.overtimeByStore")}>
          {o ? (
            <OvertimeChart
              testId="overtime-store-chart"
              rows={o.stores.map((s) => ({ key: s.storeId, name: s.name, minutes: s.overtimeMinutes, compareMinutes: s.compare.overtimeMinutes }))}
            />
          ) : (
            <Text c="dimmed">{t("loading")}</Text>
          )}
        </ChartCard>
        <ChartCard title={t("charts.labourByWeekday")}>{o ? <LabourByWeekdayChart overview={o} /> : <Text c="dimmed">{t("loading")}</Text>}</ChartCard>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("tables.employees")}
        </Title>
        <DataTable
          tableId="labour-analytics-employees"
          caption={t("tables.employees")}
          columns={columns}
          data={o?.employees}
          error={result.error ? errorText(result.error, t("error")) : null}
          getRowId={(r) => r.employeeId}
          rowName={(r) => r.name}
          defaultSort={{ id: "worked", desc: true }}
          emptyText={t("empty")}
          testId="analytics-employees"
          rowTestId="analytics-employee-row"
          rowAttributes={(r) => ({ "data-worked": String(r.workedMinutes), "data-late": String(r.lateCount), "data-absences": String(r.absenceCount) })}
          exportName={scope.canExport ? `${t("tables.export")}-${scope.args.from}-${scope.args.to}` : undefined}
        />
        <Text size="xs" c="dimmed">
          {t("costNote")}
        </Text>
      </Stack>
    </Stack>
  );
}
