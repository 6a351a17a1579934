import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Paper, ScrollArea, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useDebouncedValue, useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { usePagedQuery } from "../../../lib/pagedQuery";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { formatDisplayDate } from "../collections/format";
import { errorText } from "../cash/messages";
import type { BankDeposit, BankLine } from "./BankTypes";
import { AgeBadge, depositLabel } from "./BankUnmatched";

type Candidate = ReturnsOf<typeof api.bankLines.candidates>["rows"][number];

interface Props {
  /** The line to match; a line of bankLines:listPage carries the deposits already on it. */
  line: (BankLine & { deposits?: readonly BankDeposit[] }) | null;
  onClose: () => void;
}

/** Days either side of the line's date a candidate may be; "" for any date. */
const WINDOWS = ["", "3", "7", "14", "30"] as const;
const PAGE = 50;

/**
 * Matching by hand: one line and the deposits it carries (several on one line, or a deposit split
 * over lines). The candidates are chosen on the server — the line's amount and the nearest dates
 * first, narrowed by the search, the window of days and the amount — a page at a time, and the
 * dialog says how many more there are.
 */
export function BankMatchModal({ line, onClose }: Props) {
  const { t } = useTranslation("bank");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const match = useMutation(api.bankLines.match);
  // Each chosen deposit with its amount, kept while the search shows other deposits.
  const [chosen, setChosen] = useState<Map<string, number>>(new Map());
  const [showMatched, setShowMatched] = useState(false);
  const [sameAmount, setSameAmount] = useState(false);
  const [windowDays, setWindowDays] = useState<string>("");
  const [filter, setFilter] = useState("");
  const [search] = useDebouncedValue(filter.trim(), 300);
  const [busy, setBusy] = useState(false);
  const args = line
    ? {
        bankLineId: line._id,
        pageSize: PAGE,
        ...(search ? { search } : {}),
        ...(showMatched ? { includeMatched: true } : {}),
        ...(sameAmount ? { sameAmount: true } : {}),
        ...(windowDays ? { windowDays: Number(windowDays) } : {}),
      }
    : ("skip" as const);
  const candidates = usePagedQuery(api.bankLines.candidates, args, (d) => d._id);
  // The first page (the same query the list's first page is) carries the total the filters keep.
  const first = useQueryState(api.bankLines.candidates, args);
  const rows: Candidate[] | undefined = candidates.rows;
  const total = rows ? Math.max(first.data?.total ?? rows.length, rows.length) : 0;

  if (!line) return <Modal opened={false} onClose={onClose} title={t("match.title")} />;
  const onLine = new Map((line.deposits ?? []).map((d) => [d._id, d]));
  const alreadyCents = line.depositIds.reduce((s, id) => s + (onLine.get(id)?.amountCents ?? 0), 0);
  const chosenCents = [...chosen.values()].reduce((s, cents) => s + cents, 0);
  const choose = (ids: string[]) => {
    const amounts = new Map((rows ?? []).map((d) => [d._id, d.amountCents]));
    setChosen(new Map(ids.map((id) => [id, chosen.get(id) ?? amounts.get(id) ?? 0])));
  };
  const difference = line.amountCents - alreadyCents - chosenCents;

  const save = async () => {
    if (!chosen.size) return;
    setBusy(true);
    try {
      const result = await match({ bankLineId: line._id, depositIds: [...chosen.keys()] });
      notifySuccess(result.differenceCents === 0 ? t("match.done") : t("match.doneDifference", { amount: formatUSD(result.differenceCents) }));
      onClose();
    } catch (error) {
      notifyError(errorText(error, t("match.failed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("match.title")} size="lg" fullScreen={isPhone}>
      <Stack gap="sm" data-testid="match-dialog">
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>{line.description}</Text>
              <Text size="sm" c="dimmed">
                {formatDisplayDate(line.date)}
                {line.reference ? ` · ${t("lines.reference", { reference: line.reference })}` : ""}
              </Text>
            </div>
            <Text fw={700} size="lg">
              {formatUSD(line.amountCents)}
            </Text>
          </Group>
          {line.depositIds.length ? (
            <Text size="sm" mt={4}>
              {t("match.already", {
                deposits: line.depositIds.map((id) => depositLabel(onLine.get(id) ?? { bagNumber: null, slipNumber: null }, t)).join(", "),
                amount: formatUSD(alreadyCents),
              })}
            </Text>
          ) : null}
        </Paper>
        <Text size="sm">{t("match.help")}</Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t("match.filter")}
            placeholder={t("match.filterPlaceholder")}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 180 }}
            data-testid="match-search"
          />
          <Select
            label={t("match.window")}
            data={WINDOWS.map((w) => ({ value: w, label: w ? t("match.windowDays", { count: Number(w) }) : t("match.windowAny") }))}
            value={windowDays}
            onChange={(v) => setWindowDays(v ?? "")}
            allowDeselect={false}
            w={170}
            data-testid="match-window"
          />
        </Group>
        <Group gap="lg" wrap="wrap">
          <Switch
            label={t("match.sameAmountOnly")}
            checked={sameAmount}
            onChange={(e) => setSameAmount(e.currentTarget.checked)}
            data-testid="match-same-amount"
          />
          <Switch label={t("match.showMatched")} checked={showMatched} onChange={(e) => setShowMatched(e.currentTarget.checked)} />
        </Group>
        {candidates.error ? (
          <Alert color="red" title={t("match.loadFailed")}>
            {errorText(candidates.error, t("match.loadFailed"))}
          </Alert>
        ) : null}
        <Checkbox.Group value={[...chosen.keys()]} onChange={choose} label={t("match.deposits")}>
          <ScrollArea.Autosize mah={isPhone ? undefined : 340} type="auto" mt="xs">
            <Stack gap={6}>
              {!rows ? (
                <Loader size="sm" />
              ) : rows.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("match.noCandidates")}
                </Text>
              ) : (
                rows.map((d) => (
                  <Checkbox.Card key={d._id} value={d._id} radius="md" p="sm" data-testid="match-candidate" data-amount={d.amountCents}>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Checkbox.Indicator mt={2} />
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Text fw={600} size="sm" truncate miw={0} style={{ flex: 1 }}>
                            {depositLabel(d, t) || t("deposit.unnamed")}
                          </Text>
                          <Text fw={700} size="sm" style={{ flexShrink: 0 }}>
                            {formatUSD(d.amountCents)}
                          </Text>
                        </Group>
                        <Group gap={6} mt={2}>
                          <Text size="xs" c="dimmed">
                            {d.storeName} · {formatDisplayDate(d.businessDate)}
                          </Text>
                          <AgeBadge days={d.ageDays} />
                          {d.amountCents === line.amountCents ? (
                            <Badge size="sm" color="teal" variant="light">
                              {t("match.sameAmount")}
                            </Badge>
                          ) : null}
                          {d.matched ? (
                            <Badge size="sm" color="gray" variant="outline">
                              {t("match.onOtherLine")}
                            </Badge>
                          ) : null}
                        </Group>
                      </div>
                    </Group>
                  </Checkbox.Card>
                ))
              )}
              {rows && candidates.more ? (
                <Group justify="space-between" gap="xs" wrap="wrap" data-testid="match-more">
                  <Text size="sm" c="dimmed">
                    {t("match.more", { count: total - rows.length })}
                  </Text>
                  <Button size="compact-sm" variant="light" loading={candidates.more.loading} onClick={candidates.more.onLoadMore}>
                    {t("match.loadMore")}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t("match.selected", { count: chosen.size, amount: formatUSD(chosenCents) })}</Text>
            <Text size="sm" fw={700} c={difference === 0 ? "teal.8" : "orange.8"} data-testid="match-difference">
              {difference === 0 ? t("match.balanced") : t("match.difference", { amount: formatUSD(difference) })}
            </Text>
          </Group>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} size="md">
            {t("cancel")}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!chosen.size} size="md" data-testid="match-confirm">
            {t("match.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
