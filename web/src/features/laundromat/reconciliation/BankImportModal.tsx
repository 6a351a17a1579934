import { Alert, Button, FileInput, Group, Modal, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { BankMapping } from "@tumble/domain/bankStatement";
import { BankImportMapping } from "./BankImportMapping";
import { BankImportProgress } from "./BankImportProgress";
import { useBankImport } from "./useBankImport";

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
  const {
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
  } = useBankImport({ accountId, remembered, onClose });
  const busy = progress !== null;

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
          <BankImportMapping
            loaded={loaded}
            remembered={Boolean(remembered)}
            isPhone={isPhone}
            mapping={mapping}
            onMap={mapColumn}
            amountMode={amountMode}
            onAmountMode={chooseAmountMode}
            mappingProblems={mappingProblems}
            previewRows={previewRows}
          />
        ) : null}
        <BankImportProgress progress={progress} check={check} lineCount={loaded?.lineCount ?? 0} validOnly={validOnly} onValidOnly={setValidOnly} />
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
