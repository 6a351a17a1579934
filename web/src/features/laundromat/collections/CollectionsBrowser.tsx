import { Button, Group, Select, Text, TextInput, Badge } from "@mantine/core";
import { IconCheck, IconEye, IconLink, IconSearch, IconTrash, IconX } from "@tabler/icons-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buildContext } from "@tumble/domain/contextMenu";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/collectionRefusals";
import { centsToDollarString, formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { errorText } from "../../../lib/errorText";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { usePagedQuery } from "../../../lib/pagedQuery";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import type { ContextMenuItem } from "../../../ui/ContextMenu";
import { openConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { CollectionDetailDrawer } from "./CollectionDetailDrawer";
import { formatDisplayDate } from "./format";
import { StatusBadge } from "./StatusBadge";
import { STATUSES, type CollectionStatus, type CollectionSummary } from "./types";

const ALL = "all";
const SORTS = ["businessDate", "store", "collector", "status", "machines", "total"] as const;

/** The list's view in the URL (decision 0020): a link or a reload shows the same rows. */
export interface CollectionsSearch {
  status: CollectionStatus;
  /** A store id, or "all". Absent: the selected store (admins: all). */
  store: string;
  collector: string;
  from: string;
  to: string;
  /** "all": every date (the unverified badge's list). Absent with no from/to: the selected range. */
  dates: "all";
  q: string;
  sort: (typeof SORTS)[number];
  dir: "asc" | "desc";
  page: number;
  /** The collection open in the detail drawer. */
  open: string;
}

const SEARCH: SearchSchema<CollectionsSearch> = {
  status: param.oneOf(STATUSES),
  store: param.text(64),
  collector: param.text(64),
  from: param.isoDate(),
  to: param.isoDate(),
  dates: param.oneOf(["all"] as const),
  q: param.text(100),
  sort: param.oneOf(SORTS),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
  open: param.text(64),
};

interface Props {
  /** Admin collections: every store by default, adjust and delete in the detail. */
  admin?: boolean;
}

/** Collections with filters, sortable columns, CSV export, row menus and the detail drawer, all in the URL. */
export function CollectionsBrowser({ admin = false }: Props) {
  const { t } = useTranslation("collections");
  const { selection } = useLaundromatSelection();
  const role = useQuery(api.auth.getUserCompanyRole);
  const me = useQuery(api.auth.loggedInUser);
  const stores = useQuery(api.stores.listAll, {});
  const verify = useMutation(api.collections.verify);
  const deleteDraft = useMutation(api.collections.deleteDraft);
  const [search, setSearch] = useSearchState(SEARCH);

  // Dates and store: the URL's when it names them, else the laundromat selection's.
  const allDates = search.dates === ALL;
  const fromDate = allDates ? undefined : (search.from ?? selection.dateRange.fromDate);
  const toDate = allDates ? undefined : (search.to ?? selection.dateRange.toDate);
  const storeParam = search.store ?? (admin ? ALL : (selection.storeId ?? ALL));
  const storeId = storeParam === ALL ? undefined : storeParam;
  const args = {
    ...(fromDate ? { fromDate } : {}),
    ...(toDate ? { toDate } : {}),
    ...(storeId ? { storeId } : {}),
    ...(search.collector ? { collectorId: search.collector } : {}),
    ...(search.status ? { status: search.status } : {}),
  };
  // A page at a time from the server, newest business date first; "Load more" fetches the next.
  const state = usePagedQuery(api.collections.listPage, args, (r) => r._id);
  const rows = state.rows;

  // A selection applied in the dialog replaces the dates and store pinned in the URL.
  const applied = selection.lastUpdated;
  const lastApplied = useRef(applied);
  useEffect(() => {
    if (lastApplied.current === applied) return;
    lastApplied.current = applied;
    setSearch({ from: undefined, to: undefined, dates: undefined, store: undefined, page: undefined });
  }, [applied, setSearch]);

  /** A filter change pins the dates and store too, so the link shows the same rows elsewhere. */
  const setFilter = (patch: Partial<CollectionsSearch>) =>
    setSearch({
      ...(allDates || search.from ? {} : { from: fromDate, to: toDate }),
      store: storeParam,
      page: undefined,
      ...patch,
    });

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

  const needle = search.q?.trim().toLowerCase() ?? "";
  const shown = useMemo(
    () => (needle && rows ? rows.filter((r) => [r.storeName, r.collectorName, r.collectorEmail].some((v) => v?.toLowerCase().includes(needle))) : rows),
    [rows, needle],
  );

  const label = (r: CollectionSummary) => t("list.open", { store: r.storeName, date: formatDisplayDate(r.businessDate) });
  const columns = useMemo<DataColumn<CollectionSummary>[]>(
    () => [
      {
        id: "businessDate",
        header: t("list.columnsName.businessDate"),
        cell: (r) => formatDisplayDate(r.businessDate),
        sortValue: (r) => r.businessDate,
        card: "title",
      },
      { id: "status", header: t("list.columnsName.status"), cell: (r) => <StatusBadge status={r.status} />, sortValue: (r) => r.status, card: "badge" },
      { id: "store", header: t("list.columnsName.store"), cell: (r) => r.storeName, sortValue: (r) => r.storeName },
      {
        id: "collector",
        header: t("list.columnsName.collector"),
        cell: (r) => r.collectorName || r.collectorEmail,
        sortValue: (r) => r.collectorName || r.collectorEmail,
      },
      { id: "machines", header: t("list.columnsName.machines"), cell: (r) => r.lineCount, sortValue: (r) => r.lineCount, align: "right" },
      {
        id: "repeated",
        header: t("list.columnsName.repeated"),
        // A second collection of its machines that day, verified (or first approved) with this reason.
        cell: (r) =>
          r.duplicateReason ? (
            <Badge color="orange" variant="light" tt="none" title={r.duplicateReason} data-testid="list-repeated">
              {r.duplicateApprovedByName ? t("list.repeatedAwaiting") : t("list.repeated")}
            </Badge>
          ) : null,
        sortValue: (r) => (r.duplicateReason ? 1 : 0),
        csv: (r) => r.duplicateReason ?? "",
      },
      {
        id: "total",
        header: t("list.columnsName.total"),
        cell: (r) => (
          <Text fw={700} inherit>
            {formatUSD(r.totalCents)}
          </Text>
        ),
        sortValue: (r) => r.totalCents,
        csv: (r) => centsToDollarString(r.totalCents),
        align: "right",
        card: "aside",
      },
    ],
    [t],
  );

  const open = (r: CollectionSummary) => setSearch({ open: r._id }, { push: true });
  const menu = (r: CollectionSummary): ContextMenuItem[] => {
    const rights = buildContext({ role: me?.companyRole, globalRole: me?.globalRole, userId: me?._id }, "collection", r, {
      ownerId: r.collectorId,
    }).permissions;
    const items: ContextMenuItem[] = [{ id: "open", label: t("list.menu.open"), icon: <IconEye size={16} aria-hidden />, onSelect: () => open(r) }];
    items.push({
      id: "copy-link",
      label: t("list.menu.copyLink"),
      icon: <IconLink size={16} aria-hidden />,
      onSelect: () => navigator.clipboard.writeText(linkTo(r._id)),
    });
    if (rights.canEdit && role?.permissions.canVerify && r.status === "submitted" && !rights.isOwner) {
      items.push({
        id: "verify",
        label: t("list.menu.verify"),
        icon: <IconCheck size={16} aria-hidden />,
        color: "green",
        onSelect: async () => {
          await verify({ collectionId: r._id });
        },
      });
    }
    if (rights.canDelete && r.status === "draft" && (rights.isOwner || role?.permissions.isAdmin)) {
      items.push({
        id: "delete",
        label: t("adminCollections.delete"),
        icon: <IconTrash size={16} aria-hidden />,
        color: "red",
        quiet: true,
        onSelect: () => void confirmDelete(r),
      });
    }
    return items;
  };
  const confirmDelete = (r: CollectionSummary) =>
    openConfirm({
      title: t("adminCollections.deleteTitle"),
      message: t("adminCollections.deleteMessage", { store: r.storeName, date: formatDisplayDate(r.businessDate) }),
      confirmLabel: t("adminCollections.delete"),
      cancelLabel: t("common.cancel"),
      destructive: true,
      confirmTestId: "confirm-delete-draft",
      onConfirm: () => {
        deleteDraft({ collectionId: r._id })
          .then(() => notifySuccess(t("adminCollections.deleted")))
          .catch((error: unknown) => notifyError(errorText(error, t("adminCollections.deleteFailed"))));
      },
    });

  const rangeText = allDates ? t("list.allDates") : t("list.range", { from: formatDisplayDate(fromDate ?? ""), to: formatDisplayDate(toDate ?? "") });
  const datesPinned = allDates || search.from !== undefined;

  const toolbar = (
    <>
      <Select
        label={t("list.store")}
        data={[{ value: ALL, label: t("list.allStores") }, ...(stores ?? []).map((s) => ({ value: s._id, label: s.name }))]}
        value={storeParam}
        onChange={(v) => setFilter({ store: v ?? ALL })}
        allowDeselect={false}
        w={{ base: "100%", xs: 200 }}
        size="md"
      />
      <Select
        label={t("list.collector")}
        data={[{ value: ALL, label: t("list.allCollectors") }, ...collectors]}
        value={search.collector ?? ALL}
        onChange={(v) => setFilter({ collector: !v || v === ALL ? undefined : v })}
        allowDeselect={false}
        w={{ base: "100%", xs: 220 }}
        size="md"
      />
      <Select
        label={t("list.status")}
        data={[{ value: ALL, label: t("list.allStatuses") }, ...STATUSES.map((s) => ({ value: s, label: t(`common.status.${s}`) }))]}
        value={search.status ?? ALL}
        onChange={(v) => setFilter({ status: !v || v === ALL ? undefined : (v as CollectionStatus) })}
        allowDeselect={false}
        w={{ base: "100%", xs: 180 }}
        size="md"
      />
      <TextInput
        label={t("list.search")}
        leftSection={<IconSearch size={16} aria-hidden />}
        defaultValue={search.q ?? ""}
        onChange={(e) => setFilter({ q: e.currentTarget.value || undefined })}
        w={{ base: "100%", xs: 200 }}
        size="md"
      />
    </>
  );

  return (
    <>
      <Group gap="xs" data-testid="collections-dates">
        <Text size="sm" c="dimmed">
          {rangeText}
        </Text>
        {datesPinned ? (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => setSearch({ from: undefined, to: undefined, dates: undefined, page: undefined })}
          >
            {t("list.useSelectedDates")}
          </Button>
        ) : null}
      </Group>
      <DataTable
        tableId={admin ? "admin-collections" : "collections-list"}
        caption={t(admin ? "adminCollections.title" : "list.title")}
        columns={columns}
        data={shown}
        error={state.error}
        more={state.more}
        getRowId={(r) => r._id}
        sort={{ id: search.sort ?? "businessDate", desc: (search.dir ?? "desc") === "desc" }}
        onSortChange={(s) => setSearch({ sort: s?.id as CollectionsSearch["sort"], dir: s?.desc ? "desc" : "asc", page: undefined })}
        page={search.page ?? 1}
        onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
        onRowClick={open}
        rowLabel={label}
        rowName={(r) => `${r.storeName} ${formatDisplayDate(r.businessDate)}`}
        rowMenu={menu}
        selectedId={search.open ?? null}
        emptyText={allDates ? t("list.emptyAll") : t("list.empty", { from: formatDisplayDate(fromDate ?? ""), to: formatDisplayDate(toDate ?? "") })}
        exportName={role?.permissions.canExportReports ? `collections-${fromDate ?? "all"}-${toDate ?? "all"}` : undefined}
        toolbar={toolbar}
        testId="collections-rows"
        rowTestId="collection-row"
      />
      <CollectionDetailDrawer collectionId={search.open ?? null} onClose={() => setSearch({ open: undefined })} admin={admin} />
    </>
  );
}

/** This page's address with the collection open: the current filters and the row. */
function linkTo(collectionId: string): string {
  const url = new URL(window.location.href);
  url.searchParams.set("open", collectionId);
  return url.toString();
}
