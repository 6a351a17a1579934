import { Badge, Button, Checkbox, Group, Modal, Paper, ScrollArea, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { daysBetween } from "@tumble/domain/bankStatement";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { formatDisplayDate } from "../collections/format";
import { errorText } from "../cash/messages";
import type { BankDeposit, BankLine, BankList } from "./BankTypes";
import { AgeBadge, depositLabel } from "./BankUnmatched";

interface Props {
  line: BankLine | null;
  onClose: () => void;
  list: BankList | undefined;
}

/** Matching by hand: one line and the deposits it carries (several on one line, or a deposit split over lines). */
export function BankMatchModal({ line, onClose, list }: Props) {
  const { t } = useTranslation("bank");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const match = useMutation(api.bankLines.match);
  const [chosen, setChosen] = useState<string[]>([]);
  const [showMatched, setShowMatched] = useState(false);
  const [filter, setFilter] = useState("");
  const [busy, setBusy] = useState(false);

  const onLine = useMemo(() => new Set(line?.depositIds ?? []), [line]);
  const all = useMemo(() => new Map([...(list?.matchedDeposits ?? []), ...(list?.unmatchedDeposits ?? [])].map((d) => [d._id, d])), [list]);
  const candidates = useMemo(() => {
    if (!line) return [];
    const pool: Array<BankDeposit & { matched: boolean }> = [
      ...(list?.unmatchedDeposits ?? []).map((d) => ({ ...d, matched: false })),
      ...(showMatched ? (list?.matchedDeposits ?? []).filter((d) => !onLine.has(d._id)).map((d) => ({ ...d, matched: true })) : []),
    ];
    const needle = filter.trim().toLowerCase();
    return pool
      .filter((d) => !needle || [d.bagNumber, d.slipNumber, d.storeName, formatUSD(d.amountCents)].some((s) => s?.toLowerCase().includes(needle)))
      .sort(
        (a, b) =>
          Number(b.amountCents === line.amountCents) - Number(a.amountCents === line.amountCents) ||
          daysBetween(a.businessDate, line.date) - daysBetween(b.businessDate, line.date) ||
          a.businessDate.localeCompare(b.businessDate),
      );
  }, [line, list, showMatched, onLine, filter]);

  if (!line) return <Modal opened={false} onClose={onClose} title={t("match.title")} />;
  const alreadyCents = line.depositIds.reduce((s, id) => s + (all.get(id)?.amountCents ?? 0), 0);
  const chosenCents = chosen.reduce((s, id) => s + (all.get(id)?.amountCents ?? 0), 0);
  const difference = line.amountCents - alreadyCents - chosenCents;

  const save = async () => {
    if (!chosen.length) return;
    setBusy(true);
    try {
      const result = await match({ bankLineId: line._id, depositIds: chosen });
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
                deposits: line.depositIds.map((id) => depositLabel(all.get(id) ?? { bagNumber: null, slipNumber: null }, t)).join(", "),
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
          />
          <Switch label={t("match.showMatched")} checked={showMatched} onChange={(e) => setShowMatched(e.currentTarget.checked)} mb={8} />
        </Group>
        <Checkbox.Group value={chosen} onChange={setChosen} label={t("match.deposits")}>
          <ScrollArea.Autosize mah={isPhone ? undefined : 340} type="auto" mt="xs">
            <Stack gap={6}>
              {candidates.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t("match.noCandidates")}
                </Text>
              ) : (
                candidates.map((d) => (
                  <Checkbox.Card key={d._id} value={d._id} radius="md" p="sm" data-testid="match-candidate" data-amount={d.amountCents}>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Checkbox.Indicator mt={2} />
                      <div style={{ flex: 1, minWidth: 0 }}>
                        <Group justify="space-between" wrap="nowrap" gap="xs">
                          <Text fw={600} size="sm" truncate>
                            {depositLabel(d, t) || t("deposit.unnamed")}
                          </Text>
                          <Text fw={700} size="sm">
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
            </Stack>
          </ScrollArea.Autosize>
        </Checkbox.Group>
        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t("match.selected", { count: chosen.length, amount: formatUSD(chosenCents) })}</Text>
            <Text size="sm" fw={700} c={difference === 0 ? "teal.8" : "orange.8"} data-testid="match-difference">
              {difference === 0 ? t("match.balanced") : t("match.difference", { amount: formatUSD(difference) })}
            </Text>
          </Group>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} size="md">
            {t("cancel")}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!chosen.length} size="md" data-testid="match-confirm">
            {t("match.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
