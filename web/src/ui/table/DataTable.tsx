import { ActionIcon, Alert, Button, Card, Group, Paper, Skeleton, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useElementSize, useMediaQuery } from "@mantine/hooks";
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconChevronRight, IconDots } from "@tabler/icons-react";
import {
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Row,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { useLayoutEffect, useMemo, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BREAKPOINTS } from "@tumble/domain/display";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { updatePreferences, useDensity, usePreferences, preferencesStore } from "../../lib/preferences";
import { useContextMenu } from "../ContextMenu";
import { csvColumns, downloadCsv, rowsToCsv } from "./csvDownload";
import type { DataColumn, RowMenu, SortState } from "./types";
import classes from "./DataTable.module.css";
import { ColumnsMenu, ExportButton, LoadMoreBar, SortPicker, TablePager } from "./TableControls";

// The one table of the app (decision 0020): TanStack Table's sorting, column visibility and
// pagination, drawn with Mantine. Column visibility is the user's preference (columnVisibility
// per table id); sort and page can be owned by the caller (kept in the URL). Phones get cards,
// never sideways scrolling; every row has the context menu and a keyboard-reachable "more" button.

export const DEFAULT_PAGE_SIZE = 50;
const PHONE_QUERY = `(max-width: ${BREAKPOINTS[0]!.max}px)`;

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnVisibilityFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

/** Read by screen readers, not shown. */
const SR_ONLY = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } as const;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

function compareValues(a: unknown, b: unknown): number {
  // Empty values sort last whichever the direction is in the row model's eyes; here, below all.
  if (a === null || a === undefined || a === "") return b === null || b === undefined || b === "" ? 0 : 1;
  if (b === null || b === undefined || b === "") return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return collator.compare(String(a), String(b));
}

export interface DataTableProps<T> {
  /** The preference key of its column visibility, e.g. "collections-list". */
  tableId: string;
  columns: DataColumn<T>[];
  /** undefined while loading. */
  data: readonly T[] | undefined;
  error?: unknown;
  onRetry?: () => void;
  getRowId: (row: T) => string;
  /** Controlled sort (from the URL); without it the table keeps its own, starting at defaultSort. */
  sort?: SortState | null;
  defaultSort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  /** Controlled 1-based page (from the URL). */
  page?: number;
  onPageChange?: (page: number) => void;
  pageSize?: number;
  onRowClick?: (row: T) => void;
  /** The accessible name of a row's open button. */
  rowLabel?: (row: T) => string;
  /** What the row is called (its menu's name, "More actions for {name}"); used by assistive technology. */
  rowName: (row: T) => string;
  rowMenu?: RowMenu<T>;
  selectedId?: string | null;
  emptyText: ReactNode;
  /** Offers CSV export of every row (all pages, visible columns) under this file name. */
  exportName?: string;
  /** Filters and buttons shown at the left of the toolbar. */
  toolbar?: ReactNode;
  testId?: string;
  rowTestId?: string;
  /** Extra attributes on each row (data-* for tests). */
  rowAttributes?: (row: T) => Record<string, string | undefined>;
  /** Its caption for assistive technology. */
  caption: string;
  /** The server has rows past `data` (a list paged with a cursor): says so below the table and offers to load them. */
  more?: { loading: boolean; onLoadMore: () => void } | null;
}

