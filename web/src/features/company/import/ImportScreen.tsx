import { Alert, Button, Card, FileInput, Group, Progress, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconFileSpreadsheet, IconPlayerPlay, IconSearch } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
// Imported for their refusal tables, which errorText reads by code.
import "@tumble/domain/fileRefusals";
import "@tumble/domain/importRefusals";
import { refusalCode } from "@tumble/domain/refusals";
import { IMPORT_COLUMNS, IMPORT_KINDS, importTemplateCsv, missingColumns, type ImportKind, type ImportMapping } from "@tumble/domain/imports";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useAction, useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError } from "../../../lib/notify";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { downloadCsv } from "../../../ui/table/csvDownload";
import { ImportHistory } from "./ImportHistory";
import { ImportRun } from "./ImportRun";
import { fieldLabel, fileProblemText } from "./messages";
import { sendInParts, splitParts } from "../../../lib/uploadParts";
import { MAX_FILE_CHARS, readImportFile } from "./upload";

interface ImportSearch {
  kind: ImportKind;
  run: string;
}

const SEARCH: SearchSchema<ImportSearch> = {
  kind: param.oneOf(IMPORT_KINDS),
  run: param.text(64),
};

interface Loaded {
  /** Which file this is, loaded how many times over: a check is for one loading of one file. */
  seq: number;
  name: string;
  source: { content: string } | { uploadId: string; parts: number };
  headers: string[];
  rowCount: number;
}

/** A refusal by its code (files.<key>, imports.<key>), else what the server said of the file. */
const messageOf = (error: unknown, t: TFunction<"imports">) =>
  refusalCode(error) ? errorText(error, extractErrorMessage(error)) : fileProblemText(extractErrorMessage(error), t);

