import { Group, Stack, Text } from "@mantine/core";
import { centsToDollarString } from "@tumble/domain/money";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn, SortState } from "../../../ui/table/types";
import { hoursText, money, rangeLabel } from "../parts/format";
import { PeriodStatusBadge } from "../parts/StatusBadge";
import type { PayPeriodSummary } from "../parts/types";

export interface PeriodsListProps {
  periods: PayPeriodSummary[] | undefined;
  error: unknown;
  currentId: string | null;
  sort: SortState;
  onSortChange: (sort: SortState | null) => void;
  page: number;
  onPageChange: (page: number) => void;
  onOpen: (period: PayPeriodSummary) => void;
  canExport: boolean;
}

/** The company's pay periods, newest first: status, hours, overtime and gross, with what needs attention. */
export function PeriodsList(props: PeriodsListProps) {
  const { t } = useTranslation("payroll");
  const columns = useMemo<DataColumn<PayPeriodSummary>[]>(
    () => [
      {
        id: "period",
        header: t("columns.period"),
        card: "title",
        cell: (p) => (
          <Stack gap={0}>
            <Text fw={600} size="sm" style={{ whiteSpace: "nowrap" }}>
              {rangeLabel(p.startsOn, p.endsOn)}
            </Text>
            {p.id === props.currentId ? (
              <Text size="xs" c="dimmed">
                {t("periods.current")}
              </Text>
            ) : null}
          </Stack>
        ),
        sortValue: (p) => p.startsOn,
        csv: (p) => `${p.startsOn} – ${p.endsOn}`,
      },
      {
        id: "status",
        header: t("columns.status"),
        card: "badge",
        cell: (p) => <PeriodStatusBadge status={p.status} />,
        sortValue: (p) => t(`status.${p.status}`),
      },
      { id: "employees", header: t("columns.employees"), cell: (p) => p.employeeCount, sortValue: (p) => p.employeeCount, align: "right" },
      {
        id: "regular",
        header: t("columns.regularHours"),
        cell: (p) => hoursText(p.regularMinutes),
        sortValue: (p) => p.regularMinutes,
        csv: (p) => hoursText(p.regularMinutes),
        align: "right",
      },
      {
        id: "overtime",
        header: t("columns.overtimeHours"),
        cell: (p) => hoursText(p.overtimeMinutes + p.doubleMinutes),
        sortValue: (p) => p.overtimeMinutes + p.doubleMinutes,
        csv: (p) => hoursText(p.overtimeMinutes + p.doubleMinutes),
        align: "right",
      },
      {
        id: "overtimeCost",
        header: t("columns.overtimeCost"),
        cell: (p) => money(p.overtimeCostCents),
        sortValue: (p) => p.overtimeCostCents,
        csv: (p) => centsToDollarString(p.overtimeCostCents),
        align: "right",
      },
      {
        id: "gross",
        header: t("columns.gross"),
        card: "aside",
        cell: (p) => (
          <Text fw={700} inherit style={{ whiteSpace: "nowrap" }}>
            {money(p.grossCents)}
          </Text>
        ),
        sortValue: (p) => p.grossCents,
        csv: (p) => centsToDollarString(p.grossCents),
        align: "right",
      },
      {
        id: "warnings",
        header: t("columns.warnings"),
        cell: (p) => <WarningsCell period={p} />,
        sortValue: (p) => p.warnings.unverifiedEntries + p.warnings.employeesWithoutRate,
      },
    ],
    [t, props.currentId],
  );
  return (
    <DataTable
      tableId="pay-periods"
      caption={t("periods.caption")}
      columns={columns}
      data={props.periods}
      error={props.error}
      getRowId={(p) => p.id}
      rowName={(p) => rangeLabel(p.startsOn, p.endsOn)}
      sort={props.sort}
      onSortChange={props.onSortChange}
      page={props.page}
      onPageChange={props.onPageChange}
      onRowClick={props.onOpen}
      rowLabel={(p) => t("periods.open", { period: rangeLabel(p.startsOn, p.endsOn) })}
      emptyText={t("periods.empty")}
      exportName={props.canExport ? "pay-periods" : undefined}
      testId="pay-periods"
      rowTestId="pay-period-row"
      rowAttributes={(p) => ({ "data-period": p.id, "data-starts": p.startsOn, "data-status": p.status })}
    />
  );
}

function WarningsCell({ period }: { period: PayPeriodSummary }) {
  const { t } = useTranslation("payroll");
  const items = [
    period.warnings.unverifiedEntries > 0 ? t("warnings.unverifiedShort", { count: period.warnings.unverifiedEntries }) : null,
    period.warnings.employeesWithoutRate > 0 ? t("warnings.noRateShort", { count: period.warnings.employeesWithoutRate }) : null,
  ].filter((x): x is string => x !== null);
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("warnings.none")}
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" aria-hidden />
      <Text size="sm">{items.join(" · ")}</Text>
    </Group>
  );
}
