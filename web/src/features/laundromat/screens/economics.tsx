import { ActionIcon, Group, SegmentedControl, Select, Stack, Tabs, Text } from "@mantine/core";
import { IconAdjustments, IconChevronLeft, IconChevronRight, IconReportMoney, IconWashMachine } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatMonth } from "@tumble/domain/dateFormat";
import { addMonths } from "@tumble/domain/datePresets";
import { PNL_COMPARISONS, PNL_PERIODS, periodRange, type PnlPeriod } from "@tumble/domain/economics";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";
import { localToday, useLaundromatSelection } from "../../../lib/laundromatSelection";
import { useSearchState } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { NoStorePrompt } from "../collections/NoStorePrompt";
import { MachinesPanel } from "../economics/machines/MachinesPanel";
import { EntriesDrawer } from "../economics/pnl/EntriesDrawer";
import { PnlPanel } from "../economics/pnl/PnlPanel";
import { ECONOMICS_SEARCH, type EconomicsTab } from "../economics/pnl/search";
import { SetupTab } from "../economics/setup/SetupTab";

// /laundromat/economics (issue 35, canExportReports): a store's or the company's profit and loss
// for a month, quarter or year with its comparison, and per machine turns, revenue per cycle,
// medians and payback. The tab, stores, period, comparison and the open figure are in the address.

const TABS: readonly EconomicsTab[] = ["pnl", "machines", "setup"];
const STEP: Record<PnlPeriod, number> = { month: 1, quarter: 3, year: 12 };

/** "September 2026", "Q3 2026", "2026". */
function periodLabel(period: PnlPeriod, from: string, language: string, quarter: (q: number, year: string) => string): string {
  const year = from.slice(0, 4);
  if (period === "year") return year;
  if (period === "quarter") return quarter(Math.floor((Number(from.slice(5, 7)) - 1) / 3) + 1, year);
  return formatMonth(from.slice(0, 7), language);
}

export default function EconomicsRoute() {
  const { t, i18n } = useTranslation("economics");
  const [search, setSearch] = useSearchState(ECONOMICS_SEARCH);
  const { selection } = useLaundromatSelection();
  const stores = useQuery(api.stores.listAll);
  const role = useQuery(api.auth.getUserCompanyRole);
  const canExport = Boolean(role?.permissions.canExportReports);
  const canChooseAll = (stores?.length ?? 0) > 1;
  const allStores = canChooseAll && search.store === "all";
  const storeId = allStores ? undefined : (selection.storeId ?? undefined);
  const hasScope = Boolean(storeId) || allStores;
  const tab: EconomicsTab = search.tab && TABS.includes(search.tab) ? search.tab : "pnl";
  const period: PnlPeriod = search.period ?? "month";
  // The last whole month by default: the one an owner closes and reads.
  const anchor = search.anchor ?? `${addMonths(`${localToday().slice(0, 7)}-01`, -1)}`;
  const compare = search.compare ?? "previous";
  const range = periodRange(period, anchor);
  const storeName = allStores ? t("scope.all") : selection.storeName;
  const label = periodLabel(period, range.from, i18n.language, (q, year) => t("period.quarterOf", { q, year }));

  return (
    <Stack gap="md">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      {/* The period is this screen's own (month, quarter, year): the selection's dates would contradict it. */}
      <SelectionSummary storeOnly />
      <Group gap="sm" wrap="wrap" align="flex-end">
        {/* Machines and Setup are always the selected store's: the choice of all stores is the P&L's. */}
        {canChooseAll && tab === "pnl" ? (
          <SegmentedControl
            aria-label={t("scope.label")}
            value={allStores ? "all" : "store"}
            onChange={(v) => setSearch({ store: v === "all" ? "all" : undefined })}
            data={[
              { value: "store", label: selection.storeName || t("scope.store"), disabled: !selection.storeId },
              { value: "all", label: t("scope.all") },
            ]}
            data-testid="economics-scope"
          />
        ) : null}
        {tab === "setup" ? null : (
          <>
            <SegmentedControl
              aria-label={t("period.label")}
              value={period}
              onChange={(v) => setSearch({ period: v === "month" ? undefined : (v as PnlPeriod) })}
              data={PNL_PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
              data-testid="economics-period"
            />
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t("period.back")}
                onClick={() => setSearch({ anchor: addMonths(range.from, -STEP[period]) })}
                data-testid="economics-period-back"
              >
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
              <Text fw={600} miw={120} ta="center" data-testid="economics-period-label" aria-live="polite">
                {label}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t("period.forward")}
                onClick={() => setSearch({ anchor: addMonths(range.from, STEP[period]) })}
                data-testid="economics-period-next"
              >
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </>
        )}
        {tab === "pnl" ? (
          <Select
            label={t("period.compare")}
            data={PNL_COMPARISONS.map((c) => ({ value: c, label: t(`period.${c}`) }))}
            value={compare}
            onChange={(v) => setSearch({ compare: v === "lastYear" ? "lastYear" : undefined })}
            allowDeselect={false}
            w={{ base: "100%", xs: 220 }}
            data-testid="economics-compare"
          />
        ) : null}
      </Group>
      {!hasScope ? (
        <NoStorePrompt />
      ) : (
        <Tabs value={tab} onChange={(v) => setSearch({ tab: v && v !== "pnl" ? (v as EconomicsTab) : undefined })} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="pnl" leftSection={<IconReportMoney size={16} aria-hidden />} data-testid="economics-tab-pnl">
              {t("tabs.pnl")}
            </Tabs.Tab>
            <Tabs.Tab value="machines" leftSection={<IconWashMachine size={16} aria-hidden />} data-testid="economics-tab-machines">
              {t("tabs.machines")}
            </Tabs.Tab>
            <Tabs.Tab value="setup" leftSection={<IconAdjustments size={16} aria-hidden />} data-testid="economics-tab-setup">
              {t("tabs.setup")}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="pnl" pt="md">
            <PnlPanel
              storeId={storeId}
              period={period}
              anchor={anchor}
              compare={compare}
              canExport={canExport}
              storeName={storeName}
              onOpen={(line) => setSearch({ line, month: range.from.slice(0, 7) }, { push: true })}
            />
          </Tabs.Panel>
          <Tabs.Panel value="machines" pt="md">
            {selection.storeId ? (
              <MachinesPanel storeId={selection.storeId} storeName={selection.storeName} period={range} canExport={canExport} />
            ) : (
              <NoStorePrompt />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="setup" pt="md">
            <SetupTab storeId={selection.storeId ?? undefined} storeName={selection.storeName} />
          </Tabs.Panel>
        </Tabs>
      )}
      <EntriesDrawer
        line={tab === "pnl" && hasScope ? search.line : undefined}
        month={search.month}
        period={range}
        storeId={storeId}
        onMonth={(month) => setSearch({ month })}
        onClose={() => setSearch({ line: undefined, month: undefined })}
      />
    </Stack>
  );
}
