import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";

// One row per name, the selection's figure beside the comparison period's in grey, drawn across
// (names on the left). Animations are off.

export interface ComparisonRow {
  name: string;
  current: number | null;
  previous: number | null;
}

export function ComparisonBars({
  rows,
  labels,
  color,
  valueFormatter,
  tickFormatter,
  nameWidth = 110,
}: {
  rows: readonly ComparisonRow[];
  /** The two series' names in the legend and tooltip. */
  labels: { current: string; previous: string };
  color: string;
  valueFormatter: (value: number) => string;
  tickFormatter?: (value: number) => string;
  nameWidth?: number;
}) {
  return (
    <BarChart
      h={Math.max(150, 52 * rows.length + 70)}
      data={rows.map((r) => ({ ...r }))}
      dataKey="name"
      orientation="vertical"
      series={[
        { name: "current", label: labels.current, color },
        { name: "previous", label: labels.previous, color: "gray.6" },
      ]}
      valueFormatter={valueFormatter}
      xAxisProps={tickFormatter ? { tickFormatter } : undefined}
      yAxisProps={{ width: nameWidth }}
      withLegend
      legendProps={{ verticalAlign: "bottom", height: 40 }}
      barProps={{ isAnimationActive: false }}
      maxBarWidth={18}
      gridAxis="x"
    />
  );
}
