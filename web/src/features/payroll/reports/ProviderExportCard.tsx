import { Alert, Button, Card, Group, List, Select, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PAYROLL_FORMATS, type PayrollExport, type PayrollFormat } from "@tumble/domain/payrollOutputs";
import { api } from "../../../lib/api";
import { runQuery } from "../../../lib/client";
import { useQueryState } from "../../../lib/hooks";
import { notifyError } from "../../../lib/notify";
import { errorText } from "../../../lib/errorText";
import { AppLink } from "../parts/AppLink";
import { saveFile } from "../../../lib/download";
import { money, rangeLabel } from "../parts/format";

/**
 * A period's file for the payroll provider (decision 0054): our generic columns, or Gusto's, ADP
 * Workforce Now's or Paychex Flex's import layout by the provider's employee ids, warning about
 * the people the file could not name that way.
 */
export function ProviderExportCard() {
  const { t } = useTranslation("payroll");
  const periods = useQueryState(api.payPeriods.list, {});
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [format, setFormat] = useState<PayrollFormat>("generic");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<PayrollExport | null>(null);
  // The newest period that has ended is the one usually sent; any other can be chosen.
  const offered = (periods.data ?? []).filter((p) => !p.current || p.status !== "open");
  const chosen = periodId ?? offered.find((p) => p.status !== "open")?.id ?? offered[0]?.id ?? null;
  const download = () => {
    if (!chosen) return;
    setBusy(true);
    runQuery(api.payroll.exportCsv, { periodId: chosen, format })
      .then((file) => {
        setResult(file);
        saveFile(file);
      })
      .catch((e: unknown) => notifyError(errorText(e, t("downloadFailed"))))
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder radius="md" p="md" data-testid="provider-export-card">
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t("providerExport.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("providerExport.body")}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t("providerExport.period")}
            data={offered.map((p) => ({ value: p.id, label: `${rangeLabel(p.startsOn, p.endsOn)} · ${t(`status.${p.status}`)}` }))}
            value={chosen}
            onChange={(v) => {
              setPeriodId(v);
              setResult(null);
            }}
            allowDeselect={false}
            style={{ flex: "1 1 260px" }}
            data-testid="provider-export-period"
          />
          <Select
            label={t("providerExport.format")}
            data={PAYROLL_FORMATS.map((f) => ({ value: f, label: t(`providerExport.formats.${f}`) }))}
            value={format}
            onChange={(v) => {
              setFormat((v as PayrollFormat | null) ?? "generic");
              setResult(null);
            }}
            allowDeselect={false}
            style={{ flex: "1 1 200px" }}
            data-testid="provider-export-format"
          />
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={busy}
            disabled={!chosen}
            onClick={download}
            data-testid="provider-export-download"
          >
            {t("providerExport.download")}
          </Button>
        </Group>
        {result ? (
          <Text size="sm" c="dimmed" data-testid="provider-export-version">
            {result.version === null
              ? t("providerExport.notFinal", { file: result.fileName })
              : t("providerExport.written", { file: result.fileName, version: result.version })}
          </Text>
        ) : null}
        {result && result.missingExternalIds.length > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="provider-export-missing">
            <Stack gap={4}>
              <Text size="sm">{t("providerExport.missing", { count: result.missingExternalIds.length })}</Text>
              <List size="sm" spacing={0}>
                {result.missingExternalIds.map((m) => (
                  <List.Item key={m.employeeId}>{m.name}</List.Item>
                ))}
              </List>
              <AppLink to="/payroll/employees" size="sm">
                {t("providerExport.setIds")}
              </AppLink>
            </Stack>
          </Alert>
        ) : null}
        {result && result.deductionsLeftOut.length > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="provider-export-deductions">
            <Text size="sm">{t("providerExport.deductions")}</Text>
            <List size="sm" spacing={0}>
              {result.deductionsLeftOut.map((d) => (
                <List.Item key={d.employeeId}>
                  {d.name}: {money(d.amountCents)}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}
