import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Alert, Badge, Group, List, Stack, Text } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { median } from "@tumble/domain/economics";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { formatDecimal } from "@tumble/domain/numberFormat";
import { errorText } from "../../../../lib/errorText";
import { useQueryState } from "../../../../lib/hooks";
import { ChartCard } from "../../../../ui/ChartCard";
import { DataTable } from "../../../../ui/table/DataTable";
import type { DataColumn } from "../../../../ui/table/types";
import { economicsApi, type MachineEconomicsRow } from "../pnl/api";

// Per machine of the selected store for the period: turns per day and revenue per cycle
// (estimated from revenue ÷ price), revenue per day against the type's median in the store and
// the fleet, payback and return of its purchase price, and the flag for a machine far below its
// type's median for weeks. CSV for those who may export reports.

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The store's median turns a day per machine type, over its machines with a price. */
function turnsByType(machines: readonly MachineEconomicsRow[]): Array<{ type: string; turns: number; count: number }> {
  const byType = new Map<string, number[]>();
  for (const m of machines) if (m.turnsPerDay !== null) byType.set(m.typeName, [...(byType.get(m.typeName) ?? []), m.turnsPerDay]);
  return [...byType].map(([type, turns]) => ({ type, turns: Math.round(median(turns)! * 100) / 100, count: turns.length })).sort((a, b) => b.turns - a.turns);
}

