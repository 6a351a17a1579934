import { Alert, Button, Card, Checkbox, Group, Select, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_VARIANCE_THRESHOLD_CENTS } from "@tumble/domain/cashLedger";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { notifyError } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { NoStorePrompt } from "../collections/NoStorePrompt";
import { CountForm, type CountResult } from "./CountForm";
import { accountName } from "./accountName";
import { CountsTable } from "./CountsTable";
import { errorText, useCashRights } from "./messages";
import { ScreenTitle } from "../../../ui/ScreenTitle";

interface CountsSearch {
  account: string;
  page: number;
}

const SEARCH: SearchSchema<CountsSearch> = { account: param.text(64), page: param.int(1) };
const ALL = "all";

/** Start a count, count by denomination, the review queue for reviewers, and each account's history. */
export function PhysicalCountsScreen() {
  const { t } = useTranslation("cash");
  const { selection } = useLaundromatSelection();
  const rights = useCashRights();
  const [search, setSearch] = useSearchState(SEARCH);
  const storeId = selection.storeId ?? undefined;
  const settings = useQuery(api.cashSettings.get, {});
  const accounts = useQueryState(api.cashAccounts.list, storeId ? { storeId } : "skip");
  const counts = useQueryState(api.physicalCounts.list, storeId ? { storeId } : "skip");
  const start = useMutation(api.physicalCounts.start);
  const keys = useSubmissionKeys();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [blindChoice, setBlindChoice] = useState<boolean | null>(null);
  const [starting, setStarting] = useState(false);
  const [result, setResult] = useState<CountResult | null>(null);
  const blind = blindChoice ?? settings?.blindCounts ?? false;
  const threshold = settings?.varianceThresholdCents ?? DEFAULT_VARIANCE_THRESHOLD_CENTS;
  const chosen = accountId ?? accounts.data?.find((a) => a.kind === "safe")?._id ?? accounts.data?.[0]?._id ?? null;

  const mine = counts.data?.find((c) => c.status === "counting" && c.countedBy === rights.userId);
  const queue = counts.data?.filter((c) => c.status === "submitted");
  const history = search.account ? counts.data?.filter((c) => c.accountId === search.account) : counts.data;

  const begin = async () => {
    if (!chosen) return;
    const args = { accountId: chosen, blind };
    setStarting(true);
    setResult(null);
    try {
      await keys.run(args, (idempotencyKey) => start({ ...args, idempotencyKey }));
    } catch (error) {
      notifyError(errorText(error, t("count.startFailed")));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Stack gap="md">
      <ScreenTitle title={t("counts.title")} subtitle={t("counts.subtitle")} />
      <SelectionSummary />
      {!storeId ? (
        <NoStorePrompt />
      ) : (
        <>
          {result ? (
            <Alert
              color={result.varianceCents === 0 ? "green" : "orange"}
              variant="light"
              title={t("count.resultTitle")}
              withCloseButton
              onClose={() => setResult(null)}
              data-testid="count-result"
            >
              {t("count.result", {
                expected: formatUSD(result.expectedCents),
                counted: formatUSD(result.countedCents),
                variance: formatUSD(result.varianceCents),
              })}
            </Alert>
          ) : null}
          {mine ? (
            <CountForm key={mine._id} count={mine} thresholdCents={threshold} onSubmitted={setResult} />
          ) : (
            <Card withBorder radius="md" p="md" data-testid="start-count">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t("count.startTitle")}
                </Title>
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <Select
                    label={t("count.account")}
                    data={(accounts.data ?? []).map((a) => ({
                      value: a._id,
                      label: a.storeName ? `${accountName(t, a)} · ${a.storeName}` : accountName(t, a),
                    }))}
                    value={chosen}
                    onChange={setAccountId}
                    allowDeselect={false}
                    size="md"
                    w={{ base: "100%", xs: 280 }}
                    data-testid="count-account"
                  />
                  <Checkbox
                    label={t("count.blind")}
                    checked={blind}
                    onChange={(e) => setBlindChoice(e.currentTarget.checked)}
                    size="md"
                    mb={10}
                    data-testid="count-blind"
                  />
                  <Button size="md" onClick={() => void begin()} loading={starting} disabled={!chosen} data-testid="start-count-button">
                    {t("count.start")}
                  </Button>
                </Group>
              </Stack>
            </Card>
          )}
          {rights.canApprove ? (
            <Stack gap="xs">
              <Title order={2} size="h4">
                {t("review.title")}
              </Title>
              <CountsTable review tableId="count-review" caption={t("review.title")} counts={queue} error={counts.error} emptyText={t("review.empty")} />
            </Stack>
          ) : null}
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("counts.history")}
            </Title>
            <CountsTable
              tableId="count-history"
              caption={t("counts.history")}
              counts={history}
              error={counts.error}
              emptyText={t("counts.empty")}
              page={search.page ?? 1}
              onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
              exportName={rights.canExport ? `counts-${selection.storeName}` : undefined}
              toolbar={
                <Select
                  label={t("count.account")}
                  data={[{ value: ALL, label: t("filters.allAccounts") }, ...(accounts.data ?? []).map((a) => ({ value: a._id, label: accountName(t, a) }))]}
                  value={search.account ?? ALL}
                  onChange={(v) => setSearch({ account: !v || v === ALL ? undefined : v, page: undefined })}
                  allowDeselect={false}
                  size="md"
                  w={{ base: "100%", xs: 240 }}
                />
              }
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}
