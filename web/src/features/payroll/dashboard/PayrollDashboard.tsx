import { Alert, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconArrowRight, IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { AppLink } from "../parts/AppLink";
import { currentPeriodOf, previousPeriodOf } from "../parts/currentPeriod";
import { hoursText, money, rangeLabel } from "../parts/format";
import { PeriodStatusBadge } from "../parts/StatusBadge";
import type { PayPeriodSummary } from "../parts/types";

/** How many left-behind periods the next steps name one by one. */
const STALE_SHOWN = 3;

interface Step {
  key: string;
  text: string;
  link: { to: string; search?: Record<string, string>; label: string };
}

/** What a manager should do next, most urgent first, from the current and previous periods' states. */
function nextSteps(
  t: (key: string, options?: Record<string, unknown>) => string,
  current?: PayPeriodSummary,
  previous?: PayPeriodSummary,
  stale: (PayPeriodSummary & { staleDays: number })[] = [],
): Step[] {
  const steps: Step[] = [];
  const open = (p: PayPeriodSummary, label: string) => ({ to: "/payroll/pay-periods", search: { period: p.id }, label });
  // Open periods left behind (the server's staleDays: ended more than a few days ago, or pay date
  // passed), newest first; past the first few, one line leads to the list of periods.
  for (const p of stale.slice(0, STALE_SHOWN))
    steps.push({
      key: `stale-${p.id}`,
      text: t("next.stale", { count: p.staleDays, period: rangeLabel(p.startsOn, p.endsOn) }),
      link: open(p, t("next.openPeriod")),
    });
  if (stale.length > STALE_SHOWN)
    steps.push({
      key: "stale-more",
      text: t("next.staleMore", { count: stale.length - STALE_SHOWN }),
      link: { to: "/payroll/pay-periods", label: t("dashboard.allPeriods") },
    });
  const previousIsStale = stale.some((p) => p.id === previous?.id);
  if (previous?.status === "open") {
    if (previous.warnings.unverifiedEntries > 0)
      steps.push({
        key: "prev-verify",
        text: t("next.verifyPrevious", { count: previous.warnings.unverifiedEntries, period: rangeLabel(previous.startsOn, previous.endsOn) }),
        link: {
          to: "/employee-management/time-entry-verification",
          search: { from: previous.startsOn, to: previous.endsOn, status: "pending" },
          label: t("next.verifyLink"),
        },
      });
    if (!previousIsStale)
      steps.push({
        key: "prev-lock",
        text: t("next.lockPrevious", { period: rangeLabel(previous.startsOn, previous.endsOn) }),
        link: open(previous, t("next.openPeriod")),
      });
  }
  if (previous?.status === "locked")
    steps.push({
      key: "prev-paid",
      text: t("next.payPrevious", { period: rangeLabel(previous.startsOn, previous.endsOn) }),
      link: open(previous, t("next.openPeriod")),
    });
  for (const p of [previous, current]) {
    if (p && p.status === "open" && p.warnings.employeesWithoutRate > 0)
      steps.push({
        key: `rate-${p.id}`,
        text: t("next.setRates", { count: p.warnings.employeesWithoutRate }),
        link: { to: "/employee-management/profiles", label: t("next.profilesLink") },
      });
  }
  if (current && current.warnings.unverifiedEntries > 0)
    steps.push({
      key: "cur-verify",
      text: t("next.verifyCurrent", { count: current.warnings.unverifiedEntries }),
      link: {
        to: "/employee-management/time-entry-verification",
        search: { from: current.startsOn, to: current.endsOn, status: "pending" },
        label: t("next.verifyLink"),
      },
    });
  if (current && (current.warnings.overScheduleMinutes ?? 0) > 0)
    steps.push({
      key: "cur-schedule",
      text: t("next.overSchedule", { hours: hoursText(current.warnings.overScheduleMinutes ?? 0) }),
      link: { to: "/employee-management/scheduling", label: t("next.schedulingLink") },
    });
  return steps.filter((s, i) => steps.findIndex((o) => o.text === s.text) === i);
}

/** payroll/dashboard: the current and previous periods at a glance, what is wrong and what to do next. */
export function PayrollDashboard() {
  const { t } = useTranslation("payroll");
  const periods = useQueryState(api.payPeriods.list, {});
  const current = currentPeriodOf(periods.data);
  const previous = previousPeriodOf(periods.data, current);
  const stale = (periods.data ?? [])
    .filter((p): p is typeof p & { staleDays: number } => typeof p.staleDays === "number")
    .sort((a, b) => b.startsOn.localeCompare(a.startsOn));
  const steps = periods.data ? nextSteps(t, current, previous, stale) : [];
  return (
    <Stack gap="lg">
      <ScreenTitle title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
      {periods.error ? (
        <Alert color="red" variant="light">
          {errorText(periods.error, t("loadFailed"))}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PeriodCard title={t("dashboard.current")} period={current} loading={!periods.data} testId="dashboard-current" />
        <PeriodCard title={t("dashboard.previous")} period={previous} loading={!periods.data} testId="dashboard-previous" />
      </SimpleGrid>
      <Card withBorder radius="lg" padding="lg" data-testid="dashboard-next">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("next.title")}
          </Title>
          {!periods.data ? (
            <Text c="dimmed">…</Text>
          ) : steps.length === 0 ? (
            <Group gap="xs" wrap="nowrap">
              <ThemeIcon color="teal" variant="light" radius="xl">
                <IconCircleCheck size={18} aria-hidden />
              </ThemeIcon>
              <Text size="sm">{t("next.none")}</Text>
            </Group>
          ) : (
            steps.map((s) => (
              <Group key={s.key} justify="space-between" gap="xs" wrap="wrap" data-testid="next-step">
                <Group gap="xs" wrap="nowrap" miw={0} style={{ flex: "1 1 240px" }}>
                  <ThemeIcon color="orange" variant="light" radius="xl">
                    <IconAlertTriangle size={16} aria-hidden />
                  </ThemeIcon>
                  <Text size="sm">{s.text}</Text>
                </Group>
                <AppLink to={s.link.to} search={s.link.search} size="sm">
                  <Group gap={4} wrap="nowrap">
                    {s.link.label}
                    <IconArrowRight size={14} aria-hidden />
                  </Group>
                </AppLink>
              </Group>
            ))
          )}
        </Stack>
      </Card>
      <AppLink to="/payroll/pay-periods" size="sm">
        {t("dashboard.allPeriods")}
      </AppLink>
    </Stack>
  );
}

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}

function PeriodCard({ title, period, loading, testId }: { title: string; period: PayPeriodSummary | undefined; loading: boolean; testId: string }) {
  const { t } = useTranslation("payroll");
  const w = period?.warnings;
  const warnings = w
    ? [
        w.unverifiedEntries > 0 ? t("warnings.unverified", { count: w.unverifiedEntries }) : null,
        w.employeesWithoutRate > 0 ? t("warnings.noRate", { count: w.employeesWithoutRate }) : null,
        (w.overScheduleMinutes ?? 0) > 0 ? t("warnings.overSchedule", { hours: hoursText(w.overScheduleMinutes ?? 0) }) : null,
      ].filter((x): x is string => x !== null)
    : [];
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId} data-status={period?.status}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Stack gap={0}>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {period ? rangeLabel(period.startsOn, period.endsOn) : loading ? "…" : t("dashboard.noPeriod")}
            </Text>
          </Stack>
          {period ? <PeriodStatusBadge status={period.status} /> : null}
        </Group>
        {period ? (
          <>
            <Text size="xl" fw={700} data-testid={`${testId}-gross`}>
              {money(period.grossCents)}
            </Text>
            <Row label={t("totals.employees")} value={period.employeeCount} />
            <Row label={t("totals.regularHours")} value={hoursText(period.regularMinutes)} />
            <Row label={t("totals.overtimeHours")} value={hoursText(period.overtimeMinutes + period.doubleMinutes)} testId={`${testId}-overtime`} />
            <Row label={t("totals.overtimeCost")} value={money(period.overtimeCostCents)} />
            {warnings.length > 0 ? (
              <Stack gap={2} data-testid={`${testId}-warnings`}>
                {warnings.map((x) => (
                  <Group key={x} gap={6} wrap="nowrap">
                    <IconAlertTriangle size={16} color="var(--mantine-color-orange-6)" aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="sm">{x}</Text>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t("warnings.none")}
              </Text>
            )}
            <AppLink to="/payroll/pay-periods" search={{ period: period.id }} size="sm">
              {t("dashboard.openPeriod")}
            </AppLink>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
