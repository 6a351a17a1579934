import "@mantine/charts/styles.css";
import { AreaChart, BarChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDisplayDate } from "@tumble/domain/dateFormat";
import type { Overview } from "./types";
import { hours, percent, weekdayNames } from "../../../lib/selectionScope";
import { ComparisonBars } from "../../../ui/ComparisonBars";

// The analytics charts (Mantine Charts over recharts). The comparison period is a grey, dashed
// series beside the current one, so the two differ by more than colour. Animations are off.

const noAnimation = { isAnimationActive: false } as const;
const STORE_COLORS = ["blue.6", "teal.7", "grape.6", "orange.7", "cyan.7", "pink.6", "lime.8", "indigo.5"];

function Empty({ testId, text }: { testId: string; text?: string }) {
  const { t } = useTranslation("labourAnalytics");
  return (
    <Text size="sm" c="dimmed" data-testid={testId} py="lg" ta="center">
      {text ?? t("charts.noData")}
    </Text>
  );
}

/** Scheduled and worked hours per day, with the comparison period's worked hours at the same position. */
export function HoursByDayChart({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation("labourAnalytics");
  const days = overview.days;
  if (days.every((d) => d.scheduledMinutes === 0 && d.workedMinutes === 0 && !d.compareWorkedMinutes)) return <Empty testId="hours-by-day-empty" />;
  const data = days.map((d) => ({
    day: formatDisplayDate(d.date).slice(0, 5),
    scheduled: d.scheduledMinutes / 60,
    worked: d.workedMinutes / 60,
    previous: (d.compareWorkedMinutes ?? 0) / 60,
  }));
  return (
    <div role="img" aria-label={t("charts.hoursByDayLabel", { count: days.length })} data-testid="hours-by-day-chart">
      <AreaChart
        h={260}
        data={data}
        dataKey="day"
        series={[
          { name: "scheduled", label: t("series.scheduled"), color: "indigo.4" },
          { name: "worked", label: t("series.worked"), color: "teal.7" },
          { name: "previous", label: t("series.previousWorked"), color: "gray.6", strokeDasharray: "6 4" },
        ]}
        valueFormatter={(v) => t("hoursValue", { hours: hours(v * 60, i18n.language) })}
        yAxisProps={{ width: 60 }}
        curveType="linear"
        withLegend
        legendProps={{ verticalAlign: "bottom", height: 40 }}
        fillOpacity={0.12}
        withDots={days.length <= 31}
        areaProps={noAnimation}
      />
    </div>
  );
}

/** Late arrivals and absences per employee who had either. */
export function AttendanceChart({ overview }: { overview: Overview }) {
  const { t } = useTranslation("labourAnalytics");
  const rows = overview.employees.filter((e) => e.lateCount > 0 || e.absenceCount > 0);
  if (!rows.length) return <Empty testId="attendance-empty" />;
  const list = rows.map((e) => `${e.name} ${e.lateCount}/${e.absenceCount}`).join(", ");
  return (
    <div role="img" aria-label={t("charts.attendanceLabel", { list })} data-testid="attendance-chart">
      <BarChart
        h={Math.max(140, 48 * rows.length + 70)}
        data={rows.map((e) => ({ name: e.name, late: e.lateCount, absences: e.absenceCount }))}
        dataKey="name"
        orientation="vertical"
        series={[
          { name: "late", label: t("series.late"), color: "orange.7" },
          { name: "absences", label: t("series.absences"), color: "red.7" },
        ]}
        yAxisProps={{ width: 120 }}
        xAxisProps={{ allowDecimals: false }}
        withLegend
        legendProps={{ verticalAlign: "bottom", height: 40 }}
        barProps={noAnimation}
        maxBarWidth={18}
        gridAxis="x"
      />
    </div>
  );
}

/** Overtime hours per employee or store, beside the comparison period. */
export function OvertimeChart({ rows, testId }: { rows: Array<{ key: string; name: string; minutes: number; compareMinutes: number }>; testId: string }) {
  const { t, i18n } = useTranslation("labourAnalytics");
  const shown = rows.filter((r) => r.minutes > 0 || r.compareMinutes > 0);
  if (!shown.length) return <Empty testId={`${testId}-empty`} />;
  const list = shown.map((r) => `${r.name} ${hours(r.minutes, i18n.language)} h`).join(", ");
  return (
    <div role="img" aria-label={t("charts.overtimeLabel", { list })} data-testid={testId}>
      <ComparisonBars
        rows={shown.map((r) => ({ name: r.name, current: r.minutes / 60, previous: r.compareMinutes / 60 }))}
        labels={{ current: t("series.current"), previous: t("series.previous") }}
        color="violet.6"
        valueFormatter={(v) => t("hoursValue", { hours: hours(v * 60, i18n.language) })}
        nameWidth={120}
      />
    </div>
  );
}

/** Labour cost as a percentage of collections, per weekday, one series per store (with collections). */
export function LabourByWeekdayChart({ overview }: { overview: Overview }) {
  const { t, i18n } = useTranslation("labourAnalytics");
  const names = weekdayNames(i18n.language);
  const stores = overview.stores.filter((s) => overview.weekdays.some((w) => w.storeId === s.storeId && w.labourPercent !== null));
  if (!stores.length) return <Empty testId="labour-weekday-empty" text={t("charts.noRevenue")} />;
  // Weeks start on Monday here, as a reader scans a week.
  const order = [1, 2, 3, 4, 5, 6, 0];
  const data = order.map((weekday) => {
    const row: Record<string, string | number | null> = { weekday: names[weekday]! };
    for (const s of stores) row[s.storeId] = overview.weekdays.find((w) => w.storeId === s.storeId && w.weekday === weekday)?.labourPercent ?? null;
    return row;
  });
  return (
    <div role="img" aria-label={t("charts.labourByWeekdayLabel")} data-testid="labour-weekday-chart">
      <BarChart
        h={280}
        data={data}
        dataKey="weekday"
        series={stores.map((s, i) => ({ name: s.storeId, label: s.name, color: STORE_COLORS[i % STORE_COLORS.length]! }))}
        valueFormatter={(v) => percent(v, i18n.language)}
        yAxisProps={{ width: 56, tickFormatter: (v: number) => `${v}%` }}
        withLegend
        legendProps={{ verticalAlign: "bottom", height: 40 }}
        barProps={noAnimation}
        maxBarWidth={22}
      />
    </div>
  );
}
