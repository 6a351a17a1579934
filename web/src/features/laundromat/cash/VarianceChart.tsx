import "@mantine/charts/styles.css";
import { LineChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { businessDateOf } from "@tumble/domain/businessDate";
import { localTimeZone } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";
import { formatDisplayDate } from "../collections/format";
import type { CashDashboard } from "./types";

// The charts' CSS is imported here, so only the cash dashboard's chunk carries it.

const COLORS = ["blue.6", "orange.6", "teal.6", "grape.6", "red.6", "cyan.6", "lime.7", "pink.6"];

/** Accepted count variances over time, one line per counter (cents; formatted as dollars). */
export function VarianceChart({ variances, by }: { variances: CashDashboard["variances"]; by: "counter" | "store" }) {
  const { t } = useTranslation("cash");
  if (variances.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="variance-chart-empty">
        {t("dashboard.noVariances")}
      </Text>
    );
  }
  const seriesOf = (v: CashDashboard["variances"][number]) => (by === "counter" ? v.countedByName : (v.storeName ?? t("accounts.company")));
  const names = [...new Set(variances.map(seriesOf))];
  const byDay = new Map<string, Record<string, number | string>>();
  for (const v of variances) {
    const day = businessDateOf(v.submittedAt, localTimeZone());
    const row = byDay.get(day) ?? { day: formatDisplayDate(day) };
    const name = seriesOf(v);
    row[name] = ((row[name] as number | undefined) ?? 0) + v.varianceCents;
    byDay.set(day, row);
  }
  const data = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  return (
    <div role="img" aria-label={t("dashboard.chartLabel", { count: variances.length })} data-testid="variance-chart">
      <LineChart
        h={240}
        data={data}
        dataKey="day"
        series={names.map((name, i) => ({ name, color: COLORS[i % COLORS.length]! }))}
        valueFormatter={(v) => formatUSD(Math.round(v))}
        yAxisProps={{ width: 96, domain: [(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)] }}
        referenceLines={[{ y: 0, color: "gray.6" }]}
        withLegend
        connectNulls
        curveType="linear"
      />
    </div>
  );
}
