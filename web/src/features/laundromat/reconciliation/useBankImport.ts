import { formatCount } from "@tumble/domain/numberFormat";
import Papa from "papaparse";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { mappingErrors, parseCsvStatement, type BankMapping, type RowError } from "@tumble/domain/bankStatement";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { formatDisplayDate } from "../collections/format";
import { errorText } from "../cash/messages";
import { rowErrorText } from "./BankMessages";
import { MAX_PARTS, cleanMapping, detectFormat, initialMapping, type StatementFormat } from "./BankUpload";
import { PART_CHARS, sendInParts, splitParts } from "../../../lib/uploadParts";
import { currentLanguage } from "../../../lib/i18n";

export const PREVIEW_ROWS = 5;
/** 50,000 rather than 50000. */
export const whole = (n: number) => formatCount(n, currentLanguage());
/** The largest file read: as many parts as one upload may have. */
const MAX_FILE_CHARS = PART_CHARS * MAX_PARTS;

export interface Loaded {
  name: string;
  content: string;
  format: StatementFormat;
  headers: string[];
  /** The first rows as the file has them, blank ones left out, with their row in the file. */
  rows: Array<{ row: number; cells: string[] }>;
  /** Rows in the file besides the header (CSV) or lines (OFX), roughly. */
  lineCount: number;
}

export interface Check {
  added: number;
  duplicates: number;
  errors: RowError[];
}

export interface Progressing {
  phase: "upload" | "check" | "import";
  done: number;
  total: number;
}

export type PreviewRow = { row: number; cells: string[]; readAs: string; error: string | null };

function readFile(file: File): Promise<string> {
  return file.text();
}

/** The statement import's state: the file read, its mapping and preview, the check and the import, sent in parts. */
export function useBankImport({ accountId, remembered, onClose }: { accountId: string; remembered: BankMapping | null; onClose: () => void }) {
  const { t } = useTranslation("bank");
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

  /** A mapped column changed: the last check no longer holds. */
  const mapColumn = (field: keyof BankMapping, value: string | null) => {
    setMapping((m) => ({ ...m, [field]: value ?? "" }));
    setCheck(null);
  };
  const chooseAmountMode = (mode: "amount" | "split") => {
    setAmountMode(mode);
    setCheck(null);
  };

  return {
    file,
    loaded,
    fileError,
    mapping,
    mapColumn,
    amountMode,
    chooseAmountMode,
    check,
    validOnly,
    setValidOnly,
    progress,
    mappingProblems,
    previewRows,
    choose,
    close,
    runCheck,
    runImport,
  };
}
