import { ActionIcon, Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Tooltip } from "@mantine/core";
import { IconCheck, IconChevronLeft, IconChevronRight, IconChecks, IconPencil, IconPlus, IconX } from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { todayIn, DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { errorText } from "../../../lib/errorText";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { api } from "../../../lib/api";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { ownTimeReason, useOwnEmployeeId } from "../../../lib/twoPerson";
import { param, useSearchState } from "../../../lib/searchParams";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { WithReason } from "../../../ui/WithReason";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { AddShiftModal } from "./AddShiftModal";
import { CorrectModal } from "./CorrectModal";
import { RejectModal } from "./RejectModal";
import { businessDateLabel, hours, span } from "./format";
import { periodAround, shiftPeriod } from "./period";

/** A badge as wide as its word: a narrow column wraps around it instead of cutting it ("PENDI…"). */
const WHOLE = { minWidth: "max-content", flexShrink: 0 } as const;

export type QueueEntry = ReturnsOf<typeof api.timeEntries.list>["entries"][number];

const STATUSES = ["pending", "approved", "rejected", "open", "all"] as const;
const STATUS_COLOR: Record<string, string> = { pending: "yellow", approved: "teal", rejected: "red", open: "blue" };

const searchSchema = {
  from: param.isoDate(),
  to: param.isoDate(),
  storeId: param.text(64),
  status: param.oneOf(STATUSES),
};

/** employee-management/time-entry-verification: the queue of a pay period and store. */
export function VerificationQueue() {
  const { t } = useTranslation("timeEntries");
  const [search, setSearch] = useSearchState(searchSchema);
  const stores = useQueryState(api.stores.listAll, {});
  const zoneOf = useMemo(() => new Map((stores.data ?? []).map((s) => [s._id, s.timeZone])), [stores.data]);
  const settings = useQueryState(api.timeEntries.settings, {});
  // The server's today (the company's zone) picks the period, as payroll does; the queue waits for it.
  const fallback = periodAround(settings.data?.today ?? todayIn(DEFAULT_TIME_ZONE), settings.data?.payFrequency, settings.data?.payAnchorDate);
  const from = search.from ?? fallback.from;
  const to = search.to ?? fallback.to;
  const status = search.status ?? "pending";
  const args = { from, to, storeId: search.storeId, status };
  const queue = useQueryState(api.timeEntries.list, settings.data && stores.data ? args : "skip");
  const settle = useMutation(api.timeEntries.settle);
  const approve = useMutation(api.timeEntries.approve);
  const [correcting, setCorrecting] = useState<QueueEntry | null>(null);
  const [rejecting, setRejecting] = useState<QueueEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const approveKeys = useSubmissionKeys();
  const isPhone = useMediaQuery("(max-width: 36em)") ?? false;

  // Opening a period closes over-long shifts and approves what needs no person.
  useEffect(() => {
    if (!settings.data || !stores.data) return;
    settle({ from, to, storeId: search.storeId }).catch((error: unknown) => notifyError(errorText(error, t("settleFailed"))));
  }, [from, to, search.storeId, settle, t, settings.data, stores.data]);

  const entries = queue.data?.entries;
  // A shift added by hand is never "clean": a manager other than the one who added it looks at it.
  // One's own time is someone else's to verify (decision 0060): left out, its actions disabled with the reason.
  const ownEmployeeId = useOwnEmployeeId() ?? null;
  const clean = (entries ?? []).filter((e) => e.reviewStatus === "pending" && e.exceptions.length === 0 && e.manual === null && e.employeeId !== ownEmployeeId);

  const doApprove = (ids: string[], key: string) => {
    setBusy(key);
    approveKeys
      .run({ entryIds: ids }, (idempotencyKey) => approve({ entryIds: ids, idempotencyKey }))
      .then((r) => notifySuccess(t("approved", { count: r.approved })))
      .catch((error: unknown) => notifyError(errorText(error, t("approveFailed"))))
      .finally(() => setBusy(null));
  };

  const zone = (e: QueueEntry) => zoneOf.get(e.storeId) ?? DEFAULT_TIME_ZONE;
  const columns: DataColumn<QueueEntry>[] = [
    { id: "employee", header: t("columns.employee"), card: "title", cell: (e) => <Text fw={600}>{e.employeeName}</Text>, sortValue: (e) => e.employeeName },
    {
      id: "status",
      header: t("columns.status"),
      card: "badge",
      cell: (e) => (
        <Stack gap={2} align="flex-start">
          <Badge color={STATUS_COLOR[e.reviewStatus]} variant="light" style={WHOLE} data-testid="entry-status">
            {t(`status.${e.reviewStatus}`)}
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
                  onClick={() => doApprove([e._id], e._id)}
                >
                  <IconCheck size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label={t("correct")}>
              <ActionIcon variant="light" aria-label={t("correctOf", { name: e.employeeName })} onClick={() => setCorrecting(e)}>
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            {e.reviewStatus !== "rejected" ? (
              <Tooltip label={t("reject")}>
                <ActionIcon variant="light" color="red" aria-label={t("rejectOf", { name: e.employeeName })} onClick={() => setRejecting(e)}>
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
        ),
    },
  ];

  const counts = queue.data?.counts;
  const statusOptions = STATUSES.map((s) => ({
    value: s,
    label: s === "all" || !counts ? t(`status.${s}`) : `${t(`status.${s}`)} (${counts[s as keyof typeof counts]})`,
  }));
  return (
    <Stack gap="lg">
      <ScreenTitle title={t("title")} subtitle={t("subtitle", { minutes: queue.data?.toleranceMinutes ?? 5 })} />
      <Paper withBorder p="sm" radius="md">
        <Group justify="space-between" gap="sm">
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={t("previous")} onClick={() => setSearch(shiftPeriod({ from, to }, -1))}>
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Text fw={600} data-testid="period">
              {t("period", { from: businessDateLabel(from), to: businessDateLabel(to) })}
            </Text>
            <ActionIcon variant="subtle" aria-label={t("next")} onClick={() => setSearch(shiftPeriod({ from, to }, 1))}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <Select
            aria-label={t("store")}
            placeholder={t("allStores")}
            clearable
            w={{ base: "100%", xs: 220 }}
            data={(stores.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
            value={search.storeId ?? null}
            onChange={(v) => setSearch({ storeId: v ?? undefined })}
          />
        </Group>
      </Paper>
      <Group justify="space-between" gap="sm">
        {isPhone ? (
          <Select
            aria-label={t("statusFilter")}
            value={status}
            allowDeselect={false}
            onChange={(v) => v && setSearch({ status: v as (typeof STATUSES)[number] })}
            data={statusOptions}
            w="100%"
          />
        ) : (
          <SegmentedControl
            aria-label={t("statusFilter")}
            value={status}
            onChange={(v) => setSearch({ status: v as (typeof STATUSES)[number] })}
            data={statusOptions}
          />
        )}
        <Group gap="sm" w={isPhone ? "100%" : undefined}>
          <Button
            variant="default"
            fullWidth={isPhone}
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setAdding(true)}
            data-testid="add-shift"
          >
            {t("add.open")}
          </Button>
          <Button
            fullWidth={isPhone}
            leftSection={<IconChecks size={18} aria-hidden />}
            disabled={!clean.length}
            loading={busy === "clean"}
            onClick={() =>
              doApprove(
                clean.map((e) => e._id),
                "clean",
              )
            }
          >
            {t("approveClean", { count: clean.length })}
          </Button>
        </Group>
      </Group>
      <DataTable
        tableId="time-entry-verification"
        caption={t("caption")}
        columns={columns}
        data={entries}
        error={queue.error}
        getRowId={(e) => e._id}
        rowName={(e) => e.employeeName}
        emptyText={t("empty")}
        exportName="time-entries"
        testId="verification-queue"
        rowTestId="verification-row"
        rowAttributes={(e) => ({ "data-status": e.reviewStatus, "data-employee": e.employeeName })}
      />
      <CorrectModal entry={correcting} timeZone={correcting ? zone(correcting) : DEFAULT_TIME_ZONE} onClose={() => setCorrecting(null)} />
      <RejectModal entry={rejecting} onClose={() => setRejecting(null)} />
      <AddShiftModal
        opened={adding}
        stores={stores.data ?? []}
        defaultStoreId={search.storeId}
        defaultDate={settings.data?.today && settings.data.today <= to && settings.data.today >= from ? settings.data.today : to}
        onClose={() => setAdding(false)}
      />
    </Stack>
  );
}
