import { Alert, Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { formatUSD } from "@tumble/domain/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { AdjustmentsTable, type Adjustment } from "../balanceAdmin/AdjustmentsTable";
import { ThresholdCard } from "../balanceAdmin/ThresholdCard";
import { PendingChanges, platformErrorText } from "../parts/PendingChanges";

type Account = ReturnsOf<typeof api.balanceAdmin.accounts>["accounts"][number];

interface BalanceSearch {
  company: string;
  account: string;
}
const SEARCH: SearchSchema<BalanceSearch> = { company: param.text(64), account: param.text(64) };

/** /system-admin/balance-admin: adjust any cash account of any company through the ledger, with a second admin over the threshold. */
export default function SystemAdminBalanceAdmin() {
  const { t } = useTranslation(["platformData", "common"]);
  const [search, setSearch] = useSearchState(SEARCH);
  const companies = useQuery(api.systemAdmin.listCompanies, {});
  const accounts = useQueryState(api.balanceAdmin.accounts, search.company ? { companyId: search.company } : "skip");
  const pending = useQueryState(api.balanceAdmin.list, { status: "pending" });
  const history = useQueryState(api.balanceAdmin.list, { status: "all" });
  const adjust = useMutation(api.balanceAdmin.adjust);
  const approve = useMutation(api.balanceAdmin.approve);
  const reject = useMutation(api.balanceAdmin.reject);
  const [direction, setDirection] = useState<"add" | "remove">("add");
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const account = accounts.data?.accounts.find((a) => a.id === search.account) ?? null;
  const threshold = accounts.data?.thresholdCents ?? null;

  const amountError = submitted && (!amount || amount <= 0) ? t("balance.amountRequired") : null;
  const reasonError = submitted && !reason.trim() ? t("balance.reasonRequired") : null;

  const onSubmit = async () => {
    setSubmitted(true);
    if (!account || !amount || amount <= 0 || !reason.trim()) return;
    setBusy("adjust");
    try {
      const r = await adjust({ accountId: account.id, amountCents: direction === "add" ? amount : -amount, reason: reason.trim() });
      notifySuccess(r.status === "posted" ? t("balance.posted", { account: account.name, after: formatUSD(r.afterCents ?? 0) }) : t("balance.waiting"));
      setAmount(null);
      setReason("");
      setSubmitted(false);
    } catch (error) {
      notifyError(platformErrorText(error, t("balance.failed")));
    } finally {
      setBusy(null);
    }
  };

  const onDecide = (row: Adjustment, decision: "approve" | "reject") => {
    setBusy(row.id);
    (decision === "approve" ? approve({ adjustmentId: row.id }) : reject({ adjustmentId: row.id, reason: null }))
      .then(() => notifySuccess(decision === "approve" ? t("balance.approved") : t("balance.rejected")))
      .catch((error: unknown) => notifyError(platformErrorText(error, t("balance.failed"))))
      .finally(() => setBusy(null));
  };

  const accountColumns: DataColumn<Account>[] = [
    { id: "store", header: t("balance.columns.store"), sortValue: (a) => a.storeName ?? "", cell: (a) => a.storeName ?? t("balance.companyLevel") },
    { id: "account", header: t("balance.columns.account"), card: "title", sortValue: (a) => a.name, cell: (a) => <Text fw={500}>{a.name}</Text> },
    { id: "kind", header: t("balance.columns.kind"), sortValue: (a) => a.kind, cell: (a) => t(`balance.kinds.${a.kind}`, { defaultValue: a.kind }) },
    {
      id: "balance",
      header: t("balance.columns.balance"),
      card: "aside",
      sortValue: (a) => a.balanceCents,
      cell: (a) => <Text ff="monospace">{formatUSD(a.balanceCents)}</Text>,
    },
  ];

  const projected = account && amount ? account.balanceCents + (direction === "add" ? amount : -amount) : null;
  const waits = threshold !== null && amount !== null && amount > threshold;

  return (
    <Stack gap="md">
      <ScreenTitle title={t("balance.title")} subtitle={t("balance.subtitle")} />
      <ThresholdCard />
      <PendingChanges kind="approvalThreshold" testId="pending-thresholds" />
      <Select
        label={t("balance.company")}
        placeholder={t("balance.pickCompany")}
        searchable
        maw={480}
        nothingFoundMessage={t("export.noMatch")}
        data={(companies ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.companyCode}` }))}
        value={search.company ?? null}
        onChange={(v) => setSearch({ company: v ?? undefined, account: undefined })}
        data-testid="balance-company"
      />
      {search.company ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <DataTable
            tableId="system-admin-balance-accounts"
            caption={t("balance.accountsCaption")}
            columns={accountColumns}
            data={accounts.data?.accounts}
            error={accounts.error}
            getRowId={(a) => a.id}
            rowName={(a) => `${a.storeName ?? ""} ${a.name}`}
            onRowClick={(a) => setSearch({ account: a.id }, { push: true })}
            rowLabel={(a) => t("balance.choose", { account: `${a.storeName ? `${a.storeName} · ` : ""}${a.name}` })}
            selectedId={search.account ?? null}
            emptyText={t("balance.noAccounts")}
            testId="balance-accounts"
          />
          <Card withBorder>
            {account ? (
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t("balance.adjustTitle", { account: `${account.storeName ? `${account.storeName} · ` : ""}${account.name}` })}
                </Title>
                <Text size="sm">{t("balance.current", { balance: formatUSD(account.balanceCents) })}</Text>
                <SegmentedControl
                  value={direction}
                  onChange={(v) => setDirection(v as "add" | "remove")}
                  data={[
                    { value: "add", label: t("balance.add") },
                    { value: "remove", label: t("balance.remove") },
                  ]}
                  aria-label={t("balance.direction")}
                />
                <MoneyInput label={t("balance.amount")} value={amount} onChange={setAmount} error={amountError} required data-testid="balance-amount" />
                <Textarea
                  label={t("balance.reason")}
                  description={t("balance.reasonHelp")}
                  value={reason}
                  onChange={(e) => setReason(e.currentTarget.value)}
                  error={reasonError}
                  required
                  maxLength={500}
                  autosize
                  minRows={2}
                  data-testid="balance-reason"
                />
                {projected !== null ? <Text size="sm">{t("balance.projected", { balance: formatUSD(projected) })}</Text> : null}
                {threshold !== null ? (
                  <Alert color={waits ? "yellow" : "blue"} variant="light">
                    {waits ? t("balance.needsApproval", { threshold: formatUSD(threshold) }) : t("balance.thresholdNote", { threshold: formatUSD(threshold) })}
                  </Alert>
                ) : null}
                <Group>
                  <Button onClick={() => void onSubmit()} loading={busy === "adjust"} data-testid="balance-submit">
                    {waits ? t("balance.request") : t("balance.post")}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t("balance.pickAccount")}
              </Text>
            )}
          </Card>
        </SimpleGrid>
      ) : null}
      <Title order={2} size="h4">
        {t("balance.pendingTitle")}
      </Title>
      <AdjustmentsTable
        tableId="system-admin-balance-pending"
        caption={t("balance.pendingTitle")}
        data={pending.data}
        error={pending.error}
        emptyText={t("balance.noPending")}
        busy={busy}
        onDecide={onDecide}
        testId="balance-pending"
      />
      <Title order={2} size="h4">
        {t("balance.historyTitle")}
      </Title>
      <AdjustmentsTable
        tableId="system-admin-balance-history"
        caption={t("balance.historyTitle")}
        data={history.data}
        error={history.error}
        emptyText={t("balance.noHistory")}
        testId="balance-history"
      />
    </Stack>
  );
}
