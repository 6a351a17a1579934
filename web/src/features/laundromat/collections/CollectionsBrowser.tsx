import { ActionIcon, Button, Card, Checkbox, Group, Loader, Menu, Select, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconChevronRight, IconColumns, IconDownload } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { runQuery } from "../../../lib/client";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useQuery } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { notifyError } from "../../../lib/notify";
import { useColumnVisibility } from "../../../lib/preferences";
import { CollectionDetailDrawer } from "./CollectionDetailDrawer";
import { formatDisplayDate } from "./format";
import { StatusBadge } from "./StatusBadge";
import { STATUSES, type CollectionStatus, type CollectionSummary, type SortBy, type SortDir } from "./types";
import classes from "./collections.module.css";

const ALL = "__all";
type Column = { key: string; sort?: SortBy; align?: "right" };
const COLUMNS: Column[] = [
  { key: "businessDate", sort: "businessDate" },
  { key: "store", sort: "storeName" },
  { key: "collector", sort: "collectorEmail" },
  { key: "status", sort: "status" },
  { key: "machines", align: "right" },
  { key: "total", sort: "totalCents", align: "right" },
];

interface Props {
  /** Admin collections: every store by default, adjust and delete in the detail. */
  admin?: boolean;
}

/** Collections of the selected range: filters, sortable columns, CSV export and the detail drawer. */
export function CollectionsBrowser({ admin = false }: Props) {
  const { t } = useTranslation("collections");
  const { selection } = useLaundromatSelection();
  const role = useQuery(api.auth.getUserCompanyRole);
  const stores = useQuery(api.stores.listAll, {});
  const isMobile = useMediaQuery("(max-width: 767px)") ?? false;
  const table = admin ? "admin-collections" : "collections-list";
  const columns = useColumnVisibility(table);
  const [storeFilter, setStoreFilter] = useState<string | null>(null);
  const [collector, setCollector] = useState<string | null>(null);
  const [status, setStatus] = useState<CollectionStatus | null>(null);
  const [sortBy, setSortBy] = useState<SortBy>("businessDate");
  const [sortDir, setSortDir] = useState<SortDir>("desc");
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  // The list follows the selected store unless the user picks another filter (admins start on all).
  const storeId = storeFilter === null ? (admin ? null : selection.storeId) : storeFilter === ALL ? null : storeFilter;
  const { fromDate, toDate } = selection.dateRange;
  const args = {
    fromDate,
    toDate,
    ...(storeId ? { storeId } : {}),
    ...(collector ? { collectorId: collector } : {}),
    ...(status ? { status } : {}),
    sortBy,
    sortDir,
  };
  const rows = useQuery(api.collections.list, args);

  // Collectors seen so far, so the filter keeps its options while it narrows the list.
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [knownFor, setKnownFor] = useState(rows);
  if (rows !== knownFor) {
    setKnownFor(rows);
    const next = new Map(known);
    for (const r of rows ?? []) next.set(r.collectorId, r.collectorName || r.collectorEmail || "");
    if (next.size !== known.size) setKnown(next);
  }
  const collectors = useMemo(() => [...known.entries()].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label)), [known]);

  const onSort = (key: SortBy) => {
    if (sortBy === key) setSortDir((d) => (d === "asc" ? "desc" : "asc"));
    else {
      setSortBy(key);
      setSortDir(key === "businessDate" || key === "totalCents" ? "desc" : "asc");
    }
  };

  const onExport = async () => {
    setExporting(true);
    try {
      const csv = await runQuery(api.collections.exportCsv, args);
      const url = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = `collections-${fromDate}-${toDate}.csv`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      notifyError(extractErrorMessage(error, t("list.exportFailed")));
    } finally {
      setExporting(false);
    }
  };

  const visible = COLUMNS.filter((c) => columns.isVisible(c.key));
  const cell = (r: CollectionSummary, key: string) => {
    switch (key) {
      case "businessDate":
        return formatDisplayDate(r.businessDate);
      case "store":
        return r.storeName;
      case "collector":
        return r.collectorName || r.collectorEmail;
      case "status":
        return <StatusBadge status={r.status} />;
      case "machines":
        return r.lineCount;
      case "total":
        return formatUSD(r.totalCents);
      default:
        return null;
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t("list.store")}
          data={[{ value: ALL, label: t("list.allStores") }, ...(stores ?? []).map((s) => ({ value: s._id, label: s.name }))]}
          value={storeId ?? ALL}
          onChange={(v) => setStoreFilter(v ?? ALL)}
          allowDeselect={false}
          w={{ base: "100%", xs: 200 }}
          size="md"
        />
        <Select
          label={t("list.collector")}
          data={[{ value: ALL, label: t("list.allCollectors") }, ...collectors]}
          value={collector ?? ALL}
          onChange={(v) => setCollector(!v || v === ALL ? null : v)}
          allowDeselect={false}
          w={{ base: "100%", xs: 250 }}
          size="md"
        />
        <Select
          label={t("list.status")}
          data={[{ value: ALL, label: t("list.allStatuses") }, ...STATUSES.map((s) => ({ value: s, label: t(`common.status.${s}`) }))]}
          value={status ?? ALL}
          onChange={(v) => setStatus(!v || v === ALL ? null : (v as CollectionStatus))}
          allowDeselect={false}
          w={{ base: "100%", xs: 210 }}
          size="md"
        />
        <Group gap="xs" ml="auto">
          <Menu closeOnItemClick={false} position="bottom-end">
            <Menu.Target>
              <Button variant="default" size="md" leftSection={<IconColumns size={16} aria-hidden />}>
                {t("list.columns")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {COLUMNS.map((c) => (
                <Menu.Item key={c.key} onClick={() => columns.toggle(c.key)}>
                  <Checkbox size="sm" readOnly checked={columns.isVisible(c.key)} label={t(`list.columnsName.${c.key}`)} tabIndex={-1} />
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {role?.permissions.canExportReports ? (
            <Button variant="light" size="md" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting} onClick={() => void onExport()}>
              {t("list.export")}
            </Button>
          ) : null}
        </Group>
      </Group>

      {rows === undefined ? (
        <Loader aria-label={t("common.loading")} />
      ) : rows.length === 0 ? (
        <Card withBorder p="lg">
          <Text c="dimmed" ta="center">
            {t("list.empty", { from: formatDisplayDate(fromDate), to: formatDisplayDate(toDate) })}
          </Text>
        </Card>
      ) : isMobile ? (
        <Stack gap="xs" data-testid="collections-rows">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t("list.sortBy")}
            </Text>
            {COLUMNS.filter((c) => c.sort).map((c) => (
              <Button
                key={c.key}
                size="compact-sm"
                variant={sortBy === c.sort ? "light" : "subtle"}
                onClick={() => onSort(c.sort!)}
                rightSection={sortBy === c.sort ? sortDir === "asc" ? <IconArrowUp size={12} /> : <IconArrowDown size={12} /> : null}
              >
                {t(`list.columnsName.${c.key}`)}
              </Button>
            ))}
          </Group>
          {rows.map((r) => (
            <UnstyledButton
              key={r._id}
              onClick={() => setOpenId(r._id)}
              data-testid="collection-row"
              aria-label={t("list.open", { store: r.storeName, date: formatDisplayDate(r.businessDate) })}
            >
              <Card withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      {columns.isVisible("businessDate") ? <Text fw={700}>{formatDisplayDate(r.businessDate)}</Text> : null}
                      {columns.isVisible("status") ? <StatusBadge status={r.status} /> : null}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {[
                        columns.isVisible("store") ? r.storeName : null,
                        columns.isVisible("collector") ? r.collectorName || r.collectorEmail : null,
                        columns.isVisible("machines") ? t("common.machineCount", { count: r.lineCount }) : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </Text>
                  </div>
                  {columns.isVisible("total") ? (
                    <Text fw={800} size="lg">
                      {formatUSD(r.totalCents)}
                    </Text>
                  ) : null}
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover striped data-testid="collections-rows">
            <Table.Thead>
              <Table.Tr>
                {visible.map((c) => (
                  <Table.Th key={c.key} ta={c.align} aria-sort={c.sort && sortBy === c.sort ? (sortDir === "asc" ? "ascending" : "descending") : undefined}>
                    {c.sort ? (
                      <UnstyledButton className={classes.sortHeader} onClick={() => onSort(c.sort!)}>
                        <Group gap={4} wrap="nowrap" justify={c.align === "right" ? "flex-end" : "flex-start"}>
                          <Text fw={700} size="sm">
                            {t(`list.columnsName.${c.key}`)}
                          </Text>
                          {sortBy === c.sort ? (
                            sortDir === "asc" ? (
                              <IconArrowUp size={14} aria-hidden />
                            ) : (
                              <IconArrowDown size={14} aria-hidden />
                            )
                          ) : (
                            <IconArrowsSort size={14} aria-hidden opacity={0.4} />
                          )}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      t(`list.columnsName.${c.key}`)
                    )}
                  </Table.Th>
                ))}
                <Table.Th w={44} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r._id} className={classes.clickableRow} onClick={() => setOpenId(r._id)} data-testid="collection-row">
                  {visible.map((c) => (
                    <Table.Td key={c.key} ta={c.align} fw={c.key === "total" ? 700 : undefined}>
                      {cell(r, c.key)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t("list.open", { store: r.storeName, date: formatDisplayDate(r.businessDate) })}
                      onClick={() => setOpenId(r._id)}
                    >
                      <IconChevronRight size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CollectionDetailDrawer collectionId={openId} onClose={() => setOpenId(null)} admin={admin} />
    </Stack>
  );
}
