import { Button, Text } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { formatDisplayDate } from "../collections/format";
import { amountIn, traceTarget } from "./periodRules";
import type { LedgerEntry } from "./types";

const SEARCH: SearchSchema<{ tab: string; trace: string }> = { tab: param.text(16), trace: param.text(120) };

interface Props {
  storeId: string;
  /** The store's safe: amounts are what each entry moved in or out of it. */
  accountId: string;
  entryIds: readonly string[];
  /** The business dates the entries lie in (either end open). */
  from?: string;
  to?: string;
  caption: string;
  testId: string;
}

/** The entries behind one figure: date, kind, description and what each moved in or out of the safe. */
export function FigureEntries({ storeId, accountId, entryIds, from, to, caption, testId }: Props) {
  const { t } = useTranslation("reconciliation");
  const [, setSearch] = useSearchState(SEARCH);
  const list = useQueryState(api.cashTransactions.list, { storeId, ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const wanted = useMemo(() => new Set(entryIds), [entryIds]);
  const rows = useMemo(() => list.data?.filter((e) => wanted.has(e._id)), [list.data, wanted]);
  const kindLabel = useCallback((kind: string) => t(`kinds.${kind}`, { defaultValue: kind }), [t]);

  const columns = useMemo<DataColumn<LedgerEntry>[]>(
    () => [
      { id: "date", header: t("entries.date"), cell: (e) => formatDisplayDate(e.businessDate), sortValue: (e) => e.businessDate, card: "title" },
      { id: "kind", header: t("entries.kind"), cell: (e) => kindLabel(e.kind), sortValue: (e) => kindLabel(e.kind), card: "badge" },
      {
        id: "description",
        header: t("entries.description"),
        cell: (e) =>
          [
            e.reversesId ? t("entries.reversal") : null,
            e.description,
            e.payee,
            e.bagNumber && t("entries.bag", { n: e.bagNumber }),
            e.slipNumber && t("entries.slip", { n: e.slipNumber }),
          ]
            .filter(Boolean)
            .join(" · "),
        sortValue: (e) => e.description ?? "",
      },
      {
        id: "amount",
        header: t("entries.amount"),
        cell: (e) => (
          <Text fw={700} inherit>
            {formatUSD(amountIn(e, accountId))}
          </Text>
        ),
        sortValue: (e) => amountIn(e, accountId),
        csv: (e) => centsToDollarString(amountIn(e, accountId)),
        align: "right",
        card: "aside",
      },
      {
        id: "trace",
        header: t("entries.trace"),
        hideable: false,
        card: "footer",
        cell: (e) => {
          const target = traceTarget(e);
          return target ? (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconRoute size={14} aria-hidden />}
              onClick={(event) => {
                event.stopPropagation();
                setSearch({ tab: "trace", trace: target }, { push: true });
              }}
              aria-label={t("entries.traceLabel", { kind: kindLabel(e.kind), date: formatDisplayDate(e.businessDate) })}
              data-testid="entry-trace"
            >
              {t("entries.trace")}
            </Button>
          ) : null;
        },
      },
    ],
    [t, kindLabel, accountId, setSearch],
  );

  const missing = rows ? entryIds.length - rows.length : 0;
  return (
    <>
      <DataTable
        tableId="reconciliation-entries"
        caption={caption}
        columns={columns}
        data={rows}
        error={list.error}
        getRowId={(e) => e._id}
        defaultSort={{ id: "date", desc: false }}
        pageSize={25}
        rowName={(e) => `${kindLabel(e.kind)} ${formatDisplayDate(e.businessDate)}`}
        rowAttributes={(e) => ({ "data-kind": e.kind, "data-amount": String(amountIn(e, accountId)) })}
        emptyText={t("entries.empty")}
        testId={testId}
        rowTestId="figure-entry"
      />
      {missing > 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t("entries.more", { count: missing })}
        </Text>
      ) : null}
    </>
  );
}
