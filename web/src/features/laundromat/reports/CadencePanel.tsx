import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconClockExclamation } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayDate } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";
import { useQueryState } from "../../../lib/hooks";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { reportFailure, reportsApi, type CadenceMachine, type CadenceStore } from "./api";
import { csvMoney, dueByStore } from "./reportRules";
import type { ReportScope } from "./useReportScope";
import classes from "./reports.module.css";

type MachineLine = CadenceMachine & { storeName: string };

const days = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** When each coin box fills, what is due for collection, and stores gone longer than their usual interval. */
export function CadencePanel({ scope, print = false }: { scope: ReportScope; print?: boolean }) {
  const { t } = useTranslation("reports");
  const cadence = useQueryState(reportsApi.cadence, scope.storeId ? { storeId: scope.storeId } : {});
  const stores = cadence.data;
  const overdue = stores?.filter((s) => s.overdue) ?? [];
  const due = stores ? dueByStore(stores) : [];
  const many = (stores?.length ?? 0) > 1;
  const machines = useMemo<MachineLine[] | undefined>(() => stores?.flatMap((s) => s.machines.map((m) => ({ ...m, storeName: s.storeName }))), [stores]);

  const storeColumns = useMemo<DataColumn<CadenceStore>[]>(
    () => [
      { id: "store", header: t("columns.store"), cell: (s) => s.storeName, sortValue: (s) => s.storeName, card: "title", hideable: false },
      {
        id: "status",
        header: t("columns.status"),
        cell: (s) =>
          s.overdue ? (
            <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={14} aria-hidden />}>
              {t("cadence.overdueBadge")}
            </Badge>
          ) : s.lastCollected === null ? (
            <Text size="sm" c="dimmed" component="span">
              {t("cadence.never")}
            </Text>
          ) : (
            <Badge color="gray" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
              {t("cadence.onTime")}
            </Badge>
          ),
        sortValue: (s) => (s.overdue ? 2 : s.lastCollected === null ? 0 : 1),
        csv: (s) => (s.overdue ? t("cadence.overdueBadge") : s.lastCollected === null ? t("cadence.never") : t("cadence.onTime")),
        card: "badge",
      },
      {
        id: "lastCollected",
        header: t("columns.lastCollected"),
        cell: (s) => (s.lastCollected ? formatDisplayDate(s.lastCollected) : t("cadence.never")),
        sortValue: (s) => s.lastCollected,
        csv: (s) => s.lastCollected ?? "",
      },
      {
        id: "daysSince",
        header: t("columns.daysSince"),
        cell: (s) => (s.daysSinceLast === null ? "—" : s.daysSinceLast),
        sortValue: (s) => s.daysSinceLast,
        align: "right",
        card: "aside",
      },
      {
        id: "interval",
        header: t("columns.usualInterval"),
        cell: (s) => (s.usualIntervalDays === null ? t("cadence.unknown") : t("cadence.days", { value: days(s.usualIntervalDays) })),
        sortValue: (s) => s.usualIntervalDays,
        align: "right",
      },
    ],
    [t],
  );

  const machineColumns = useMemo<DataColumn<MachineLine>[]>(() => {
    const money = (id: string, header: string, pick: (m: MachineLine) => number | null): DataColumn<MachineLine> => ({
      id,
      header,
      cell: (m) => {
        const v = pick(m);
        return v === null ? "—" : formatUSD(v);
      },
      sortValue: pick,
      csv: (m) => csvMoney(pick(m)),
      align: "right",
    });
    return [
      { id: "machine", header: t("columns.machine"), cell: (m) => m.label, sortValue: (m) => m.label, card: "title", hideable: false },
      ...(many
        ? [
            {
              id: "store",
              header: t("columns.store"),
              cell: (m: MachineLine) => (
                <Text inherit component="span" style={{ whiteSpace: "nowrap" }}>
                  {m.storeName}
                </Text>
              ),
              sortValue: (m: MachineLine) => m.storeName,
            },
          ]
        : []),
      {
        id: "due",
        header: t("columns.due"),
        cell: (m) =>
          m.due ? (
            <Badge color="orange" variant="filled" leftSection={<IconClockExclamation size={14} aria-hidden />}>
              {t("cadence.dueBadge")}
            </Badge>
          ) : (
            <Text size="sm" c="dimmed" component="span" title={t("cadence.notDue")}>
              <span aria-hidden>—</span>
              <VisuallyHidden>{t("cadence.notDue")}</VisuallyHidden>
            </Text>
          ),
        sortValue: (m) => (m.due ? 1 : 0),
        csv: (m) => (m.due ? t("cadence.dueBadge") : t("cadence.notDue")),
        card: "badge",
      },
      {
        id: "predictedFull",
        header: t("columns.predictedFull"),
        cell: (m) => (m.predictedFullDate ? formatDisplayDate(m.predictedFullDate) : t("cadence.unknown")),
        sortValue: (m) => m.predictedFullDate,
        csv: (m) => m.predictedFullDate ?? "",
        card: "aside",
      },
      {
        id: "lastCollected",
        header: t("columns.lastCollected"),
        cell: (m) => (m.lastCollected ? formatDisplayDate(m.lastCollected) : t("cadence.never")),
        sortValue: (m) => m.lastCollected,
        csv: (m) => m.lastCollected ?? "",
      },
      money("daily", t("columns.dailyTake"), (m) => m.dailyTakeCents),
      money("accumulated", t("columns.accumulated"), (m) => m.accumulatedCents),
      money("capacity", t("columns.capacity"), (m) => m.capacityCents),
    ];
  }, [t, many]);

  return (
    <Stack gap="md" className={classes.tables} data-testid="cadence-report">
      <Text size="sm" c="dimmed">
        {t("cadence.hint")}
      </Text>
      {stores ? (
        overdue.length ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t("cadence.overdueTitle")} data-testid="cadence-overdue">
            <List size="sm" spacing={2}>
              {overdue.map((s) => (
                <List.Item key={s.storeId} data-testid="overdue-store">
                  {t("cadence.overdue", { store: s.storeName, days: s.daysSinceLast ?? 0, interval: days(s.usualIntervalDays ?? 0) })}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Group gap={6} c="teal" wrap="nowrap" align="flex-start" data-testid="cadence-none-overdue">
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm" c="teal">
              {t("cadence.noneOverdue")}
            </Text>
          </Group>
        )
      ) : null}
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t("cadence.dueTitle")}
        </Title>
        {stores && due.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="cadence-none-due">
            {t("cadence.noneDue")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: print ? 2 : 3 }} spacing="sm">
            {due.map(({ store, machines: list }) => (
              <Card key={store.storeId} withBorder radius="md" p="sm" data-testid="due-store">
                <Text fw={700} size="sm" mb={4}>
                  {t("cadence.dueStore", { store: store.storeName, count: list.length })}
                </Text>
                <List size="sm" spacing={2}>
                  {list.map((m) => (
                    <List.Item key={m.machineId} data-testid="due-machine">
                      {m.label} · {m.predictedFullDate ? formatDisplayDate(m.predictedFullDate) : "—"}
                      {m.accumulatedCents !== null && m.capacityCents ? ` · ${formatUSD(m.accumulatedCents)} / ${formatUSD(m.capacityCents)}` : ""}
                    </List.Item>
                  ))}
                </List>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {many ? (
        <DataTable
          tableId="reports-cadence-stores"
          caption={t("cadence.storesCaption")}
          columns={storeColumns}
          data={stores}
          error={reportFailure(cadence.error, t("common:errors.requestFailed"))}
          getRowId={(s) => s.storeId}
          rowName={(s) => s.storeName}
          defaultSort={{ id: "status", desc: true }}
          emptyText={t("cadence.empty")}
          testId="cadence-stores"
          rowTestId="cadence-store-row"
          rowAttributes={(s) => ({ "data-overdue": s.overdue ? "true" : undefined })}
          exportName={scope.canExport ? t("cadence.exportStores") : undefined}
        />
      ) : null}
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t("cadence.machinesTitle")}
        </Title>
        <DataTable
          tableId="reports-cadence-machines"
          caption={t("cadence.machinesTitle")}
          columns={machineColumns}
          data={machines}
          error={reportFailure(cadence.error, t("common:errors.requestFailed"))}
          getRowId={(m) => m.machineId}
          rowName={(m) => m.label}
          defaultSort={{ id: "predictedFull", desc: false }}
          emptyText={t("cadence.empty")}
          testId="cadence-machines"
          rowTestId="cadence-machine-row"
          rowAttributes={(m) => ({ "data-due": m.due ? "true" : undefined })}
          pageSize={print ? 10_000 : undefined}
          exportName={scope.canExport ? `${t("cadence.exportMachines")}-${scope.allStores ? t("scope.all") : scope.selectedStoreName}` : undefined}
        />
      </Stack>
    </Stack>
  );
}
