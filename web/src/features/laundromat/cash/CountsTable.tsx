import { Button, Group, Text } from "@mantine/core";
import { useMemo, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { formatDisplayDateTime } from "../collections/format";
import { errorText, useCashRights } from "./messages";
import { accountName } from "./accountName";
import { CashStatusBadge } from "./StatusBadge";
import type { PhysicalCount } from "./types";

const money = (c: number | null) => (c === null ? "—" : formatUSD(c));
const nameOf = (t: TFunction<"cash">, c: PhysicalCount) => accountName(t, { kind: c.accountKind, name: c.accountName });

/** Accept or ask for a recount: reviewers (canApproveDraws) only, never of their own count. */
function ReviewButtons({ count }: { count: PhysicalCount }) {
  const { t } = useTranslation("cash");
  const rights = useCashRights();
  const accept = useMutation(api.physicalCounts.accept);
  const recount = useMutation(api.physicalCounts.requestRecount);
  const keys = useSubmissionKeys();
  const [busy, setBusy] = useState<string | null>(null);
  if (count.status !== "submitted" || !rights.canApprove || count.countedBy === rights.userId) return null;
  const run = async (action: "accept" | "recount") => {
    setBusy(action);
    try {
      await keys.run({ action, countId: count._id }, (idempotencyKey) =>
        action === "accept" ? accept({ countId: count._id, idempotencyKey }) : recount({ countId: count._id, idempotencyKey }),
      );
      notifySuccess(action === "accept" ? t("review.accepted") : t("review.recountRequested"));
    } catch (error) {
      notifyError(errorText(error, t("actions.failed")));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap={6} onClick={(e) => e.stopPropagation()}>
      <Button size="compact-sm" color="green" loading={busy === "accept"} onClick={() => void run("accept")} data-testid="accept-count">
        {t("review.accept")}
      </Button>
      <Button size="compact-sm" variant="light" color="orange" loading={busy === "recount"} onClick={() => void run("recount")} data-testid="recount-count">
        {t("review.recount")}
      </Button>
    </Group>
  );
}

interface Props {
  tableId: string;
  caption: string;
  counts: readonly PhysicalCount[] | undefined;
  error?: unknown;
  emptyText: string;
  page?: number;
  onPageChange?: (page: number) => void;
  exportName?: string;
  toolbar?: ReactNode;
  /** The review queue: accept and recount in place. */
  review?: boolean;
}

/** Counts with who counted, expected, counted and the difference; reviewers decide submitted ones in place. */
export function CountsTable({ tableId, caption, counts, error, emptyText, page, onPageChange, exportName, toolbar, review = false }: Props) {
  const { t } = useTranslation("cash");
  const columns = useMemo<DataColumn<PhysicalCount>[]>(
    () => [
      { id: "account", header: t("columns.account"), cell: (c) => nameOf(t, c), sortValue: (c) => nameOf(t, c), card: "title" },
      // The review queue holds submitted counts only: no status column.
      ...(review
        ? []
        : [
            {
              id: "status",
              header: t("columns.status"),
              cell: (c: PhysicalCount) => <CashStatusBadge status={c.status} />,
              sortValue: (c: PhysicalCount) => c.status,
              card: "badge" as const,
              width: 150,
            },
          ]),
      { id: "started", header: t("columns.started"), cell: (c) => formatDisplayDateTime(c.startedAt), sortValue: (c) => c.startedAt },
      {
        id: "countedBy",
        header: t("columns.countedBy"),
        cell: (c) => c.countedByName ?? c.countedByEmail,
        sortValue: (c) => c.countedByName ?? c.countedByEmail,
      },
      { id: "expected", header: t("columns.expected"), cell: (c) => money(c.expectedCents), sortValue: (c) => c.expectedCents, align: "right" },
      { id: "counted", header: t("columns.counted"), cell: (c) => money(c.countedCents), sortValue: (c) => c.countedCents, align: "right" },
      {
        id: "variance",
        header: t("columns.variance"),
        cell: (c) => (
          <Text fw={700} c={c.varianceCents && c.varianceCents < 0 ? "red.8" : undefined} inherit>
            {money(c.varianceCents)}
          </Text>
        ),
        sortValue: (c) => c.varianceCents,
        align: "right",
        card: "aside",
      },
      {
        id: "reason",
        header: t("columns.reason"),
        cell: (c) => [c.reason ? t(`reasons.${c.reason}`) : null, c.note, c.reviewNote].filter(Boolean).join(" · "),
        sortValue: (c) => c.reason ?? "",
      },
      ...(review
        ? [{ id: "review", header: t("columns.actions"), cell: (c: PhysicalCount) => <ReviewButtons count={c} />, hideable: false, card: "footer" as const }]
        : []),
    ],
    [t, review],
  );
  return (
    <DataTable
      tableId={tableId}
      caption={caption}
      columns={columns}
      data={counts}
      error={error}
      getRowId={(c) => c._id}
      defaultSort={{ id: "started", desc: true }}
      page={page}
      onPageChange={onPageChange}
      rowName={(c) => `${nameOf(t, c)} ${formatDisplayDateTime(c.startedAt)}`}
      rowAttributes={(c) => ({ "data-status": c.status })}
      testId={tableId}
      rowTestId="count-row"
      emptyText={emptyText}
      exportName={exportName}
      toolbar={toolbar}
    />
  );
}
