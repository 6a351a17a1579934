import { Badge, Button, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { daysBetween } from "@tumble/domain/bankStatement";
import { formatUSD } from "@tumble/domain/money";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import type { LoadMore } from "../../../lib/pagedQuery";
import { formatDisplayDate } from "../collections/format";
import type { BankDeposit, BankLine } from "./BankTypes";

/** An age in days, orange after a week and red after two: a deposit that long in transit needs a look. */
export function AgeBadge({ days }: { days: number }) {
  const { t } = useTranslation("bank");
  const color = days > 14 ? "red" : days > 7 ? "orange" : "gray";
  return (
    <Badge color={color} variant="light" tt="none" style={{ flexShrink: 0, overflow: "visible" }} data-age={days}>
      {t("age", { count: days })}
    </Badge>
  );
}

/** "Bag B-1 · Slip 77" for a deposit. */
export function depositLabel(d: { bagNumber: string | null; slipNumber: string | null }, t: TFunction<"bank">): string {
  return [d.bagNumber ? t("deposit.bag", { number: d.bagNumber }) : null, d.slipNumber ? t("deposit.slip", { number: d.slipNumber }) : null]
    .filter(Boolean)
    .join(" · ");
}

/** Deposits that left a safe and are not on a bank line yet, oldest first. */
export function BankUnmatchedDeposits({
  deposits,
  error,
  more,
}: {
  deposits: readonly BankDeposit[] | undefined;
  error: unknown;
  /** "Load more" while the server has deposits past those loaded. */
  more?: LoadMore | null;
}) {
  const { t } = useTranslation("bank");
  const columns = useMemo<DataColumn<BankDeposit>[]>(
    () => [
      {
        id: "deposit",
        header: t("columns.deposit"),
        cell: (d) => depositLabel(d, t) || "—",
        sortValue: (d) => d.bagNumber ?? d.slipNumber ?? "",
        card: "title",
      },
      { id: "store", header: t("columns.store"), cell: (d) => d.storeName, sortValue: (d) => d.storeName },
      { id: "date", header: t("columns.date"), cell: (d) => formatDisplayDate(d.businessDate), sortValue: (d) => d.businessDate },
      { id: "age", header: t("columns.age"), cell: (d) => <AgeBadge days={d.ageDays} />, sortValue: (d) => d.ageDays, card: "badge" },
      { id: "amount", header: t("columns.amount"), cell: (d) => formatUSD(d.amountCents), sortValue: (d) => d.amountCents, align: "right", card: "aside" },
    ],
    [t],
  );
  return (
    <DataTable
      tableId="bank-unmatched-deposits"
      caption={t("unmatched.depositsTitle")}
      columns={columns}
      data={deposits}
      error={error}
      more={more}
      getRowId={(d) => d._id}
      defaultSort={{ id: "age", desc: true }}
      pageSize={10}
      rowName={(d) => `${depositLabel(d, t)} ${formatUSD(d.amountCents)}`}
      rowAttributes={(d) => ({ "data-amount": String(d.amountCents) })}
      testId="bank-unmatched-deposits"
      rowTestId="unmatched-deposit"
      emptyText={t("unmatched.noDeposits")}
    />
  );
}

/** Credit lines no deposit is matched to, with their age and a button to match them by hand. */
export function BankUnmatchedLines({
  lines,
  error,
  more,
  today,
  onMatch,
}: {
  lines: readonly BankLine[] | undefined;
  error: unknown;
  /** "Load more" while the server has lines past those loaded. */
  more?: LoadMore | null;
  today: string;
  onMatch: (line: BankLine) => void;
}) {
  const { t } = useTranslation("bank");
  const columns = useMemo<DataColumn<BankLine>[]>(
    () => [
      {
        id: "description",
        header: t("columns.description"),
        cell: (l) => (
          <Text size="sm" inherit lineClamp={2}>
            {l.description}
          </Text>
        ),
        sortValue: (l) => l.description,
        card: "title",
      },
      { id: "date", header: t("columns.date"), cell: (l) => formatDisplayDate(l.date), sortValue: (l) => l.date },
      {
        id: "age",
        header: t("columns.age"),
        cell: (l) => <AgeBadge days={daysBetween(l.date, today)} />,
        sortValue: (l) => daysBetween(l.date, today),
        card: "badge",
      },
      { id: "amount", header: t("columns.amount"), cell: (l) => formatUSD(l.amountCents), sortValue: (l) => l.amountCents, align: "right", card: "aside" },
      {
        id: "match",
        header: t("columns.actions"),
        hideable: false,
        card: "footer",
        cell: (l) => (
          <Button
            size="compact-sm"
            variant="light"
            onClick={(e) => {
              e.stopPropagation();
              onMatch(l);
            }}
            data-testid="match-line"
          >
            {t("match.button")}
          </Button>
        ),
      },
    ],
    [t, today, onMatch],
  );
  return (
    <DataTable
      tableId="bank-unmatched-lines"
      caption={t("unmatched.linesTitle")}
      columns={columns}
      data={lines}
      error={error}
      more={more}
      getRowId={(l) => l._id}
      defaultSort={{ id: "age", desc: true }}
      pageSize={10}
      rowName={(l) => `${l.description} ${formatUSD(l.amountCents)}`}
      rowAttributes={(l) => ({ "data-amount": String(l.amountCents) })}
      testId="bank-unmatched-lines"
      rowTestId="unmatched-line"
      emptyText={t("unmatched.noLines")}
    />
  );
}
