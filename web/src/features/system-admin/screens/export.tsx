import { Alert, Button, Card, Group, Loader, SegmentedControl, Select, Stack, Text } from "@mantine/core";
import { IconDownload, IconFileZip } from "@tabler/icons-react";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { formatBytes } from "../parts/format";
import { downloadBase64 } from "../export/download";

type Result = ReturnsOf<typeof api.exports.company>;

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
  const exportCompany = useMutation(api.exports.company);
  const exportUser = useMutation(api.exports.user);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const selected = what === "company" ? search.company : search.user;

  const run = async () => {
    if (!selected) return;
    setBusy(true);
    setResult(null);
    try {
      const made = what === "company" ? await exportCompany({ companyId: selected }) : await exportUser({ userId: selected });
      setResult(made);
      downloadBase64(made.base64, made.fileName);
      notifySuccess(t("export.done", { file: made.fileName }));
    } catch (error) {
      notifyError(extractErrorMessage(error, t("export.failed")));
    } finally {
      setBusy(false);
    }
  };

  const userOptions = (users ?? []).map((u) => ({ value: u.id, label: u.name && u.email ? `${u.name} · ${u.email}` : (u.email ?? u.name ?? u.id) }));
  const rows = result ? result.files.reduce((sum, f) => sum + f.rows, 0) : 0;

  return (
    <Stack gap="md" maw={760}>
      <ScreenTitle title={t("export.title")} subtitle={t("export.subtitle")} />
      <Card withBorder>
        <Stack gap="sm">
          <SegmentedControl
            value={what}
            onChange={(v) => {
              setResult(null);
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
                setResult(null);
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
                setResult(null);
                setSearch({ user: v ?? undefined });
              }}
              data-testid="export-user"
            />
          )}
          <Group>
            <Button leftSection={<IconFileZip size={18} />} onClick={() => void run()} disabled={!selected} loading={busy} data-testid="export-run">
              {t("export.run")}
            </Button>
          </Group>
          {busy ? (
            <Group gap="xs" role="status" aria-live="polite">
              <Loader size="sm" />
              <Text size="sm">{t("export.preparing")}</Text>
            </Group>
          ) : null}
        </Stack>
      </Card>
      {result ? (
        <Alert color="green" title={t("export.readyTitle")} data-testid="export-result">
          <Stack gap="xs">
            <Text size="sm">
              {t("export.ready", { file: result.fileName, size: formatBytes(result.bytes, i18n.language), tables: result.files.length, rows })}
            </Text>
            <Group>
              <Button size="xs" variant="light" leftSection={<IconDownload size={16} />} onClick={() => downloadBase64(result.base64, result.fileName)}>
                {t("export.downloadAgain")}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
