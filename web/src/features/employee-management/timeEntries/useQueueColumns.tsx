import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconPencil, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ownTimeReason } from "../../../lib/twoPerson";
import { WithReason } from "../../../ui/WithReason";
import type { DataColumn } from "../../../ui/table/types";
import { businessDateLabel, hours, span } from "./format";
import type { QueueEntry } from "./VerificationQueue";

/** A badge as wide as its word: a narrow column wraps around it instead of cutting it ("PENDI…"). */
const WHOLE = { minWidth: "max-content", flexShrink: 0 } as const;

const STATUS_COLOR: Record<string, string> = { pending: "yellow", approved: "teal", rejected: "red", open: "blue" };

export interface QueueColumnsOptions {
  zone: (e: QueueEntry) => string;
  /** One's own time is someone else's to verify (decision 0060): its actions disabled with the reason. */
  ownEmployeeId: string | null;
  busy: string | null;
  onApprove: (ids: string[], key: string) => void;
  onCorrect: (e: QueueEntry) => void;
  onReject: (e: QueueEntry) => void;
}

/** The queue's columns: who, status, when scheduled and worked, exceptions, and approve, correct, reject. */
export function useQueueColumns({ zone, ownEmployeeId, busy, onApprove, onCorrect, onReject }: QueueColumnsOptions): DataColumn<QueueEntry>[] {
  const { t } = useTranslation("timeEntries");
  return [
    { id: "employee", header: t("columns.employee"), card: "title", cell: (e) => <Text fw={600}>{e.employeeName}</Text>, sortValue: (e) => e.employeeName },
    {
      id: "status",
      header: t("columns.status"),
      card: "badge",
      cell: (e) => (
        <Stack gap={2} align="flex-start">
          <Badge color={STATUS_COLOR[e.reviewStatus]} variant="light" style={WHOLE} data-testid="entry-status">
            {t(`entryStatus.${e.reviewStatus}`)}
          </Badge>
          {e.review?.auto && e.reviewStatus === "approved" ? (
            <Text size="xs" c="dimmed" data-testid="entry-auto">
              {t("auto")}
            </Text>
          ) : null}
        </Stack>
      ),
      sortValue: (e) => e.reviewStatus,
    },
    { id: "date", header: t("columns.date"), cell: (e) => businessDateLabel(e.businessDate), sortValue: (e) => e.businessDate },
    {
      id: "store",
      header: t("columns.store"),
      // A person with several jobs: the store and the job the entry was worked in.
      cell: (e) =>
        e.jobTitle ? (
          <Stack gap={0}>
            <Text size="sm">{e.storeName}</Text>
            <Text size="xs" c="dimmed" data-testid="entry-job">
              {e.jobTitle}
            </Text>
          </Stack>
        ) : (
          e.storeName
        ),
      sortValue: (e) => e.storeName,
    },
    {
      id: "scheduled",
      header: t("columns.scheduled"),
      cell: (e) => (e.shift ? span(e.shift.startsAt, e.shift.endsAt, zone(e)) : <Text c="dimmed">{t("unscheduled")}</Text>),
      sortValue: (e) => e.shift?.startsAt ?? null,
    },
    {
      id: "worked",
      header: t("columns.worked"),
      cell: (e) => (
        <Stack gap={0}>
          <Text size="sm">{span(e.effective.clockInAt, e.effective.clockOutAt, zone(e))}</Text>
          <Text size="xs" c="dimmed">
            {t("workedLine", { hours: hours(e.effective.workedMinutes), breakMinutes: e.effective.breakMinutes })}
          </Text>
          {e.corrected ? (
            <Text size="xs" c="dimmed" data-testid="entry-raw">
              {t(e.manual ? "rawLineManual" : "rawLine", { times: span(e.raw.clockInAt, e.raw.clockOutAt, zone(e)), reason: e.corrected.reason })}
            </Text>
          ) : null}
          {e.manual ? (
            <Text size="xs" c="dimmed" maw={280} data-testid="entry-manual">
              <Badge size="xs" color="grape" variant="light" mr={4} component="span" style={WHOLE}>
                {t("manual.badge")}
              </Badge>
              {t("manual.line", { name: e.manual.by ?? t("manual.someone"), reason: e.manual.reason })}
            </Text>
          ) : null}
        </Stack>
      ),
      sortValue: (e) => e.effective.clockInAt,
    },
    {
      id: "exceptions",
      header: t("columns.exceptions"),
      cell: (e) =>
        e.exceptions.length ? (
          <Group gap={4}>
            {e.exceptions.map((x) => (
              <Badge key={x} size="sm" color="orange" variant="outline" style={WHOLE} data-testid="entry-exception">
                {t(`exception.${x}`)}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t("noExceptions")}
          </Text>
        ),
      sortValue: (e) => e.exceptions.length,
      csv: (e) => e.exceptions.map((x) => t(`exception.${x}`)).join("; "),
    },
    {
      id: "actions",
      header: t("columns.actions"),
      hideable: false,
      card: "footer",
      cell: (e) =>
        e.reviewStatus === "open" ? null : e.employeeId === ownEmployeeId ? (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <WithReason reason={ownTimeReason()} testId="own-entry-reason">
              <Group gap={4} wrap="nowrap">
                {e.reviewStatus !== "approved" ? (
                  <ActionIcon variant="light" color="teal" disabled aria-label={t("approveOf", { name: e.employeeName })}>
                    <IconCheck size={18} aria-hidden />
                  </ActionIcon>
                ) : null}
                <ActionIcon variant="light" disabled aria-label={t("correctOf", { name: e.employeeName })}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </WithReason>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {e.reviewStatus !== "approved" ? (
              <Tooltip label={t("approve")}>
                <ActionIcon
                  variant="light"
                  color="teal"
                  aria-label={t("approveOf", { name: e.employeeName })}
                  loading={busy === e._id}
                  onClick={() => onApprove([e._id], e._id)}
                >
                  <IconCheck size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label={t("correct")}>
              <ActionIcon variant="light" aria-label={t("correctOf", { name: e.employeeName })} onClick={() => onCorrect(e)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {e.reviewStatus !== "rejected" ? (
              <Tooltip label={t("reject")}>
                <ActionIcon variant="light" color="red" aria-label={t("rejectOf", { name: e.employeeName })} onClick={() => onReject(e)}>
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        ),
    },
  ];
}
