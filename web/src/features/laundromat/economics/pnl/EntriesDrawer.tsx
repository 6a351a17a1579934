import { Badge, Drawer, Select, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMemo } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { monthsBetween, type PnlLineKey } from "@tumble/domain/economics";
import { formatDisplayDate, formatMonth } from "@tumble/domain/dateFormat";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { errorText } from "../../../../lib/errorText";
import { useQueryState } from "../../../../lib/hooks";
import { DataTable } from "../../../../ui/table/DataTable";
import type { DataColumn } from "../../../../ui/table/types";
import { economicsApi, type FigureEntry } from "./api";

const ENTRY_KINDS = ["collection", "adjustment"];

/** A collection's entry is named by its kind ("collection", "adjustment"); a bill's dates read as dates. */
function describe(e: FigureEntry, t: TFunction<"economics">): string {
  if (e.source === "collections" && ENTRY_KINDS.includes(e.description)) return t(`entries.kinds.${e.description}`);
  return e.description.replace(/\d{4}-\d{2}-\d{2}/g, (d) => formatDisplayDate(d));
}

/** The entries behind one P&L figure for one month of the period: what counts, and what was left out and why. */
export function EntriesDrawer({
  line,
  month,
  period,
  storeId,
  onMonth,
  onClose,
}: {
  line: PnlLineKey | undefined;
  month: string | undefined;
  period: { from: string; to: string };
  storeId: string | undefined;
  onMonth: (month: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("economics");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const months = monthsBetween(period.from, period.to);
  const shown = month && months.includes(month) ? month : months[0]!;
  const entries = useQueryState(economicsApi.entries, line ? { ...(storeId ? { storeId } : {}), month: shown, line } : "skip");
  const name = line ? t(`lines.${line.split(":")[1]}`) : "";
  const monthLabel = (m: string) => formatMonth(m, i18n.language);
  const columns = useMemo<DataColumn<FigureEntry>[]>(
    () => [
      {
        id: "description",
        header: t("entries.columns.entry"),
        cell: (e) => (
          <div>
            <Text inherit fw={600} component="span">
              {describe(e, t) || t(`sources.${e.source}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`sources.${e.source}`)}
              {e.storeName && !storeId ? ` · ${e.storeName}` : ""}
            </Text>
          </div>
        ),
        sortValue: (e) => e.description,
        card: "title",
        hideable: false,
      },
      { id: "date", header: t("entries.columns.date"), cell: (e) => formatDisplayDate(e.date), sortValue: (e) => e.date },
      {
        id: "amount",
        header: t("entries.columns.amount"),
        cell: (e) => formatUSD(e.cents),
        sortValue: (e) => e.cents,
        csv: (e) => centsToDollarString(e.cents),
        align: "right",
        card: "aside",
      },
      {
        id: "counted",
        header: t("entries.columns.counted"),
        cell: (e) =>
          e.counted ? (
            <Badge variant="light" color="green" size="sm">
              {t("entries.counted")}
            </Badge>
          ) : (
            <Badge variant="light" color="gray" size="sm">
              {t("entries.leftOut")}
            </Badge>
          ),
        sortValue: (e) => (e.counted ? 1 : 0),
        card: "badge",
      },
    ],
    [t, storeId],
  );
  const counted = entries.data?.entries.filter((e) => e.counted).reduce((s, e) => s + e.cents, 0);
  return (
    <Drawer
      opened={Boolean(line)}
      onClose={onClose}
      position="right"
      size={isPhone ? "100%" : "lg"}
      title={t("entries.title", { line: name })}
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      data-testid="entries-drawer"
    >
      <Stack gap="sm">
        {months.length > 1 ? (
          <Select
            label={t("entries.month")}
            data={months.map((m) => ({ value: m, label: monthLabel(m) }))}
            value={shown}
            onChange={(v) => v && onMonth(v)}
            allowDeselect={false}
            data-testid="entries-month"
          />
        ) : null}
        {counted !== undefined ? (
          <Text size="sm" data-testid="entries-total">
            {t("entries.total", { month: monthLabel(shown), amount: formatUSD(counted) })}
          </Text>
        ) : null}
        <DataTable
          tableId="economics-entries"
          caption={t("entries.title", { line: name })}
          columns={columns}
          data={entries.data?.entries}
          error={entries.error ? errorText(entries.error, t("common:errors.requestFailed")) : null}
          getRowId={(e) => `${e.source}-${e.id}-${e.storeId ?? ""}`}
          rowName={(e) => describe(e, t) || t(`sources.${e.source}`)}
          emptyText={t("entries.empty")}
          testId="entries-table"
          rowTestId="entry-row"
          rowAttributes={(e) => ({ "data-source": e.source, "data-counted": String(e.counted), "data-cents": String(e.cents) })}
        />
      </Stack>
    </Drawer>
  );
}
