import "@mantine/charts/styles.css";
import { LineChart } from "@mantine/charts";
import { Alert, List } from "@mantine/core";
import { IconTrendingUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { UTILITY_BANDS } from "@tumble/domain/economics";
import { formatMonth } from "@tumble/domain/dateFormat";
import { formatPercent } from "@tumble/domain/numberFormat";
import { ChartCard } from "../../../../ui/ChartCard";
import type { PnlReport } from "./api";

// The utility ratio of the 13 months up to the period's last month begun, against the trade's
// bands, and the stores whose last month rose beyond their own normal (the median of the twelve
// before it: packages/domain/src/economics.ts utilityRise).

export function UtilityRiseAlert({ utility, storeId }: { utility: PnlReport["utility"]; storeId: string | undefined }) {
  const { t, i18n } = useTranslation("economics");
  const rising = storeId ? (utility.scope.rising ? [{ ...utility.scope, storeId, name: "" }] : []) : utility.stores.filter((s) => s.rising);
  if (!rising.length) return null;
  const month = formatMonth(utility.month, i18n.language);
  const line = (s: (typeof rising)[number]) =>
    t(storeId ? "utilityTrend.risingStore" : "utilityTrend.risingIn", {
      store: s.name,
      month,
      current: formatPercent(s.currentPercent, i18n.language),
      normal: formatPercent(s.normalPercent, i18n.language),
    });
  return (
    <Alert color="orange" variant="light" icon={<IconTrendingUp aria-hidden />} title={t("utilityTrend.risingTitle")} data-testid="pnl-utility-rising">
      {rising.length === 1 ? (
        line(rising[0]!)
      ) : (
        <List size="sm">
          {rising.map((s) => (
            <List.Item key={s.storeId}>{line(s)}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

export function UtilityTrendChart({ utility }: { utility: PnlReport["utility"] }) {
  const { t, i18n } = useTranslation("economics");
  const known = utility.months.filter((m) => m.percent !== null);
  const label = (month: string) => formatMonth(month, i18n.language);
  // Whole tens up to 40 % at least, so the bands' lines sit inside.
  const top = Math.max(40, Math.ceil(Math.max(0, ...known.map((m) => m.percent!)) / 10) * 10);
  return (
    <ChartCard
      title={t("utilityTrend.title")}
      testId="pnl-utility-chart"
      empty={known.length < 2 ? t("utilityTrend.empty") : null}
      label={t("utilityTrend.label", {
        months: utility.months.map((m) => `${label(m.month)} ${m.percent === null ? "—" : formatPercent(m.percent, i18n.language)}`).join("; "),
      })}
    >
      <LineChart
        h={220}
        data={utility.months.map((m) => ({ month: label(m.month), percent: m.percent }))}
        dataKey="month"
        series={[{ name: "percent", label: t("bands.utility"), color: "teal.6" }]}
        valueFormatter={(v) => formatPercent(v, i18n.language)}
        yAxisProps={{ width: 48, domain: [0, top], ticks: Array.from({ length: top / 10 + 1 }, (_, i) => i * 10) }}
        referenceLines={[
          { y: UTILITY_BANDS.goodTo, color: "yellow.7", label: t("utilityTrend.goodTo", { value: UTILITY_BANDS.goodTo }) },
          { y: UTILITY_BANDS.problemFrom, color: "red.6", label: t("utilityTrend.problemFrom", { value: UTILITY_BANDS.problemFrom }) },
        ]}
        connectNulls={false}
        lineProps={{ isAnimationActive: false }}
        curveType="linear"
      />
    </ChartCard>
  );
}
