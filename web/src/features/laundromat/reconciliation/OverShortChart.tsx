import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { formatDisplayDate } from "../collections/format";
import { overShortSeries } from "./periodRules";
import type { ClosedPeriod } from "./types";

// The charts' CSS is imported here, so only this screen's chunk carries it.

const STORE_COLORS = ["blue.6", "grape.6", "cyan.6", "lime.7", "pink.6", "indigo.6"];

/** Each closed period's over/short (counted closing − expected), by the day it ends; one series per store. */
export function OverShortChart({ periods }: { periods: readonly ClosedPeriod[] }) {
  const { t } = useTranslation("reconciliation");
  const series = overShortSeries(periods);
  if (series.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="over-short-chart-empty">
        {t("history.noChart")}
      </Text>
    );
  }
  const stores = [...new Map(series.map((r) => [r.storeId, r.storeName])).values()];
  const byDay = new Map<string, Record<string, number | string>>();
  for (const r of series) {
    const row = byDay.get(r.toDate) ?? { day: formatDisplayDate(r.toDate) };
    row[r.storeName] = ((row[r.storeName] as number | undefined) ?? 0) + r.varianceCents;
    byDay.set(r.toDate, row);
  }
  const data = [...byDay.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
  const single = stores.length === 1;
  return (
    <div role="img" aria-label={t("history.chartLabel", { count: series.length })} data-testid="over-short-chart">
      <BarChart
        h={240}
        data={data}
        dataKey="day"
        series={stores.map((name, i) => ({ name, color: single ? "teal.6" : STORE_COLORS[i % STORE_COLORS.length]! }))}
        // One store: short bars red, over bars orange (as the statement colours them).
        getBarColor={single ? (value) => (value < 0 ? "red.6" : value > 0 ? "orange.6" : "teal.6") : undefined}
        valueFormatter={(v) => formatUSD(Math.round(v))}
        yAxisProps={{ width: 96, domain: [(min: number) => Math.min(0, min), (max: number) => Math.max(0, max)] }}
        referenceLines={[{ y: 0, color: "gray.6" }]}
        withLegend={!single}
        maxBarWidth={48}
      />
    </div>
  );
}
