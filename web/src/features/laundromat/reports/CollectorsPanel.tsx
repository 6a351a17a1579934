import "@mantine/charts/styles.css";
import { LineChart } from "@mantine/charts";
import { Alert, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayDate, formatDisplayRange } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";
import { useQueryState } from "../../../lib/hooks";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { reportFailure, reportsApi, type CollectorRow } from "./api";
import { collectorRange, csvMoney } from "./reportRules";
import type { ReportScope } from "./useReportScope";
import classes from "./reports.module.css";

function FlagBadge() {
  const { t } = useTranslation("reports");
  return (
    <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={14} aria-hidden />} data-testid="collector-flag">
      {t("collectors.flagged")}
    </Badge>
  );
}

/** One collector's collected and expected figures per week. */
function CollectorWeeks({ collector }: { collector: CollectorRow }) {
  const { t } = useTranslation("reports");
  const data = collector.weeks.map((w) => ({ week: formatDisplayDate(w.week), collected: w.collectedCents, expected: w.expectedCents || null }));
  return (
    <Card withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        {t("collectors.chart", { name: collector.name })}
      </Title>
      <div role="img" aria-label={t("collectors.chartLabel", { name: collector.name, count: data.length })} data-testid="collector-chart">
        <LineChart
          h={220}
          data={data}
          dataKey="week"
          series={[
            { name: "collected", label: t("collectors.collected"), color: collector.flagged ? "red.7" : "blue.6" },
            { name: "expected", label: t("collectors.expected"), color: "gray.6", strokeDasharray: "6 4" },
          ]}
          valueFormatter={(v) => formatUSD(Math.round(v))}
          yAxisProps={{ width: 72, tickFormatter: (v: number) => formatUSD(Math.round(v / 100) * 100).replace(/\.00$/, "") }}
          withLegend
          legendProps={{ verticalAlign: "bottom", height: 40 }}
          lineProps={{ isAnimationActive: false }}
          connectNulls
          curveType="linear"
        />
      </div>
    </Card>
  );
}

/** Each collector against the expected figures: collected, % of expected, low lines, reject rate; flagged ones stand out. */
export function CollectorsPanel({
  scope,
  selectedId,
  onSelect,
  print = false,
}: {
  scope: ReportScope;
  selectedId?: string;
  onSelect?: (id: string) => void;
  print?: boolean;
}) {
  const { t } = useTranslation("reports");
  const range = collectorRange(scope.period.from, scope.period.to);
  const collectors = useQueryState(reportsApi.collectors, { ...(scope.storeId ? { storeId: scope.storeId } : {}), from: range.from, to: range.to });
  const rows = collectors.data;
  const flagged = rows?.filter((r) => r.flagged) ?? [];
  const shown = rows?.find((r) => r.collectorId === selectedId) ?? flagged[0] ?? rows?.[0];
  const columns = useMemo<DataColumn<CollectorRow>[]>(
    () => [
      {
        id: "name",
        header: t("columns.collector"),
        cell: (r) => (
          <Group gap={6} wrap="wrap">
            <Text inherit component="span" fw={r.flagged ? 700 : undefined}>
              {r.name}
            </Text>
            {r.flagged ? <FlagBadge /> : null}
          </Group>
        ),
        sortValue: (r) => r.name,
        card: "title",
        hideable: false,
      },
      { id: "collections", header: t("columns.collections"), cell: (r) => r.collections, sortValue: (r) => r.collections, align: "right" },
      { id: "lines", header: t("columns.lines"), cell: (r) => r.lines, csv: (r) => r.lines, exportOnly: true },
      {
        id: "collected",
        header: t("columns.collected"),
        cell: (r) => formatUSD(r.collectedCents),
        sortValue: (r) => r.collectedCents,
        csv: (r) => csvMoney(r.collectedCents),
        align: "right",
      },
      {
        id: "expected",
        header: t("columns.expectedTotal"),
        cell: (r) => (r.expectedCents ? formatUSD(r.expectedCents) : "—"),
        sortValue: (r) => r.expectedCents,
        csv: (r) => csvMoney(r.expectedCents),
        align: "right",
      },
      {
        id: "percent",
        header: t("columns.percentOfExpected"),
        cell: (r) =>
          r.percentOfExpected === null ? (
            "—"
          ) : (
            <Text inherit component="span" fw={r.flagged ? 700 : undefined} c={r.flagged ? "red" : undefined}>
              {`${r.percentOfExpected.toFixed(1)}%`}
            </Text>
          ),
        sortValue: (r) => r.percentOfExpected,
        csv: (r) => (r.percentOfExpected === null ? "" : r.percentOfExpected.toFixed(1)),
        align: "right",
        card: "aside",
      },
      { id: "low", header: t("columns.lowLines"), cell: (r) => r.lowLines, sortValue: (r) => r.lowLines, align: "right" },
      { id: "rejected", header: t("columns.rejected"), cell: (r) => r.rejected, sortValue: (r) => r.rejected, align: "right" },
      {
        id: "rejectRate",
        header: t("columns.rejectRate"),
        cell: (r) => (r.rejectRatePercent === null ? "—" : `${r.rejectRatePercent.toFixed(1)}%`),
        sortValue: (r) => r.rejectRatePercent,
        csv: (r) => (r.rejectRatePercent === null ? "" : r.rejectRatePercent.toFixed(1)),
        align: "right",
      },
      {
        id: "flag",
        header: t("columns.flag"),
        cell: (r) => (r.flagged ? t("collectors.flagged") : ""),
        csv: (r) => (r.flagged ? t("collectors.flagged") : ""),
        exportOnly: true,
      },
    ],
    [t],
  );
  return (
    <Stack gap="md" className={classes.tables} data-testid="collectors-report">
      <Text size="sm" c="dimmed">
        {t("collectors.hint")}
      </Text>
      {range.clamped ? (
        <Alert color="blue" variant="light" p="xs" data-testid="collectors-clamped">
          {t("collectors.clamped", { range: formatDisplayRange(range.from, range.to) })}
        </Alert>
      ) : null}
      {flagged.length ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t("collectors.flaggedCount", { count: flagged.length })}
          data-testid="collectors-flagged"
        >
          {flagged.map((r) => r.name).join(", ")}
        </Alert>
      ) : null}
      <div className={classes.collectors}>
        <DataTable
          tableId="reports-collectors"
          caption={t("collectors.caption")}
          columns={columns}
          data={rows}
          error={reportFailure(collectors.error, t("common:errors.requestFailed"))}
          getRowId={(r) => r.collectorId}
          rowName={(r) => r.name}
          defaultSort={{ id: "percent", desc: false }}
          emptyText={t("collectors.empty")}
          testId="collectors-table"
          rowTestId="collector-row"
          rowAttributes={(r) => ({ "data-flagged": r.flagged ? "true" : undefined, "data-collector": r.name })}
          onRowClick={onSelect ? (r) => onSelect(r.collectorId) : undefined}
          rowLabel={(r) => t("collectors.show", { name: r.name })}
          selectedId={shown?.collectorId ?? null}
          pageSize={print ? 10_000 : undefined}
          exportName={scope.canExport ? `${t("collectors.export")}-${range.from}-${range.to}` : undefined}
        />
      </div>
      {shown && shown.weeks.length ? <CollectorWeeks collector={shown} /> : null}
    </Stack>
  );
}
