import { Alert, Select, SegmentedControl, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { BankMapping } from "@tumble/domain/bankStatement";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { rowErrorText } from "./BankMessages";
import { PREVIEW_ROWS, whole, type Loaded, type PreviewRow } from "./useBankImport";

export interface BankImportMappingProps {
  loaded: Loaded;
  remembered: boolean;
  isPhone: boolean;
  mapping: BankMapping;
  onMap: (field: keyof BankMapping, value: string | null) => void;
  amountMode: "amount" | "split";
  onAmountMode: (mode: "amount" | "split") => void;
  mappingProblems: string[];
  previewRows: PreviewRow[];
}

/** A CSV statement's columns mapped to date, description, amount and reference, with its first rows as read. */
export function BankImportMapping({
  loaded,
  remembered,
  isPhone,
  mapping,
  onMap,
  amountMode,
  onAmountMode,
  mappingProblems,
  previewRows,
}: BankImportMappingProps) {
  const { t } = useTranslation("bank");
  const previewColumns = useMemo<DataColumn<PreviewRow>[]>(
    () => [
      { id: "row", header: t("import.row"), cell: (r) => r.row, card: "title", hideable: false },
      ...(loaded.headers ?? []).map((h, i) => ({
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

  const columnOptions = loaded.headers.filter(Boolean).map((h) => ({ value: h, label: h }));
  const picker = (field: keyof BankMapping, label: string, required: boolean) => (
    <Select
      label={label}
      data={columnOptions}
      value={mapping[field] || null}
      onChange={(v) => onMap(field, v)}
      withAsterisk={required}
      clearable={!required}
      placeholder={required ? t("import.pick") : t("import.none")}
      size="md"
      data-testid={`map-${field}`}
    />
  );

  return (
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
          onChange={(v) => onAmountMode(v as "amount" | "split")}
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
  );
}
