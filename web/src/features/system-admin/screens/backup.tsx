import { ActionIcon, Alert, Badge, Button, Card, Group, Menu, Progress, Stack, Text, Title } from "@mantine/core";
import { IconDatabaseExport, IconDots, IconDownload, IconRestore, IconTrash } from "@tabler/icons-react";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useAction, useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { formatDateTime } from "../../../ui/companyFinder/format";
import { openConfirm } from "../../../ui/confirm";
import { LoadingState } from "../../../ui/Loading";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { downloadBackup } from "../backup/download";
import { ScheduleCard } from "../backup/ScheduleCard";
import { formatBytes } from "../parts/format";
import { formatCount } from "@tumble/domain/numberFormat";

type Listing = ReturnsOf<typeof api.backups.list>;
type Backup = Listing["backups"][number];

interface BackupSearch {
  sort: "createdAt" | "size";
  dir: "asc" | "desc";
  page: number;
}
const SEARCH: SearchSchema<BackupSearch> = {
  sort: param.oneOf(["createdAt", "size"] as const),
  dir: param.oneOf(["asc", "desc"] as const),
  page: param.int(1),
};

const FILE_SUFFIX = ".tumble-backup.jsonl.gz";
const STATUS_COLOR = { ready: "green", running: "blue", failed: "red" } as const;

