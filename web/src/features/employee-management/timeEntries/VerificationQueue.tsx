import { ActionIcon, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconChecks, IconPlus } from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { todayIn, DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { errorText } from "../../../lib/errorText";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { api } from "../../../lib/api";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { usePagedQuery } from "../../../lib/pagedQuery";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useOwnEmployeeId } from "../../../lib/twoPerson";
import { param, useSearchState } from "../../../lib/searchParams";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import { AddShiftModal } from "./AddShiftModal";
import { CorrectModal } from "./CorrectModal";
import { RejectModal } from "./RejectModal";
import { businessDateLabel } from "./format";
import { periodAround, shiftPeriod } from "./period";
import { useQueueColumns } from "./useQueueColumns";

export type QueueEntry = ReturnsOf<typeof api.timeEntries.list>["entries"][number];

const STATUSES = ["pending", "approved", "rejected", "open", "all"] as const;

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
  const ready = Boolean(settings.data && stores.data);
  const range = { from, to, ...(search.storeId ? { storeId: search.storeId } : {}) };
  // A page at a time from the server, newest clock-in first; "Load more" fetches the next, and
  // another period, store or status starts again from the first. The counts are the whole period's.
  const queue = usePagedQuery(api.timeEntries.listPage, ready ? { ...range, status } : "skip", (e) => e._id);
  const countsQuery = useQueryState(api.timeEntries.counts, ready ? range : "skip");
  const settle = useMutation(api.timeEntries.settle);
  const approve = useMutation(api.timeEntries.approve);
  const approveClean = useMutation(api.timeEntries.approveClean);
  const [correcting, setCorrecting] = useState<QueueEntry | null>(null);
  const [rejecting, setRejecting] = useState<QueueEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const approveKeys = useSubmissionKeys();
  const cleanKeys = useSubmissionKeys();
  const isPhone = useMediaQuery("(max-width: 36em)") ?? false;

  // Opening a period closes over-long shifts and approves what needs no person.
  useEffect(() => {
    if (!settings.data || !stores.data) return;
    settle({ from, to, storeId: search.storeId }).catch((error: unknown) => notifyError(errorText(error, t("settleFailed"))));
  }, [from, to, search.storeId, settle, t, settings.data, stores.data]);

  const entries = queue.rows;
  // One's own time is someone else's to verify (decision 0060): left out, its actions disabled with the reason.
  const ownEmployeeId = useOwnEmployeeId() ?? null;

  const doApprove = (ids: string[], key: string) => {
    setBusy(key);
    approveKeys
      .run({ entryIds: ids }, (idempotencyKey) => approve({ entryIds: ids, idempotencyKey }))
      .then((r) => notifySuccess(t("approved", { count: r.approved })))
      .catch((error: unknown) => notifyError(errorText(error, t("approveFailed"))))
      .finally(() => setBusy(null));
  };

  // Every clean entry of the period and store, on the server, not only the loaded ones; what it
  // left (one's own, flagged or added by hand, in a locked period) is counted in the notice.
  const doApproveClean = () => {
    setBusy("clean");
    cleanKeys
      .run(range, (idempotencyKey) => approveClean({ ...range, idempotencyKey }))
      .then((r) =>
        notifySuccess(
          [
            t("cleanApproved", { count: r.approved }),
            ...(r.skippedOwn ? [t("cleanSkippedOwn", { count: r.skippedOwn })] : []),
            ...(r.skippedFlagged ? [t("cleanSkippedFlagged", { count: r.skippedFlagged })] : []),
            ...(r.skippedLocked ? [t("cleanSkippedLocked", { count: r.skippedLocked })] : []),
          ].join(". "),
        ),
      )
      .catch((error: unknown) => notifyError(errorText(error, t("approveFailed"))))
      .finally(() => setBusy(null));
  };

  const zone = (e: QueueEntry) => zoneOf.get(e.storeId) ?? DEFAULT_TIME_ZONE;
  const columns = useQueueColumns({ zone, ownEmployeeId, busy, onApprove: doApprove, onCorrect: setCorrecting, onReject: setRejecting });

  const counts = countsQuery.data;
  const statusOptions = STATUSES.map((s) => ({
    value: s,
    label: s === "all" || !counts ? t(`status.${s}`) : `${t(`status.${s}`)} (${counts[s as keyof typeof counts]})`,
  }));
  return (
    <Stack gap="lg">
      <ScreenTitle title={t("title")} subtitle={t("subtitle", { minutes: settings.data?.toleranceMinutes ?? 5 })} />
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
            disabled={counts ? counts.pending === 0 : true}
            loading={busy === "clean"}
            onClick={doApproveClean}
            data-testid="approve-clean"
          >
            {t("approveCleanAll")}
          </Button>
        </Group>
      </Group>
      <DataTable
        tableId="time-entry-verification"
        caption={t("caption")}
        columns={columns}
        data={entries}
        error={queue.error}
        more={queue.more}
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
