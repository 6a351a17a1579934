import { Badge, Button, Group, Menu, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconChevronDown, IconRoute } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { usePagedQuery } from "../../../lib/pagedQuery";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { formatDisplayDate } from "../collections/format";
import { errorText, useCashRights } from "../cash/messages";
import { BankBookModal } from "./BankBookModal";
import { BankSettleModal } from "./BankSettleModal";
import type { BankDeposit, BankLine, BankPagedLine } from "./BankTypes";
import { depositLabel } from "./BankUnmatched";
import { useTraceStart } from "./TraceSearch";

export type LineView = "all" | "unmatched" | "matched";

/** How a line stands: booked from the statement, a debit, not matched, matched automatically or by hand. */
function LineStatus({ line }: { line: BankLine }) {
  const { t } = useTranslation(["bank", "cash"]);
  if (line.booking)
    return (
      <Stack gap={2} align="flex-start">
        <Badge color={line.booking.status === "pending" ? "yellow" : "blue"} variant="light" tt="none" data-testid="line-booked">
          {line.booking.status === "pending" ? t("status.bookedPending") : t("status.booked")}
        </Badge>
        <Text size="xs" c="dimmed">
          {line.booking.category
            ? t(`cash:categories.${line.booking.category}`, { defaultValue: line.booking.category })
            : t("cash:defaultAccountNames.other_income")}
        </Text>
      </Stack>
    );
  if (line.amountCents < 0)
    return (
      <Badge color="gray" variant="outline" tt="none">
        {t("status.debit")}
      </Badge>
    );
  if (!line.depositIds.length)
    return (
      <Badge color="orange" variant="light" tt="none">
        {t("status.unmatched")}
      </Badge>
    );
  return (
    <Badge color="teal" variant="light" tt="none">
      {line.automatic ? t("status.auto") : t("status.manual")}
    </Badge>
  );
}

/** The difference of the line's match group; settled ones say so. */
function Difference({ line }: { line: BankLine }) {
  const { t } = useTranslation("bank");
  if (line.differenceCents === null) return <Text c="dimmed">—</Text>;
  if (line.differenceCents === 0) return <Text inherit>{formatUSD(0)}</Text>;
  return (
    <Stack gap={2} align="flex-end">
      <Text fw={700} c={line.differenceCents < 0 ? "red.8" : "orange.8"} inherit data-testid="line-difference">
        {formatUSD(line.differenceCents)}
      </Text>
      {line.settlementId ? (
        <Badge color="gray" variant="light" size="sm">
          {t("settle.settled")}
        </Badge>
      ) : null}
    </Stack>
  );
}

