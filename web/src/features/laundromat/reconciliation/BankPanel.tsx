import { Alert, Anchor, Button, Group, NumberInput, Paper, Popover, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconUpload, IconWand } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_MATCH_WINDOW_DAYS } from "@tumble/domain/bankStatement";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { usePagedQuery } from "../../../lib/pagedQuery";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { todayInZone } from "../collections/format";
import { errorText } from "../cash/messages";
import { BankImportModal } from "./BankImportModal";
import { BankLineFormModal } from "./BankLineForm";
import { BankLinesTable, type LineView } from "./BankLinesTable";
import { BankMatchModal } from "./BankMatchModal";
import type { BankDeposit, BankLine } from "./BankTypes";
import { BankUnmatchedDeposits, BankUnmatchedLines } from "./BankUnmatched";

interface BankSearch {
  bankAccount: string;
  bankView: LineView;
  bankPage: number;
}

const SEARCH: SearchSchema<BankSearch> = {
  bankAccount: param.text(64),
  bankView: param.oneOf(["all", "unmatched", "matched"] as const),
  bankPage: param.int(1),
};

/** Match automatically, with the window of days a deposit and its line may be apart. */
function AutoMatchButton({ accountId }: { accountId: string }) {
  const { t } = useTranslation("bank");
  const autoMatch = useMutation(api.bankLines.autoMatch);
  const [opened, setOpened] = useState(false);
  const [days, setDays] = useState<number | string>(DEFAULT_MATCH_WINDOW_DAYS);
  const [busy, setBusy] = useState(false);
  const valid = typeof days === "number" && Number.isInteger(days) && days >= 0 && days <= 60;
  const run = async () => {
    if (!valid) return;
    setBusy(true);
    try {
      const result = await autoMatch({ accountId, windowDays: days });
      notifySuccess(result.matched ? t("autoMatch.done", { count: result.matched }) : t("autoMatch.none"));
      setOpened(false);
    } catch (error) {
      notifyError(errorText(error, t("autoMatch.failed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button variant="light" size="md" leftSection={<IconWand size={18} aria-hidden />} onClick={() => setOpened((o) => !o)} data-testid="bank-auto-match">
          {t("autoMatch.button")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={320}>
        <Stack gap="sm">
          <NumberInput
            label={t("autoMatch.window")}
            description={t("autoMatch.windowHelp")}
            min={0}
            max={60}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={valid ? undefined : t("autoMatch.windowError")}
            data-testid="bank-window-days"
          />
          <Button onClick={() => void run()} loading={busy} disabled={!valid} data-testid="bank-auto-match-run">
            {t("autoMatch.run")}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={`${testId}-value`}>
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** Bank statements of the company's bank accounts: import, lines, matching to deposits. */
export function BankPanel() {
  const { t } = useTranslation("bank");
  const [search, setSearch] = useSearchState(SEARCH);
  const accounts = useQueryState(api.cashAccounts.list, {});
  const banks = accounts.data?.filter((a) => a.kind === "bank" && !a.archived);
  const account = banks?.find((a) => a._id === search.bankAccount) ?? banks?.[0];
  // The figures are counted on the server over every line and deposit; the two tables below page
  // through theirs ("Load more"), so nothing here stops at the rows a list has loaded.
  const summary = useQueryState(api.bankLines.summary, account ? { accountId: account._id } : "skip");
  const deposits = usePagedQuery(api.bankLines.candidates, account ? {} : "skip", (d) => d._id);
  const unmatchedLines = usePagedQuery(api.bankLines.listPage, account ? { accountId: account._id, view: "unmatched", credits: true } : "skip", (l) => l._id);
  const [importOpen, setImportOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  // A line of the lines table carries the deposits already on it; an unmatched credit has none.
  const [matching, setMatching] = useState<(BankLine & { deposits?: readonly BankDeposit[] }) | null>(null);

  const today = todayInZone(undefined);
  const figures = summary.data;
  const inTransit = figures?.depositsInTransit;
  const credits = figures?.unmatchedCredits;
  const toSettle = figures?.toSettle;

  return (
    <Stack gap="md" data-testid="bank-panel">
      <div>
        <Title order={2} size="h3">
          {t("title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("subtitle")}
        </Text>
      </div>
      {accounts.error ? (
        <Alert color="red" title={t("loadFailed")}>
          {errorText(accounts.error, t("loadFailed"))}
        </Alert>
      ) : banks && banks.length === 0 ? (
        <Alert color="blue" title={t("noBank.title")} data-testid="bank-none">
          <Text size="sm">{t("noBank.body")}</Text>
          <Anchor component={Link} to="/laundromat/cash-accounts" size="sm">
            {t("noBank.link")}
          </Anchor>
        </Alert>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <Select
              label={t("account")}
              data={(banks ?? []).map((a) => ({ value: a._id, label: a.name }))}
              value={account?._id ?? null}
              onChange={(v) => v && setSearch({ bankAccount: v, bankPage: undefined })}
              allowDeselect={false}
              size="md"
              w={{ base: "100%", sm: 280 }}
              data-testid="bank-account"
            />
            {account ? (
              <Group gap="sm" wrap="wrap" w={{ base: "100%", sm: "auto" }}>
                <Button leftSection={<IconUpload size={18} aria-hidden />} size="md" onClick={() => setImportOpen(true)} data-testid="bank-import">
                  {t("import.button")}
                </Button>
                <Button variant="default" leftSection={<IconPlus size={18} aria-hidden />} size="md" onClick={() => setAddOpen(true)} data-testid="bank-add">
                  {t("add.button")}
                </Button>
                <AutoMatchButton accountId={account._id} />
              </Group>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Figure
              label={t("figures.unmatchedDeposits")}
              value={inTransit ? String(inTransit.count) : "…"}
              hint={inTransit?.count ? t("figures.depositsHint", { amount: formatUSD(inTransit.amountCents), count: inTransit.oldestAgeDays ?? 0 }) : undefined}
              testId="bank-figure-deposits"
            />
            <Figure
              label={t("figures.unmatchedLines")}
              value={credits ? String(credits.count) : "…"}
              hint={credits && credits.oldestAgeDays !== null ? t("figures.oldest", { count: credits.oldestAgeDays }) : undefined}
              testId="bank-figure-lines"
            />
            <Figure
              label={t("figures.toSettle")}
              value={toSettle ? String(toSettle.count) : "…"}
              hint={toSettle?.count ? formatUSD(toSettle.amountCents) : undefined}
              testId="bank-figure-settle"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md" style={{ minWidth: 0 }}>
            <Stack gap="xs" style={{ minWidth: 0 }}>
              <Title order={3} size="h4">
                {t("unmatched.depositsTitle")}
              </Title>
              <BankUnmatchedDeposits deposits={deposits.rows} error={deposits.error ?? summary.error} more={deposits.more} />
            </Stack>
            <Stack gap="xs" style={{ minWidth: 0 }}>
              <Title order={3} size="h4">
                {t("unmatched.linesTitle")}
              </Title>
              <BankUnmatchedLines lines={unmatchedLines.rows} error={unmatchedLines.error} more={unmatchedLines.more} today={today} onMatch={setMatching} />
            </Stack>
          </SimpleGrid>
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t("lines.title")}
            </Title>
            <BankLinesTable
              accountId={account?._id}
              view={search.bankView ?? "all"}
              onViewChange={(bankView) => setSearch({ bankView: bankView === "all" ? undefined : bankView, bankPage: undefined })}
              page={search.bankPage}
              onPageChange={(bankPage) => setSearch({ bankPage: bankPage === 1 ? undefined : bankPage })}
              onMatch={setMatching}
            />
          </Stack>
          {account ? (
            <>
              <BankImportModal opened={importOpen} onClose={() => setImportOpen(false)} accountId={account._id} remembered={summary.data?.mapping ?? null} />
              <BankLineFormModal opened={addOpen} onClose={() => setAddOpen(false)} accountId={account._id} />
              <BankMatchModal key={matching?._id ?? "none"} line={matching} onClose={() => setMatching(null)} />
            </>
          ) : null}
        </>
      )}
    </Stack>
  );
}