/** The flagged machines, each with its own weeks against its type's median: a drop, or always low. */
function FlaggedMachines({ machines }: { machines: readonly MachineEconomicsRow[] }) {
  const { t, i18n } = useTranslation("economics");
  const flagged = machines.filter((m) => m.flagged);
  if (!flagged.length) return null;
  const value = (turns: boolean, v: number | null) => (v === null ? "—" : turns ? formatDecimal(v, i18n.language, 1) : formatUSD(Math.round(v)));
  return (
    <Alert color="red" variant="light" title={t("machines.flaggedTitle")} data-testid="machines-flagged">
      <List size="sm" spacing={4}>
        {flagged.map((m) => {
          const turns = m.weeks.every((w) => w.turns);
          return (
            <List.Item key={m.machineId} data-testid="machines-flagged-item">
              {t(turns ? "machines.flaggedTurns" : "machines.flaggedRevenue", {
                machine: m.label,
                type: m.typeName,
                own: m.weeks.map((w) => value(turns, w.own)).join(" · "),
                median: m.weeks.map((w) => value(turns, w.median)).join(" · "),
                count: m.weeksBelow,
              })}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

function TurnsByTypeChart({ machines }: { machines: readonly MachineEconomicsRow[] }) {
  const { t, i18n } = useTranslation("economics");
  const types = turnsByType(machines);
  const num = (v: number) => formatDecimal(v, i18n.language, 1);
  return (
    <ChartCard
      title={t("machines.byType.title")}
      testId="machines-turns-chart"
      empty={types.length ? null : t("machines.byType.empty")}
      label={`${t("machines.byType.label", {
        types: types.map((x) => t("machines.byType.item", { type: x.type, turns: num(x.turns), count: x.count })).join("; "),
      })}. ${t("machines.byType.healthy")}`}
    >
      <Text size="xs" c="dimmed" mb={4}>
        {t("machines.byType.healthy")}
      </Text>
      <BarChart
        h={Math.max(120, 44 * types.length + 40)}
        data={types}
        dataKey="type"
        orientation="vertical"
        series={[{ name: "turns", label: t("machines.columns.turns"), color: "blue.6" }]}
        valueFormatter={num}
        yAxisProps={{ width: 110 }}
        xAxisProps={{ domain: [0, (max: number) => Math.max(6, Math.ceil(max))] }}
        referenceLines={[
          { x: 3, color: "green.7" },
          { x: 5, color: "green.7" },
        ]}
        barProps={{ isAnimationActive: false }}
        maxBarWidth={24}
      />
    </ChartCard>
  );
}
const csvCents = (cents: number | null) => (cents === null ? "" : centsToDollarString(cents));

export function MachinesPanel({
  storeId,
  storeName,
  period,
  canExport,
}: {
  storeId: string;
  storeName: string;
  period: { from: string; to: string };
  canExport: boolean;
}) {
  const { t, i18n } = useTranslation("economics");
  const language = i18n.language;
  const machines = useQueryState(economicsApi.machines, { storeId, from: period.from, to: period.to });
  const columns = useMemo<DataColumn<MachineEconomicsRow>[]>(() => {
    const num = (v: number | null, digits: number) => (v === null ? "—" : formatDecimal(v, language, digits));
    const money = (id: string, header: string, pick: (m: MachineEconomicsRow) => number | null, extra: Partial<DataColumn<MachineEconomicsRow>> = {}) => ({
      id,
      header,
      cell: (m: MachineEconomicsRow) => {
        const v = pick(m);
        return v === null ? "—" : formatUSD(v);
      },
      sortValue: pick,
      csv: (m: MachineEconomicsRow) => csvCents(pick(m)),
      align: "right" as const,
      ...extra,
    });
    const percent = (id: string, header: string, pick: (m: MachineEconomicsRow) => number | null) => ({
      id,
      header,
      cell: (m: MachineEconomicsRow) => (pick(m) === null ? "—" : `${num(pick(m), 1)}%`),
      sortValue: pick,
      csv: (m: MachineEconomicsRow) => pick(m) ?? "",
      align: "right" as const,
    });
    return [
      {
        id: "label",
        header: t("machines.columns.machine"),
        cell: (m) => (
          <div>
            <Text fw={600} inherit component="span">
              {m.label}
            </Text>
            <Text size="xs" c="dimmed">
              {m.typeName}
              {m.capacityLb ? ` · ${t("machines.capacity", { lb: m.capacityLb })}` : ""}
            </Text>
          </div>
        ),
        sortValue: (m) => m.label,
        card: "title",
        hideable: false,
      },
      {
        id: "flag",
        header: t("machines.columns.flag"),
        cell: (m) =>
          m.flagged ? (
            <Badge color="red" variant="light" size="sm" tt="none" h="auto" styles={{ label: { whiteSpace: "normal" } }}>
              {t("machines.flagged", { count: m.weeksBelow })}
            </Badge>
          ) : null,
        sortValue: (m) => (m.flagged ? m.weeksBelow : 0),
        card: "badge",
      },
      { id: "type", header: t("machines.columns.type"), cell: (m) => m.typeName, csv: (m) => m.typeName, exportOnly: true },
      { id: "capacity", header: t("machines.columns.capacity"), cell: (m) => m.capacityLb, csv: (m) => m.capacityLb ?? "", exportOnly: true },
      {
        id: "turns",
        header: t("machines.columns.turns"),
        cell: (m) => (
          <div>
            <Text inherit fw={700} component="span">
              {num(m.turnsPerDay, 2)}
            </Text>
            {m.storeMedianTurns !== null ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {t("machines.median", { value: num(m.storeMedianTurns, 2) })}
              </Text>
            ) : null}
            {m.meteredDays > 0 ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }} data-testid="machine-metered">
                {t("machines.metered", { count: m.meteredDays })}
              </Text>
            ) : null}
          </div>
        ),
        // A machine without cycles (vending, a change machine) sorts below every washer and dryer.
        sortValue: (m) => m.turnsPerDay ?? -1,
        csv: (m) => m.turnsPerDay ?? "",
        align: "right",
        card: "aside",
        hideable: false,
      },
      { id: "cycles", header: t("machines.columns.cycles"), cell: (m) => num(m.cycles, 1), csv: (m) => m.cycles ?? "", exportOnly: true },
      // The cycles beneath the revenue per cycle: one column less, so the table fits beside the navigation.
      money("perCycle", t("machines.columns.perCycle"), (m) => m.revenuePerCycleCents, {
        cell: (m: MachineEconomicsRow) => (
          <div>
            <Text inherit component="span">
              {m.revenuePerCycleCents === null ? "—" : formatUSD(m.revenuePerCycleCents)}
            </Text>
            {m.cycles !== null ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                {t("machines.cyclesCount", { value: num(m.cycles, 1) })}
              </Text>
            ) : null}
          </div>
        ),
      }),
      money("revenue", t("machines.columns.revenue"), (m) => m.revenueCents, {
        cell: (m: MachineEconomicsRow) => (
          <div>
            <Text inherit component="span">
              {formatUSD(m.revenueCents)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {t("machines.inService", { count: m.daysInService })}
            </Text>
          </div>
        ),
      }),
      money("coins", t("machines.columns.coins"), (m) => m.coinsCents, { exportOnly: true }),
      money("card", t("machines.columns.card"), (m) => m.cardCents, { exportOnly: true }),
      money("app", t("machines.columns.app"), (m) => m.appCents, { exportOnly: true }),
      { id: "days", header: t("machines.columns.days"), cell: (m) => m.daysInService, csv: (m) => m.daysInService, exportOnly: true },
      money("perDay", t("machines.columns.perDay"), (m) => m.revenuePerDayCents),
      {
        // Against the store's median with the fleet's beneath it: one column, so the table fits beside the navigation.
        ...percent("vsStore", t("machines.columns.vsMedian"), (m) => m.vsStorePercent),
        cell: (m: MachineEconomicsRow) => (
          <div>
            <Text inherit component="span">
              {m.vsStorePercent === null ? "—" : t("machines.vsStore", { value: `${num(m.vsStorePercent, 1)}%` })}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {m.vsFleetPercent === null ? "—" : t("machines.vsFleet", { value: `${num(m.vsFleetPercent, 1)}%` })}
            </Text>
          </div>
        ),
      },
      { ...percent("vsFleet", t("machines.columns.vsFleet"), (m) => m.vsFleetPercent), exportOnly: true },
      money("storeMedian", t("machines.columns.storeMedian"), (m) => m.storeMedianPerDayCents, { exportOnly: true }),
      money("fleetMedian", t("machines.columns.fleetMedian"), (m) => m.fleetMedianPerDayCents, { exportOnly: true }),
      money("purchase", t("machines.columns.purchase"), (m) => m.purchasePriceCents, { exportOnly: true }),
      {
        id: "payback",
        header: t("machines.columns.payback"),
        // The yearly return beneath the payback: one column less, so the table fits beside the navigation.
        cell: (m) => (
          <div>
            <Text inherit component="span">
              {m.paybackMonths === null ? "—" : t("machines.months", { value: num(m.paybackMonths, 1) })}
            </Text>
            {m.roiPercent !== null ? (
              <Text size="xs" c="dimmed">
                {t("machines.roiText", { value: `${num(m.roiPercent, 1)}%` })}
              </Text>
            ) : null}
          </div>
        ),
        sortValue: (m) => m.paybackMonths,
        csv: (m) => m.paybackMonths ?? "",
        align: "right",
      },
      { ...percent("roi", t("machines.columns.roi"), (m) => m.roiPercent), exportOnly: true },
      ...WEEKDAYS.map((d) => ({
        id: `weekday${d}`,
        header: t("machines.weekdayTurns", { day: t(`weekdays.${d}`) }),
        cell: (m: MachineEconomicsRow) => num(m.turnsByWeekday[d] ?? null, 2),
        csv: (m: MachineEconomicsRow) => m.turnsByWeekday[d] ?? "",
        exportOnly: true,
      })),
      {
        id: "byWeekday",
        header: t("machines.columns.byWeekday"),
        cell: (m) => (
          <Group gap={4} wrap="wrap">
            {WEEKDAYS.map((d) => (
              <Text key={d} size="xs" component="span" title={t(`weekdays.${d}`)} style={{ whiteSpace: "nowrap" }}>
                {t(`weekdaysShort.${d}`)} {num(m.turnsByWeekday[d] ?? null, 1)}
              </Text>
            ))}
          </Group>
        ),
      },
    ];
  }, [t, language]);

  const data = machines.data;
  return (
    <Stack gap="xs" data-testid="economics-machines">
      <Text size="sm" c="dimmed">
        {t("machines.hint")}
      </Text>
      {data && data.machines.some((m) => m.unpricedCents > 0) ? (
        <Alert color="yellow" variant="light" data-testid="machines-unpriced">
          {t("machines.unpriced", {
            machines: data.machines
              .filter((m) => m.unpricedCents > 0)
              .map((m) => m.label)
              .join(", "),
          })}
        </Alert>
      ) : null}
      {data ? <FlaggedMachines machines={data.machines} /> : null}
      {data ? <TurnsByTypeChart machines={data.machines} /> : null}
      <DataTable
        tableId="economics-machines"
        caption={t("machines.caption", { store: storeName })}
        columns={columns}
        data={data?.machines}
        error={machines.error ? errorText(machines.error, t("common:errors.requestFailed")) : null}
        getRowId={(m) => m.machineId}
        rowName={(m) => m.label}
        defaultSort={{ id: "turns", desc: true }}
        emptyText={t("machines.empty")}
        testId="economics-machines-table"
        rowTestId="economics-machine-row"
        rowAttributes={(m) => ({ "data-label": m.label, "data-flagged": String(m.flagged) })}
        exportName={canExport ? `${t("machines.export")}-${storeName}-${period.from}-${period.to}` : undefined}
      />
    </Stack>
  );
}
