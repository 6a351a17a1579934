import { ActionIcon, Button, Checkbox, Group, Menu, Pagination, Select, Text } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconColumns, IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatCount } from "@tumble/domain/numberFormat";
import type { SortState } from "./types";

// The table's toolbar and footer controls, drawn by DataTable.

/** On cards: the column to sort by and its direction, instead of the table's header buttons. */
export function SortPicker({
  sortable,
  currentSort,
  setSort,
}: {
  sortable: Array<{ id: string; header: string }>;
  currentSort: SortState | null;
  setSort: (next: SortState) => void;
}) {
  const { t } = useTranslation("common");
  return (
    <>
      <Select
        label={t("table.sortBy")}
        data={sortable.map((c) => ({ value: c.id, label: c.header }))}
        value={currentSort?.id ?? null}
        placeholder={t("table.unsorted")}
        onChange={(id) => id && setSort({ id, desc: currentSort?.id === id ? currentSort.desc : false })}
        allowDeselect={false}
        w={150}
        size="md"
        comboboxProps={{ withinPortal: true }}
      />
      <ActionIcon
        variant="default"
        size={42}
        disabled={!currentSort}
        aria-label={currentSort?.desc ? t("table.sortDescending") : t("table.sortAscending")}
        onClick={() => currentSort && setSort({ id: currentSort.id, desc: !currentSort.desc })}
      >
        {currentSort?.desc ? <IconArrowDown size={18} aria-hidden /> : <IconArrowUp size={18} aria-hidden />}
      </ActionIcon>
    </>
  );
}

/** The menu of columns the user may show or hide. */
export function ColumnsMenu({
  tableId,
  isPhone,
  columns,
}: {
  tableId: string;
  isPhone: boolean;
  columns: Array<{ id: string; header: string | undefined; visible: boolean; toggle: () => void }>;
}) {
  const { t } = useTranslation("common");
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        {isPhone ? (
          <ActionIcon variant="default" size={42} aria-label={t("table.columns")}>
            <IconColumns size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button variant="default" size="md" leftSection={<IconColumns size={16} aria-hidden />}>
            {t("table.columns")}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown data-testid={`${tableId}-columns`}>
        {columns.map((col) => (
          <Menu.Item key={col.id} onClick={col.toggle}>
            <Checkbox size="sm" readOnly checked={col.visible} label={col.header} tabIndex={-1} />
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Downloads every row as CSV: an icon on phones, a labelled button elsewhere. */
export function ExportButton({ isPhone, disabled, onExport }: { isPhone: boolean; disabled: boolean; onExport: () => void }) {
  const { t } = useTranslation("common");
  return isPhone ? (
    <ActionIcon variant="light" size={42} aria-label={t("table.export")} onClick={onExport} disabled={disabled}>
      <IconDownload size={18} aria-hidden />
    </ActionIcon>
  ) : (
    <Button variant="light" size="md" leftSection={<IconDownload size={16} aria-hidden />} onClick={onExport} disabled={disabled}>
      {t("table.export")}
    </Button>
  );
}

/** Which rows of how many are shown, and the page buttons. */
export function TablePager({
  from,
  to,
  total,
  more = false,
  page,
  pageCount,
  setPage,
  isPhone,
  testId,
}: {
  from: number;
  to: number;
  total: number;
  /** The server has more rows than the `total` loaded. */
  more?: boolean;
  page: number;
  pageCount: number;
  setPage: (page: number) => void;
  isPhone: boolean;
  testId?: string;
}) {
  const { t } = useTranslation("common");
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid={testId ? `${testId}-range` : undefined}>
        {t(more ? "table.rangeLoaded" : "table.range", { from, to, total })}
      </Text>
      {pageCount > 1 ? (
        <Pagination
          total={pageCount}
          value={page}
          onChange={setPage}
          size={isPhone ? "md" : "sm"}
          siblings={isPhone ? 0 : 1}
          getControlProps={(control) => ({ "aria-label": t(`table.page.${control}`) })}
          getItemProps={(n) => ({ "aria-label": t("table.page.number", { page: n }) })}
        />
      ) : null}
    </Group>
  );
}

/** Below a list the server pages: how many rows are loaded, that more exist, and the button that loads them. */
export function LoadMoreBar({ count, loading, onLoadMore, testId }: { count: number; loading: boolean; onLoadMore: () => void; testId?: string }) {
  const { t, i18n } = useTranslation("common");
  return (
    <Group justify="center" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid={testId ? `${testId}-loaded` : undefined}>
        {t("table.showingOfMore", { shown: formatCount(count, i18n.language) })}
      </Text>
      <Button variant="light" loading={loading} onClick={onLoadMore} data-testid={testId ? `${testId}-load-more` : undefined}>
        {t("table.loadMore")}
      </Button>
    </Group>
  );
}
