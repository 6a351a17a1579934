import { Alert, Button, Checkbox, FileInput, Group, Modal, Progress, SegmentedControl, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconAlertTriangle, IconFileSpreadsheet } from "@tabler/icons-react";
import Papa from "papaparse";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { mappingErrors, parseCsvStatement, type BankMapping, type RowError } from "@tumble/domain/bankStatement";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { formatDisplayDate } from "../collections/format";
import { errorText } from "../cash/messages";
import { rowErrorText } from "./BankMessages";
import { MAX_PARTS, cleanMapping, detectFormat, initialMapping, type StatementFormat } from "./BankUpload";
import { PART_CHARS, sendInParts, splitParts } from "../../../lib/uploadParts";

const PREVIEW_ROWS = 5;
/** 50,000 rather than 50000. */
const whole = (n: number) => n.toLocaleString("en-US");
/** The largest file read: as many parts as one upload may have. */
const MAX_FILE_CHARS = PART_CHARS * MAX_PARTS;

interface Loaded {
  name: string;
  content: string;
  format: StatementFormat;
  headers: string[];
  /** The first rows as the file has them, blank ones left out, with their row in the file. */
  rows: Array<{ row: number; cells: string[] }>;
  /** Rows in the file besides the header (CSV) or lines (OFX), roughly. */
  lineCount: number;
}

interface Check {
  added: number;
  duplicates: number;
  errors: RowError[];
}

interface Progressing {
  phase: "upload" | "check" | "import";
  done: number;
  total: number;
}

type PreviewRow = { row: number; cells: string[]; readAs: string; error: string | null };

function readFile(file: File): Promise<string> {
  return file.text();
}

