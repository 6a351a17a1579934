import { Badge, Group, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { formatDisplayTimestamp } from "@tumble/domain/dateFormat";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import type { ImportSummary } from "./types";

const STATUS_COLOR = { queued: "gray", running: "blue", completed: "teal", failed: "red" } as const;

/** A run's status as the history shows it: a finished check says how many rows have problems (as the check itself does), or that the file is ready. */
function statusOf(r: ImportSummary, t: TFunction<"imports">): { color: string; text: string } {
  if (r.dryRun && r.status === "completed")
    return r.counts.failed > 0 ? { color: "orange", text: t("problemCount", { count: r.counts.failed }) } : { color: "teal", text: t("ready") };
  return { color: STATUS_COLOR[r.status], text: t(`status.${r.status}`) };
}

/** The company's imports, newest first; a row opens the import with its errors and their report. */
export function ImportHistory({ selectedId, onOpen }: { selectedId: string | null; onOpen: (importId: string) => void }) {
  const { t } = useTranslation("imports");
  const history = useQueryState(api.imports.list, {});
  const columns = useMemo<DataColumn<ImportSummary>[]>(
    () => [
      { id: "when", header: t("columns.when"), cell: (r) => formatDisplayTimestamp(r.createdAt), sortValue: (r) => r.createdAt, card: "aside" },
      { id: "file", header: t("columns.file"), cell: (r) => r.fileName, sortValue: (r) => r.fileName, card: "title", hideable: false },
      { id: "kind", header: t("columns.kind"), cell: (r) => t(`kinds.${r.kind}`), sortValue: (r) => t(`kinds.${r.kind}`) },
      { id: "who", header: t("columns.who"), cell: (r) => r.createdBy, sortValue: (r) => r.createdBy },
      {
        id: "status",
        header: t("columns.status"),
        card: "badge",
        cell: (r) => (
          <Group gap={4} wrap="wrap">
            <Badge color={statusOf(r, t).color} variant="light">
              {statusOf(r, t).text}
            </Badge>
            {r.dryRun && (
              <Badge color="gray" variant="outline">
                {t("dryRunBadge")}
              </Badge>
            )}
          </Group>
        ),
        sortValue: (r) => `${statusOf(r, t).text}${r.dryRun ? ` · ${t("dryRunBadge")}` : ""}`,
      },
      { id: "created", header: t("columns.created"), cell: (r) => r.counts.created, sortValue: (r) => r.counts.created, align: "right" },
      { id: "updated", header: t("columns.updated"), cell: (r) => r.counts.updated, sortValue: (r) => r.counts.updated, align: "right" },
      { id: "unchanged", header: t("columns.unchanged"), cell: (r) => r.counts.unchanged, sortValue: (r) => r.counts.unchanged, align: "right" },
      {
        id: "failed",
        header: t("columns.failed"),
        cell: (r) => (
          <Text span c={r.counts.failed ? "red.8" : undefined} inherit>
            {r.counts.failed}
          </Text>
        ),
        sortValue: (r) => r.counts.failed,
        align: "right",
      },
    ],
    [t],
  );
  return (
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t("history")}
      </Title>
      <DataTable
        tableId="import-history"
        caption={t("history")}
        columns={columns}
        data={history.data}
        error={history.error}
        getRowId={(r) => r._id}
        rowName={(r) => r.fileName}
        rowLabel={(r) => t("openImport", { file: r.fileName })}
        onRowClick={(r) => onOpen(r._id)}
        selectedId={selectedId}
        emptyText={t("noHistory")}
        exportName="imports"
        testId="import-history"
        rowTestId="import-history-row"
      />
    </Stack>
  );
}
