import { Alert, Button, Group, Stack, Tabs } from "@mantine/core";
import { IconEyeOff, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TRANSACTION_STATUSES } from "@tumble/domain/cashLedger";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { NoStorePrompt } from "../collections/NoStorePrompt";
import { AccountActions } from "./AccountActions";
import { accountName } from "./accountName";
import { AccountCards } from "./AccountCards";
import { LedgerTable } from "./LedgerTable";
import { useCashRights } from "./messages";
import { TransactionFormModal } from "./TransactionFormModal";
import { TransactionsTable } from "./TransactionsTable";
import { ScreenTitle } from "../../../ui/ScreenTitle";

interface CashAccountsSearch {
  account: string;
  tab: "ledger" | "transactions";
  status: (typeof TRANSACTION_STATUSES)[number];
  from: string;
  to: string;
  /** "all": the ledger's whole history instead of the selected dates. */
  dates: "all";
  page: number;
  tpage: number;
}

const SEARCH: SearchSchema<CashAccountsSearch> = {
  account: param.text(64),
  tab: param.oneOf(["ledger", "transactions"] as const),
  status: param.oneOf(TRANSACTION_STATUSES),
  from: param.isoDate(),
  to: param.isoDate(),
  dates: param.oneOf(["all"] as const),
  page: param.int(1),
  tpage: param.int(1),
};

/** The selected store's cash accounts and the company's bank accounts: balances, ledgers, transactions. */
export function CashAccountsScreen() {
  const { t } = useTranslation("cash");
  const { selection } = useLaundromatSelection();
  const rights = useCashRights();
  const [search, setSearch] = useSearchState(SEARCH);
  const [formOpen, setFormOpen] = useState(false);
  const storeId = selection.storeId ?? undefined;
  const accounts = useQueryState(api.cashAccounts.list, storeId ? { storeId } : "skip");
  const transactions = useQueryState(api.cashTransactions.list, storeId ? { storeId, ...(search.status ? { status: search.status } : {}) } : "skip");
  const account = accounts.data?.find((a) => a._id === search.account) ?? accounts.data?.[0];
  const tab = search.tab ?? "ledger";

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ScreenTitle title={t("accounts.title")} subtitle={t("accounts.subtitle")} />
        {storeId && accounts.data ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} size="md" onClick={() => setFormOpen(true)} data-testid="new-transaction">
            {t("accounts.newTransaction")}
          </Button>
        ) : null}
      </Group>
      <SelectionSummary />
      {!storeId ? (
        <NoStorePrompt />
      ) : (
        <>
          <AccountCards
            accounts={accounts.data}
            selectedId={account?._id}
            onSelect={(a) => setSearch({ account: a._id, tab: "ledger", page: undefined }, { push: true })}
          />
          {rights.canManage && accounts.data ? (
            <AccountActions
              storeId={storeId}
              account={account}
              onCreated={(id) => setSearch({ account: id, tab: "ledger", page: undefined }, { push: true })}
            />
          ) : null}
          <Tabs value={tab} onChange={(v) => setSearch({ tab: v === "transactions" ? "transactions" : undefined })} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="ledger">{account ? t("accounts.ledgerOf", { account: accountName(t, account) }) : t("accounts.ledger")}</Tabs.Tab>
              <Tabs.Tab value="transactions" data-testid="transactions-tab">
                {t("accounts.transactions")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="ledger" pt="md">
              {account?.balanceCents === null ? (
                // The caller is counting this account blind: its ledger would give the figure away.
                <Alert color="gray" icon={<IconEyeOff size={18} aria-hidden />} title={t("accounts.blindTitle")} data-testid="ledger-blind">
                  {t("accounts.blindLedger")}
                </Alert>
              ) : account ? (
                <LedgerTable
                  accountId={account._id}
                  accountName={accountName(t, account)}
                  // The selected dates unless the ledger was given its own, or asked for its whole history.
                  from={search.from ?? (search.dates === "all" ? undefined : selection.dateRange.fromDate)}
                  to={search.to ?? (search.dates === "all" ? undefined : selection.dateRange.toDate)}
                  onDatesChange={(from, to) => setSearch({ from, to, dates: from || to ? undefined : "all", page: undefined })}
                  page={search.page ?? 1}
                  onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
                  canExport={rights.canExport}
                />
              ) : null}
            </Tabs.Panel>
            <Tabs.Panel value="transactions" pt="md">
              <TransactionsTable
                tableId="cash-transactions"
                caption={t("accounts.transactions")}
                entries={transactions.data}
                error={transactions.error}
                status={search.status}
                onStatusChange={(status) => setSearch({ status, tpage: undefined })}
                page={search.tpage ?? 1}
                onPageChange={(tpage) => setSearch({ tpage: tpage > 1 ? tpage : undefined })}
                exportName={rights.canExport ? `cash-transactions-${selection.storeName}` : undefined}
                emptyText={t("transactions.empty")}
              />
            </Tabs.Panel>
          </Tabs>
          {accounts.data ? (
            <TransactionFormModal
              opened={formOpen}
              onClose={() => setFormOpen(false)}
              accounts={accounts.data}
              storeId={storeId}
              isAdmin={rights.isAdmin}
              accountId={account?._id}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
