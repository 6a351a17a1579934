import { Alert, Checkbox, Progress, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { RowError } from "@tumble/domain/bankStatement";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { rowErrorText } from "./BankMessages";
import { whole, type Check, type Progressing } from "./useBankImport";

export interface BankImportProgressProps {
  progress: Progressing | null;
  check: Check | null;
  lineCount: number;
  validOnly: boolean;
  onValidOnly: (validOnly: boolean) => void;
}

/** The upload, check or import under way, then the check's answer: all rows fine, or the rows at fault. */
export function BankImportProgress({ progress, check, lineCount, validOnly, onValidOnly }: BankImportProgressProps) {
  const { t } = useTranslation("bank");
  const errorColumns = useMemo<DataColumn<RowError>[]>(
    () => [
      { id: "row", header: t("import.row"), cell: (e) => t("import.rowName", { row: e.row }), sortValue: (e) => e.row, card: "badge", width: 110 },
      { id: "message", header: t("import.reason"), cell: (e) => rowErrorText(e.message, t), sortValue: (e) => e.message, card: "title" },
    ],
    [t],
  );
  const validRows = check ? check.added : 0;
  const percent = progress ? (progress.phase === "upload" ? Math.round((progress.done / progress.total) * 100) : 100) : 0;

  return (
    <>
      {progress ? (
        <Stack gap={4} data-testid="import-progress">
          <Text size="sm">
            {progress.phase === "upload"
              ? t("import.uploading", { done: progress.done, total: progress.total })
              : progress.phase === "check"
                ? t("import.checking", { count: lineCount })
                : t("import.importing", { count: check ? (validOnly ? check.added : check.added) : 0 })}
          </Text>
          <Progress value={percent} animated={progress.phase !== "upload"} striped={progress.phase !== "upload"} size="lg" aria-label={t("import.progress")} />
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
                onChange={(e) => onValidOnly(e.currentTarget.checked)}
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
    </>
  );
}