/** /system-admin/backup: back up now with live progress, the backups, download, delete, restore, schedule. */
export default function SystemAdminBackup() {
  const { t, i18n } = useTranslation(["backups", "common"]);
  const [search, setSearch] = useSearchState(SEARCH);
  const { data, error } = useQueryState(api.backups.list, {});
  const create = useAction(api.backups.create);
  const restore = useAction(api.backups.restore);
  const remove = useMutation(api.backups.remove);
  const [starting, setStarting] = useState(false);

  if (error) return <Alert color="red">{error.message}</Alert>;
  if (!data) return <LoadingState />;
  const locale = i18n.language;
  const job = data.job;
  const busy = starting || job !== null;
  const when = (b: Backup) => formatDateTime(Date.parse(b.createdAt));

  const onCreate = async () => {
    setStarting(true);
    try {
      const made = await create({});
      notifySuccess(t("created", { size: formatBytes(made.size ?? 0, locale) }));
    } catch (e) {
      notifyError(extractErrorMessage(e, t("createFailed")));
    } finally {
      setStarting(false);
    }
  };

  const onDownload = (b: Backup) => {
    downloadBackup(b.id, `${b.id}${FILE_SUFFIX}`).catch((e: unknown) => notifyError(extractErrorMessage(e, t("downloadFailed"))));
  };

  const onRemove = (b: Backup) =>
    openConfirm({
      title: t("remove.title"),
      message: t("remove.message", { when: when(b) }),
      confirmLabel: t("remove.confirm"),
      cancelLabel: t("common:actions.cancel"),
      destructive: true,
      confirmTestId: "confirm-remove-backup",
      onConfirm: () => {
        remove({ backupId: b.id }).then(
          () => notifySuccess(t("remove.done", { when: when(b) })),
          (e: unknown) => notifyError(extractErrorMessage(e, t("remove.failed"))),
        );
      },
    });

  const onRestore = (b: Backup) =>
    openConfirm({
      title: t("restore.title"),
      message: t("restore.message", {
        companies: data.current.companies,
        users: data.current.users,
        when: when(b),
        backupCompanies: b.counts?.companies ?? 0,
        backupUsers: b.counts?.users ?? 0,
      }),
      confirmLabel: t("restore.confirm"),
      cancelLabel: t("common:actions.cancel"),
      destructive: true,
      confirmTestId: "confirm-restore-backup",
      onConfirm: () => {
        setStarting(true);
        restore({ backupId: b.id })
          .then(
            () => notifySuccess(t("restore.done", { when: when(b) })),
            (e: unknown) => notifyError(extractErrorMessage(e, t("restore.failed"))),
          )
          .finally(() => setStarting(false));
      },
    });

  const columns: DataColumn<Backup>[] = [
    {
      id: "createdAt",
      header: t("columns.createdAt"),
      sortValue: (b) => b.createdAt,
      card: "title",
      cell: (b) => (
        <Text size="sm" fw={500}>
          {when(b)}
        </Text>
      ),
    },
    {
      id: "source",
      header: t("columns.source"),
      cell: (b) => (
        <Text size="sm" c="dimmed">
          {t(`source.${b.source}`)}
          {b.createdBy ? ` · ${b.createdBy}` : ""}
        </Text>
      ),
      csv: (b) => `${b.source} ${b.createdBy ?? ""}`.trim(),
    },
    {
      id: "status",
      header: t("columns.status"),
      card: "badge",
      sortValue: (b) => b.status,
      cell: (b) => (
        <Badge color={STATUS_COLOR[b.status]} variant="light" title={b.error ?? undefined}>
          {t(`status.${b.status}`)}
        </Badge>
      ),
    },
    {
      id: "size",
      header: t("columns.size"),
      align: "right",
      sortValue: (b) => b.size ?? 0,
      cell: (b) => (b.size === null ? "—" : formatBytes(b.size, locale)),
    },
    {
      id: "contents",
      header: t("columns.contents"),
      cell: (b) =>
        b.counts ? (
          <Text size="sm">{t("contents", { companies: b.counts.companies, users: b.counts.users, rows: formatCount(b.counts.rows, locale) })}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            {b.error ?? "—"}
          </Text>
        ),
      csv: (b) => (b.counts ? `${b.counts.companies} / ${b.counts.users} / ${b.counts.rows}` : ""),
    },
    {
      id: "actions",
      header: t("columns.actions"),
      hideable: false,
      align: "right",
      card: "footer",
      cell: (b) => (
        <Menu withinPortal position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" size="lg" aria-label={t("actionsFor", { when: when(b) })} disabled={b.status !== "ready" && b.status !== "failed"}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconDownload size={14} aria-hidden />} onClick={() => onDownload(b)} disabled={b.status !== "ready"}>
              {t("download")}
            </Menu.Item>
            <Menu.Item leftSection={<IconRestore size={14} aria-hidden />} onClick={() => onRestore(b)} disabled={b.status !== "ready" || busy}>
              {t("restore.action")}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onRemove(b)} disabled={busy && job?.backupId === b.id}>
              {t("remove.action")}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  const percent = job ? Math.round(job.progress * 100) : 0;
  return (
    <Stack gap="lg">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      {data.restoring ? (
        <Alert color="orange" title={t("restoringTitle")} data-testid="restoring-alert">
          {t("restoringText")}
        </Alert>
      ) : null}
      <Card withBorder radius="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div>
              <Title order={3} size="h4">
                {t("now.title")}
              </Title>
              <Text size="sm" c="dimmed">
                {t("now.text", { database: t(`database.${data.database}`) })}
              </Text>
            </div>
            <Button
              leftSection={<IconDatabaseExport size={16} aria-hidden />}
              onClick={() => void onCreate()}
              loading={starting && job?.kind !== "restore"}
              disabled={busy}
            >
              {t("now.action")}
            </Button>
          </Group>
          {job ? (
            <Stack gap={4} data-testid="backup-job">
              <Text size="sm">{t(`phase.${job.phase}`, { percent })}</Text>
              <Progress value={percent} size="lg" animated striped aria-label={t(`phase.${job.phase}`, { percent })} data-testid="backup-progress" />
            </Stack>
          ) : null}
        </Stack>
      </Card>
      <Card withBorder radius="lg">
        <DataTable
          tableId="system-admin-backups"
          caption={t("listTitle")}
          columns={columns}
          data={data.backups}
          getRowId={(b) => b.id}
          rowName={when}
          sort={{ id: search.sort ?? "createdAt", desc: (search.dir ?? "desc") === "desc" }}
          onSortChange={(s) => setSearch({ sort: s?.id as BackupSearch["sort"], dir: s && !s.desc ? "asc" : undefined, page: undefined })}
          page={search.page ?? 1}
          onPageChange={(page) => setSearch({ page: page > 1 ? page : undefined })}
          emptyText={t("none")}
          testId="backups"
          rowTestId="backup-row"
          rowAttributes={(b) => ({ "data-id": b.id, "data-status": b.status })}
        />
      </Card>
      <ScheduleCard key={`${data.schedule.intervalHours}:${data.schedule.keep}`} schedule={data.schedule} />
    </Stack>
  );
}
