import { Alert, Autocomplete, Button, FileInput, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  MAX_IMPORT_CHARS,
  OTHER_REVENUE_SOURCES,
  guessRevenueMapping,
  revenueFileHeaders,
  type OtherRevenueSource,
  type RevenueMapping,
} from "@tumble/domain/economicsInputs";
import { formatUSD } from "@tumble/domain/money";
import { refusalText } from "@tumble/domain/refusals";
import { errorText } from "../../../../lib/errorText";
import { currentLanguage } from "../../../../lib/i18n";
import { useMutation, useQuery } from "../../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../../lib/notify";
import { DataTable } from "../../../../ui/table/DataTable";
import type { DataColumn } from "../../../../ui/table/types";
import { setupApi, type ImportResult } from "./api";

// Card and app revenue from a payment system's CSV export: choose the file, map its columns (the
// mapping is remembered per payment system), check it (a dry run listing every bad row), then
// import; a file with a bad row imports nothing, and rows imported before are skipped.

const FIELDS = ["date", "amount", "store", "machine", "source", "reference"] as const;
type Field = (typeof FIELDS)[number];
const REQUIRED: readonly Field[] = ["date", "amount"];

type RowError = ImportResult["errors"][number];

export function ImportSection({ storeId, storeName, canEdit }: { storeId: string; storeName: string; canEdit: boolean }) {
  const { t } = useTranslation("economicsSetup");
  const providers = useQuery(setupApi.revenueImportProviders, {});
  const run = useMutation(setupApi.importRevenue);
  const [provider, setProvider] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Partial<RevenueMapping>>({});
  const [defaultSource, setDefaultSource] = useState<OtherRevenueSource>("card");
  const [result, setResult] = useState<ImportResult | null>(null);
  const [checkedFor, setCheckedFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  if (!canEdit) return null;

  const remembered = (name: string) => providers?.find((p) => p.provider.toLowerCase() === name.trim().toLowerCase())?.mapping ?? null;
  const key = JSON.stringify({ provider, mapping, defaultSource, storeId, size: content?.length });

  const choose = async (f: File | null) => {
    setFile(f);
    setResult(null);
    setFileError(null);
    setContent(null);
    setHeaders([]);
    if (!f) return;
    const text = await f.text();
    if (text.length > MAX_IMPORT_CHARS) {
      setFileError(t("import.tooLarge"));
      return;
    }
    const names = revenueFileHeaders(text);
    setContent(text);
    setHeaders(names);
    const known = remembered(provider);
    setMapping(known && Object.values(known).every((c) => !c || names.includes(c)) ? known : guessRevenueMapping(names));
  };

  const complete = REQUIRED.every((f) => mapping[f]);
  const call = async (dryRun: boolean) => {
    if (!content || !complete) return;
    setBusy(true);
    try {
      const clean = Object.fromEntries(Object.entries(mapping).filter(([, v]) => v)) as unknown as RevenueMapping;
      const answer = await run({ provider: provider.trim(), content, mapping: clean, storeId, defaultSource, dryRun });
      setResult(answer);
      setCheckedFor(dryRun ? key : null);
      if (!dryRun && answer.errorCount === 0) {
        notifySuccess(t("import.done", { count: answer.added, amount: formatUSD(answer.totalCents), skipped: answer.alreadyImported }));
        setFile(null);
        setContent(null);
        setHeaders([]);
      }
    } catch (error) {
      notifyError(errorText(error, t("failed")));
    } finally {
      setBusy(false);
    }
  };

  const language = currentLanguage();
  const errorColumns: DataColumn<RowError>[] = [
    { id: "row", header: t("import.row"), cell: (e) => e.row, sortValue: (e) => e.row, card: "title", width: 80 },
    {
      id: "problem",
      header: t("import.problem"),
      cell: (e) => refusalText({ code: e.code, params: e.params }, language) ?? e.message,
      sortValue: (e) => e.code,
      csv: (e) => refusalText({ code: e.code, params: e.params }, language) ?? e.message,
    },
  ];
  const checked = result !== null && checkedFor === key;

  return (
    <Stack gap="sm" data-testid="economics-import">
      <Stack gap={2}>
        <Title order={3} size="h4">
          {t("import.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("import.help", { store: storeName })}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Autocomplete
          label={t("import.provider")}
          description={t("import.providerHelp")}
          data={(providers ?? []).map((p) => p.provider)}
          value={provider}
          onChange={(v) => {
            setProvider(v);
            const known = remembered(v);
            if (known && headers.length) setMapping(known);
          }}
          maxLength={60}
          size="md"
          data-testid="economics-import-provider"
        />
        <FileInput
          label={t("import.file")}
          description={t("import.fileHelp")}
          placeholder={t("import.choose")}
          accept=".csv,.txt,text/csv"
          value={file}
          onChange={(f) => void choose(f)}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          clearable
          size="md"
          error={fileError}
          data-testid="economics-import-file"
        />
      </SimpleGrid>
      {headers.length ? (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t("import.mapping")}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {FIELDS.map((field) => (
              <Select
                key={field}
                label={t(`import.fields.${field}`)}
                withAsterisk={REQUIRED.includes(field)}
                clearable={!REQUIRED.includes(field)}
                data={headers}
                value={mapping[field] ?? null}
                onChange={(v) => setMapping((m) => ({ ...m, [field]: v ?? undefined }))}
                size="md"
                data-testid={`economics-import-map-${field}`}
              />
            ))}
            <Select
              label={t("import.defaultSource")}
              allowDeselect={false}
              data={OTHER_REVENUE_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }))}
              value={defaultSource}
              onChange={(v) => setDefaultSource((v ?? "card") as OtherRevenueSource)}
              size="md"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t("import.mappingHelp", { store: storeName })}
          </Text>
        </Stack>
      ) : null}
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          onClick={() => void call(true)}
          loading={busy}
          disabled={!content || !complete || !provider.trim()}
          data-testid="economics-import-check"
        >
          {t("import.check")}
        </Button>
        <Button
          onClick={() => void call(false)}
          loading={busy}
          disabled={!checked || result.errorCount > 0 || result.added === 0}
          data-testid="economics-import-run"
        >
          {t("import.run")}
        </Button>
      </Group>
      {result ? (
        result.errorCount > 0 ? (
          <Stack gap="xs">
            <Alert color="red" variant="light" data-testid="economics-import-errors">
              {t("import.badRows", { count: result.errorCount, rows: result.rows })}
            </Alert>
            <DataTable
              tableId="economics-import-errors"
              caption={t("import.errorsCaption")}
              columns={errorColumns}
              data={result.errors}
              getRowId={(e) => `${e.row}-${e.code}`}
              rowName={(e) => t("import.rowNamed", { row: e.row })}
              emptyText=""
              exportName="card-import-errors"
              pageSize={20}
              testId="economics-import-error-table"
              rowTestId="economics-import-error"
              rowAttributes={(e) => ({ "data-row": String(e.row), "data-code": e.code })}
            />
          </Stack>
        ) : (
          <Alert color={checked ? "blue" : "green"} variant="light" data-testid="economics-import-summary">
            {t(checked ? "import.ready" : "import.imported", { count: result.added, amount: formatUSD(result.totalCents), skipped: result.alreadyImported })}
          </Alert>
        )
      ) : null}
    </Stack>
  );
}
