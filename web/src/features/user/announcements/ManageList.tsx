import { Badge, Group, Stack, Text } from "@mantine/core";
import { IconArchive, IconArchiveOff, IconMail, IconPencil, IconPin } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayTimestamp } from "@tumble/domain/dateFormat";
import { api } from "../../../lib/api";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn, SortState } from "../../../ui/table/types";
import { AnnouncementFormModal } from "./AnnouncementForm";
import { errorText } from "./messages";
import type { ManagedRow } from "./types";

const STATE_COLORS = { current: "teal", expired: "gray", archived: "dark" } as const;

/** Every announcement of the company, for managers: who it is for, whether it shows, how many read it. */
export function ManageList(props: {
  editId: string | null;
  onEdit: (id: string | null) => void;
  sort: SortState;
  onSortChange: (sort: SortState | null) => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation(["announcements", "common"]);
  const list = useQueryState(api.announcements.list, { manage: true, language: currentLanguage() });
  const archive = useMutation(api.announcements.archive);
  const rows = list.data as ManagedRow[] | undefined;
  const editing = rows?.find((r) => r._id === props.editId) ?? null;

  const audienceText = (row: ManagedRow) =>
    row.manage.audience === "stores"
      ? row.manage.stores.map((s) => s.name).join(", ")
      : row.manage.audience === "roles"
        ? row.manage.roles.map((r) => t(`common:roles.${r}`)).join(", ")
        : t("audiences.company");

  const setArchived = async (row: ManagedRow, archived: boolean) => {
    try {
      await archive({ announcementId: row._id, archived });
      notifySuccess(archived ? t("archived") : t("restored"));
    } catch (error) {
      notifyError(errorText(t, error));
    }
  };

  const columns = useMemo<DataColumn<ManagedRow>[]>(
    () => [
      {
        id: "title",
        header: t("columns.title"),
        cell: (r) => (
          <Group gap={6} wrap="nowrap" miw={0}>
            {r.pinned ? <IconPin size={14} aria-label={t("pinned")} /> : null}
            {r.manage.emailedAt ? <IconMail size={14} aria-label={t("emailed")} /> : null}
            <Text fw={600} size="sm" truncate="end">
              {r.manage.title}
            </Text>
          </Group>
        ),
        sortValue: (r) => r.manage.title.toLowerCase(),
        csv: (r) => r.manage.title,
        card: "title",
      },
      {
        id: "state",
        header: t("columns.state"),
        cell: (r) => (
          <Badge color={STATE_COLORS[r.manage.state]} variant="light">
            {t(`states.${r.manage.state}`)}
          </Badge>
        ),
        sortValue: (r) => t(`states.${r.manage.state}`),
        card: "badge",
        width: 120,
      },
      {
        id: "audience",
        header: t("columns.audience"),
        cell: (r) => (
          <Stack gap={0} miw={0}>
            <Text size="sm">{t(`audiences.${r.manage.audience}`)}</Text>
            {r.manage.audience !== "company" ? (
              <Text size="xs" c="dimmed" truncate="end">
                {audienceText(r)}
              </Text>
            ) : null}
          </Stack>
        ),
        sortValue: (r) => `${t(`audiences.${r.manage.audience}`)} ${audienceText(r)}`,
      },
      { id: "reads", header: t("columns.reads"), cell: (r) => r.manage.readCount, sortValue: (r) => r.manage.readCount, align: "right", card: "aside" },
      {
        id: "created",
        header: t("columns.created"),
        cell: (r) => (
          <Text inherit style={{ whiteSpace: "nowrap" }}>
            {formatDisplayTimestamp(r.createdAt)}
          </Text>
        ),
        sortValue: (r) => r.createdAt,
        csv: (r) => new Date(r.createdAt).toISOString(),
      },
      {
        id: "expires",
        header: t("columns.expires"),
        cell: (r) => (r.expiresAt ? formatDisplayTimestamp(r.expiresAt) : ""),
        sortValue: (r) => r.expiresAt ?? 0,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- audienceText only reads t
    [t],
  );

  return (
    <>
      <DataTable
        tableId="announcements-manage"
        caption={t("manageCaption")}
        columns={columns}
        data={rows}
        error={list.error}
        getRowId={(r) => r._id}
        rowName={(r) => r.manage.title}
        sort={props.sort}
        onSortChange={props.onSortChange}
        page={props.page}
        onPageChange={props.onPageChange}
        onRowClick={(r) => props.onEdit(r._id)}
        rowLabel={(r) => t("editRow", { title: r.manage.title })}
        selectedId={props.editId}
        rowMenu={(r) => [
          { id: "edit", label: t("edit"), icon: <IconPencil size={16} aria-hidden />, onSelect: () => props.onEdit(r._id), quiet: true },
          r.manage.state === "archived"
            ? { id: "restore", label: t("restore"), icon: <IconArchiveOff size={16} aria-hidden />, onSelect: () => setArchived(r, false), quiet: true }
            : { id: "archive", label: t("archive"), icon: <IconArchive size={16} aria-hidden />, onSelect: () => setArchived(r, true), quiet: true },
        ]}
        testId="announcements-table"
        rowTestId="announcement-row"
        rowAttributes={(r) => ({ "data-state": r.manage.state })}
        emptyText={t("manageEmpty")}
      />
      {editing ? <AnnouncementFormModal key={editing._id} editing={editing} onClose={() => props.onEdit(null)} /> : null}
    </>
  );
}
