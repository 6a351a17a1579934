import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconLockOpen } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useQuery, useQueryState } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn, SortState } from "../../../ui/table/types";
import { formatDisplayDate, formatDisplayDateTime } from "../collections/format";
import { OverShortChart } from "./OverShortChart";
import { signedUSD, VARIANCE_COLOR, varianceTone } from "./periodRules";
import { ReopenModal } from "./ReopenModal";
import type { ClosedPeriod } from "./types";

interface HistorySearch {
  hsort: string;
  hdesc: boolean;
  hpage: number;
}

const SEARCH: SearchSchema<HistorySearch> = {
  hsort: param.text(32),
  hdesc: (v) => (v === true || v === "true" ? true : v === false || v === "false" ? false : undefined),
  hpage: param.int(1),
};

/** The closed and reopened periods of the selected store (every store when none is selected): over/short as a table and a chart; owners reopen. */
export function HistoryPanel() {
  const { t } = useTranslation("reconciliation");
  const { selection } = useLaundromatSelection();
  const storeId = selection.storeId ?? undefined;
  const [search, setSearch] = useSearchState(SEARCH);
  const [reopening, setReopening] = useState<ClosedPeriod | null>(null);
  const periods = useQueryState(api.reconciliation.list, storeId ? { storeId } : {});
  const role = useQuery(api.auth.getUserCompanyRole);
  const isOwner = role?.role === "OWNER" || Boolean(role?.permissions.isSystemAdmin);
  const canExport = Boolean(role?.permissions.canExportReports);
  const rows = periods.data;
  const closed = useMemo(() => (rows ?? []).filter((r) => r.status === "closed"), [rows]);
  const totalCents = closed.reduce((s, r) => s + r.varianceCents, 0);
  const shortCents = closed.reduce((s, r) => s + Math.min(0, r.varianceCents), 0);
  const overCents = closed.reduce((s, r) => s + Math.max(0, r.varianceCents), 0);

  const columns = useMemo<DataColumn<ClosedPeriod>[]>(() => {
    const cols: DataColumn<ClosedPeriod>[] = [
      {
        id: "period",
        header: t("history.period"),
        cell: (r) => (
          <Text inherit style={{ whiteSpace: "nowrap" }}>
            {formatDisplayDate(r.fromDate)} – {formatDisplayDate(r.toDate)}
          </Text>
        ),
        sortValue: (r) => r.toDate,
        csv: (r) => `${r.fromDate} – ${r.toDate}`,
        card: "title",
      },
      {
        id: "status",
        header: t("history.status"),
        cell: (r) => (
          <Badge color={r.status === "closed" ? "teal" : "gray"} variant="light" miw="fit-content">
            {t(`periodStatus.${r.status}`, { defaultValue: r.status })}
          </Badge>
        ),
        sortValue: (r) => r.status,
        csv: (r) => t(`periodStatus.${r.status}`, { defaultValue: r.status }),
        card: "badge",
        width: 130,
      },
    ];
    if (!storeId) cols.push({ id: "store", header: t("history.store"), cell: (r) => r.storeName, sortValue: (r) => r.storeName });
    cols.push(
      {
        id: "expected",
        header: t("figures.expected"),
        cell: (r) => formatUSD(r.expectedCents),
        sortValue: (r) => r.expectedCents,
        align: "right",
        csv: cents("expectedCents"),
      },
      {
        id: "countedClosing",
        header: t("figures.countedClosing"),
        cell: (r) => formatUSD(r.countedClosingCents),
        sortValue: (r) => r.countedClosingCents,
        align: "right",
        csv: cents("countedClosingCents"),
      },
      {
        id: "variance",
        header: t("history.overShort"),
        cell: (r) => (
          <Text fw={700} inherit c={VARIANCE_COLOR[varianceTone(r.varianceCents)]}>
            {signedUSD(r.varianceCents)}
          </Text>
        ),
        sortValue: (r) => r.varianceCents,
        csv: cents("varianceCents"),
        align: "right",
        card: "aside",
      },
      {
        id: "closed",
        header: t("history.closedBy"),
        cell: (r) => <WhoWhen name={r.closedByName} at={r.closedAt} text={r.note} />,
        sortValue: (r) => r.closedAt,
        csv: (r) => [r.closedByName, formatDisplayDateTime(r.closedAt), r.note].filter(Boolean).join(" · "),
      },
      {
        id: "reopened",
        header: t("history.reopened"),
        cell: (r) => (r.reopenedAt ? <WhoWhen name={r.reopenedByName} at={r.reopenedAt} text={r.reopenReason} /> : "—"),
        sortValue: (r) => r.reopenedAt ?? 0,
        csv: (r) => (r.reopenedAt ? [r.reopenedByName, formatDisplayDateTime(r.reopenedAt), r.reopenReason].filter(Boolean).join(" · ") : ""),
      },
    );
    if (isOwner)
      cols.push({
        id: "actions",
        header: t("history.actions"),
        hideable: false,
        card: "footer",
        cell: (r) =>
          r.status === "closed" ? (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconLockOpen size={14} aria-hidden />}
              onClick={(e) => {
                e.stopPropagation();
                setReopening(r);
              }}
              aria-label={t("reopen.label", { from: formatDisplayDate(r.fromDate), to: formatDisplayDate(r.toDate) })}
              data-testid="reopen-period"
            >
              {t("reopen.button")}
            </Button>
          ) : null,
      });
    return cols;
  }, [t, storeId, isOwner]);

  const sort: SortState = { id: search.hsort ?? "period", desc: search.hdesc ?? true };
  return (
    <Stack gap="md" data-testid="history-panel">
      <SimpleGrid cols={3} spacing={{ base: "xs", sm: "sm" }}>
        <Stat label={t("history.total")} value={rows ? signedUSD(totalCents) : "…"} color={VARIANCE_COLOR[varianceTone(totalCents)]} testId="stat-total" />
        <Stat label={t("history.short")} value={rows ? formatUSD(shortCents) : "…"} testId="stat-short" />
        <Stat label={t("history.over")} value={rows ? signedUSD(overCents) : "…"} testId="stat-over" />
      </SimpleGrid>
      <Card withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t("history.chartTitle")}
        </Title>
        {rows ? <OverShortChart periods={rows} /> : null}
      </Card>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {storeId ? t("history.titleStore", { store: selection.storeName }) : t("history.titleAll")}
        </Title>
        <DataTable
          tableId="reconciliation-history"
          caption={t("history.titleAll")}
          columns={columns}
          data={rows}
          error={periods.error}
          getRowId={(r) => r._id}
          sort={sort}
          onSortChange={(s) => setSearch({ hsort: s?.id, hdesc: s ? s.desc : undefined, hpage: undefined })}
          page={search.hpage ?? 1}
          onPageChange={(p) => setSearch({ hpage: p > 1 ? p : undefined })}
          rowName={(r) => `${r.storeName} ${formatDisplayDate(r.fromDate)} – ${formatDisplayDate(r.toDate)}`}
          rowAttributes={(r) => ({ "data-status": r.status, "data-variance": String(r.varianceCents) })}
          rowTestId="period-row"
          emptyText={t("history.empty")}
          exportName={canExport ? `reconciliation-${storeId ? selection.storeName : "all-stores"}` : undefined}
        />
      </Stack>
      <ReopenModal period={reopening} onClose={() => setReopening(null)} />
    </Stack>
  );
}

/** Who did it and when, with their note or reason below. */
function WhoWhen({ name, at, text }: { name: string | null; at: number; text: string | null }) {
  return (
    <Stack gap={0}>
      <Text inherit>{[name, formatDisplayDateTime(at)].filter(Boolean).join(", ")}</Text>
      {text ? (
        <Text size="xs" c="dimmed" lineClamp={3}>
          {text}
        </Text>
      ) : null}
    </Stack>
  );
}

const cents =
  (key: "expectedCents" | "countedClosingCents" | "varianceCents") =>
  (r: ClosedPeriod): string =>
    centsToDollarString(r[key]);

function Stat({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  return (
    <Card withBorder radius="md" p={{ base: "xs", sm: "md" }} data-testid={testId}>
      <Text size="sm" c="dimmed" lh={1.3}>
        {label}
      </Text>
      <Text fz={{ base: "md", sm: "xl" }} fw={700} c={color} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Card>
  );
}
