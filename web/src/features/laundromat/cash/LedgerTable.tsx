import { Button, Group, Text, TextInput } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { runQuery } from "../../../lib/client";
import { useQueryState } from "../../../lib/hooks";
import { notifyError } from "../../../lib/notify";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { formatDisplayDate } from "../collections/format";
import { accountName as nameOf } from "./accountName";
import { errorText } from "./messages";
import type { LedgerLine } from "./types";

interface Props {
  accountId: string;
  accountName: string;
  from: string | undefined;
  to: string | undefined;
  onDatesChange: (from: string | undefined, to: string | undefined) => void;
  page?: number;
  onPageChange: (page: number) => void;
  canExport: boolean;
}

const cents = (c: number) => centsToDollarString(c);

/**
 * An account's approved lines, newest business date first, with the balance after each (in posting order). The newest page is live;
 * older pages (cashAccounts:getLedger's cursor) are fetched on request and kept below it.
 */
export function LedgerTable({ accountId, accountName, from, to, onDatesChange, page, onPageChange, canExport }: Props) {
  const { t } = useTranslation("cash");
  const args = { accountId, ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const argsKey = JSON.stringify(args);
  const latest = useQueryState(api.cashAccounts.getLedger, args);
  const [older, setOlder] = useState<{ key: string; lines: LedgerLine[]; cursor: string | null }>({ key: argsKey, lines: [], cursor: null });
  const [loading, setLoading] = useState(false);
  const olderNow = older.key === argsKey ? older : { key: argsKey, lines: [], cursor: null };
  const newest = latest.data?.lines;
  // Lines already on the live page are not repeated when it grows.
  const lines = useMemo(() => {
    if (!newest) return undefined;
    const live = new Set(newest.map((l) => l.seq));
    return [...newest, ...olderNow.lines.filter((l) => !live.has(l.seq))];
  }, [newest, olderNow.lines]);
  const nextCursor = olderNow.lines.length > 0 ? olderNow.cursor : (latest.data?.nextCursor ?? null);

  const loadOlder = async () => {
    if (!nextCursor) return;
    setLoading(true);
    try {
      const next = await runQuery(api.cashAccounts.getLedger, { ...args, cursor: nextCursor });
      setOlder({ key: argsKey, lines: [...olderNow.lines, ...next.lines], cursor: next.nextCursor });
    } catch (error) {
      notifyError(errorText(error, t("ledger.failed")));
    } finally {
      setLoading(false);
    }
  };

  const columns = useMemo<DataColumn<LedgerLine>[]>(() => {
    const counterparts = (l: LedgerLine) => l.counterparts.map((a) => nameOf(t, a)).join(", ");
    return [
      {
        id: "date",
        header: t("columns.date"),
        cell: (l) => formatDisplayDate(l.businessDate),
        // The day, then the order posted: as the server pages it.
        sortValue: (l) => `${l.businessDate}:${String(l.seq).padStart(18, "0")}`,
        card: "title",
      },
      {
        id: "kind",
        header: t("columns.kind"),
        cell: (l) => (l.reversesId ? t("ledger.reversal", { kind: t(`kinds.${l.kind}`) }) : t(`kinds.${l.kind}`)),
        sortValue: (l) => l.kind,
        card: "badge",
      },
      { id: "counterpart", header: t("columns.counterpart"), cell: counterparts, sortValue: counterparts },
      { id: "description", header: t("columns.description"), cell: (l) => l.description ?? "", sortValue: (l) => l.description ?? "" },
      {
        id: "amount",
        header: t("columns.amount"),
        cell: (l) => (
          <Text c={l.amountCents < 0 ? "red.8" : undefined} inherit>
            {formatUSD(l.amountCents)}
          </Text>
        ),
        sortValue: (l) => l.amountCents,
        csv: (l) => cents(l.amountCents),
        align: "right",
      },
      {
        id: "balance",
        header: t("columns.balanceWhenPosted"),
        cell: (l) => (
          <Text fw={700} inherit>
            {formatUSD(l.balanceAfterCents)}
          </Text>
        ),
        sortValue: (l) => l.seq,
        csv: (l) => cents(l.balanceAfterCents),
        align: "right",
        card: "aside",
      },
    ];
  }, [t]);

  return (
    <>
      <DataTable
        tableId="cash-ledger"
        caption={t("ledger.caption", { account: accountName })}
        columns={columns}
        data={lines}
        error={latest.error}
        getRowId={(l) => String(l.seq)}
        defaultSort={{ id: "date", desc: true }}
        page={page}
        onPageChange={onPageChange}
        rowName={(l) => `${formatDisplayDate(l.businessDate)} ${formatUSD(l.amountCents)}`}
        rowTestId="ledger-line"
        rowAttributes={(l) => ({ "data-kind": l.kind, "data-amount": String(l.amountCents) })}
        emptyText={t("ledger.empty")}
        exportName={canExport ? `ledger-${accountName}-${from ?? "start"}-${to ?? "today"}` : undefined}
        toolbar={
          <>
            <TextInput
              type="date"
              label={t("filters.from")}
              value={from ?? ""}
              max={to}
              onChange={(e) => onDatesChange(e.currentTarget.value || undefined, to)}
              size="md"
            />
            <TextInput
              type="date"
              label={t("filters.to")}
              value={to ?? ""}
              min={from}
              onChange={(e) => onDatesChange(from, e.currentTarget.value || undefined)}
              size="md"
            />
            {from || to ? (
              <Button variant="subtle" size="md" onClick={() => onDatesChange(undefined, undefined)} data-testid="ledger-all-dates">
                {t("ledger.allDates")}
              </Button>
            ) : null}
          </>
        }
      />
      {nextCursor ? (
        <Group justify="center">
          <Button variant="light" loading={loading} onClick={() => void loadOlder()} data-testid="ledger-older">
            {t("ledger.older")}
          </Button>
        </Group>
      ) : null}
    </>
  );
}
