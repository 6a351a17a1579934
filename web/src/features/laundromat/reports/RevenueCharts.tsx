import "@mantine/charts/styles.css";
import { AreaChart, BarChart } from "@mantine/charts";
import { SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import type { RevenueGroup } from "@tumble/domain/reports";
import type { DailyEstimate, RevenueRow } from "./api";
import { bucketLabel, topAndBottom } from "./reportRules";

// The revenue charts, drawn with Mantine Charts from cents (the value formatter prints dollars).
// The comparison period is a dashed grey series beside the range's, so the two differ by more
// than colour. Animations are off: the charts print as they are drawn.

const CURRENT = "blue.6";
const PREVIOUS = "gray.6";
const money = (v: number) => formatUSD(Math.round(v));
/** Axis ticks without cents: "$1,200". */
const tick = (v: number) => formatUSD(Math.round(v / 100) * 100).replace(/\.00$/, "");
const noAnimation = { isAnimationActive: false } as const;

function Empty({ testId }: { testId: string }) {
  const { t } = useTranslation("reports");
  return (
    <Text size="sm" c="dimmed" data-testid={testId} py="lg" ta="center">
      {t("charts.empty")}
    </Text>
  );
}

/**
 * Revenue per day, week or month of the range, against the comparison period's same position, on
 * one axis. By day with `estimate`, each day is its estimated take (collections spread over the
 * days since each machine's previous one), labelled as an estimate: collected money by day is a
 * saw-tooth of collection days and empty days (issue 34).
 */
export function OverTimeChart({
  rows,
  group,
  withComparison,
  estimate,
  height = 260,
}: {
  rows: RevenueRow[];
  group: RevenueGroup;
  withComparison: boolean;
  estimate?: { current: DailyEstimate; previous?: DailyEstimate };
  height?: number;
}) {
  const { t, i18n } = useTranslation("reports");
  if (rows.every((r) => r.totalCents === 0 && !r.compareTotalCents)) return <Empty testId="over-time-chart-empty" />;
  const estimated = group === "day" && estimate !== undefined;
  const withPrevious = withComparison && (!estimated || estimate.previous !== undefined);
  // A bucket nobody collected in is unknown, not $0: it is left out of the line (connectNulls
  // joins its neighbours), as are the days after an estimate's last collection, whose takings
  // are still in the machines.
  const lastCollected = (e: DailyEstimate | undefined) => (e ? e.days.findLastIndex((d) => d.collected) : -1);
  const estimatedOn = (e: DailyEstimate | undefined, i: number) => (e && i <= lastCollected(e) ? (e.days[i]?.estimatedCents ?? null) : null);
  const data = rows.map((r, i) => ({
    bucket: group === "week" ? t("charts.weekOf", { date: bucketLabel(r.key, group, i18n.language) }) : bucketLabel(r.key, group, i18n.language),
    current: estimated ? estimatedOn(estimate.current, i) : r.noCollection ? null : r.totalCents,
    ...(withPrevious ? { previous: estimated ? estimatedOn(estimate.previous, i) : r.compareNoCollection ? null : (r.compareTotalCents ?? 0) } : {}),
  }));
  const series = [
    { name: "current", label: estimated ? t("charts.estimated") : t("charts.current"), color: CURRENT },
    ...(withPrevious
      ? [{ name: "previous", label: estimated ? t("charts.estimatedPrevious") : t("charts.previous"), color: PREVIOUS, strokeDasharray: "6 4" }]
      : []),
  ];
  return (
    <div
      role="img"
      aria-label={`${t("charts.overTimeLabel", { group: t(`groups.${group}`).toLowerCase(), count: rows.length })}${estimated ? `. ${t("charts.estimateNote")}` : ""}`}
      data-testid="over-time-chart"
      data-estimated={estimated ? "true" : undefined}
    >
      <AreaChart
        h={height}
        data={data}
        dataKey="bucket"
        series={series}
        valueFormatter={money}
        yAxisProps={{ width: 72, tickFormatter: tick }}
        curveType="linear"
        withLegend
        legendProps={{ verticalAlign: "bottom", height: 40 }}
        fillOpacity={0.15}
        withDots={rows.length <= 31}
        areaProps={noAnimation}
        connectNulls
      />
      {estimated ? (
        <Text size="xs" c="dimmed" data-testid="over-time-estimate-note">
          {t("charts.estimateNote")}
        </Text>
      ) : null}
    </div>
  );
}

/** Revenue per equipment category, the range beside the comparison period. */
export function CategoryChart({ rows, withComparison }: { rows: RevenueRow[]; withComparison: boolean }) {
  const { t } = useTranslation("reports");
  if (rows.length === 0) return <Empty testId="category-chart-empty" />;
  const data = rows.map((r) => ({
    category: t(`categories.${r.key}`, { defaultValue: r.label }),
    current: r.totalCents,
    ...(withComparison ? { previous: r.compareTotalCents ?? 0 } : {}),
  }));
  const list = data.map((d) => `${d.category} ${money(d.current)}`).join(", ");
  return (
    <div role="img" aria-label={t("charts.byCategoryLabel", { list })} data-testid="category-chart">
      <BarChart
        h={Math.max(160, 56 * rows.length + 60)}
        data={data}
        dataKey="category"
        orientation="vertical"
        series={[
          { name: "current", label: t("charts.current"), color: CURRENT },
          ...(withComparison ? [{ name: "previous", label: t("charts.previous"), color: PREVIOUS }] : []),
        ]}
        valueFormatter={money}
        xAxisProps={{ tickFormatter: tick }}
        yAxisProps={{ width: 96 }}
        withLegend={withComparison}
        legendProps={{ verticalAlign: "bottom", height: 40 }}
        barProps={noAnimation}
        maxBarWidth={22}
        gridAxis="x"
      />
    </div>
  );
}

/** The five machines that brought the most and the five that brought the least, each beside its comparison. */
export function TopBottomChart({ rows, withComparison }: { rows: RevenueRow[]; withComparison: boolean }) {
  const { t } = useTranslation("reports");
  if (rows.length === 0) return <Empty testId="top-bottom-chart-empty" />;
  const { top, bottom } = topAndBottom(rows);
  const labelWidth = Math.min(180, Math.max(48, ...rows.map((r) => r.label.length * 7)));
  const chart = (list: RevenueRow[], color: string, testId: string, title: string) => (
    <Stack gap={4} data-testid={testId}>
      <Title order={4} size="h6">
        {title}
      </Title>
      <BarChart
        h={Math.max(120, 40 * list.length + 50)}
        data={list.map((r) => ({ machine: r.label, current: r.totalCents, ...(withComparison ? { previous: r.compareTotalCents ?? 0 } : {}) }))}
        dataKey="machine"
        orientation="vertical"
        series={[
          { name: "current", label: t("charts.current"), color },
          ...(withComparison ? [{ name: "previous", label: t("charts.previous"), color: PREVIOUS }] : []),
        ]}
        valueFormatter={money}
        xAxisProps={{ tickFormatter: tick }}
        yAxisProps={{ width: labelWidth }}
        barProps={noAnimation}
        maxBarWidth={16}
        gridAxis="x"
      />
    </Stack>
  );
  return (
    <div role="img" aria-label={t("charts.topBottomLabel")} data-testid="top-bottom-chart">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {chart(top, "teal.7", "top-machines", t("charts.top"))}
        {bottom.length ? chart(bottom, "orange.7", "bottom-machines", t("charts.bottom")) : null}
      </SimpleGrid>
    </div>
  );
}