/** /company/import: pick a kind, get its template, send a file, map its columns, check it (dry run), import it, and the history. */
export function ImportScreen() {
  const { t } = useTranslation("imports");
  const [search, setSearch] = useSearchState(SEARCH);
  const kind: ImportKind = search.kind ?? "stores";
  const uploadPart = useMutation(api.imports.uploadPart);
  const preview = useAction(api.imports.preview);
  const start = useAction(api.imports.start);
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [remembered, setRemembered] = useState(false);
  const loadings = useRef(0);
  /** The latest check (dry run) and what it checked: kind, file and mapping. */
  const [check, setCheck] = useState<{ importId: string; of: string } | null>(null);
  const [reading, setReading] = useState<{ done: number; total: number } | null>(null);
  const [starting, setStarting] = useState<"dry" | "import" | null>(null);

  const load = async (next: File | null, forKind: ImportKind) => {
    setFile(next);
    setLoaded(null);
    if (!next) return;
    try {
      const content = await readImportFile(next);
      if (!content.trim()) return notifyError(t("emptyFile"));
      if (content.length > MAX_FILE_CHARS) return notifyError(t("tooLarge", { size: Math.floor(MAX_FILE_CHARS / 1_000_000) }));
      let source: Loaded["source"] = { content };
      const parts = splitParts(content);
      if (parts.length > 1) {
        source = await sendInParts(parts, uploadPart, (done) => setReading({ done, total: parts.length }));
      }
      const result = await preview({ kind: forKind, fileName: next.name, ...source });
      setMapping(result.mapping);
      setRemembered(result.remembered);
      setLoaded({ seq: ++loadings.current, name: next.name, source, headers: result.headers, rowCount: result.rowCount });
    } catch (error) {
      notifyError(messageOf(error, t));
      setFile(null);
    } finally {
      setReading(null);
    }
  };

  const chooseKind = (next: ImportKind) => {
    setSearch({ kind: next, run: undefined });
    if (file) void load(file, next);
  };

  const missing = loaded ? missingColumns(kind, mapping) : [];
  // Import waits for a check of this file with this mapping: clean, or with problems and the
  // valid rows chosen explicitly (the server writes them and skips the rest, allOrNothing false).
  const checking = loaded ? JSON.stringify([kind, loaded.seq, mapping]) : null;
  const checkRun = useQueryState(api.imports.get, check && check.of === checking ? { importId: check.importId } : "skip").data;
  const checked = checkRun?.status === "completed" && checkRun.dryRun ? checkRun : null;
  const problems = checked ? checked.counts.failed || checked.errors.length : 0;
  const validRows = checked ? checked.totalRows - checked.counts.failed : 0;
  const clean = checked !== null && problems === 0;

  const run = async (dryRun: boolean, allOrNothing = true) => {
    if (!loaded) return;
    setStarting(dryRun ? "dry" : "import");
    try {
      const { importId } = await start({ kind, fileName: loaded.name, ...loaded.source, mapping, dryRun, allOrNothing });
      if (dryRun && checking) setCheck({ importId, of: checking });
      setSearch({ run: importId }, { push: true });
    } catch (error) {
      notifyError(messageOf(error, t));
    } finally {
      setStarting(null);
    }
  };

  const headerOptions = (loaded?.headers ?? []).map((h) => ({ value: h, label: h }));

  return (
    <Stack gap="md">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group align="end" wrap="wrap" gap="sm">
            <Select
              label={t("kind")}
              data={IMPORT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              value={kind}
              onChange={(v) => v && chooseKind(v as ImportKind)}
              allowDeselect={false}
              w={{ base: "100%", xs: 260 }}
              data-testid="import-kind"
            />
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => downloadCsv(`${kind}-template.csv`, importTemplateCsv(kind))}
              data-testid="import-template"
            >
              {t("template")}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t(`hints.${kind}`)}
          </Text>
          <FileInput
            label={t("file")}
            placeholder={t("filePlaceholder")}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            value={file}
            onChange={(f) => void load(f, kind)}
            clearable
            data-testid="import-file"
          />
          {reading && <Progress value={(reading.done / reading.total) * 100} aria-label={t("uploading")} animated />}
        </Stack>
      </Card>

      {loaded && (
        <Card withBorder padding="md" data-testid="import-mapping">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("mapping")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("mappingHelp", { count: loaded.rowCount, file: loaded.name })} {remembered ? t("mappingRemembered") : ""}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              {IMPORT_COLUMNS[kind].map((column) => (
                <Select
                  key={column.key}
                  label={fieldLabel(column.key, t)}
                  description={t(`fields.${column.key}`)}
                  withAsterisk={column.required}
                  placeholder={t("notInFile")}
                  data={headerOptions}
                  value={mapping[column.key] ?? null}
                  onChange={(v) =>
                    setMapping((m) => {
                      const next = { ...m };
                      if (v) next[column.key] = v;
                      else delete next[column.key];
                      return next;
                    })
                  }
                  clearable
                  error={missing.includes(column.key) ? t("required") : undefined}
                  data-testid={`map-${column.key}`}
                />
              ))}
            </SimpleGrid>
            {missing.length > 0 && (
              <Alert color="yellow" variant="light">
                {t("missing", { columns: missing.map((key) => fieldLabel(key, t)).join(", ") })}
              </Alert>
            )}
            <Group gap="sm">
              <Button
                variant="light"
                leftSection={<IconSearch size={16} aria-hidden />}
                onClick={() => void run(true)}
                loading={starting === "dry"}
                disabled={missing.length > 0 || starting !== null}
                data-testid="import-dry-run"
              >
                {t("dryRun")}
              </Button>
              <Button
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                onClick={() => void run(false)}
                loading={starting === "import"}
                disabled={missing.length > 0 || starting !== null || !clean}
                data-testid="import-commit"
              >
                {t("import")}
              </Button>
              {problems > 0 && validRows > 0 && (
                <Button
                  variant="default"
                  color="orange"
                  onClick={() => void run(false, false)}
                  loading={starting === "import"}
                  disabled={missing.length > 0 || starting !== null}
                  data-testid="import-valid-only"
                >
                  {t("importValidOnly", { count: validRows })}
                </Button>
              )}
            </Group>
            {!clean && missing.length === 0 && (
              <Text size="sm" c="dimmed" data-testid="import-commit-hint">
                {problems > 0 ? t("fixFirst") : t("checkFirst")}
              </Text>
            )}
          </Stack>
        </Card>
      )}

      {search.run && <ImportRun importId={search.run} onClose={() => setSearch({ run: undefined })} />}

      <ImportHistory selectedId={search.run ?? null} onOpen={(id) => setSearch({ run: id }, { push: true })} />
    </Stack>
  );
}