export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { tableId, columns, data, getRowId, pageSize = DEFAULT_PAGE_SIZE } = props;
  const { t } = useTranslation("common");
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const density = useDensity();
  const { columnVisibility } = usePreferences();
  const visibility = useMemo(() => columnVisibility[tableId] ?? {}, [columnVisibility, tableId]);
  // Cards also where the table does not fit its box (a wide table beside the navigation at 1024 px):
  // a table wider than its box would make the whole page scroll sideways and hide its last columns.
  // The width the table needed is kept, so it comes back once the box is that wide again.
  const { ref: boxRef, width: boxWidth } = useElementSize();
  const tableRef = useRef<HTMLTableElement>(null);
  const [measured, setMeasured] = useState({ needs: 0, box: 0 });
  const asCards = isPhone || (measured.needs > 0 && boxWidth > 0 && boxWidth < measured.needs);
  useLayoutEffect(() => {
    const needed = tableRef.current?.offsetWidth ?? 0;
    if (!asCards && boxWidth > 0 && needed > boxWidth + 1) setMeasured({ needs: needed, box: boxWidth });
    // The box grew since the table last overflowed it: try the table again (a width measured while
    // the window was changing, or with other rows, must not keep the cards for good).
    else if (asCards && !isPhone && boxWidth > measured.box + 40) setMeasured({ needs: 0, box: 0 });
  }, [asCards, boxWidth, data, visibility, props.page, isPhone, measured.box]);

  const [ownSort, setOwnSort] = useState<SortState | null>(props.defaultSort ?? null);
  const sort = props.sort !== undefined ? props.sort : ownSort;
  const setSort = (next: SortState | null) => {
    setOwnSort(next);
    props.onSortChange?.(next);
    setPage(1);
  };
  const [ownPage, setOwnPage] = useState(1);
  const rowCount = data?.length ?? 0;
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const page = Math.min(props.page ?? ownPage, pageCount);
  const setPage = (next: number) => {
    setOwnPage(next);
    props.onPageChange?.(next);
  };

  const columnDefs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns
        .filter((c) => !c.exportOnly)
        .map((c) => ({
          id: c.id,
          header: c.header,
          accessorFn: (row: T) => c.sortValue?.(row) ?? null,
          enableSorting: Boolean(c.sortValue),
          enableHiding: c.hideable !== false,
          // Straight from the row's data: faster than the row model's cached getValue at 10,000 rows.
          sortFn: (a: Row<typeof features, T>, b: Row<typeof features, T>) => compareValues(c.sortValue?.(a.original), c.sortValue?.(b.original)),
          sortUndefined: "last",
        })),
    [columns],
  );
  const sorting: SortingState = sort ? [{ id: sort.id, desc: sort.desc }] : [];
  const stableData = useMemo(() => (data ?? []) as T[], [data]);

  const table = useTable({
    features,
    columns: columnDefs,
    data: stableData,
    getRowId: (row: T) => getRowId(row),
    state: { sorting, columnVisibility: visibility, pagination: { pageIndex: page - 1, pageSize } },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      setSort(next[0] ? { id: next[0].id, desc: next[0].desc } : null);
    },
    onColumnVisibilityChange: (updater) => {
      const all = preferencesStore.get().columnVisibility;
      const next = typeof updater === "function" ? updater(all[tableId] ?? {}) : updater;
      updatePreferences({ columnVisibility: { ...all, [tableId]: next } });
    },
    autoResetPageIndex: false,
    enableSortingRemoval: false,
  });

  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const visibleColumns = table
    .getVisibleLeafColumns()
    .map((col) => byId.get(col.id))
    .filter((c): c is DataColumn<T> => Boolean(c));
  const pageRows = table.getRowModel().rows.map((r) => r.original);

  const onExport = () => {
    const all = table.getPrePaginatedRowModel().rows.map((r) => r.original);
    downloadCsv(props.exportName!, rowsToCsv(csvColumns(columns, visibleColumns), all));
  };

  const hideable = columns.filter((c) => c.hideable !== false && !c.exportOnly);
  const sortable = columns.filter((c) => c.sortValue && !c.exportOnly);
  const verticalSpacing = density === "comfortable" ? "sm" : density === "compact" ? "xs" : 4;

  let body: ReactNode;
  if (props.error) {
    body = (
      <Alert color="red" title={t("table.loadFailed")} data-testid={props.testId ? `${props.testId}-error` : undefined}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{extractErrorMessage(props.error, t("errors.requestFailed"))}</Text>
          {props.onRetry ? (
            <Button size="xs" variant="light" color="red" onClick={props.onRetry}>
              {t("actions.retry")}
            </Button>
          ) : null}
        </Stack>
      </Alert>
    );
  } else if (data === undefined) {
    body = (
      <Stack gap="xs" aria-busy aria-label={t("loading")}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={isPhone ? 88 : 40} radius="sm" />
        ))}
      </Stack>
    );
  } else if (data.length === 0) {
    body = (
      <Card withBorder p="lg" data-testid={props.testId ? `${props.testId}-empty` : undefined}>
        <Text c="dimmed" ta="center" component="div">
          {props.emptyText}
        </Text>
      </Card>
    );
  } else if (asCards) {
    body = (
      <Stack gap="xs" data-testid={props.testId} role="list" aria-label={props.caption}>
        {pageRows.map((row) => (
          <RowCard key={getRowId(row)} row={row} columns={visibleColumns} props={props} />
        ))}
      </Stack>
    );
  } else {
    const hasActions = Boolean(props.onRowClick || props.rowMenu);
    body = (
      <Table
        ref={tableRef}
        className={classes.table}
        stickyHeader
        stickyHeaderOffset="var(--app-shell-header-offset, 0rem)"
        highlightOnHover
        verticalSpacing={verticalSpacing}
        data-testid={props.testId}
      >
        <Table.Caption style={SR_ONLY}>{props.caption}</Table.Caption>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const c = byId.get(header.column.id)!;
                const sorted = header.column.getIsSorted();
                return (
                  <Table.Th key={header.id} ta={c.align} w={c.width} aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}>
                    {header.column.getCanSort() ? (
                      <UnstyledButton className={classes.sortHeader} onClick={header.column.getToggleSortingHandler()}>
                        <Group gap={4} wrap="nowrap" justify={c.align === "right" ? "flex-end" : "flex-start"}>
                          <Text fw={700} size="sm">
                            {c.header}
                          </Text>
                          {sorted === "asc" ? (
                            <IconArrowUp size={14} aria-hidden />
                          ) : sorted === "desc" ? (
                            <IconArrowDown size={14} aria-hidden />
                          ) : (
                            <IconArrowsSort size={14} aria-hidden opacity={0.4} />
                          )}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      c.header
                    )}
                  </Table.Th>
                );
              })}
              {hasActions ? (
                <Table.Th w={props.rowMenu && props.onRowClick ? 88 : 48}>
                  <span style={SR_ONLY}>{t("table.actions")}</span>
                </Table.Th>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {pageRows.map((row) => (
            <TableRow key={getRowId(row)} row={row} columns={visibleColumns} props={props} />
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, rowCount);
  const currentSort = sort;
  return (
    <Stack gap="sm" ref={boxRef}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        {props.toolbar}
        <Group gap="xs" ml="auto" wrap="wrap" justify="flex-end">
          {asCards && sortable.length > 0 ? <SortPicker sortable={sortable} currentSort={currentSort} setSort={setSort} /> : null}
          {hideable.length > 1 ? (
            <ColumnsMenu
              tableId={tableId}
              isPhone={isPhone}
              columns={table
                .getAllLeafColumns()
                .filter((col) => col.getCanHide())
                .map((col) => ({ id: col.id, header: byId.get(col.id)?.header, visible: col.getIsVisible(), toggle: () => col.toggleVisibility() }))}
            />
          ) : null}
          {props.exportName ? <ExportButton isPhone={isPhone} disabled={!data?.length} onExport={onExport} /> : null}
        </Group>
      </Group>
      {body}
      {data && data.length > 0 ? (
        <TablePager
          from={from}
          to={to}
          total={rowCount}
          more={Boolean(props.more)}
          page={page}
          pageCount={pageCount}
          setPage={setPage}
          isPhone={isPhone}
          testId={props.testId}
        />
      ) : null}
      {data && props.more ? <LoadMoreBar count={rowCount} {...props.more} testId={props.testId} /> : null}
    </Stack>
  );
}

/** Clicks on a control inside the row act on the control, not the row. */
function fromControl(event: MouseEvent): boolean {
  const target = event.target as HTMLElement;
  const control = target.closest("button, a, input, select, textarea, label, [role=combobox], [role=switch], [role=menuitem], [data-no-row-click]");
  return control !== null && control !== event.currentTarget && event.currentTarget.contains(control);
}

function useRowMenu<T extends RowData>(row: T, props: DataTableProps<T>) {
  const { t } = useTranslation("common");
  const label = props.rowLabel?.(row);
  const name = props.rowName(row);
  const menu = useContextMenu(() => props.rowMenu?.(row) ?? [], name);
  const more = props.rowMenu ? (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t("table.moreActions", { name })}
      aria-haspopup="menu"
      onClick={(event) => {
        const rect = event.currentTarget.getBoundingClientRect();
        menu.openAt(rect.left, rect.bottom);
      }}
    >
      <IconDots size={18} aria-hidden />
    </ActionIcon>
  ) : null;
  return { menu, more, label };
}

function TableRow<T extends RowData>({ row, columns, props }: { row: T; columns: DataColumn<T>[]; props: DataTableProps<T> }) {
  const { menu, more, label } = useRowMenu(row, props);
  const id = props.getRowId(row);
  const hasActions = Boolean(props.onRowClick || props.rowMenu);
  return (
    <Table.Tr
      className={classes.row}
      data-clickable={props.onRowClick ? "" : undefined}
      data-selected={props.selectedId === id ? "" : undefined}
      aria-selected={props.selectedId === id || undefined}
      data-testid={props.rowTestId}
      data-context-menu={props.rowMenu ? "" : undefined}
      {...props.rowAttributes?.(row)}
      {...(props.rowMenu ? menu.handlers : {})}
      onClick={props.onRowClick ? (event: MouseEvent) => !fromControl(event) && props.onRowClick!(row) : undefined}
    >
      {columns.map((c) => (
        <Table.Td key={c.id} ta={c.align}>
          {c.cell(row)}
        </Table.Td>
      ))}
      {hasActions ? (
        <Table.Td>
          <Group gap={2} wrap="nowrap" justify="flex-end">
            {more}
            {props.onRowClick ? (
              <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => props.onRowClick!(row)}>
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            ) : null}
          </Group>
          {menu.popup}
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

function RowCard<T extends RowData>({ row, columns, props }: { row: T; columns: DataColumn<T>[]; props: DataTableProps<T> }) {
  const { menu, more, label } = useRowMenu(row, props);
  const id = props.getRowId(row);
  const place = (role: DataColumn<T>["card"]) => columns.filter((c) => c.card === role);
  const title = place("title");
  const badges = place("badge");
  const aside = place("aside");
  const footer = place("footer");
  // A field with nothing in it (a flag this row does not have) is left out rather than shown as an empty label.
  const grid = columns
    .filter((c) => c.card === undefined)
    .flatMap((c) => {
      const content = c.cell(row);
      return content === null || content === undefined || content === false || content === "" ? [] : [{ c, content }];
    });
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="listitem"
      className={classes.card}
      data-clickable={props.onRowClick ? "" : undefined}
      data-selected={props.selectedId === id ? "" : undefined}
      data-testid={props.rowTestId}
      data-context-menu={props.rowMenu ? "" : undefined}
      {...props.rowAttributes?.(row)}
      {...(props.rowMenu ? menu.handlers : {})}
      onClick={props.onRowClick ? (event: MouseEvent) => !fromControl(event) && props.onRowClick!(row) : undefined}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Group gap={6} miw={0} style={{ flex: 1 }}>
          {title.map((c) => (
            <Text key={c.id} fw={700} component="div" miw={0}>
              {c.cell(row)}
            </Text>
          ))}
          {badges.map((c) => (
            <div key={c.id}>{c.cell(row)}</div>
          ))}
        </Group>
        <Group gap={2} wrap="nowrap" align="center">
          {aside.map((c) => (
            <Text key={c.id} fw={800} size="lg" component="div" style={{ whiteSpace: "nowrap" }}>
              {c.cell(row)}
            </Text>
          ))}
          {more}
          {props.onRowClick ? (
            <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => props.onRowClick!(row)}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          ) : null}
        </Group>
      </Group>
      {grid.length > 0 ? (
        <dl className={classes.cardGrid} style={{ marginTop: 6 }}>
          {grid.map(({ c, content }) => (
            <div key={c.id} style={{ minWidth: 0 }}>
              <Text component="dt" size="xs" c="dimmed">
                {c.header}
              </Text>
              <Text component="dd" size="sm" style={{ overflowWrap: "anywhere" }}>
                {content}
              </Text>
            </div>
          ))}
        </dl>
      ) : null}
      {footer.length > 0 ? (
        <Stack gap="xs" mt="xs">
          {footer.map((c) => (
            <div key={c.id}>{c.cell(row)}</div>
          ))}
        </Stack>
      ) : null}
      {menu.popup}
    </Paper>
  );
}