function LineActions({
  line,
  deposits,
  onMatch,
  onSettle,
  onBook,
}: {
  line: BankLine;
  deposits: Map<string, BankDeposit>;
  onMatch: () => void;
  onSettle: () => void;
  onBook: () => void;
}) {
  const { t } = useTranslation("bank");
  const rights = useCashRights();
  const unmatch = useMutation(api.bankLines.unmatch);
  const [, , openTrace] = useTraceStart();
  const [busy, setBusy] = useState(false);
  const run = (depositId?: string) =>
    openConfirm({
      title: t("unmatch.title"),
      message: depositId
        ? t("unmatch.oneMessage", { deposit: depositLabel(deposits.get(depositId) ?? { bagNumber: null, slipNumber: null }, t) })
        : t("unmatch.message"),
      confirmLabel: t("unmatch.confirm"),
      cancelLabel: t("cancel"),
      destructive: true,
      confirmTestId: "unmatch-confirm",
      onConfirm: () => {
        setBusy(true);
        unmatch({ bankLineId: line._id, ...(depositId ? { depositId } : {}) })
          .then(() => notifySuccess(t("unmatch.done")))
          .catch((error: unknown) => notifyError(errorText(error, t("unmatch.failed"))))
          .finally(() => setBusy(false));
      },
    });
  const canSettle = rights.canApprove && line.differenceCents !== null && line.differenceCents !== 0 && !line.settlementId;
  return (
    <Group gap={6} wrap="wrap" onClick={(e) => e.stopPropagation()}>
      {line.amountCents > 0 && !line.booking && (line.depositIds.length === 0 || line.differenceCents !== 0) ? (
        <Button size="compact-sm" variant="light" onClick={onMatch} data-testid="match-line">
          {t("match.button")}
        </Button>
      ) : null}
      {line.depositIds.length === 1 ? (
        <Button size="compact-sm" variant="default" loading={busy} onClick={() => run()} data-testid="unmatch-line">
          {t("unmatch.button")}
        </Button>
      ) : line.depositIds.length > 1 ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button size="compact-sm" variant="default" loading={busy} rightSection={<IconChevronDown size={14} aria-hidden />} data-testid="unmatch-line">
              {t("unmatch.button")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => run()}>{t("unmatch.all")}</Menu.Item>
            {line.depositIds.map((id) => (
              <Menu.Item key={id} onClick={() => run(id)}>
                {depositLabel(deposits.get(id) ?? { bagNumber: null, slipNumber: null }, t) || t("deposit.unnamed")}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      {line.depositIds.length === 0 && !line.booking ? (
        <Button size="compact-sm" variant="default" onClick={onBook} data-testid="book-line">
          {t("book.button")}
        </Button>
      ) : null}
      {canSettle ? (
        <Button size="compact-sm" color="orange" variant="light" onClick={onSettle} data-testid="settle-line">
          {t("settle.button")}
        </Button>
      ) : null}
      {line.depositIds.length ? (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconRoute size={14} aria-hidden />}
          onClick={() => openTrace({ kind: "line", id: line._id })}
          data-testid="trace-line"
        >
          {t("trace.button")}
        </Button>
      ) : null}
    </Group>
  );
}

interface Props {
  /** The bank account whose lines are listed; none while the accounts load. */
  accountId: string | undefined;
  view: LineView;
  onViewChange: (view: LineView) => void;
  page?: number;
  onPageChange: (page: number) => void;
  /** The line with the deposits already on it. */
  onMatch: (line: BankPagedLine) => void;
}

/**
 * Every line of the account with its deposits, the match's difference and what can be done with
 * it: a page at a time from the server, newest date first, of the chosen view; "Load more" fetches
 * the next page, and another account or view starts again from the first.
 */
export function BankLinesTable({ accountId, view, onViewChange, page, onPageChange, onMatch }: Props) {
  const { t } = useTranslation("bank");
  const [settling, setSettling] = useState<BankLine | null>(null);
  const [booking, setBooking] = useState<BankLine | null>(null);
  const state = usePagedQuery(api.bankLines.listPage, accountId ? { accountId, ...(view === "all" ? {} : { view }) } : "skip", (l) => l._id);
  const rows = state.rows;
  const deposits = useMemo(() => new Map((rows ?? []).flatMap((l) => l.deposits).map((d) => [d._id, d])), [rows]);
  const columns = useMemo<DataColumn<BankPagedLine>[]>(
    () => [
      {
        id: "description",
        header: t("columns.description"),
        cell: (l) => (
          <div>
            <Text size="sm" inherit>
              {l.description}
            </Text>
            {l.reference ? (
              <Text size="xs" c="dimmed">
                {t("lines.reference", { reference: l.reference })}
              </Text>
            ) : null}
          </div>
        ),
        sortValue: (l) => l.description,
        csv: (l) => l.description,
        card: "title",
      },
      { id: "date", header: t("columns.date"), cell: (l) => formatDisplayDate(l.date), sortValue: (l) => l.date, csv: (l) => l.date },
      {
        id: "status",
        header: t("columns.status"),
        cell: (l) => <LineStatus line={l} />,
        sortValue: (l) => (l.depositIds.length ? 1 : 0),
        card: "badge",
        width: 150,
      },
      {
        id: "deposits",
        header: t("columns.deposits"),
        cell: (l) =>
          l.depositIds.length ? (
            <Stack gap={0}>
              {l.depositIds.map((id) => {
                const d = deposits.get(id);
                return (
                  <Text size="sm" key={id} inherit>
                    {d ? `${depositLabel(d, t) || t("deposit.unnamed")} · ${formatUSD(d.amountCents)}` : t("deposit.unnamed")}
                  </Text>
                );
              })}
            </Stack>
          ) : (
            <Text c="dimmed" inherit>
              —
            </Text>
          ),
        csv: (l) =>
          l.depositIds
            .map((id) => deposits.get(id))
            .map((d) => (d ? depositLabel(d, t) : ""))
            .join("; "),
      },
      {
        id: "amount",
        header: t("columns.amount"),
        cell: (l) => (
          <Text fw={600} c={l.amountCents < 0 ? "red.8" : undefined} inherit>
            {formatUSD(l.amountCents)}
          </Text>
        ),
        sortValue: (l) => l.amountCents,
        csv: (l) => centsToDollarString(l.amountCents),
        align: "right",
        card: "aside",
      },
      {
        id: "difference",
        header: t("columns.difference"),
        cell: (l) => <Difference line={l} />,
        sortValue: (l) => l.differenceCents,
        csv: (l) => (l.differenceCents === null ? "" : centsToDollarString(l.differenceCents)),
        align: "right",
      },
      {
        id: "source",
        header: t("columns.source"),
        cell: (l) => t(`source.${l.source}`, { defaultValue: l.source }),
        sortValue: (l) => l.source,
      },
      {
        id: "actions",
        header: t("columns.actions"),
        hideable: false,
        card: "footer",
        cell: (l) => <LineActions line={l} deposits={deposits} onMatch={() => onMatch(l)} onSettle={() => setSettling(l)} onBook={() => setBooking(l)} />,
      },
    ],
    [t, deposits, onMatch],
  );
  return (
    <>
      <DataTable
        tableId="bank-lines"
        caption={t("lines.title")}
        columns={columns}
        data={rows}
        error={state.error}
        more={state.more}
        getRowId={(l) => l._id}
        defaultSort={{ id: "date", desc: true }}
        page={page}
        onPageChange={onPageChange}
        rowName={(l) => `${formatDisplayDate(l.date)} ${l.description} ${formatUSD(l.amountCents)}`}
        rowAttributes={(l) => ({
          "data-amount": String(l.amountCents),
          "data-matched": l.depositIds.length ? (l.automatic ? "auto" : "manual") : "no",
          "data-booked": l.booking ? l.booking.status : undefined,
          "data-difference": l.differenceCents === null ? undefined : String(l.differenceCents),
        })}
        testId="bank-lines"
        rowTestId="bank-line"
        exportName="bank-lines"
        emptyText={view === "all" ? t("lines.empty") : t("lines.emptyView")}
        toolbar={
          <SegmentedControl
            aria-label={t("lines.view")}
            value={view}
            onChange={(v) => onViewChange(v as LineView)}
            data={[
              { value: "all", label: t("lines.all") },
              { value: "unmatched", label: t("lines.unmatched") },
              { value: "matched", label: t("lines.matched") },
            ]}
            data-testid="bank-view"
          />
        }
      />
      <BankSettleModal line={settling} onClose={() => setSettling(null)} />
      <BankBookModal line={booking} onClose={() => setBooking(null)} />
    </>
  );
}
