import { Alert, Button, Card, Group, Progress, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { IconDownload, IconFileZip } from "@tabler/icons-react";
// Imported for its refusal table, which errorText reads by code (and the download's answer by its English).
import "@tumble/domain/exportRefusals";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useAction, useQuery, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { formatBytes } from "../parts/format";
import { downloadExport } from "../export/download";
import { formatCount } from "@tumble/domain/numberFormat";

interface ExportSearch {
  what: "company" | "user";
  company: string;
  user: string;
}
const SEARCH: SearchSchema<ExportSearch> = { what: param.oneOf(["company", "user"] as const), company: param.text(64), user: param.text(64) };

/** /system-admin/export: a company's complete data, or one person's personal data, as a zip of CSV files. */
export default function SystemAdminExport() {
  const { t, i18n } = useTranslation(["platformData", "common"]);
  const [search, setSearch] = useSearchState(SEARCH);
  const what = search.what ?? "company";
  const [userSearch, setUserSearch] = useState("");
  const companies = useQuery(api.systemAdmin.listCompanies, {});
  const users = useQuery(api.systemAdmin.listUsers, what === "user" ? { search: userSearch } : "skip");
  const exportCompany = useAction(api.exports.company);
  const exportUser = useAction(api.exports.user);
  const [starting, setStarting] = useState(false);
  const [exportId, setExportId] = useState<string | null>(null);
  // A job the server no longer has (it expired, or the server restarted) is shown as an error, not thrown.
  const jobState = useQueryState(api.exports.get, exportId ? { exportId } : "skip");
  const job = jobState.data;
  const selected = what === "company" ? search.company : search.user;
  const saved = useRef<string | null>(null);

  const save = (id: string, fileName: string) => downloadExport(id, fileName).catch((e: unknown) => notifyError(errorText(e, t("export.failed"))));

  // The file is handed to the browser once, when the export is ready.
  useEffect(() => {
    if (!job || saved.current === job.exportId) return;
    if (job.status === "ready") {
      saved.current = job.exportId;
      void save(job.exportId, job.fileName).then(() => notifySuccess(t("export.done", { file: job.fileName })));
    } else if (job.status === "failed") {
      saved.current = job.exportId;
      notifyError(t("export.failed"));
    }
    // save closes over t only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job, t]);

  const run = async () => {
    if (!selected) return;
    setStarting(true);
    setExportId(null);
    try {
      const started = what === "company" ? await exportCompany({ companyId: selected }) : await exportUser({ userId: selected });
      setExportId(started.exportId);
    } catch (error) {
      notifyError(errorText(error, t("export.failed")));
    } finally {
      setStarting(false);
    }
  };

  const running = starting || job?.status === "queued" || job?.status === "running";
  const percent = job && job.filesTotal ? Math.round((100 * job.filesDone) / job.filesTotal) : 0;
  const userOptions = (users ?? []).map((u) => ({ value: u.id, label: u.name && u.email ? `${u.name} · ${u.email}` : (u.email ?? u.name ?? u.id) }));
  const rows = job ? job.files.reduce((sum, f) => sum + f.rows, 0) : 0;

  return (
    <Stack gap="md" maw={760}>
      <ScreenTitle title={t("export.title")} subtitle={t("export.subtitle")} />
      <Card withBorder>
        <Stack gap="sm">
          <SegmentedControl
            value={what}
            onChange={(v) => {
              setExportId(null);
              setSearch({ what: v as ExportSearch["what"] });
            }}
            data={[
              { value: "company", label: t("export.company") },
              { value: "user", label: t("export.user") },
            ]}
            aria-label={t("export.what")}
          />
          <Text size="sm" c="dimmed">
            {what === "company" ? t("export.companyHelp") : t("export.userHelp")}
          </Text>
          {what === "company" ? (
            <Select
              label={t("export.pickCompany")}
              placeholder={t("export.searchCompany")}
              searchable
              nothingFoundMessage={t("export.noMatch")}
              data={(companies ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.companyCode}` }))}
              value={search.company ?? null}
              onChange={(v) => {
                setExportId(null);
                setSearch({ company: v ?? undefined });
              }}
              data-testid="export-company"
            />
          ) : (
            <Select
              label={t("export.pickUser")}
              placeholder={t("export.searchUser")}
              searchable
              searchValue={userSearch}
              onSearchChange={setUserSearch}
              filter={({ options }) => options}
              nothingFoundMessage={t("export.noMatch")}
              data={userOptions}
              value={search.user ?? null}
              onChange={(v) => {
                setExportId(null);
                setSearch({ user: v ?? undefined });
              }}
              data-testid="export-user"
            />
          )}
          <Group>
            <Button
              leftSection={<IconFileZip size={18} />}
              onClick={() => void run()}
              disabled={!selected || running}
              loading={running}
              data-testid="export-run"
            >
              {t("export.run")}
            </Button>
          </Group>
          {running ? (
            <Stack gap={4} role="status" aria-live="polite" data-testid="export-progress">
              <Progress value={percent} size="lg" animated striped aria-label={t("export.progress", { percent })} />
              <Text size="sm" c="dimmed">
                {job && job.filesTotal
                  ? t("export.progressText", { done: job.filesDone, total: job.filesTotal, rows: formatCount(job.rows, i18n.language) })
                  : t("export.preparing")}
              </Text>
            </Stack>
          ) : null}
          {exportId && jobState.error ? (
            <Alert color="red" data-testid="export-error">
              {errorText(jobState.error, t("export.failed"))}
            </Alert>
          ) : null}
          {job?.status === "failed" ? (
            <Alert color="red" data-testid="export-error">
              {t("export.failedWith", { error: job.error ?? "" })}
            </Alert>
          ) : null}
        </Stack>
      </Card>
      {job?.status === "ready" ? (
        <Alert color="green" title={t("export.readyTitle")} data-testid="export-result">
          <Stack gap="xs">
            <Text size="sm">
              {t("export.ready", {
                file: job.fileName,
                size: formatBytes(job.bytes ?? 0, i18n.language),
                tables: job.files.length,
                rows: formatCount(rows, i18n.language),
              })}
            </Text>
            <Group>
              <Button size="xs" variant="light" leftSection={<IconDownload size={16} />} onClick={() => void save(job.exportId, job.fileName)}>
                {t("export.downloadAgain")}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
