import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { formatUSD } from "@tumble/domain/money";
import { useTranslation } from "react-i18next";
import type { api } from "../../../lib/api";
import { formatDateTime } from "../../../ui/companyFinder/format";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";

export type Adjustment = ReturnsOf<typeof api.balanceAdmin.list>[number];

const STATUS_COLOR = { pending: "yellow", posted: "green", rejected: "gray" } as const;

const signed = (cents: number) => (cents > 0 ? `+${formatUSD(cents)}` : formatUSD(cents));

/** The audit list of balance adjustments; with `onDecide`, pending rows get approve and reject buttons. */
export function AdjustmentsTable(props: {
  tableId: string;
  caption: string;
  data: Adjustment[] | undefined;
  error: unknown;
  emptyText: string;
  busy?: string | null;
  onDecide?: (row: Adjustment, decision: "approve" | "reject") => void;
  testId?: string;
}) {
  const { t } = useTranslation("platformData");
  const who = (name: string | null, email: string | null) => name || email || "—";
  const columns: DataColumn<Adjustment>[] = [
    {
      id: "when",
      header: t("balance.columns.when"),
      cell: (r) => formatDateTime(Date.parse(r.requestedAt)),
      sortValue: (r) => r.requestedAt,
      csv: (r) => r.requestedAt,
    },
    {
      id: "account",
      header: t("balance.columns.account"),
      card: "title",
      sortValue: (r) => `${r.companyName} ${r.accountName}`,
      csv: (r) => `${r.companyName} / ${r.storeName ?? ""} / ${r.accountName}`,
      cell: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.accountName}
          </Text>
          <Text size="xs" c="dimmed">
            {r.companyName}
            {r.storeName ? ` · ${r.storeName}` : ""}
          </Text>
        </Stack>
      ),
    },
    {
      id: "amount",
      header: t("balance.columns.amount"),
      card: "aside",
      sortValue: (r) => r.amountCents,
      csv: (r) => String(r.amountCents / 100),
      cell: (r) => <Text ff="monospace">{signed(r.amountCents)}</Text>,
    },
    {
      id: "before",
      header: t("balance.columns.before"),
      sortValue: (r) => r.balanceBeforeCents ?? 0,
      cell: (r) => (r.balanceBeforeCents === null ? "—" : formatUSD(r.balanceBeforeCents)),
    },
    {
      id: "after",
      header: t("balance.columns.after"),
      sortValue: (r) => r.balanceAfterCents ?? 0,
      cell: (r) => (r.balanceAfterCents === null ? "—" : formatUSD(r.balanceAfterCents)),
    },
    {
      id: "status",
      header: t("balance.columns.status"),
      card: "badge",
      sortValue: (r) => r.status,
      cell: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="light">
          {t(`balance.status.${r.status}`)}
        </Badge>
      ),
    },
    {
      id: "requestedBy",
      header: t("balance.columns.requestedBy"),
      sortValue: (r) => who(r.requestedByName, r.requestedByEmail),
      cell: (r) => who(r.requestedByName, r.requestedByEmail),
    },
    {
      id: "decidedBy",
      header: t("balance.columns.decidedBy"),
      sortValue: (r) => who(r.decidedByName, r.decidedByEmail),
      cell: (r) => (r.decidedBy ? who(r.decidedByName, r.decidedByEmail) : "—"),
    },
    { id: "reason", header: t("balance.columns.reason"), sortValue: (r) => r.reason, cell: (r) => <Text size="sm">{r.reason}</Text> },
  ];
  if (props.onDecide) {
    const decide = props.onDecide;
    columns.push({
      id: "decide",
      header: t("balance.columns.decide"),
      hideable: false,
      card: "footer",
      cell: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            disabled={!r.canApprove}
            loading={props.busy === r.id}
            onClick={() => decide(r, "approve")}
            title={r.canApprove ? undefined : t("balance.ownRequest")}
            aria-label={t("balance.approveFor", { account: r.accountName })}
          >
            {t("balance.approve")}
          </Button>
          <Button size="xs" variant="default" disabled={props.busy === r.id} onClick={() => decide(r, "reject")}>
            {t("balance.reject")}
          </Button>
        </Group>
      ),
    });
  }
  return (
    <DataTable
      tableId={props.tableId}
      caption={props.caption}
      columns={columns}
      data={props.data}
      error={props.error}
      getRowId={(r) => r.id}
      rowName={(r) => `${r.accountName} ${signed(r.amountCents)}`}
      emptyText={props.emptyText}
      testId={props.testId}
      exportName={props.onDecide ? undefined : "balance-adjustments"}
    />
  );
}
