import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { useTranslation } from "react-i18next";
import { formatDisplayDate } from "@tumble/domain/dateFormat";

// Messages per day by delivery status, stacked; the charts' CSS travels with this screen's chunk.

const SERIES = [
  { key: "sent", color: "green.6" },
  { key: "logged", color: "yellow.6" },
  { key: "queued", color: "gray.5" },
  { key: "sending", color: "blue.6" },
  { key: "retrying", color: "orange.6" },
  { key: "failed", color: "red.6" },
  { key: "cancelled", color: "gray.7" },
] as const;

export function OutboxChart({ days }: { days: ReadonlyArray<{ day: string } & Record<string, number | string>> }) {
  const { t } = useTranslation("emailDashboard");
  const data = days.map((d) => {
    const row: Record<string, number | string> = { day: formatDisplayDate(d.day) };
    for (const s of SERIES) row[t(`statuses.${s.key}`)] = Number(d[s.key] ?? 0);
    return row;
  });
  const total = days.reduce((sum, d) => sum + SERIES.reduce((n, s) => n + Number(d[s.key] ?? 0), 0), 0);
  return (
    <div role="img" aria-label={t("chartLabel", { count: total })} data-testid="outbox-chart">
      <BarChart
        h={200}
        data={data}
        dataKey="day"
        type="stacked"
        series={SERIES.map((s) => ({ name: t(`statuses.${s.key}`), color: s.color }))}
        withLegend
        maxBarWidth={36}
      />
    </div>
  );
}
