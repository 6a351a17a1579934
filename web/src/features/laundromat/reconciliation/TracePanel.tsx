import { Alert, Badge, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, ThemeIcon, Timeline, Title, UnstyledButton } from "@mantine/core";
import { IconBuildingBank, IconBuildingStore, IconCoins, IconLock, IconX } from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { formatDisplayDate } from "../collections/format";
import { errorText } from "../cash/messages";
import { depositLabel } from "./BankUnmatched";
import type { TraceResult } from "./BankTypes";
import { useTraceStart, type TraceKind, type TraceStartRef } from "./TraceSearch";

type Piece = TraceResult["pieces"][number];

/** A link of the chain: its icon on the line and its heading. */
function step(Icon: typeof IconLock, title: string) {
  return {
    bullet: (
      <ThemeIcon size={32} radius="xl" variant="light">
        <Icon size={18} aria-hidden />
      </ThemeIcon>
    ),
    title: (
      <Title order={3} size="h5">
        {title}
      </Title>
    ),
  };
}

/** One item on the chain: a card that starts the trace from itself when it is not the start already. */
function Link({
  start,
  current,
  onOpen,
  children,
  testId,
}: {
  start: TraceStartRef;
  current: TraceStartRef;
  onOpen: (s: TraceStartRef) => void;
  children: ReactNode;
  testId: string;
}) {
  const isStart = start.kind === current.kind && start.id === current.id;
  const body = (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid={testId}
      data-start={isStart ? "" : undefined}
      style={isStart ? { borderColor: "var(--mantine-primary-color-filled)", borderWidth: 2 } : undefined}
    >
      {children}
    </Paper>
  );
  if (isStart) return body;
  return (
    <UnstyledButton onClick={() => onOpen(start)} style={{ display: "block", width: "100%" }}>
      {body}
    </UnstyledButton>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

/** The chain: collections → their postings to the safe → the deposits that carried them → the bank lines. */
function Chain({ data, start, onOpen, stores }: { data: TraceResult; start: TraceStartRef; onOpen: (s: TraceStartRef) => void; stores: Map<string, string> }) {
  const { t } = useTranslation("bank");
  const collectionDate = new Map(data.collections.map((c) => [c.collectionId, c.businessDate]));
  const byDeposit = new Map<string, Piece[]>();
  for (const p of data.pieces) byDeposit.set(p.depositId, [...(byDeposit.get(p.depositId) ?? []), p]);
  const storeName = (id: string | null) => (id ? (stores.get(id) ?? "") : "");
  const empty = (text: string) => (
    <Text size="sm" c="dimmed">
      {text}
    </Text>
  );
  return (
    <Timeline bulletSize={32} lineWidth={2} active={3} data-testid="trace-chain">
      <Timeline.Item {...step(IconBuildingStore, t("trace.collections", { count: data.collections.length }))}>
        <Stack gap="xs" mt="xs">
          {data.collections.length
            ? data.collections.map((c) => (
                <Link key={c.collectionId} start={{ kind: "collection", id: c.collectionId }} current={start} onOpen={onOpen} testId="trace-collection">
                  <Group justify="space-between" gap="xs">
                    <Text fw={600} size="sm">
                      {t("trace.collectionOf", { date: formatDisplayDate(c.businessDate) })}
                    </Text>
                    <Badge variant="light" color={c.status === "verified" ? "teal" : "gray"}>
                      {t(`trace.status.${c.status}`, { defaultValue: c.status })}
                    </Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {storeName(c.storeId)}
                  </Text>
                </Link>
              ))
            : empty(t("trace.noCollections"))}
        </Stack>
      </Timeline.Item>
      <Timeline.Item {...step(IconLock, t("trace.safe"))}>
        <Stack gap="xs" mt="xs">
          {data.collections.length
            ? data.collections.map((c) => (
                <Paper key={c.collectionId} withBorder radius="md" p="sm" data-testid="trace-posting">
                  <Text size="sm" fw={600} mb={4}>
                    {t("trace.collectionOf", { date: formatDisplayDate(c.businessDate) })}
                  </Text>
                  <Row label={t("trace.posted", { count: c.postingIds.length })} value={formatUSD(c.postedCents)} strong />
                  <Row label={t("trace.deposited")} value={formatUSD(c.depositedCents)} />
                  <Row label={t("trace.inSafe")} value={formatUSD(c.inSafeCents)} />
                </Paper>
              ))
            : empty(t("trace.noPostings"))}
        </Stack>
      </Timeline.Item>
      <Timeline.Item {...step(IconCoins, t("trace.deposits", { count: data.deposits.length }))}>
        <Stack gap="xs" mt="xs">
          {data.deposits.length
            ? data.deposits.map((d) => (
                <Link key={d.depositId} start={{ kind: "deposit", id: d.depositId }} current={start} onOpen={onOpen} testId="trace-deposit">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {depositLabel(d, t) || t("deposit.unnamed")}
                    </Text>
                    <Text fw={700} size="sm">
                      {formatUSD(d.amountCents)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {[formatDisplayDate(d.businessDate), storeName(d.storeId)].filter(Boolean).join(" · ")}
                  </Text>
                  {(byDeposit.get(d.depositId) ?? []).length ? (
                    <Stack gap={0} mt={6}>
                      <Text size="xs" fw={600}>
                        {t("trace.carries")}
                      </Text>
                      {(byDeposit.get(d.depositId) ?? []).map((p) => (
                        <Row
                          key={`${p.collectionId}:${p.depositId}`}
                          label={t("trace.share", { date: formatDisplayDate(collectionDate.get(p.collectionId) ?? "") })}
                          value={formatUSD(p.cents)}
                        />
                      ))}
                    </Stack>
                  ) : null}
                  {d.bankLineIds.length === 0 ? (
                    <Badge mt={6} color="orange" variant="light">
                      {t("trace.inTransit")}
                    </Badge>
                  ) : null}
                </Link>
              ))
            : empty(start.kind === "collection" ? t("trace.notDeposited") : t("trace.noDeposits"))}
        </Stack>
      </Timeline.Item>
      <Timeline.Item {...step(IconBuildingBank, t("trace.bankLines", { count: data.bankLines.length }))}>
        <Stack gap="xs" mt="xs">
          {data.bankLines.length
            ? data.bankLines.map((l) => (
                <Link key={l.bankLineId} start={{ kind: "line", id: l.bankLineId }} current={start} onOpen={onOpen} testId="trace-line">
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fw={600} size="sm">
                      {l.description}
                    </Text>
                    <Text fw={700} size="sm">
                      {formatUSD(l.amountCents)}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDisplayDate(l.date)}
                  </Text>
                </Link>
              ))
            : empty(t("trace.noBankLines"))}
        </Stack>
      </Timeline.Item>
    </Timeline>
  );
}

/** The starts offered: the selected store's verified collections, recent deposits, or the bank lines that carry deposits. */
function StartPicker({ kind, value, onChange }: { kind: TraceKind; value: string | null; onChange: (id: string) => void }) {
  const { t } = useTranslation("bank");
  const { selection } = useLaundromatSelection();
  const storeId = selection.storeId ?? undefined;
  const collections = useQueryState(
    api.collections.list,
    kind === "collection" && storeId ? { storeId, status: "verified", sortBy: "businessDate", sortDir: "desc", limit: 200 } : "skip",
  );
  const deposits = useQueryState(
    api.cashTransactions.list,
    kind === "deposit" ? { kind: "deposit", status: "approved", ...(storeId ? { storeId } : {}) } : "skip",
  );
  const accounts = useQueryState(api.cashAccounts.list, kind === "line" ? {} : "skip");
  const bank = accounts.data?.find((a) => a.kind === "bank" && !a.archived);
  const lines = useQueryState(api.bankLines.list, kind === "line" && bank ? { accountId: bank._id } : "skip");

  let options: Array<{ value: string; label: string }> | undefined;
  let error: unknown;
  if (kind === "collection") {
    if (!storeId) return <Alert color="blue">{t("trace.pickStore")}</Alert>;
    options = collections.data?.map((c) => ({ value: c._id, label: `${formatDisplayDate(c.businessDate)} · ${c.storeName} · ${formatUSD(c.totalCents)}` }));
    error = collections.error;
  } else if (kind === "deposit") {
    options = deposits.data
      ?.filter((d) => d.kind === "deposit" && !d.reversesId)
      .map((d) => ({
        value: d._id,
        label: [formatDisplayDate(d.businessDate), depositLabel(d, t), d.storeName, formatUSD(d.amountCents)].filter(Boolean).join(" · "),
      }));
    error = deposits.error;
  } else {
    if (accounts.data && !bank) return <Alert color="blue">{t("noBank.body")}</Alert>;
    options = lines.data?.lines
      .filter((l) => l.depositIds.length > 0)
      .map((l) => ({ value: l._id, label: `${formatDisplayDate(l.date)} · ${l.description} · ${formatUSD(l.amountCents)}` }));
    error = lines.error ?? accounts.error;
  }
  if (error) return <Alert color="red">{errorText(error, t("loadFailed"))}</Alert>;
  return (
    <Select
      label={t(`trace.pick.${kind}`)}
      placeholder={options?.length === 0 ? t("trace.pickNone") : t("trace.pickPlaceholder")}
      data={options ?? []}
      value={value && options?.some((o) => o.value === value) ? value : null}
      onChange={(v) => v && onChange(v)}
      searchable
      nothingFoundMessage={t("trace.pickNone")}
      disabled={!options}
      size="md"
      maxDropdownHeight={320}
      data-testid="trace-pick"
    />
  );
}

/** Follows money from a collection to its bank line, and back. */
export function TracePanel() {
  const { t } = useTranslation("bank");
  const [start, setStart] = useTraceStart();
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const [kind, setKind] = useState<TraceKind>(start?.kind ?? "deposit");
  const shownKind = start?.kind ?? kind;
  const args = start
    ? start.kind === "collection"
      ? { collectionId: start.id }
      : start.kind === "deposit"
        ? { depositId: start.id }
        : { bankLineId: start.id }
    : "skip";
  const trace = useQueryState(api.reconciliation.trace, args);
  const storesList = useQueryState(api.stores.listAll, {});
  const stores = useMemo(() => new Map((storesList.data ?? []).map((s) => [s._id, s.name])), [storesList.data]);

  return (
    <Stack gap="md" data-testid="trace-panel">
      <div>
        <Title order={2} size="h3">
          {t("trace.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("trace.subtitle")}
        </Text>
      </div>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="trace-from">
              {t("trace.from")}
            </Text>
            <SegmentedControl
              aria-labelledby="trace-from"
              orientation={isPhone ? "vertical" : "horizontal"}
              fullWidth
              value={shownKind}
              onChange={(v) => {
                setKind(v as TraceKind);
                if (start) setStart(undefined);
              }}
              data={[
                { value: "deposit", label: t("trace.kinds.deposit") },
                { value: "line", label: t("trace.kinds.line") },
                { value: "collection", label: t("trace.kinds.collection") },
              ]}
              data-testid="trace-kind"
            />
          </Stack>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <div style={{ flex: "1 1 260px", minWidth: 0 }}>
              <StartPicker kind={shownKind} value={start?.id ?? null} onChange={(id) => setStart({ kind: shownKind, id })} />
            </div>
            {start ? (
              <Button variant="subtle" size="md" leftSection={<IconX size={16} aria-hidden />} onClick={() => setStart(undefined)} data-testid="trace-clear">
                {t("trace.clear")}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      {!start ? (
        <Text c="dimmed" size="sm" data-testid="trace-empty">
          {t("trace.choose")}
        </Text>
      ) : trace.error ? (
        <Alert color="red" title={t("trace.failed")}>
          {errorText(trace.error, t("trace.failed"))}
        </Alert>
      ) : !trace.data ? (
        <Stack gap="sm">
          <Skeleton height={60} />
          <Skeleton height={60} />
          <Skeleton height={60} />
        </Stack>
      ) : (
        <Chain data={trace.data} start={start} onOpen={(s) => setStart(s)} stores={stores} />
      )}
    </Stack>
  );
}
