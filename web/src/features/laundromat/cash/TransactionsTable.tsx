import { Select, Text } from "@mantine/core";
import { useMemo } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { TRANSACTION_STATUSES, type TransactionStatus } from "@tumble/domain/cashLedger";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { formatDisplayDate } from "../collections/format";
import { accountName } from "./accountName";
import { CashStatusBadge } from "./StatusBadge";
import { TransactionActions } from "./TransactionActions";
import type { CashEntry } from "./types";

const ALL = "all";

interface Props {
  tableId: string;
  caption: string;
  entries: readonly CashEntry[] | undefined;
  error?: unknown;
  status: TransactionStatus | undefined;
  onStatusChange: (status: TransactionStatus | undefined) => void;
  page?: number;
  onPageChange?: (page: number) => void;
  exportName?: string;
  emptyText: string;
  /** Opens an entry (the dashboard's drawer). */
  onOpen?: (entry: CashEntry) => void;
  selectedId?: string | null;
  /** Entries of several stores: a store column. */
  showStore?: boolean;
}

/** Where an entry's money went: the accounts credited → the accounts debited. */
export function entryAccounts(t: TFunction<"cash">, e: CashEntry): string {
  const names = (lines: CashEntry["lines"]) => lines.map((l) => accountName(t, { kind: l.accountKind, name: l.accountName }));
  const from = names(e.lines.filter((l) => l.amountCents < 0));
  const to = names(e.lines.filter((l) => l.amountCents > 0));
  return `${from.join(", ")} → ${to.join(", ")}`;
}

/** Cash transactions with their status, a status filter and the decisions the user may make. */
export function TransactionsTable({
  tableId,
  caption,
  entries,
  error,
  status,
  onStatusChange,
  page,
  onPageChange,
  exportName,
  emptyText,
  onOpen,
  selectedId,
  showStore = false,
}: Props) {
  const { t } = useTranslation("cash");
  const columns = useMemo<DataColumn<CashEntry>[]>(() => {
    const storeOf = (e: CashEntry) => e.storeName ?? t("accounts.company");
    return [
      { id: "kind", header: t("columns.kind"), cell: (e) => t(`kinds.${e.kind}`), sortValue: (e) => t(`kinds.${e.kind}`), card: "title" },
      { id: "status", header: t("columns.status"), cell: (e) => <CashStatusBadge status={e.status} />, sortValue: (e) => e.status, card: "badge", width: 130 },
      ...(showStore ? [{ id: "store", header: t("columns.store"), cell: storeOf, sortValue: storeOf } satisfies DataColumn<CashEntry>] : []),
      { id: "date", header: t("columns.date"), cell: (e) => formatDisplayDate(e.businessDate), sortValue: (e) => e.businessDate },
      { id: "accounts", header: t("columns.accounts"), cell: (e) => entryAccounts(t, e), sortValue: (e) => entryAccounts(t, e) },
      {
        id: "description",
        header: t("columns.description"),
        cell: (e) =>
          [
            e.description,
            e.payee,
            e.bagNumber && t("columns.bag", { n: e.bagNumber }),
            e.slipNumber && t("columns.slip", { n: e.slipNumber }),
            e.decisionReason,
          ]
            .filter(Boolean)
            .join(" · "),
        sortValue: (e) => e.description ?? "",
      },
      { id: "requestedBy", header: t("columns.requestedBy"), cell: (e) => e.requestedByName ?? "", sortValue: (e) => e.requestedByName ?? "" },
      {
        id: "amount",
        header: t("columns.amount"),
        cell: (e) => (
          <Text fw={700} inherit>
            {formatUSD(e.amountCents)}
          </Text>
        ),
        sortValue: (e) => e.amountCents,
        csv: (e) => centsToDollarString(e.amountCents),
        align: "right",
        card: "aside",
      },
      { id: "actions", header: t("columns.actions"), cell: (e) => <TransactionActions entry={e} compact />, hideable: false, card: "footer" },
    ];
  }, [t, showStore]);
  return (
    <DataTable
      tableId={tableId}
      caption={caption}
      columns={columns}
      data={entries}
      error={error}
      getRowId={(e) => e._id}
      defaultSort={{ id: "date", desc: true }}
      page={page}
      onPageChange={onPageChange}
      rowName={(e) => `${t(`kinds.${e.kind}`)} ${formatUSD(e.amountCents)}`}
      rowAttributes={(e) => ({ "data-status": e.status, "data-kind": e.kind })}
      emptyText={emptyText}
      exportName={exportName}
      onRowClick={onOpen}
      rowLabel={onOpen ? (e) => t("transactions.open", { kind: t(`kinds.${e.kind}`), amount: formatUSD(e.amountCents) }) : undefined}
      selectedId={selectedId}
      rowTestId="transaction-row"
      toolbar={
        <Select
          label={t("filters.status")}
          data={[{ value: ALL, label: t("filters.allStatuses") }, ...TRANSACTION_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
          value={status ?? ALL}
          onChange={(v) => onStatusChange(!v || v === ALL ? undefined : (v as TransactionStatus))}
          allowDeselect={false}
          w={{ base: "100%", xs: 200 }}
          size="md"
          data-testid="status-filter"
        />
      }
    />
  );
}
