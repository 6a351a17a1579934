import { Stack, Tabs } from "@mantine/core";
import { IconArrowsExchange, IconBuildingBank, IconCalendarStats, IconHistory, IconRoute } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { BankPanel } from "./BankPanel";
import { ChangersPanel } from "./ChangersPanel";
import { HistoryPanel } from "./HistoryPanel";
import { PeriodPanel } from "./PeriodPanel";
import { TracePanel } from "./TracePanel";
import { ScreenTitle } from "../../../ui/ScreenTitle";

export const RECONCILIATION_TABS = ["period", "history", "bank", "trace", "changers"] as const;
export type ReconciliationTab = (typeof RECONCILIATION_TABS)[number];

const SEARCH: SearchSchema<{ tab: ReconciliationTab }> = { tab: param.oneOf(RECONCILIATION_TABS) };

const ICONS = {
  period: IconCalendarStats,
  history: IconHistory,
  bank: IconBuildingBank,
  trace: IconRoute,
  changers: IconArrowsExchange,
} as const;

/** The store's safe reconciled period by period, the closed periods, bank lines, the trace of a dollar and the bill changers. */
export function ReconciliationScreen() {
  const { t } = useTranslation("reconciliation");
  const [search, setSearch] = useSearchState(SEARCH);
  const tab = search.tab ?? "period";
  return (
    <Stack gap="md">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      <SelectionSummary />
      <Tabs value={tab} onChange={(v) => setSearch({ tab: v && v !== "period" ? (v as ReconciliationTab) : undefined })} keepMounted={false}>
        {/* The tabs wrap rather than scroll: every one stays in sight at any width. */}
        <Tabs.List>
          {RECONCILIATION_TABS.map((value) => {
            const Icon = ICONS[value];
            return (
              <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />} data-testid={`reconciliation-tab-${value}`}>
                {t(`tabs.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value="period" pt="md">
          <PeriodPanel />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <HistoryPanel />
        </Tabs.Panel>
        <Tabs.Panel value="bank" pt="md">
          <BankPanel />
        </Tabs.Panel>
        <Tabs.Panel value="trace" pt="md">
          <TracePanel />
        </Tabs.Panel>
        <Tabs.Panel value="changers" pt="md">
          <ChangersPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
