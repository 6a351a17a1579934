import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Alert, Badge, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMemo } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useQuery, useQueryState } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { formatDisplayDate } from "../collections/format";
import { NoStorePrompt } from "../collections/NoStorePrompt";
import { signedUSD } from "./periodRules";
import type { Changer, ChangerBalance } from "./types";
import { useServerMessage } from "./useServerMessage";

interface ChangersSearch {
  changer: string;
  show: "all" | "flagged";
}

const SEARCH: SearchSchema<ChangersSearch> = { changer: param.text(64), show: param.oneOf(["all", "flagged"] as const) };
const ALL = "all";
const COLORS = ["blue.6", "orange.6", "teal.6", "grape.6", "red.6", "cyan.6", "lime.7", "pink.6"];

type Day = Changer["days"][number] & { machineId: string; label: string };

/** Bill changers of the selected store over the selected dates: bills taken in against coins paid out, per changer and day, and for the store with what the ledger booked. */
export function ChangersPanel() {
  const { selection } = useLaundromatSelection();
  if (!selection.storeId) return <NoStorePrompt />;
  return <Changers storeId={selection.storeId} from={selection.dateRange.fromDate} to={selection.dateRange.toDate} />;
}

function Changers({ storeId, from, to }: { storeId: string; from: string; to: string }) {
  const { t } = useTranslation("reconciliation");
  const serverMessage = useServerMessage();
  const [search, setSearch] = useSearchState(SEARCH);
  const balance = useQueryState(api.reconciliation.changerBalance, { storeId, from, to });
  const role = useQuery(api.auth.getUserCompanyRole);
  const canExport = Boolean(role?.permissions.canExportReports);
  const b = balance.data;
  const show = search.show ?? "all";
  const days = useMemo<Day[] | undefined>(
    () =>
      b?.changers
        .filter((c) => !search.changer || c.machineId === search.changer)
        .flatMap((c) => c.days.map((d) => ({ ...d, machineId: c.machineId, label: c.label })))
        .filter((d) => show === "all" || d.flagged),
    [b, search.changer, show],
  );

  const changerColumns = useMemo<DataColumn<Changer>[]>(
    () => [
      { id: "label", header: t("changers.changer"), cell: (c) => c.label, sortValue: (c) => c.label, card: "title" },
      { id: "days", header: t("changers.days"), cell: (c) => String(c.days.length), sortValue: (c) => c.days.length, align: "right" },
      ...amountColumns<Changer>(t),
    ],
    [t],
  );
  const dayColumns = useMemo<DataColumn<Day>[]>(
    () => [
      { id: "date", header: t("changers.date"), cell: (d) => formatDisplayDate(d.date), sortValue: (d) => d.date, card: "title" },
      { id: "changer", header: t("changers.changer"), cell: (d) => d.label, sortValue: (d) => d.label, card: "badge" },
      ...amountColumns<Day>(t),
    ],
    [t],
  );

  if (balance.error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="changers-error">
        {serverMessage(balance.error, t("changers.failed"))}
      </Alert>
    );
  }

  return (
    <Stack gap="md" data-testid="changers-panel">
      {b ? <StoreLine balance={b} /> : null}
      {b && b.changers.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="no-changers">
          {t("changers.none")}
        </Text>
      ) : (
        <>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("changers.perChanger")}
            </Title>
            <DataTable
              tableId="reconciliation-changers"
              caption={t("changers.perChanger")}
              columns={changerColumns}
              data={b?.changers}
              getRowId={(c) => c.machineId}
              defaultSort={{ id: "label", desc: false }}
              onRowClick={(c) => setSearch({ changer: search.changer === c.machineId ? undefined : c.machineId })}
              rowLabel={(c) => t("changers.showDays", { changer: c.label })}
              selectedId={search.changer ?? null}
              rowName={(c) => c.label}
              rowTestId="changer-row"
              rowAttributes={(c) => ({ "data-flagged": String(c.flagged), "data-difference": String(c.differenceCents) })}
              emptyText={t("changers.none")}
            />
          </Stack>
          <Card withBorder radius="md" p="md">
            <Title order={2} size="h4" mb="sm">
              {t("changers.chartTitle")}
            </Title>
            {b ? <DifferenceChart balance={b} /> : null}
          </Card>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("changers.perDay")}
            </Title>
            <DataTable
              tableId="reconciliation-changer-days"
              caption={t("changers.perDay")}
              columns={dayColumns}
              data={days}
              getRowId={(d) => `${d.machineId}:${d.date}`}
              defaultSort={{ id: "date", desc: true }}
              rowName={(d) => `${d.label} ${formatDisplayDate(d.date)}`}
              rowTestId="changer-day-row"
              rowAttributes={(d) => ({ "data-flagged": String(d.flagged) })}
              emptyText={show === "flagged" ? t("changers.noFlagged") : t("changers.noDays")}
              exportName={canExport ? `changers-${from}-${to}` : undefined}
              toolbar={
                <Group gap="sm" align="flex-end" wrap="wrap">
                  <Select
                    label={t("changers.changer")}
                    data={[{ value: ALL, label: t("changers.allChangers") }, ...(b?.changers ?? []).map((c) => ({ value: c.machineId, label: c.label }))]}
                    value={search.changer ?? ALL}
                    onChange={(v) => setSearch({ changer: !v || v === ALL ? undefined : v })}
                    allowDeselect={false}
                    w={{ base: "100%", xs: 260 }}
                    size="md"
                    data-testid="changer-filter"
                  />
                  <SegmentedControl
                    aria-label={t("changers.show")}
                    value={show}
                    onChange={(v) => setSearch({ show: v === "flagged" ? "flagged" : undefined })}
                    data={[
                      { value: "all", label: t("changers.showAll") },
                      { value: "flagged", label: t("changers.showFlagged") },
                    ]}
                    data-testid="changer-show"
                  />
                </Group>
              }
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}