/** Imports a CSV (columns mapped, first rows previewed) or OFX/QFX statement: checked first, then imported, in parts with progress. */
export function BankImportModal({
  opened,
  onClose,
  accountId,
  remembered,
}: {
  opened: boolean;
  onClose: () => void;
  accountId: string;
  remembered: BankMapping | null;
}) {
  const { t } = useTranslation("bank");
  const isPhone = useMediaQuery("(max-width: 48em)") ?? false;
  const uploadPart = useMutation(api.bankLines.uploadPart);
  const importStatement = useMutation(api.bankLines.import);
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<BankMapping>({ date: "", description: "" });
  const [amountMode, setAmountMode] = useState<"amount" | "split">("amount");
  const [check, setCheck] = useState<Check | null>(null);
  const [validOnly, setValidOnly] = useState(false);
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [upload, setUpload] = useState<{ id: string; parts: number; content: string } | null>(null);

  const reset = () => {
    setFile(null);
    setLoaded(null);
    setFileError(null);
    setCheck(null);
    setValidOnly(false);
    setProgress(null);
    setUpload(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const choose = async (next: File | null) => {
    reset();
    setFile(next);
    if (!next) return;
    const content = await readFile(next);
    if (!content.trim()) return setFileError(t("import.emptyFile"));
    if (content.length > MAX_FILE_CHARS) return setFileError(t("import.tooLarge", { size: Math.floor(MAX_FILE_CHARS / 1_000_000) }));
    const format = detectFormat(next.name, content);
    if (format === "ofx") {
      setLoaded({ name: next.name, content, format, headers: [], rows: [], lineCount: (content.match(/<STMTTRN>/gi) ?? []).length });
      return;
    }
    const preview = Papa.parse<string[]>(content.replace(/^\uFEFF/, ""), { preview: PREVIEW_ROWS + 1, skipEmptyLines: false });
    const headers = (preview.data[0] ?? []).map((h) => h.trim());
    const start = initialMapping(headers, remembered);
    setMapping(start);
    setAmountMode(start.amount || (!start.debit && !start.credit) ? "amount" : "split");
    setLoaded({
      name: next.name,
      content,
      format,
      headers,
      rows: preview.data
        .map((cells, i) => ({ row: i + 1, cells }))
        .slice(1)
        .filter((r) => r.cells.some((c) => c.trim() !== "")),
      lineCount: Math.max(0, content.split("\n").filter((l) => l.trim()).length - 1),
    });
  };

  const effective = useMemo<BankMapping>(() => {
    const m = { ...mapping };
    if (amountMode === "amount") {
      delete m.debit;
      delete m.credit;
    } else delete m.amount;
    return cleanMapping(m);
  }, [mapping, amountMode]);

  const mappingProblems = loaded?.format === "csv" ? mappingErrors(effective, loaded.headers) : [];

  // The preview: the first rows as read with the current mapping.
  const previewRows = useMemo<PreviewRow[]>(() => {
    if (!loaded || loaded.format !== "csv") return [];
    // Read one row at a time, so each keeps its row number whatever lies between them.
    const valid = mappingErrors(effective, loaded.headers).length === 0;
    return loaded.rows.map(({ row, cells }) => {
      const parsed = valid ? parseCsvStatement(Papa.unparse([loaded.headers, cells]), effective) : null;
      const line = parsed?.lines[0];
      const error = parsed?.errors.find((e) => e.row === 2);
      return {
        row,
        cells,
        readAs: line ? `${formatDisplayDate(line.date)} · ${formatUSD(line.amountCents)}` : "",
        error: error ? rowErrorText(error.message, t) : null,
      };
    });
  }, [loaded, effective, t]);

  const previewColumns = useMemo<DataColumn<PreviewRow>[]>(
    () => [
      { id: "row", header: t("import.row"), cell: (r) => r.row, card: "title", hideable: false },
      ...(loaded?.headers ?? []).map((h, i) => ({
        id: `c${i}`,
        header: h || t("import.unnamedColumn", { n: i + 1 }),
        cell: (r: PreviewRow) => r.cells[i] ?? "",
      })),
      {
        id: "readAs",
        header: t("import.readAs"),
        hideable: false,
        card: "aside" as const,
        cell: (r: PreviewRow) =>
          r.error ? (
            <Text c="red.8" size="sm" inherit>
              {r.error}
            </Text>
          ) : (
            r.readAs
          ),
      },
    ],
    [loaded, t],
  );

  const errorColumns = useMemo<DataColumn<RowError>[]>(
    () => [
      { id: "row", header: t("import.row"), cell: (e) => t("import.rowName", { row: e.row }), sortValue: (e) => e.row, card: "badge", width: 110 },
      { id: "message", header: t("import.reason"), cell: (e) => rowErrorText(e.message, t), sortValue: (e) => e.message, card: "title" },
    ],
    [t],
  );

  /** Sends the file in parts once per content; a check and the import then read the same upload. */
  const send = async (content: string) => {
    if (upload?.content === content) return upload;
    const parts = splitParts(content);
    const { uploadId: id } = await sendInParts(parts, uploadPart, (done) => setProgress({ phase: "upload", done, total: parts.length }));
    const sent = { id, parts: parts.length, content };
    setUpload(sent);
    return sent;
  };

  const args = (sent: { id: string; parts: number }) => ({
    accountId,
    format: loaded!.format,
    uploadId: sent.id,
    parts: sent.parts,
    ...(loaded!.format === "csv" ? { mapping: effective } : {}),
  });

  const runCheck = async () => {
    if (!loaded || mappingProblems.length) return;
    setCheck(null);
    setValidOnly(false);
    try {
      const sent = await send(loaded.content);
      setProgress({ phase: "check", done: 0, total: 1 });
      // A check of the valid rows too, so the answer says how many of them there are besides the errors.
      const result = await importStatement({ ...args(sent), dryRun: true, validOnly: true });
      setCheck({ added: result.added, duplicates: result.duplicates, errors: result.errors });
    } catch (error) {
      setUpload(null);
      notifyError(errorText(error, t("import.failed")));
    } finally {
      setProgress(null);
    }
  };

  const runImport = async () => {
    if (!loaded || !check) return;
    try {
      const sent = await send(loaded.content);
      setProgress({ phase: "import", done: 0, total: 1 });
      const result = await importStatement({ ...args(sent), ...(validOnly ? { validOnly: true } : {}) });
      if (result.errors.length && !validOnly) {
        setCheck({ added: 0, duplicates: 0, errors: result.errors });
        return;
      }
      setUpload(null);
      notifySuccess(t("import.done", { added: whole(result.added), duplicates: whole(result.duplicates), matched: whole(result.matched) }));
      close();
    } catch (error) {
      // The upload may be gone (taken by another import, or too old): send it again next time.
      setUpload(null);
      notifyError(errorText(error, t("import.failed")));
    } finally {
      setProgress(null);
    }
  };

  const columnOptions = (loaded?.headers ?? []).filter(Boolean).map((h) => ({ value: h, label: h }));
  const picker = (field: keyof BankMapping, label: string, required: boolean) => (
    <Select
      label={label}
      data={columnOptions}
      value={mapping[field] || null}
      onChange={(v) => {
        setMapping((m) => ({ ...m, [field]: v ?? "" }));
        setCheck(null);
      }}
      withAsterisk={required}
      clearable={!required}
      placeholder={required ? t("import.pick") : t("import.none")}
      size="md"
      data-testid={`map-${field}`}
    />
  );

  const busy = progress !== null;
  const validRows = check ? check.added : 0;
  const percent = progress ? (progress.phase === "upload" ? Math.round((progress.done / progress.total) * 100) : 100) : 0;

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : close} title={t("import.title")} size="xl" fullScreen={isPhone} closeOnClickOutside={!busy}>
      <Stack gap="md" data-testid="import-dialog">
        <FileInput
          label={t("import.file")}
          description={t("import.fileHelp")}
          placeholder={t("import.choose")}
          accept=".csv,.ofx,.qfx,.txt,text/csv"
          value={file}
          onChange={(f) => void choose(f)}
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          clearable
          disabled={busy}
          size="md"
          error={fileError}
          data-testid="import-file"
        />
        {loaded?.format === "ofx" ? (
          <Alert color="blue" variant="light">
            {t("import.ofxFound", { count: loaded.lineCount })}
          </Alert>
        ) : null}
        {loaded?.format === "csv" ? (
          <>
            <Text size="sm" c="dimmed">
              {remembered ? t("import.mappingRemembered") : t("import.mappingHelp")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {picker("date", t("import.columns.date"), true)}
              {picker("description", t("import.columns.description"), true)}
            </SimpleGrid>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="amount-mode">
                {t("import.amountMode")}
              </Text>
              <SegmentedControl
                aria-labelledby="amount-mode"
                orientation={isPhone ? "vertical" : "horizontal"}
                fullWidth
                value={amountMode}
                onChange={(v) => {
                  setAmountMode(v as "amount" | "split");
                  setCheck(null);
                }}
                data={[
                  { value: "amount", label: t("import.oneColumn") },
                  { value: "split", label: t("import.debitCredit") },
                ]}
                data-testid="amount-mode"
              />
            </Stack>
            <SimpleGrid cols={{ base: 1, sm: amountMode === "amount" ? 2 : 3 }} spacing="sm">
              {amountMode === "amount" ? (
                picker("amount", t("import.columns.amount"), true)
              ) : (
                <>
                  {picker("debit", t("import.columns.debit"), false)}
                  {picker("credit", t("import.columns.credit"), false)}
                </>
              )}
              {picker("reference", t("import.columns.reference"), false)}
            </SimpleGrid>
            {mappingProblems.length ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="mapping-errors">
                <Stack gap={2}>
                  {mappingProblems.map((p) => (
                    <Text key={p} size="sm">
                      {rowErrorText(p, t)}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            <Text fw={600} size="sm">
              {t("import.preview", { count: Math.min(PREVIEW_ROWS, loaded.rows.length), total: whole(loaded.lineCount) })}
            </Text>
            <DataTable
              tableId="bank-import-preview"
              caption={t("import.previewCaption")}
              columns={previewColumns}
              data={previewRows}
              getRowId={(r) => String(r.row)}
              rowName={(r) => t("import.rowName", { row: r.row })}
              testId="import-preview"
              rowTestId="preview-row"
              emptyText={t("import.noRows")}
            />
          </>
        ) : null}
        {progress ? (
          <Stack gap={4} data-testid="import-progress">
            <Text size="sm">
              {progress.phase === "upload"
                ? t("import.uploading", { done: progress.done, total: progress.total })
                : progress.phase === "check"
                  ? t("import.checking", { count: loaded?.lineCount ?? 0 })
                  : t("import.importing", { count: check ? (validOnly ? check.added : check.added) : 0 })}
            </Text>
            <Progress
              value={percent}
              animated={progress.phase !== "upload"}
              striped={progress.phase !== "upload"}
              size="lg"
              aria-label={t("import.progress")}
            />
          </Stack>
        ) : null}
        {check ? (
          check.errors.length ? (
            <Stack gap="sm" data-testid="import-errors">
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                title={t("import.errorsTitle", { count: check.errors.length })}
              >
                {t("import.errorsBody", { valid: validRows })}
              </Alert>
              <DataTable
                tableId="bank-import-errors"
                caption={t("import.errorsCaption")}
                columns={errorColumns}
                data={check.errors}
                getRowId={(e) => `${e.row}:${e.message}`}
                defaultSort={{ id: "row", desc: false }}
                pageSize={10}
                rowName={(e) => t("import.rowName", { row: e.row })}
                testId="import-error-rows"
                rowTestId="import-error"
                emptyText=""
              />
              {validRows > 0 ? (
                <Checkbox
                  label={t("import.validOnly", { count: validRows })}
                  checked={validOnly}
                  onChange={(e) => setValidOnly(e.currentTarget.checked)}
                  data-testid="import-valid-only"
                />
              ) : null}
            </Stack>
          ) : (
            <Alert color="teal" variant="light" data-testid="import-check-ok">
              {t("import.checkOk", { added: whole(check.added), duplicates: whole(check.duplicates) })}
            </Alert>
          )
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={busy} size="md">
            {t("cancel")}
          </Button>
          {check && (!check.errors.length || validOnly) ? (
            <Button onClick={() => void runImport()} loading={busy} disabled={check.added === 0} size="md" data-testid="import-confirm">
              {validOnly ? t("import.importValid", { count: check.added }) : t("import.importAll", { count: check.added })}
            </Button>
          ) : (
            <Button onClick={() => void runCheck()} loading={busy} disabled={!loaded || mappingProblems.length > 0} size="md" data-testid="import-check">
              {t("import.check")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
