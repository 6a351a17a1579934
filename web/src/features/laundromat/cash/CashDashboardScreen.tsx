import { Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { TRANSACTION_STATUSES } from "@tumble/domain/cashLedger";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { NoStorePrompt } from "../collections/NoStorePrompt";
import { accountName } from "./accountName";
import { EntryDrawer } from "./EntryDrawer";
import { useCashRights } from "./messages";
import { TransactionsTable } from "./TransactionsTable";
import type { CashDashboard } from "./types";
import { VarianceChart } from "./VarianceChart";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { StatCard } from "../../../ui/StatCard";

interface DashboardSearch {
  status: (typeof TRANSACTION_STATUSES)[number] | "all";
  account: string;
  open: string;
  by: "counter" | "store";
}

const SEARCH: SearchSchema<DashboardSearch> = {
  status: param.oneOf([...TRANSACTION_STATUSES, "all"] as const),
  account: param.text(64),
  open: param.text(64),
  by: param.oneOf(["counter", "store"] as const),
};

type Balance = CashDashboard["balances"][number];

/** The selection's store and range: balances, approvals waiting, deposits in transit, collections, count variances. */
export function CashDashboardScreen() {
  const { t } = useTranslation("cash");
  const { selection } = useLaundromatSelection();
  const rights = useCashRights();
  const [search, setSearch] = useSearchState(SEARCH);
  const storeId = selection.storeId ?? undefined;
  const r = selection.dateRange;
  const comparison = r.enableComparison && r.compareFromDate && r.compareToDate ? { fromDate: r.compareFromDate, toDate: r.compareToDate } : undefined;
  const dashboard = useQueryState(
    api.cashDashboard.get,
    storeId ? { storeId, fromDate: r.fromDate, toDate: r.toDate, ...(comparison ? { comparison } : {}) } : "skip",
  );
  const status = search.status ?? "pending";
  // Pending entries are every store's, as the cash badge counts them; other statuses the selected store's.
  const everyStore = status === "pending";
  const transactions = useQueryState(
    api.cashTransactions.list,
    storeId || everyStore
      ? { ...(everyStore ? {} : { storeId }), ...(status !== "all" ? { status } : {}), ...(search.account ? { accountId: search.account } : {}) }
      : "skip",
  );
  const d = dashboard.data;
  const open = transactions.data?.find((e) => e._id === search.open) ?? d?.pending.find((e) => e._id === search.open) ?? null;

  const change =
    d && d.comparisonCollectionsCents !== null
      ? d.comparisonCollectionsCents === 0
        ? t("dashboard.versus", { amount: formatUSD(d.comparisonCollectionsCents) })
        : t("dashboard.change", {
            percent: (((d.collectionsCents - d.comparisonCollectionsCents) / Math.abs(d.comparisonCollectionsCents)) * 100).toFixed(1),
            amount: formatUSD(d.comparisonCollectionsCents),
          })
      : undefined;

  const balanceColumns = useMemo<DataColumn<Balance>[]>(
    () => [
      { id: "name", header: t("columns.account"), cell: (b) => accountName(t, b), sortValue: (b) => accountName(t, b), card: "title" },
      { id: "kind", header: t("columns.kind"), cell: (b) => t(`accountKinds.${b.kind}`), sortValue: (b) => b.kind },
      {
        id: "balance",
        header: t("columns.balance"),
        cell: (b) =>
          b.balanceCents === null ? (
            <Text c="dimmed" inherit>
              {t("accounts.hiddenWhileCounting")}
            </Text>
          ) : (
            <Text fw={700} inherit>
              {formatUSD(b.balanceCents)}
            </Text>
          ),
        sortValue: (b) => b.balanceCents ?? 0,
        csv: (b) => (b.balanceCents === null ? "" : centsToDollarString(b.balanceCents)),
        align: "right",
        card: "aside",
      },
    ],
    [t],
  );

  return (
    <Stack gap="md">
      <ScreenTitle title={t("dashboard.title")} subtitle={t("dashboard.subtitle")} />
      <SelectionSummary />
      {!storeId ? (
        <NoStorePrompt />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <StatCard
            label={t("dashboard.collections")}
            value={d ? formatUSD(d.collectionsCents) : "…"}
            hint={[d?.submittedCollectionsCents ? t("dashboard.awaitingVerification", { amount: formatUSD(d.submittedCollectionsCents) }) : null, change]
              .filter(Boolean)
              .join(" · ")}
            testId="stat-collections"
          />
          <StatCard
            label={t("dashboard.inTransit")}
            value={d ? formatUSD(d.depositsInTransitCents) : "…"}
            hint={t("dashboard.inTransitHint")}
            testId="stat-in-transit"
          />
          <StatCard label={t("dashboard.pending")} value={d ? String(d.pending.length) : "…"} hint={t("dashboard.everyStore")} testId="stat-pending" />
        </SimpleGrid>
      )}
      {storeId || everyStore ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {rights.canApprove && status === "pending" ? t("dashboard.approvals") : t("accounts.transactions")}
          </Title>
          {everyStore ? (
            <Text size="sm" c="dimmed">
              {t("dashboard.pendingEveryStore")}
            </Text>
          ) : null}
          <TransactionsTable
            tableId="cash-dashboard-transactions"
            caption={t("dashboard.approvals")}
            entries={transactions.data}
            error={transactions.error}
            status={status === "all" ? undefined : status}
            onStatusChange={(s) => setSearch({ status: s ?? "all" })}
            emptyText={status === "pending" ? t("dashboard.noPending") : t("transactions.empty")}
            onOpen={(e) => setSearch({ open: e._id }, { push: true })}
            selectedId={search.open ?? null}
            showStore={everyStore}
          />
        </Stack>
      ) : null}
      {storeId ? (
        <>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("dashboard.balances")}
            </Title>
            <DataTable
              tableId="cash-dashboard-balances"
              caption={t("dashboard.balances")}
              columns={balanceColumns}
              data={d?.balances}
              error={dashboard.error}
              getRowId={(b) => b._id}
              defaultSort={{ id: "name", desc: false }}
              onRowClick={(b) => setSearch({ account: search.account === b._id ? undefined : b._id, status: "all" })}
              rowLabel={(b) => t("dashboard.filterAccount", { account: accountName(t, b) })}
              selectedId={search.account ?? null}
              rowName={(b) => accountName(t, b)}
              rowTestId="balance-row"
              rowAttributes={(b) => ({ "data-kind": b.kind, "data-balance": String(b.balanceCents) })}
              emptyText={t("dashboard.noAccounts")}
              exportName={rights.canExport ? `cash-balances-${selection.storeName}` : undefined}
            />
          </Stack>
          <Card withBorder radius="md" p="md">
            <Group justify="space-between" mb="sm" gap="sm">
              <Title order={2} size="h4">
                {t("dashboard.variances")}
              </Title>
              <SegmentedControl
                size="xs"
                aria-label={t("dashboard.groupBy")}
                value={search.by ?? "counter"}
                onChange={(v) => setSearch({ by: v === "store" ? "store" : undefined })}
                data={[
                  { value: "counter", label: t("dashboard.byCounter") },
                  { value: "store", label: t("dashboard.byStore") },
                ]}
              />
            </Group>
            {d ? <VarianceChart variances={d.variances} by={search.by ?? "counter"} /> : null}
          </Card>
        </>
      ) : null}
      <EntryDrawer entry={open} onClose={() => setSearch({ open: undefined })} />
    </Stack>
  );
}
