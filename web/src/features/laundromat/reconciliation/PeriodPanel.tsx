import { Alert, Badge, Button, Card, Group, Select, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCalendarEvent, IconLock, IconLockOpen } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { businessDateOf } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { formatUSD } from "@tumble/domain/money";
import { FIGURES, type Figure } from "@tumble/domain/reconciliation";
import { pathTarget } from "../../../lib/pathTarget";
import { api } from "../../../lib/api";
import { useQuery, useQueryState } from "../../../lib/hooks";
import { laundromatSelectionStore, useLaundromatSelection } from "../../../lib/laundromatSelection";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { formatDisplayDate, formatDisplayDateTime } from "../collections/format";
import { NoStorePrompt } from "../collections/NoStorePrompt";
import { ClosePeriodModal } from "./ClosePeriodModal";
import { FigureEntries } from "./FigureEntries";
import { closedPeriodOf, nextPeriodStart, overlappingClosed, signedUSD, VARIANCE_COLOR, varianceTone } from "./periodRules";
import { StatementRow } from "./StatementRow";
import type { ClosedPeriod, PeriodFigures, SafeCount } from "./types";
import { useServerMessage } from "./useServerMessage";

type Drill = "opening" | Figure | "afterPeriod" | "late";
const DRILLS = ["opening", ...FIGURES, "afterPeriod", "late"] as const;

interface PeriodSearch {
  count: string;
  figure: Drill;
}

const SEARCH: SearchSchema<PeriodSearch> = { count: param.text(64), figure: param.oneOf(DRILLS) };

const SIGN: Record<Figure, string> = { collections: "+", deposits: "−", draws: "−", expenses: "−", transfers: "±", adjustments: "±" };

/** The selected store's safe over the selected dates: opening, each figure, expected closing, the closing count and the variance; close. */
export function PeriodPanel() {
  const { selection } = useLaundromatSelection();
  const storeId = selection.storeId;
  if (!storeId) return <NoStorePrompt />;
  return <Period storeId={storeId} storeName={selection.storeName} from={selection.dateRange.fromDate} to={selection.dateRange.toDate} />;
}

