import { formatClock } from "@tumble/domain/dateFormat";
import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconClockHour4, IconCoffee } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatHoursMinutes } from "@tumble/domain/timeClock";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";

// Who is on the clock now, per store, live (timeclock:onTheClock is a live query: a punch anywhere
// in the company re-runs it). The kiosk screen shows it; the employee dashboard can reuse it.

interface Props {
  /** One store, or every store of the company. */
  storeId?: string;
  /** The panel's heading level (2 under a screen's title). */
  headingOrder?: 2 | 3;
}

function useMinuteTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export function OnTheClock({ storeId, headingOrder = 2 }: Props) {
  const { t } = useTranslation("timeclock");
  const people = useQueryState(api.timeclock.onTheClock, storeId ? { storeId } : {});
  const now = useMinuteTick();
  // In the store's time zone: a manager elsewhere reads the time the store's clock showed.
  const time = (at: number, timeZone: string) => formatClock(at, timeZone);
  const byStore = new Map<string, { storeName: string; rows: NonNullable<typeof people.data> }>();
  for (const row of people.data ?? []) {
    const group = byStore.get(row.storeId) ?? { storeName: row.storeName, rows: [] };
    group.rows.push(row);
    byStore.set(row.storeId, group);
  }
  return (
    <Paper withBorder p="md" radius="md" data-testid="on-the-clock">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={headingOrder} size="h4">
            {t("onTheClock.title")}
          </Title>
          {people.data ? (
            <Badge variant="light" size="lg" data-testid="on-the-clock-count">
              {t("onTheClock.count", { count: people.data.length })}
            </Badge>
          ) : null}
        </Group>
        {people.error ? <Text c="red">{t("onTheClock.error")}</Text> : null}
        {people.isLoading ? <Text c="dimmed">{t("onTheClock.loading")}</Text> : null}
        {people.data && people.data.length === 0 ? <Text c="dimmed">{t("onTheClock.nobody")}</Text> : null}
        {[...byStore.entries()].map(([id, group]) => (
          <Stack key={id} gap={6} data-testid="on-the-clock-store">
            <Text fw={700}>{group.storeName}</Text>
            {group.rows.map((row) => (
              <Group key={row.employeeId} justify="space-between" wrap="wrap" gap={4} data-testid="on-the-clock-row" data-state={row.state}>
                <Group gap="xs" wrap="nowrap">
                  {row.state === "onBreak" ? <IconCoffee size={18} aria-hidden /> : <IconClockHour4 size={18} aria-hidden />}
                  <Text>{row.name}</Text>
                </Group>
                <Group gap="xs" wrap="nowrap" ml="auto">
                  <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                    {t(row.state === "onBreak" ? "onTheClock.breakSince" : "onTheClock.since", {
                      time: time(row.since, row.timeZone),
                      hours: formatHoursMinutes((now - row.clockInAt) / 60_000),
                    })}
                  </Text>
                  <Badge color={row.state === "onBreak" ? "yellow" : "teal"} variant="light" style={{ flexShrink: 0, overflow: "visible" }}>
                    {t(`onTheClock.state.${row.state}`)}
                  </Badge>
                </Group>
              </Group>
            ))}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
