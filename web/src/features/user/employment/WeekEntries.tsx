import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayDate } from "@tumble/domain/dateFormat";
import { formatHoursMinutes } from "@tumble/domain/timeClock";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { dayLabel, timeIn } from "./format";
import type { OwnEmployment, OwnEntry } from "./types";

/** The times that count: a manager's correction when there is one, else the punches'. */
const counted = (e: OwnEntry) => e.corrected ?? e.raw;

/** This week's entries (Monday to Sunday in the store's time zone) and their hours. */
export function WeekEntries({ me }: { me: OwnEmployment }) {
  const { t } = useTranslation("employment");
  const { from, to } = me.week;
  const entries = useQueryState(api.timeclock.entries, { from, to });
  const fallbackZone = me.week.timeZone;
  const zoneOf = useMemo(() => new Map(me.stores.map((s) => [s._id, s.timeZone])), [me.stores]);
  const total = entries.data?.reduce((sum, e) => sum + counted(e).workedMinutes, 0) ?? null;
  const language = currentLanguage();

  const columns = useMemo<DataColumn<OwnEntry>[]>(() => {
    const tz = (e: OwnEntry) => zoneOf.get(e.storeId) ?? fallbackZone;
    return [
      { id: "date", header: t("week.columns.date"), cell: (e) => dayLabel(e.businessDate, language), sortValue: (e) => e.businessDate, card: "title" },
      {
        id: "status",
        header: t("week.columns.status"),
        card: "badge",
        cell: (e) => (
          <Group gap={4}>
            {e.status === "open" ? (
              <Badge variant="light" color="teal">
                {t("week.open")}
              </Badge>
            ) : null}
            {e.corrected ? (
              <Badge variant="light" color="blue">
                {t("week.corrected")}
              </Badge>
            ) : null}
            {e.flags.includes("outsideZone") ? (
              <Badge variant="light" color="yellow">
                {t("week.outsideZone")}
              </Badge>
            ) : null}
          </Group>
        ),
        csv: (e) => [e.status === "open" ? t("week.open") : "", e.corrected ? t("week.corrected") : ""].filter(Boolean).join(", "),
      },
      { id: "store", header: t("week.columns.store"), cell: (e) => e.storeName, sortValue: (e) => e.storeName },
      { id: "in", header: t("week.columns.in"), cell: (e) => timeIn(counted(e).clockInAt, tz(e)), sortValue: (e) => counted(e).clockInAt },
      {
        id: "out",
        header: t("week.columns.out"),
        cell: (e) => {
          const out = counted(e).clockOutAt;
          return out === null ? "—" : timeIn(out, tz(e));
        },
        sortValue: (e) => counted(e).clockOutAt,
      },
      {
        id: "breaks",
        header: t("week.columns.breaks"),
        cell: (e) => formatHoursMinutes(counted(e).breakMinutes),
        sortValue: (e) => counted(e).breakMinutes,
        align: "right",
      },
      {
        id: "hours",
        header: t("week.columns.hours"),
        cell: (e) => (
          <Text span fw={600} size="sm">
            {formatHoursMinutes(counted(e).workedMinutes)}
          </Text>
        ),
        sortValue: (e) => counted(e).workedMinutes,
        align: "right",
        card: "aside",
      },
    ];
  }, [t, language, zoneOf, fallbackZone]);

  return (
    <Card withBorder radius="md" p="md" data-testid="week-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="xs">
          <div>
            <Title order={2} size="h4">
              {t("week.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("week.range", { from: formatDisplayDate(from), to: formatDisplayDate(to) })}
            </Text>
          </div>
          <Text fw={700} size="lg" data-testid="week-total">
            {total === null ? "" : t("week.total", { hours: formatHoursMinutes(total) })}
          </Text>
        </Group>
        <DataTable
          tableId="my-week"
          caption={t("week.caption")}
          columns={columns}
          data={entries.data}
          error={entries.error}
          getRowId={(e) => e._id}
          rowName={(e) => dayLabel(e.businessDate, language)}
          defaultSort={{ id: "date", desc: false }}
          emptyText={t("week.empty")}
          testId="week-entries"
          rowTestId="week-entry"
        />
      </Stack>
    </Card>
  );
}