type Amounts = { billsInCents: number; coinsOutCents: number; differenceCents: number; flagged: boolean };

/** Bills in, coins out and their difference (flagged beyond the company's threshold). */
function amountColumns<T extends Amounts>(t: TFunction<"reconciliation">): DataColumn<T>[] {
  return [
    {
      id: "billsIn",
      header: t("changers.billsIn"),
      cell: (r) => formatUSD(r.billsInCents),
      sortValue: (r) => r.billsInCents,
      csv: (r) => centsToDollarString(r.billsInCents),
      align: "right",
    },
    {
      id: "coinsOut",
      header: t("changers.coinsOut"),
      cell: (r) => formatUSD(r.coinsOutCents),
      sortValue: (r) => r.coinsOutCents,
      csv: (r) => centsToDollarString(r.coinsOutCents),
      align: "right",
    },
    {
      id: "difference",
      header: t("changers.difference"),
      cell: (r) => (
        <Group gap={6} justify="flex-end" wrap="nowrap" component="span">
          {r.flagged ? (
            <Badge color="red" variant="light" data-testid="changer-flagged">
              {t("changers.flagged")}
            </Badge>
          ) : null}
          <Text component="span" fw={700} inherit c={r.flagged ? "red" : undefined}>
            {signedUSD(r.differenceCents)}
          </Text>
        </Group>
      ),
      sortValue: (r) => r.differenceCents,
      csv: (r) => centsToDollarString(r.differenceCents),
      align: "right",
      card: "aside",
    },
  ];
}

/** The store's line: the changers' bills in, coins out and difference, and the same difference as the ledger booked it. */
function StoreLine({ balance: b }: { balance: ChangerBalance }) {
  const { t } = useTranslation("reconciliation");
  return (
    <Card withBorder radius="md" p="md" data-testid="changers-store-line">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4">
          {t("changers.storeLine")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("changers.threshold", { amount: formatUSD(b.thresholdCents) })}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Figure label={t("changers.storeBillsIn")} value={formatUSD(b.billsInCents)} testId="store-bills-in" />
        <Figure label={t("changers.storeCoinsOut")} value={formatUSD(b.coinsOutCents)} testId="store-coins-out" />
        <Figure
          label={t("changers.storeDifference")}
          value={signedUSD(b.differenceCents)}
          color={b.flagged ? "red" : undefined}
          badge={b.flagged ? t("changers.flagged") : undefined}
          testId="store-difference"
        />
        <Figure label={t("changers.booked")} value={signedUSD(b.bookedCents)} testId="store-booked" />
      </SimpleGrid>
      {b.bookedCents !== b.differenceCents ? (
        <Text size="sm" mt="xs" data-testid="store-booked-differs">
          {t("changers.bookedDiffers", { amount: signedUSD(b.bookedCents) })}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" mt="xs">
        {t("changers.storeLineHint")}
      </Text>
    </Card>
  );
}

function Figure({ label, value, color, badge, testId }: { label: string; value: string; color?: string; badge?: string; testId: string }) {
  return (
    <div data-testid={testId} style={{ display: "flex", flexDirection: "column", justifyContent: "space-between" }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap="xs">
        <Text size="lg" fw={700} c={color} data-testid={`${testId}-value`}>
          {value}
        </Text>
        {badge ? (
          <Badge color="red" variant="light">
            {badge}
          </Badge>
        ) : null}
      </Group>
    </div>
  );
}

/** Each changer's difference (bills in − coins out) by day. */
function DifferenceChart({ balance: b }: { balance: ChangerBalance }) {
  const { t } = useTranslation("reconciliation");
  const withDays = b.changers.filter((c) => c.days.length > 0);
  if (withDays.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="changer-chart-empty">
        {t("changers.noDays")}
      </Text>
    );
  }
  const byDay = new Map<string, Record<string, number | string>>();
  for (const c of withDays)
    for (const d of c.days) {
      const row = byDay.get(d.date) ?? { day: formatDisplayDate(d.date) };
      row[c.label] = d.differenceCents;
      byDay.set(d.date, row);
    }
  const data = [...byDay.entries()].sort(([a], [b2]) => a.localeCompare(b2)).map(([, row]) => row);
  return (
    <div role="img" aria-label={t("changers.chartLabel", { count: withDays.length })} data-testid="changer-chart" style={{ paddingTop: 12 }}>
      <BarChart
        h={220}
        data={data}
        dataKey="day"
        series={withDays.map((c, i) => ({ name: c.label, color: COLORS[i % COLORS.length]! }))}
        valueFormatter={(v) => formatUSD(Math.round(v))}
        yAxisProps={{ width: 96, domain: [(min: number) => Math.min(-b.thresholdCents, min), (max: number) => Math.max(b.thresholdCents, max)] }}
        referenceLines={[
          { y: b.thresholdCents, color: "red.6", label: t("changers.thresholdLine") },
          { y: -b.thresholdCents, color: "red.6" },
          { y: 0, color: "gray.6" },
        ]}
        withLegend={withDays.length > 1}
        maxBarWidth={40}
      />
    </div>
  );
}
