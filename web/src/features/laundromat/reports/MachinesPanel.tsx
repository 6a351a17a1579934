import { Badge, Group, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayDate } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";
import { useQueryState } from "../../../lib/hooks";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { NoStorePrompt } from "../collections/NoStorePrompt";
import { reportFailure, reportsApi, type MachineRow } from "./api";
import { ChangePercent } from "./Change";
import { csvMoney } from "./reportRules";
import type { ReportScope } from "./useReportScope";
import classes from "./reports.module.css";

/** Per machine of the selected store: revenue, per day in service, share, trend, last collected and the expected figure. */
export function MachinesPanel({ scope, print = false }: { scope: ReportScope; print?: boolean }) {
  const { t } = useTranslation("reports");
  const storeId = scope.selectedStoreId;
  const machines = useQueryState(reportsApi.machines, storeId ? { storeId, from: scope.period.from, to: scope.period.to } : "skip");
  const columns = useMemo<DataColumn<MachineRow>[]>(() => {
    const money = (
      id: string,
      header: string,
      pick: (m: MachineRow) => number | null,
      extra: Partial<DataColumn<MachineRow>> = {},
    ): DataColumn<MachineRow> => ({
      id,
      header,
      cell: (m) => {
        const v = pick(m);
        return v === null ? "—" : formatUSD(v);
      },
      sortValue: pick,
      csv: (m) => csvMoney(pick(m)),
      align: "right",
      ...extra,
    });
    return [
      {
        id: "label",
        header: t("columns.machine"),
        cell: (m) => (
          <div>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} inherit component="span">
                {m.label}
              </Text>
              {m.isActive ? null : (
                <Badge color="gray" variant="light" size="sm">
                  {t("machines.inactive")}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {m.typeName}
            </Text>
          </div>
        ),
        sortValue: (m) => m.label,
        card: "title",
        hideable: false,
      },
      { id: "section", header: t("columns.section"), cell: (m) => m.sectionName, sortValue: (m) => m.sectionName },
      // Shown as sub-lines on screen; their own columns in the CSV.
      { id: "type", header: t("columns.type"), cell: (m) => m.typeName, csv: (m) => m.typeName, exportOnly: true },
      {
        id: "category",
        header: t("columns.category"),
        cell: (m) => m.category,
        csv: (m) => t(`categories.${m.category}`, { defaultValue: m.category }),
        exportOnly: true,
      },
      money("total", t("columns.total"), (m) => m.totalCents, {
        cell: (m) => (
          <Text fw={700} inherit component="span">
            {formatUSD(m.totalCents)}
          </Text>
        ),
        card: "aside",
        hideable: false,
      }),
      money("coins", t("columns.coins"), (m) => m.coinsCents),
      money("bills", t("columns.bills"), (m) => m.billsCents),
      money("perDay", t("columns.perDay"), (m) => m.perDayCents, {
        cell: (m) => (
          <div>
            <Text inherit component="span">
              {m.perDayCents === null ? "—" : formatUSD(m.perDayCents)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {t("machines.inService", { count: m.daysInService })}
            </Text>
          </div>
        ),
      }),
      { id: "daysInService", header: t("columns.daysInService"), cell: (m) => m.daysInService, csv: (m) => m.daysInService, exportOnly: true },
      {
        id: "share",
        header: t("columns.share"),
        cell: (m) => (m.sharePercent === null ? "—" : `${m.sharePercent.toFixed(1)}%`),
        sortValue: (m) => m.sharePercent,
        csv: (m) => (m.sharePercent === null ? "" : m.sharePercent.toFixed(1)),
        align: "right",
      },
      {
        id: "trend",
        header: t("columns.trend"),
        cell: (m) => <ChangePercent percent={m.trendPercent} />,
        sortValue: (m) => m.trendPercent,
        csv: (m) => (m.trendPercent === null ? "" : m.trendPercent.toFixed(1)),
        align: "right",
      },
      {
        id: "lastCollected",
        header: t("columns.lastCollected"),
        cell: (m) =>
          m.lastCollected ? (
            <div>
              <Text inherit component="span">
                {formatDisplayDate(m.lastCollected)}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {t("machines.daysAgo", { count: m.daysSince ?? 0 })}
              </Text>
            </div>
          ) : (
            t("machines.never")
          ),
        sortValue: (m) => m.lastCollected,
        csv: (m) => m.lastCollected ?? "",
      },
      { id: "daysSince", header: t("columns.daysSince"), cell: (m) => m.daysSince, csv: (m) => m.daysSince ?? "", exportOnly: true },
      money("expected", t("columns.expected"), (m) => m.expectedCents),
    ];
  }, [t]);

  if (!storeId) return <NoStorePrompt />;
  return (
    <Stack gap="xs" className={classes.tables} data-testid="machines-report">
      <Group gap="xs" wrap="wrap">
        {scope.allStores ? (
          <Text size="sm" fw={600}>
            {t("scope.machinesOneStore", { store: scope.selectedStoreName })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t("machines.trendHint")}
        </Text>
      </Group>
      <DataTable
        tableId="reports-machines"
        caption={t("machines.caption")}
        columns={columns}
        data={machines.data}
        error={reportFailure(machines.error, t("common:errors.requestFailed"))}
        getRowId={(m) => m.machineId}
        rowName={(m) => m.label}
        defaultSort={{ id: "total", desc: true }}
        emptyText={t("machines.empty")}
        testId="machines-table"
        rowTestId="machine-row"
        rowAttributes={(m) => ({ "data-label": m.label, "data-total": String(m.totalCents) })}
        pageSize={print ? 10_000 : undefined}
        exportName={scope.canExport ? `${t("machines.export")}-${scope.selectedStoreName}-${scope.period.from}-${scope.period.to}` : undefined}
      />
    </Stack>
  );
}