function Period({ storeId, storeName, from, to }: { storeId: string; storeName: string; from: string; to: string }) {
  const { t } = useTranslation("reconciliation");
  const serverMessage = useServerMessage();
  const [search, setSearch] = useSearchState(SEARCH);
  const [closing, setClosing] = useState(false);
  const periods = useQueryState(api.reconciliation.list, { storeId });
  const closed = periods.data ? closedPeriodOf(periods.data, storeId, from, to) : null;
  const countId = closed?.countId ?? search.count;
  const figures = useQueryState(api.reconciliation.get, periods.data ? { storeId, from, to, ...(countId ? { countId } : {}) } : "skip");
  const counts = useQueryState(api.physicalCounts.list, { storeId });
  const pending = useQueryState(api.cashTransactions.list, closed ? "skip" : { storeId, status: "pending", from, to });
  const pendingCount = pending.data?.length ?? 0;
  const stores = useQuery(api.stores.listAll, {});
  const settings = useQuery(api.cashSettings.get, {});
  const timeZone = stores?.find((s) => s._id === storeId)?.timeZone;
  const f = figures.data;

  const toggle = (drill: Drill) => setSearch({ figure: search.figure === drill ? undefined : drill });
  const entries = (drill: Drill, ids: readonly string[], range: { from?: string; to?: string }, caption: string) =>
    f ? <FigureEntries storeId={storeId} accountId={f.accountId} entryIds={ids} {...range} caption={caption} testId={`entries-${drill}`} /> : null;

  const next = periods.data ? nextPeriodStart(periods.data, storeId) : null;
  const overlap = periods.data && !closed ? overlappingClosed(periods.data, storeId, from, to) : null;
  const previous = f?.opening.reconciliationId ? periods.data?.find((p) => p._id === f.opening.reconciliationId) : undefined;
  const usedBy = useMemo(() => new Map((periods.data ?? []).filter((p) => p.status === "closed").map((p) => [p.countId, p])), [periods.data]);

  return (
    <Stack gap="md" data-testid="period-panel">
      <PeriodNotice
        closed={closed}
        overlap={overlap}
        next={next}
        from={from}
        to={to}
        onUseNext={(day) => {
          const s = laundromatSelectionStore.getState().selection;
          laundromatSelectionStore.save({ ...s, dateRange: { ...s.dateRange, fromDate: day, toDate: day > s.dateRange.toDate ? day : s.dateRange.toDate } });
          setSearch({ count: undefined });
        }}
      />
      {pendingCount > 0 ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t("period.pendingTitle")} data-testid="period-pending">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("period.pending", { count: pendingCount })}</Text>
            <GoButton path="/laundromat/cash-dashboard" search={{ status: "pending" }} label={t("period.pendingLink")} />
          </Stack>
        </Alert>
      ) : null}
      {figures.error || periods.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t("period.failed")} data-testid="period-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(figures.error ?? periods.error, t("period.failed"))}</Text>
            {search.count ? (
              <Button size="xs" variant="light" onClick={() => setSearch({ count: undefined })}>
                {t("period.firstCount")}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <Card withBorder radius="md" p={0} data-testid="statement">
        <Group justify="space-between" px="sm" py="xs" gap="xs">
          <Title order={2} size="h4">
            {t("period.statement", { store: storeName })}
          </Title>
          <Text size="sm" c="dimmed">
            {formatDisplayDate(from)} – {formatDisplayDate(to)}
          </Text>
        </Group>
        {!f ? (
          <Text px="sm" pb="sm" c="dimmed" size="sm">
            {figures.error ? "" : t("period.loading")}
          </Text>
        ) : (
          <div>
            <StatementRow
              testId="figure-opening"
              label={t("figures.opening")}
              hint={
                f.opening.source === "closedPeriod"
                  ? previous
                    ? addDays(previous.toDate, 1) < from
                      ? t("period.openingFromClosedGap", {
                          from: formatDisplayDate(previous.fromDate),
                          to: formatDisplayDate(previous.toDate),
                          gapFrom: formatDisplayDate(addDays(previous.toDate, 1)),
                          gapTo: formatDisplayDate(addDays(from, -1)),
                        })
                      : t("period.openingFromClosed", { from: formatDisplayDate(previous.fromDate), to: formatDisplayDate(previous.toDate) })
                    : t("period.openingFromClosedShort")
                  : t("period.openingFromLedger", { day: formatDisplayDate(from) })
              }
              amount={formatUSD(f.opening.cents)}
              open={search.figure === "opening"}
              onToggle={f.opening.entryIds.length ? () => toggle("opening") : undefined}
            >
              {entries(
                "opening",
                f.opening.entryIds,
                previous ? { from: addDays(previous.toDate, 1), to: addDays(from, -1) } : { to: addDays(from, -1) },
                t("figures.opening"),
              )}
            </StatementRow>
            {FIGURES.map((figure) => (
              <StatementRow
                key={figure}
                testId={`figure-${figure}`}
                sign={SIGN[figure]}
                label={t(`figures.${figure}`)}
                hint={t("period.entryCount", { count: f.figures[figure].entryIds.length })}
                amount={signedUSD(f.figures[figure].cents)}
                open={search.figure === figure}
                onToggle={f.figures[figure].entryIds.length ? () => toggle(figure) : undefined}
              >
                {entries(figure, f.figures[figure].entryIds, { from, to }, t(`figures.${figure}`))}
              </StatementRow>
            ))}
            <StatementRow testId="figure-expected" sign="=" label={t("figures.expected")} amount={formatUSD(f.expectedClosingCents)} strong />
          </div>
        )}
      </Card>
      {f ? (
        <ClosingCount
          figures={f}
          counts={counts.data}
          timeZone={timeZone}
          to={to}
          usedBy={usedBy}
          locked={Boolean(closed)}
          closedId={closed?._id ?? null}
          thresholdCents={settings?.varianceThresholdCents}
          onChoose={(id) => setSearch({ count: id ?? undefined })}
          open={search.figure}
          onToggleDrill={toggle}
          drillEntries={{
            afterPeriod: f.count ? entries("afterPeriod", f.count.afterPeriodEntryIds, { from: addDays(to, 1) }, t("figures.afterPeriod")) : null,
            late: f.count ? entries("late", f.count.lateEntryIds, { from, to }, t("figures.late")) : null,
          }}
        />
      ) : null}
      {f && !closed && f.count && !(usedBy.get(f.count.countId)?.status === "closed") ? (
        <Group justify="flex-end">
          <Button size="md" leftSection={<IconLock size={18} aria-hidden />} onClick={() => setClosing(true)} data-testid="close-period">
            {t("close.button")}
          </Button>
        </Group>
      ) : null}
      {f?.count ? (
        <ClosePeriodModal
          opened={closing}
          onClose={() => setClosing(false)}
          storeId={storeId}
          storeName={storeName}
          from={from}
          to={to}
          countId={f.count.countId}
          varianceCents={f.varianceCents ?? 0}
          onClosed={() => setSearch({ count: undefined })}
        />
      ) : null}
    </Stack>
  );
}

