import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { dayLabel } from "../../../lib/dayLabel";

/**
 * The signed-in employee's published shifts for the next two weeks, the open shifts at their stores
 * and what the latest publishes changed (until marked seen, which clears the user tab's count).
 * For the employee's own screens (user/employment); renders nothing without an employee profile.
 */
export function MyShifts() {
  const { t } = useTranslation("scheduling");
  const mine = useQuery(api.shifts.mine, {});
  const markSeen = useMutation(api.shifts.markNoticesSeen);
  if (!mine?.employee) return null;
  const locale = t("locale");
  return (
    <Card withBorder data-testid="my-shifts">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t("mine.title")}
          </Title>
          {mine.notices.length ? (
            <Button size="xs" variant="light" onClick={() => void markSeen({})} data-testid="my-shifts-seen">
              {t("mine.markSeen", { count: mine.notices.length })}
            </Button>
          ) : null}
        </Group>
        {mine.notices.map((n) => (
          <Text key={n._id} size="sm" c="blue" data-testid="my-shift-notice">
            {t("mine.notice", { store: n.storeName, count: n.changes.length })}
          </Text>
        ))}
        {mine.shifts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("mine.none")}
          </Text>
        ) : (
          <Stack gap={4} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {mine.shifts.map((s) => (
              <Group key={s._id} component="li" gap="xs" wrap="nowrap" data-testid="my-shift">
                <Text size="sm" fw={600} w={120}>
                  {dayLabel(s.date, locale)}
                </Text>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {s.start}–{s.end}
                </Text>
                <Text size="sm" c="dimmed" truncate="end">
                  {s.storeName}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        {mine.openShifts.length ? (
          <Group gap="xs">
            <Badge variant="light">{t("mine.open", { count: mine.openShifts.length })}</Badge>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
