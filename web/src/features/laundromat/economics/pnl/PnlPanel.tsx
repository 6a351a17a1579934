import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LABOUR_BANDS, monthsBetween, UTILITY_BANDS, type Band, type PnlComparison, type PnlLineKey, type PnlPeriod } from "@tumble/domain/economics";
import { formatMonth } from "@tumble/domain/dateFormat";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { formatDecimal, formatPercent } from "@tumble/domain/numberFormat";
import { changePercent } from "@tumble/domain/reports";
import { errorText } from "../../../../lib/errorText";
import { useQueryState } from "../../../../lib/hooks";
import { ChartCard } from "../../../../ui/ChartCard";
import { StatCard } from "../../../../ui/StatCard";
import { DataTable } from "../../../../ui/table/DataTable";
import type { DataColumn } from "../../../../ui/table/types";
import { economicsApi, type Pnl, type PnlReport } from "./api";
import { PdfButton } from "./PdfButton";
import { UtilityRiseAlert, UtilityTrendChart } from "./UtilityTrend";

// The P&L of the selected store (or every store): revenue by source and expenses by category
// beside the comparison period, each with where it comes from, operating profit and margin, the
// utility ratio and labour share against the usual bands, whether the period is closed, and month
// by month revenue against expenses. A figure opens its entries.

export const BAND_COLOR: Record<Band, string> = { low: "blue", good: "green", watch: "yellow", problem: "red" };

interface FigureRow {
  key: PnlLineKey;
  line: string;
  cents: number;
  compareCents: number;
  sources: string[];
}

const csvCents = (cents: number | null) => (cents === null ? "" : centsToDollarString(cents));

function rowsOf(current: Pnl, previous: Pnl, kind: "revenue" | "expense"): FigureRow[] {
  const now = kind === "revenue" ? current.revenue : current.expenses;
  const before = kind === "revenue" ? previous.revenue : previous.expenses;
  const lines = [...new Set([...now.map((f) => f.line), ...before.map((f) => f.line)])];
  return lines.map((line) => {
    const f = now.find((x) => x.line === line);
    return {
      key: `${kind}:${line}` as PnlLineKey,
      line,
      cents: f?.cents ?? 0,
      compareCents: before.find((x) => x.line === line)?.cents ?? 0,
      sources: f?.sources ?? [],
    };
  });
}

function ChangeText({ current, previous }: { current: number; previous: number }) {
  const { t, i18n } = useTranslation("economics");
  const percent = changePercent(current, previous);
  if (percent === null) return <>—</>;
  return <>{t("pnl.change", { percent: `${percent > 0 ? "+" : ""}${formatDecimal(percent, i18n.language, 1)}` })}</>;
}

function FigureTable({
  kind,
  rows,
  onOpen,
  exportName,
}: {
  kind: "revenue" | "expense";
  rows: FigureRow[] | undefined;
  onOpen: (key: PnlLineKey) => void;
  exportName?: string;
}) {
  const { t } = useTranslation("economics");
  const columns = useMemo<DataColumn<FigureRow>[]>(
    () => [
      {
        id: "line",
        header: t("pnl.columns.line"),
        cell: (r) => (
          <Text fw={600} inherit component="span">
            {t(`lines.${r.line}`)}
          </Text>
        ),
        sortValue: (r) => t(`lines.${r.line}`),
        card: "title",
        hideable: false,
      },
      {
        id: "amount",
        width: "15%",
        header: t("pnl.columns.amount"),
        cell: (r) => formatUSD(r.cents),
        sortValue: (r) => r.cents,
        csv: (r) => csvCents(r.cents),
        align: "right",
        card: "aside",
        hideable: false,
      },
      {
        id: "compare",
        width: "15%",
        header: t("pnl.columns.compare"),
        cell: (r) => formatUSD(r.compareCents),
        sortValue: (r) => r.compareCents,
        csv: (r) => csvCents(r.compareCents),
        align: "right",
      },
      {
        id: "change",
        width: "11%",
        header: t("pnl.columns.change"),
        cell: (r) => <ChangeText current={r.cents} previous={r.compareCents} />,
        sortValue: (r) => changePercent(r.cents, r.compareCents),
        align: "right",
      },
      {
        id: "source",
        // Shares of the width, as the figures': the revenue and expense tables' columns line up.
        width: "22%",
        header: t("pnl.columns.source"),
        cell: (r) => (
          <Group gap={4} wrap="wrap">
            {r.sources.map((s) => (
              // Wrapped, not cut: Spanish sources are long ("Facturas de servicios") in a narrow column.
              <Badge key={s} variant="light" color="gray" size="sm" tt="none" h="auto" styles={{ label: { whiteSpace: "normal", textAlign: "left" } }}>
                {t(`sources.${s}`)}
              </Badge>
            ))}
          </Group>
        ),
        sortValue: (r) => r.sources.map((s) => t(`sources.${s}`)).join(", "),
      },
    ],
    [t],
  );
  return (
    <DataTable
      tableId={`economics-pnl-${kind}`}
      caption={t(`pnl.${kind}Caption`)}
      columns={columns}
      data={rows}
      getRowId={(r) => r.key}
      rowName={(r) => t(`lines.${r.line}`)}
      onRowClick={(r) => onOpen(r.key)}
      rowLabel={(r) => t("pnl.openEntries", { line: t(`lines.${r.line}`) })}
      emptyText={t(`pnl.${kind}Empty`)}
      testId={`pnl-${kind}-table`}
      rowTestId={`pnl-${kind}-row`}
      rowAttributes={(r) => ({ "data-line": r.line, "data-cents": String(r.cents) })}
      exportName={exportName}
    />
  );
}