/** Where the selected dates stand: a closed period (who, when), an overlap with one, or not where the next period starts. */
function PeriodNotice({
  closed,
  overlap,
  next,
  from,
  to,
  onUseNext,
}: {
  closed: ClosedPeriod | null;
  overlap: ClosedPeriod | null;
  next: string | null;
  from: string;
  to: string;
  onUseNext: (day: string) => void;
}) {
  const { t } = useTranslation("reconciliation");
  if (closed) {
    return (
      <Alert color="teal" variant="light" icon={<IconLock aria-hidden />} title={t("period.closedTitle")} data-testid="period-closed">
        <Stack gap={4}>
          <Text size="sm">{t("period.closedBy", { name: closed.closedByName ?? "", when: formatDisplayDateTime(closed.closedAt) })}</Text>
          <Text size="sm">{t("period.closedLocked")}</Text>
          {closed.note ? <Text size="sm">{t("period.closedNote", { note: closed.note })}</Text> : null}
        </Stack>
      </Alert>
    );
  }
  if (overlap) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t("period.overlapTitle")} data-testid="period-overlap">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("period.overlap", { from: formatDisplayDate(overlap.fromDate), to: formatDisplayDate(overlap.toDate) })}</Text>
          {next ? <NextButton day={next} onUse={onUseNext} /> : null}
        </Stack>
      </Alert>
    );
  }
  if (next && next !== from) {
    return (
      <Alert color="blue" variant="light" icon={<IconCalendarEvent aria-hidden />} title={t("period.notNextTitle")} data-testid="period-not-next">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t("period.notNext", { day: formatDisplayDate(next) })}</Text>
          <NextButton day={next} onUse={onUseNext} />
        </Stack>
      </Alert>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <IconLockOpen size={16} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
      <Text size="sm" c="dimmed" data-testid="period-open">
        {next ? t("period.openNext", { day: formatDisplayDate(next) }) : t("period.openFirst", { from: formatDisplayDate(from), to: formatDisplayDate(to) })}
      </Text>
    </Group>
  );
}

/** Opens another screen of the app (with its search params). */
function GoButton({ path, search, label }: { path: string; search?: Record<string, string>; label: string }) {
  const navigate = useNavigate();
  return (
    <Button size="xs" variant="light" onClick={() => void navigate({ ...pathTarget(path), search: search ?? {} })}>
      {label}
    </Button>
  );
}

function NextButton({ day, onUse }: { day: string; onUse: (day: string) => void }) {
  const { t } = useTranslation("reconciliation");
  return (
    <Button size="xs" variant="light" onClick={() => onUse(day)} data-testid="use-next-period">
      {t("period.useNext", { day: formatDisplayDate(day) })}
    </Button>
  );
}

