import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "@tanstack/react-router";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { formatHoursMinutes } from "@tumble/domain/timeClock";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { timeIn } from "../timeEntries/format";
import { PendingRequests } from "./PendingRequests";

type Dashboard = ReturnsOf<typeof api.timeEntries.dashboard>;
type Scheduled = Dashboard["stores"][number]["scheduled"][number];

export type Attendance = "working" | "done" | "late" | "absent" | "upcoming";

/** Where a scheduled person stands at `now`: late once the tolerance has passed without a clock-in, absent once the shift is over. */
export function attendance(s: Scheduled, now: number, toleranceMinutes: number): Attendance {
  if (s.entry) return s.entry.clockOutAt === null ? "working" : "done";
  if (now >= s.endsAt) return "absent";
  if (now > s.startsAt + toleranceMinutes * 60_000) return "late";
  return "upcoming";
}

const COLOR: Record<Attendance, string> = { working: "teal", done: "gray", late: "orange", absent: "red", upcoming: "blue" };

function useMinuteTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** employee-management/dashboard: today per store, pending verifications and requests, this week's hours. Live. */
export function EmployeeDashboard() {
  const { t } = useTranslation("employeeDashboard");
  const data = useQueryState(api.timeEntries.dashboard, {});
  const now = useMinuteTick();
  const d = data.data;
  return (
    <Stack gap="lg">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      {data.error ? <Text c="red">{t("error")}</Text> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg" data-testid="pending-verifications">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {t("verifications.title")}
            </Title>
            <Text size="xl" fw={700} data-testid="pending-verifications-count">
              {d ? d.pendingVerifications : "…"}
            </Text>
            <Text size="sm" c="dimmed">
              {t("verifications.hint")}
            </Text>
            <Anchor component={Link} to="/employee-management/time-entry-verification" size="sm">
              {t("verifications.open")}
            </Anchor>
          </Stack>
        </Card>
        <PendingRequests />
      </SimpleGrid>

      <Title order={2} size="h4">
        {t("today.title")}
      </Title>
      {d && d.stores.length === 0 ? <Text c="dimmed">{t("today.noStores")}</Text> : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {(d?.stores ?? []).map((s) => (
          <Card key={s.storeId} withBorder radius="lg" padding="lg" data-testid="dashboard-store" aria-label={s.storeName}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="wrap">
                <Text fw={700}>{s.storeName}</Text>
                <Group gap={6}>
                  <Badge variant="light">{t("today.scheduled", { count: s.scheduled.length })}</Badge>
                  <Badge variant="light" color="teal" data-testid="store-on-clock">
                    {t("today.onClock", { count: s.onClockCount })}
                  </Badge>
                </Group>
              </Group>
              {s.scheduled.length === 0 && s.unscheduled.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("today.nobody")}
                </Text>
              ) : null}
              {s.scheduled.map((x) => {
                const state = attendance(x, now, d!.toleranceMinutes);
                return (
                  <Group key={x.shiftId} justify="space-between" wrap="nowrap" gap="xs" data-testid="dashboard-shift" data-state={state}>
                    <Stack gap={0} miw={0}>
                      <Text size="sm" fw={500}>
                        {x.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {timeIn(x.startsAt, s.timeZone)} – {timeIn(x.endsAt, s.timeZone)}
                        {x.entry ? ` · ${t("today.inAt", { time: timeIn(x.entry.clockInAt, s.timeZone) })}` : ""}
                      </Text>
                    </Stack>
                    <Badge color={COLOR[state]} variant="light">
                      {t(`state.${state}`)}
                    </Badge>
                  </Group>
                );
              })}
              {s.unscheduled.map((u) => (
                <Group key={u.employeeId} justify="space-between" wrap="nowrap" gap="xs" data-testid="dashboard-unscheduled">
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {u.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("today.inAt", { time: timeIn(u.clockInAt, s.timeZone) })}
                    </Text>
                  </Stack>
                  <Badge color="grape" variant="light">
                    {t("state.unscheduled")}
                  </Badge>
                </Group>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <Card withBorder radius="lg" padding="lg" data-testid="week-hours">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t("week.title")}
          </Title>
          {d && d.hours.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("week.none")}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("week.employee")}</Table.Th>
                    <Table.Th ta="right">{t("week.worked")}</Table.Th>
                    <Table.Th ta="right">{t("week.projected")}</Table.Th>
                    <Table.Th>{t("week.risk")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(d?.hours ?? []).map((h) => (
                    <Table.Tr key={h.employeeId} data-testid="week-hours-row">
                      <Table.Td>{h.name}</Table.Td>
                      <Table.Td ta="right">{formatHoursMinutes(h.workedMinutes)}</Table.Td>
                      <Table.Td ta="right">{formatHoursMinutes(h.projectedMinutes)}</Table.Td>
                      <Table.Td>
                        {h.overtimeRisk ? (
                          <Badge color="orange" variant="light">
                            {t("week.overtime")}
                          </Badge>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {t("week.ok")}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