function BandCard({
  kind,
  percent,
  band,
  cents,
  months,
}: {
  kind: "utility" | "labour";
  percent: number | null;
  band: Band | null;
  cents: number;
  /** For the labour share: the months with revenue, and of them those with labour recorded. */
  months?: { revenue: number; labour: number };
}) {
  const { t, i18n } = useTranslation("economics");
  const bands = kind === "utility" ? t("bands.utilityHint", { ...UTILITY_BANDS }) : t("bands.labourHint", { ...LABOUR_BANDS });
  return (
    <Card withBorder radius="md" p="md" data-testid={`pnl-${kind}-ratio`}>
      <Text size="sm" c="dimmed">
        {t(`bands.${kind}`)}
      </Text>
      <Group gap="xs" align="baseline">
        <Text size="xl" fw={700} data-testid={`pnl-${kind}-ratio-value`}>
          {formatPercent(percent, i18n.language)}
        </Text>
        {band ? (
          <Badge color={BAND_COLOR[band]} variant="light">
            {t(`bands.${band}`)}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {formatUSD(cents)} · {bands}
      </Text>
      {months && months.labour < months.revenue ? (
        <Text size="xs" c="dimmed" fw={600} data-testid="pnl-labour-months">
          {t("bands.labourMonths", { recorded: months.labour, count: months.revenue })}
        </Text>
      ) : null}
    </Card>
  );
}

function PeriodStatus({ status }: { status: PnlReport["status"] }) {
  const { t } = useTranslation("economics");
  const color = status.cash === "closed" ? "green" : status.cash === "partly" ? "yellow" : "gray";
  return (
    <Group gap="xs" wrap="wrap" data-testid="pnl-status">
      <Badge color={color} variant="light">
        {t(`status.${status.cash}`)}
      </Badge>
      <Text size="sm" c="dimmed">
        {status.bankLinesOpen ? t("status.bankOpen", { count: status.bankLinesOpen }) : t("status.bankClear")}
      </Text>
    </Group>
  );
}

export function PnlPanel({
  storeId,
  period,
  anchor,
  compare,
  canExport,
  storeName,
  onOpen,
}: {
  storeId: string | undefined;
  period: PnlPeriod;
  anchor: string;
  compare: PnlComparison;
  canExport: boolean;
  storeName: string;
  onOpen: (key: PnlLineKey) => void;
}) {
  const { t, i18n } = useTranslation("economics");
  const report = useQueryState(economicsApi.storePnl, { ...(storeId ? { storeId } : {}), period, anchor, compare });
  const r = report.data;
  const failure = report.error ? errorText(report.error, t("common:errors.requestFailed")) : null;
  const revenueRows = r ? rowsOf(r.current, r.previous, "revenue") : undefined;
  const expenseRows = r ? rowsOf(r.current, r.previous, "expense") : undefined;
  const exportBase = r && canExport ? `${storeName}-${r.period.from}-${r.period.to}` : undefined;
  const storeColumns = useMemo<DataColumn<PnlReport["stores"][number]>[]>(
    () => [
      { id: "name", header: t("pnl.columns.store"), cell: (s) => s.name, sortValue: (s) => s.name, card: "title", hideable: false },
      {
        id: "revenue",
        header: t("pnl.revenue"),
        cell: (s) => formatUSD(s.revenueCents),
        sortValue: (s) => s.revenueCents,
        csv: (s) => csvCents(s.revenueCents),
        align: "right",
      },
      {
        id: "expenses",
        header: t("pnl.expenses"),
        cell: (s) => formatUSD(s.expenseCents),
        sortValue: (s) => s.expenseCents,
        csv: (s) => csvCents(s.expenseCents),
        align: "right",
      },
      {
        id: "profit",
        header: t("pnl.profit"),
        cell: (s) => formatUSD(s.operatingProfitCents),
        sortValue: (s) => s.operatingProfitCents,
        csv: (s) => csvCents(s.operatingProfitCents),
        align: "right",
        card: "aside",
      },
      {
        id: "margin",
        header: t("pnl.margin"),
        cell: (s) => formatPercent(s.marginPercent, i18n.language),
        sortValue: (s) => s.marginPercent,
        align: "right",
      },
      {
        id: "utility",
        header: t("bands.utility"),
        cell: (s) => formatPercent(s.utilityPercent, i18n.language),
        sortValue: (s) => s.utilityPercent,
        align: "right",
      },
    ],
    [t, i18n.language],
  );

  if (failure) {
    return (
      <Alert color="red" icon={<IconInfoCircle aria-hidden />} data-testid="pnl-error">
        {failure}
      </Alert>
    );
  }
  const current = r?.current;
  const previous = r?.previous;
  const money = (cents: number | undefined) => (cents === undefined ? "…" : formatUSD(cents));
  const versus = (cents: number | undefined) => (cents === undefined ? undefined : t("pnl.versus", { amount: formatUSD(cents) }));
  const monthLabel = (month: string) => formatMonth(month, i18n.language);
  // A month with expenses and no verified collection is missing its coin revenue, not a month without revenue.
  const missingMonths = r ? r.months.filter((m) => m.collectionsCents === 0 && m.expenseCents > 0).map((m) => m.month) : [];
  // History that begins inside the comparison (a first year in Tumble): its changes are not like for like.
  const thinComparison = current && previous && previous.months.revenue > 0 && previous.months.revenue < current.months.revenue;

  return (
    <Stack gap="md" data-testid="pnl-panel">
      <Group justify="space-between" gap="xs" wrap="wrap">
        {r ? <PeriodStatus status={r.status} /> : <span />}
        {storeId && period === "month" && canExport ? <PdfButton storeId={storeId} month={anchor.slice(0, 7)} /> : null}
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs">
        <StatCard testId="pnl-revenue" label={t("pnl.revenue")} value={money(current?.revenueCents)} hint={versus(previous?.revenueCents)} />
        <StatCard testId="pnl-expenses" label={t("pnl.expenses")} value={money(current?.expenseCents)} hint={versus(previous?.expenseCents)} />
        <StatCard testId="pnl-profit" label={t("pnl.profit")} value={money(current?.operatingProfitCents)} hint={versus(previous?.operatingProfitCents)} />
        <StatCard
          testId="pnl-margin"
          label={t("pnl.margin")}
          value={current ? formatPercent(current.marginPercent, i18n.language) : "…"}
          hint={previous && previous.marginPercent !== null ? t("pnl.versus", { amount: formatPercent(previous.marginPercent, i18n.language) }) : undefined}
        />
      </SimpleGrid>
      {r && thinComparison ? (
        <Text size="sm" c="dimmed" fw={600} data-testid="pnl-thin-comparison">
          {t("pnl.thinComparison", {
            from: monthLabel(r.compare.from.slice(0, 7)),
            to: monthLabel(r.compare.to.slice(0, 7)),
            months: previous!.months.revenue,
            count: monthsBetween(r.compare.from, r.compare.to).length,
          })}
        </Text>
      ) : null}
      {current ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <BandCard kind="utility" percent={current.utilityPercent} band={current.utilityBand} cents={current.utilityCents} />
          <BandCard kind="labour" percent={current.labourPercent} band={current.labourBand} cents={current.labourCents} months={current.months} />
        </SimpleGrid>
      ) : null}
      {r ? <UtilityRiseAlert utility={r.utility} storeId={storeId} /> : null}
      <Title order={2} size="h4">
        {t("pnl.revenue")}
      </Title>
      <FigureTable kind="revenue" rows={revenueRows} onOpen={onOpen} exportName={exportBase && `${t("pnl.revenueExport")}-${exportBase}`} />
      <Title order={2} size="h4">
        {t("pnl.expenses")}
      </Title>
      <FigureTable kind="expense" rows={expenseRows} onOpen={onOpen} exportName={exportBase && `${t("pnl.expenseExport")}-${exportBase}`} />
      {current ? (
        <Card withBorder radius="md" p="md" data-testid="pnl-bottom-line">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={700}>{t("pnl.profit")}</Text>
            <Text fw={700}>{formatUSD(current.operatingProfitCents)}</Text>
          </Group>
          {current.loanPaymentsCents ? (
            <>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text
                  component="button"
                  type="button"
                  onClick={() => onOpen("expense:loan")}
                  style={{ background: "none", border: 0, padding: 0, textDecoration: "underline", cursor: "pointer", color: "inherit" }}
                >
                  {t("lines.loan")}
                </Text>
                <Text>−{formatUSD(current.loanPaymentsCents)}</Text>
              </Group>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text>{t("pnl.afterLoans")}</Text>
                <Text fw={600}>{formatUSD(current.afterLoansCents)}</Text>
              </Group>
            </>
          ) : null}
        </Card>
      ) : null}
      {r && missingMonths.length ? (
        <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="pnl-missing-collections">
          {t("pnl.missingCollections", { count: missingMonths.length, months: missingMonths.map(monthLabel).join(", ") })}
        </Alert>
      ) : null}
      {current && current.superseded.length ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={t("superseded.title")} data-testid="pnl-superseded">
          <List size="sm">
            {current.superseded.map((s) => (
              <List.Item key={`${s.line}-${s.source}-${s.by}`}>
                {t("superseded.item", { amount: formatUSD(s.cents), line: t(`lines.${s.line}`), source: t(`sources.${s.source}`), by: t(`sources.${s.by}`) })}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {r && r.months.length > 1 ? (
        <ChartCard
          title={t("chart.title")}
          testId="pnl-months-chart"
          label={t("chart.label", {
            months: r.months
              .map((m) => t("chart.month", { month: monthLabel(m.month), revenue: formatUSD(m.revenueCents), expenses: formatUSD(m.expenseCents) }))
              .join("; "),
          })}
        >
          <BarChart
            h={240}
            data={r.months.map((m) => ({ month: monthLabel(m.month), revenue: m.revenueCents, expenses: m.expenseCents }))}
            dataKey="month"
            series={[
              { name: "revenue", label: t("pnl.revenue"), color: "blue.6" },
              { name: "expenses", label: t("pnl.expenses"), color: "orange.6" },
            ]}
            valueFormatter={(v) => formatUSD(Math.round(v))}
            yAxisProps={{ tickFormatter: (v: number) => formatUSD(Math.round(v / 100) * 100).replace(/\.00$/, ""), width: 72 }}
            withLegend
            legendProps={{ verticalAlign: "bottom", height: 40 }}
            barProps={{ isAnimationActive: false }}
            maxBarWidth={28}
          />
        </ChartCard>
      ) : null}
      {r ? <UtilityTrendChart utility={r.utility} /> : null}
      {r && !storeId && r.stores.length > 1 ? (
        <>
          <Title order={2} size="h4">
            {t("pnl.byStore")}
          </Title>
          <DataTable
            tableId="economics-pnl-stores"
            caption={t("pnl.byStore")}
            columns={storeColumns}
            data={r.stores}
            getRowId={(s) => s.storeId}
            rowName={(s) => s.name}
            emptyText={t("pnl.revenueEmpty")}
            testId="pnl-stores-table"
            exportName={exportBase && `${t("pnl.storesExport")}-${exportBase}`}
          />
        </>
      ) : null}
    </Stack>
  );
}