/** The closing count: which count, what it held, what it held of the period, and the variance against the expected closing. */
function ClosingCount({
  figures: f,
  counts,
  timeZone,
  to,
  usedBy,
  locked,
  closedId,
  thresholdCents,
  onChoose,
  open,
  onToggleDrill,
  drillEntries,
}: {
  figures: PeriodFigures;
  counts: readonly SafeCount[] | undefined;
  timeZone: string | undefined;
  to: string;
  usedBy: Map<string, ClosedPeriod>;
  locked: boolean;
  /** The closed period this range is, if any. */
  closedId: string | null;
  thresholdCents: number | undefined;
  onChoose: (countId: string | null) => void;
  /** The drill-down open on the screen, if any. */
  open: string | undefined;
  onToggleDrill: (drill: "afterPeriod" | "late") => void;
  drillEntries: Record<"afterPeriod" | "late", ReactNode>;
}) {
  const { t } = useTranslation("reconciliation");
  // Counts of the safe, handed in, taken on or after the period's last day (in the store's zone).
  const eligible = (counts ?? []).filter(
    (c) =>
      c.accountId === f.accountId &&
      (c.status === "submitted" || c.status === "accepted") &&
      c.countedCents !== null &&
      (!timeZone || businessDateOf(c.startedAt, timeZone) >= to),
  );
  const options = eligible
    .slice()
    .sort((a, b) => a.startedAt - b.startedAt)
    .map((c) => {
      const used = usedBy.get(c._id);
      const closesOther = used !== undefined && used._id !== closedId;
      return {
        value: c._id,
        label: [
          formatDisplayDateTime(c.startedAt),
          formatUSD(c.countedCents ?? 0),
          closesOther ? t("count.closes", { from: formatDisplayDate(used.fromDate), to: formatDisplayDate(used.toDate) }) : null,
        ]
          .filter(Boolean)
          .join(" · "),
        disabled: closesOther && c._id !== f.count?.countId,
      };
    });
  const count = f.count;
  const chosen = count ? eligible.find((c) => c._id === count.countId) : undefined;
  const usedElsewhere = count ? usedBy.get(count.countId) : undefined;
  const countTaken = usedElsewhere && usedElsewhere._id !== closedId ? usedElsewhere : null;
  const variance = f.varianceCents;
  const tone = variance === null ? null : varianceTone(variance);
  const flagged = variance !== null && thresholdCents !== undefined && Math.abs(variance) > thresholdCents;

  return (
    <Card withBorder radius="md" p={0} data-testid="closing-count">
      <Stack gap="xs" px="sm" py="xs">
        <Title order={2} size="h4">
          {t("count.title")}
        </Title>
        {locked ? null : (
          <Select
            label={t("count.choose")}
            description={t("count.chooseHint", { day: formatDisplayDate(to) })}
            placeholder={t("count.none")}
            data={options}
            value={count?.countId ?? null}
            onChange={(v) => onChoose(v)}
            allowDeselect={false}
            size="md"
            maw={560}
            nothingFoundMessage={t("count.none")}
            data-testid="count-select"
          />
        )}
        {countTaken ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="count-taken">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {t("count.taken", { from: formatDisplayDate(countTaken.fromDate), to: formatDisplayDate(countTaken.toDate), day: formatDisplayDate(to) })}
              </Text>
              <GoButton path="/laundromat/physical-counts" label={t("count.goCount")} />
            </Stack>
          </Alert>
        ) : null}
        {!count ? (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="no-count">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("count.missing", { day: formatDisplayDate(to) })}</Text>
              <GoButton path="/laundromat/physical-counts" label={t("count.goCount")} />
            </Stack>
          </Alert>
        ) : null}
      </Stack>
      {count && !countTaken ? (
        <div>
          <StatementRow
            testId="figure-counted"
            label={t("figures.counted")}
            hint={[
              t("count.takenAt", { when: formatDisplayDateTime(count.startedAt) }),
              chosen?.countedByName ? t("count.by", { name: chosen.countedByName }) : null,
              t(`countStatus.${count.status}`, { defaultValue: count.status }),
            ]
              .filter(Boolean)
              .join(" · ")}
            amount={formatUSD(count.countedCents)}
          />
          {count.afterPeriodEntryIds.length || count.afterPeriodCents ? (
            <StatementRow
              testId="figure-afterPeriod"
              sign="±"
              label={t("figures.afterPeriod")}
              hint={t("count.afterHint", { day: formatDisplayDate(to) })}
              amount={signedUSD(-count.afterPeriodCents)}
              open={open === "afterPeriod"}
              onToggle={count.afterPeriodEntryIds.length ? () => onToggleDrill("afterPeriod") : undefined}
            >
              {drillEntries.afterPeriod}
            </StatementRow>
          ) : null}
          {count.lateEntryIds.length ? (
            <StatementRow
              testId="figure-late"
              sign="±"
              label={t("figures.late")}
              hint={t("count.lateHint")}
              amount={signedUSD(count.lateCents)}
              open={open === "late"}
              onToggle={() => onToggleDrill("late")}
            >
              {drillEntries.late}
            </StatementRow>
          ) : null}
          <StatementRow testId="figure-countedClosing" sign="=" label={t("figures.countedClosing")} amount={formatUSD(count.countedClosingCents)} strong />
          <StatementRow testId="figure-expectedAgain" sign="−" label={t("figures.expected")} amount={formatUSD(f.expectedClosingCents)} />
          <StatementRow
            testId="figure-variance"
            sign="="
            strong
            label={t("figures.variance")}
            hint={t("count.varianceHint")}
            badges={
              tone || flagged ? (
                <>
                  {tone ? (
                    <Badge color={VARIANCE_COLOR[tone]} variant="light" data-testid="variance-tone">
                      {t(`tone.${tone}`)}
                    </Badge>
                  ) : null}
                  {flagged ? (
                    <Badge color="red" variant="filled" data-testid="variance-flagged">
                      {t("tone.flagged")}
                    </Badge>
                  ) : null}
                </>
              ) : null
            }
            amount={
              <Text component="span" inherit c={tone ? VARIANCE_COLOR[tone] : undefined}>
                {variance === null ? "" : signedUSD(variance)}
              </Text>
            }
          />
        </div>
      ) : null}
    </Card>
  );
}
