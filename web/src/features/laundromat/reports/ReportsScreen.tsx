import { Button, Group, SegmentedControl, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconChartBar, IconClockHour4, IconPrinter, IconUserCheck, IconWashMachine } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayRange, formatInstantDate } from "@tumble/domain/dateFormat";
import { useSearchState } from "../../../lib/searchParams";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { NoStorePrompt } from "../collections/NoStorePrompt";
import { CadencePanel } from "./CadencePanel";
import { CollectorsPanel } from "./CollectorsPanel";
import { MachinesPanel } from "./MachinesPanel";
import { RevenuePanel } from "./RevenuePanel";
import { REPORT_SEARCH, REPORT_TABS, useReportScope, type ReportScope, type ReportTab } from "./useReportScope";
import { usePrintInLight } from "./usePrintInLight";
import classes from "./reports.module.css";
import { ScreenTitle } from "../../../ui/ScreenTitle";

const ICONS = { revenue: IconChartBar, machines: IconWashMachine, collectors: IconUserCheck, cadence: IconClockHour4 } as const;

/** The company, the stores and the dates a printed report is about. */
function PrintHeader({ scope, report, printedAt }: { scope: ReportScope; report: ReportTab; printedAt: number }) {
  const { t } = useTranslation("reports");
  const p = scope.period;
  const range = formatDisplayRange(p.from, p.to, p.fromTime, p.toTime);
  const store = report === "machines" ? scope.selectedStoreName : scope.allStores ? t("header.allStores") : scope.selectedStoreName;
  return (
    <div className={classes.printHeader} data-testid="print-header">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Text size="sm" fw={700} data-testid="print-company">
            {scope.companyName}
          </Text>
          <Title order={2} size="h3">
            {t(`tabs.${report}`)} · {store}
          </Title>
        </div>
        <Text size="xs" c="dimmed">
          {t("print.generated", { date: formatInstantDate(printedAt) })}
        </Text>
      </Group>
      {report === "cadence" ? null : (
        <Text size="sm">
          {t("header.range", { range })}
          {" · "}
          {p.compareFrom && p.compareTo
            ? t("header.comparison", { range: formatDisplayRange(p.compareFrom, p.compareTo, p.fromTime, p.toTime) })
            : t("header.noComparison")}
        </Text>
      )}
    </div>
  );
}

/** Every report the caller may see, one after another, each starting a page when printed. */
function PrintView({ scope, tabs, onBack }: { scope: ReportScope; tabs: readonly ReportTab[]; onBack: () => void }) {
  const { t } = useTranslation("reports");
  const [printedAt] = useState(() => Date.now());
  return (
    <Stack gap="md" className={classes.printView} data-testid="reports-print-view">
      <Group justify="space-between" className={classes.screenOnly} gap="xs">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          {t("print.back")}
        </Button>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t("print.hint")}
          </Text>
          <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()} data-testid="reports-print">
            {t("print.print")}
          </Button>
        </Group>
      </Group>
      {tabs.map((tab) => (
        <section key={tab} className={classes.report} data-testid={`print-report-${tab}`}>
          <PrintHeader scope={scope} report={tab} printedAt={printedAt} />
          {tab === "revenue" ? <RevenuePanel scope={scope} print /> : null}
          {tab === "machines" ? <MachinesPanel scope={scope} print /> : null}
          {tab === "collectors" ? <CollectorsPanel scope={scope} print /> : null}
          {tab === "cadence" ? <CadencePanel scope={scope} print /> : null}
        </section>
      ))}
    </Stack>
  );
}

/** Reports on the laundromat selection: revenue against the comparison, machines, collector signals, coin-box cadence. */
export function ReportsScreen() {
  const { t } = useTranslation("reports");
  const [search, setSearch] = useSearchState(REPORT_SEARCH);
  const scope = useReportScope();
  usePrintInLight();
  // Collector signals are for administrators only (the server refuses others).
  const tabs = REPORT_TABS.filter((tab) => tab !== "collectors" || scope.isAdmin);
  const tab: ReportTab = search.tab && tabs.includes(search.tab) ? search.tab : "revenue";
  const hasScope = Boolean(scope.storeId) || scope.allStores;
  // Machine figures are per store: printed only when a store is selected.
  const printTabs = tabs.filter((t) => t !== "machines" || scope.selectedStoreId);

  if (search.view === "print" && hasScope) {
    return <PrintView scope={scope} tabs={printTabs} onBack={() => setSearch({ view: undefined })} />;
  }

  return (
    <Stack gap="md">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      <SelectionSummary />
      {hasScope || scope.canChooseAll ? (
        <Group gap="sm" justify="space-between" wrap="wrap">
          {scope.canChooseAll ? (
            <SegmentedControl
              aria-label={t("scope.label")}
              value={scope.allStores ? "all" : "store"}
              onChange={(v) => setSearch({ store: v === "all" ? "all" : undefined })}
              data={[
                { value: "store", label: scope.selectedStoreName || t("scope.store"), disabled: !scope.selectedStoreId },
                { value: "all", label: t("scope.all") },
              ]}
              data-testid="reports-scope"
            />
          ) : (
            <span />
          )}
          {hasScope ? (
            <Button
              variant="light"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => setSearch({ view: "print" }, { push: true })}
              data-testid="reports-print-view"
            >
              {t("print.open")}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {!hasScope ? (
        <NoStorePrompt />
      ) : (
        <Tabs value={tab} onChange={(v) => setSearch({ tab: v && v !== "revenue" ? (v as ReportTab) : undefined })} keepMounted={false}>
          <Tabs.List>
            {tabs.map((value) => {
              const Icon = ICONS[value];
              return (
                <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />} data-testid={`reports-tab-${value}`}>
                  {t(`tabs.${value}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
          <Tabs.Panel value="revenue" pt="md">
            <RevenuePanel scope={scope} onGroupChange={(group) => setSearch({ group })} />
          </Tabs.Panel>
          <Tabs.Panel value="machines" pt="md">
            <MachinesPanel scope={scope} />
          </Tabs.Panel>
          {scope.isAdmin ? (
            <Tabs.Panel value="collectors" pt="md">
              <CollectorsPanel scope={scope} selectedId={search.collector} onSelect={(id) => setSearch({ collector: id })} />
            </Tabs.Panel>
          ) : null}
          <Tabs.Panel value="cadence" pt="md">
            <CadencePanel scope={scope} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
