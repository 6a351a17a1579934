import { Alert, Badge, Button, Card, CloseButton, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toCsv } from "@tumble/domain/csv";
import { api } from "../../../lib/api";
import { useQueryState } from "../../../lib/hooks";
import { DataTable } from "../../../ui/table/DataTable";
import { downloadCsv } from "../../../ui/table/csvDownload";
import type { DataColumn } from "../../../ui/table/types";
import { failureText, fieldLabel, problemText } from "./messages";
import type { ImportDetail, ImportRowErrorShown } from "./types";

const STATUS_COLOR = { queued: "gray", running: "blue", completed: "teal", failed: "red" } as const;

/** How far along a running import is, 0–100: reading and checking the rows, then writing them. */
function percent(run: ImportDetail): number {
  if (run.status === "completed" || run.status === "failed") return 100;
  const p = run.progress;
  if (!p || p.total === 0) return 5;
  const share = p.done / p.total;
  return p.phase === "writing" ? 50 + share * 50 : p.phase === "validating" ? 10 + share * 40 : 5;
}

/** One import followed live: progress, what it did or would do, and every row's errors with their report. */
export function ImportRun({ importId, onClose }: { importId: string; onClose: () => void }) {
  const { t } = useTranslation("imports");
  const { data: run, error } = useQueryState(api.imports.get, { importId });

  const columns = useMemo<DataColumn<ImportRowErrorShown>[]>(
    () => [
      { id: "row", header: t("columns.row"), cell: (e) => e.row, sortValue: (e) => e.row, card: "badge", width: 90 },
      {
        id: "column",
        header: t("columns.column"),
        cell: (e) => (e.column ? fieldLabel(e.column, t) : "—"),
        sortValue: (e) => (e.column ? fieldLabel(e.column, t) : ""),
        card: "title",
      },
      { id: "reason", header: t("columns.problem"), cell: (e) => problemText(e, t), sortValue: (e) => problemText(e, t) },
    ],
    [t],
  );

  if (error) return <Alert color="red">{error instanceof Error ? error.message : String(error)}</Alert>;
  if (!run) return null;
  const finished = run.status === "completed" || run.status === "failed";
  const failure = failureText(run, t);
  // A dry run is a check: it reports its problems, or that the file is ready, never a bare "Completed".
  const checked = run.dryRun && run.status === "completed";
  // Counted by row, as the history counts them: a row with two bad cells is one problem, listed twice.
  const problems = run.counts.failed || run.errors.length;
  const statusColor = checked ? (problems > 0 ? "orange" : "teal") : STATUS_COLOR[run.status];
  const statusText = checked ? (problems > 0 ? t("problemCount", { count: problems }) : t("ready")) : t(`status.${run.status}`);
  const counts = [
    ["created", run.counts.created],
    ["updated", run.counts.updated],
    ["unchanged", run.counts.unchanged],
    ["failed", run.counts.failed],
  ] as const;

  return (
    <Card withBorder padding="md" data-testid="import-run" data-status={run.status} data-problems={checked ? problems : undefined}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="start">
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Title order={3} size="h4">
              {run.dryRun ? t("dryRunOf", { file: run.fileName }) : t("importOf", { file: run.fileName })}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`kinds.${run.kind}`)} · {t("rows", { count: run.totalRows })}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Badge color={statusColor} variant="light" style={{ flexShrink: 0 }} data-testid="import-status">
              {statusText}
            </Badge>
            <CloseButton aria-label={t("close")} onClick={onClose} />
          </Group>
        </Group>
        <Progress
          value={percent(run)}
          color={run.status === "failed" ? "red" : checked && problems > 0 ? "orange" : run.status === "completed" ? "teal" : "blue"}
          animated={!finished}
          aria-label={t("progress")}
          data-testid="import-progress"
        />
        {!finished && run.progress && (
          <Text size="sm" c="dimmed">
            {t(`phase.${run.progress.phase}`, { done: run.progress.done, total: run.progress.total })}
          </Text>
        )}
        {finished && (
          <Group gap="xs" data-testid="import-counts">
            {counts.map(([key, n]) => (
              <Badge key={key} variant="outline" color={key === "failed" && n > 0 ? "red" : "gray"} data-testid={`count-${key}`} data-count={n}>
                {t(`counts.${run.dryRun ? "would" : "did"}.${key}`, { count: n })}
              </Badge>
            ))}
          </Group>
        )}
        {failure && (
          <Alert color="red" variant="light" data-testid="import-failure">
            {failure}
          </Alert>
        )}
        {checked && problems > 0 && (
          <Alert color="orange" variant="light" title={t("problemCount", { count: problems })} data-testid="import-problems">
            {t("dryRunProblems", { count: run.counts.failed })}
          </Alert>
        )}
        {finished && run.status === "completed" && problems === 0 && (
          <Alert color="teal" variant="light" data-testid="import-ok">
            {run.dryRun ? t("readyToImport", { count: run.totalRows }) : t("done")}
          </Alert>
        )}
        {run.errors.length > 0 && (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{t("errorsTitle")}</Text>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconDownload size={14} aria-hidden />}
                onClick={() =>
                  downloadCsv(
                    `${run.fileName.replace(/\.[^.]+$/, "")}-errors.csv`,
                    toCsv(
                      [t("columns.row"), t("columns.column"), t("columns.problem")],
                      run.errors.map((e) => [e.row, e.column ? fieldLabel(e.column, t) : "", problemText(e, t)]),
                    ),
                  )
                }
                data-testid="import-error-report"
              >
                {t("errorReport")}
              </Button>
            </Group>
            <DataTable
              tableId="import-errors"
              caption={t("errorsTitle")}
              columns={columns}
              data={run.errors}
              getRowId={(e) => `${e.row}-${e.column ?? ""}-${e.code}`}
              rowName={(e) => t("rowName", { row: e.row })}
              emptyText={t("noErrors")}
              testId="import-errors"
              rowTestId="import-error-row"
            />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
