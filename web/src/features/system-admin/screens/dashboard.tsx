import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";
import { Alert, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useInterval } from "@mantine/hooks";
import { IconAlertTriangle, IconBuilding, IconDatabase, IconMailExclamation, IconUsers, IconUserCheck } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { formatDateTime } from "../../../ui/companyFinder/format";
import { LoadingState } from "../../../ui/Loading";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { browserTimeZone, formatBytes, formatUptime } from "../parts/format";
import { formatDay } from "@tumble/domain/dateFormat";

/** /system-admin/dashboard: the whole platform at a glance, live. */
export default function SystemAdminDashboard() {
  const { t, i18n } = useTranslation("systemAdmin");
  const { data, error } = useQueryState(api.systemAdmin.dashboard, { timeZone: browserTimeZone() });
  const [now, setNow] = useState(() => Date.now());
  const tick = useInterval(() => setNow(Date.now()), 1000);
  useEffect(() => {
    tick.start();
    return tick.stop;
  }, [tick]);

  if (error) return <Alert color="red">{error.message}</Alert>;
  if (!data) return <LoadingState />;
  const locale = i18n.language;
  const chart = data.perDay.map((d) => ({
    day: formatDay(d.day, locale, { weekday: false }),
    [t("dashboard.collections")]: d.collections,
    [t("dashboard.claims")]: d.claims,
  }));

  return (
    <Stack gap="lg" data-testid="system-dashboard">
      <ScreenTitle title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Stat
          icon={<IconBuilding size={18} aria-hidden />}
          label={t("dashboard.companies")}
          value={data.companies}
          note={t("dashboard.suspended", { count: data.suspendedCompanies })}
          testId="stat-companies"
        />
        <Stat
          icon={<IconUsers size={18} aria-hidden />}
          label={t("dashboard.users")}
          value={data.users}
          note={t("dashboard.disabled", { count: data.disabledUsers })}
          testId="stat-users"
        />
        <Stat icon={<IconUserCheck size={18} aria-hidden />} label={t("dashboard.activeToday")} value={data.activeToday} testId="stat-active-today" />
        <Stat icon={<IconUserCheck size={18} aria-hidden />} label={t("dashboard.activeThisWeek")} value={data.activeThisWeek} testId="stat-active-week" />
        <Stat
          icon={<IconMailExclamation size={18} aria-hidden />}
          label={t("dashboard.outboxFailed")}
          value={data.outbox.failed}
          note={t("dashboard.outboxPending", { count: data.outbox.pending })}
          color={data.outbox.failed ? "red" : undefined}
          testId="stat-outbox"
        />
        <Stat
          icon={<IconDatabase size={18} aria-hidden />}
          label={t("dashboard.database")}
          value={formatBytes(data.database.bytes, locale)}
          note={t(`dashboard.kind.${data.database.kind}`)}
          testId="stat-database"
        />
      </SimpleGrid>

      <Card withBorder radius="lg">
        <Title order={2} size="h4" mb="sm">
          {t("dashboard.perDay")}
        </Title>
        <div role="img" aria-label={t("dashboard.perDayLabel")} data-testid="per-day-chart">
          <BarChart
            h={260}
            data={chart}
            dataKey="day"
            series={[
              { name: t("dashboard.collections"), color: "blue.6" },
              { name: t("dashboard.claims"), color: "teal.6" },
            ]}
            withLegend
            tickLine="y"
          />
        </div>
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="lg">
          <Title order={2} size="h4" mb="sm">
            {t("dashboard.processes")}
          </Title>
          <Table.ScrollContainer minWidth={360}>
            <Table data-testid="processes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("dashboard.process")}</Table.Th>
                  <Table.Th>{t("dashboard.uptime")}</Table.Th>
                  <Table.Th>{t("dashboard.memory")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.processes.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text size="sm">{p.id}</Text>
                      <Text size="xs" c="dimmed">
                        {p.node}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatUptime(Math.max(0, (now - Date.parse(p.startedAt)) / 1000))}</Table.Td>
                    <Table.Td>{formatBytes(p.memoryBytes, locale)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        <Card withBorder radius="lg">
          <Title order={2} size="h4" mb="sm">
            {t("dashboard.outboxFailures")}
          </Title>
          {data.outbox.recentFailures.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("dashboard.noOutboxFailures")}
            </Text>
          ) : (
            <Stack gap="xs">
              {data.outbox.recentFailures.map((f) => (
                <div key={f.id}>
                  <Text size="sm" fw={500}>
                    {f.subject ?? f.channel} → {f.recipient}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(Date.parse(f.createdAt))} · {f.lastError}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder radius="lg">
        <Title order={2} size="h4" mb="sm">
          {t("dashboard.errors")}
        </Title>
        {data.recentErrors.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="no-errors">
            {t("dashboard.noErrors")}
          </Text>
        ) : (
          <Stack gap="xs">
            {data.recentErrors.map((e, i) => (
              <Group key={`${e.at}-${i}`} gap="xs" wrap="nowrap" align="flex-start">
                <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" aria-hidden />
                <div style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(Date.parse(e.at))}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }} lineClamp={4}>
                    {e.message}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}

function Stat({
  icon,
  label,
  value,
  note,
  color,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: number | string;
  note?: string;
  color?: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId}>
      <Group gap={6} c="dimmed" wrap="nowrap">
        {icon}
        <Text size="xs" tt="uppercase" fw={600}>
          {label}
        </Text>
      </Group>
      <Text fz={28} fw={700} c={color} style={{ whiteSpace: "nowrap" }} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed" fw={500}>
          {note}
        </Text>
      ) : null}
    </Card>
  );
}
