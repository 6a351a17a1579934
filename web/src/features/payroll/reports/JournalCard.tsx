import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDisplayRange } from "@tumble/domain/dateFormat";
import { api } from "../../../lib/api";
import { runQuery } from "../../../lib/client";
import { notifyError } from "../../../lib/notify";
import { errorText } from "../../../lib/errorText";
import { saveFile } from "../../../lib/download";

/** The accounting journal of the selected dates: payroll of the locked and paid periods ending in them and the cash ledger, as debits and credits. */
export function JournalCard({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation("payroll");
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    runQuery(api.payroll.journalCsv, { from, to })
      .then(saveFile)
      .catch((e: unknown) => notifyError(errorText(e, t("downloadFailed"))))
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder radius="md" p="md" data-testid="journal-card">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4} style={{ flex: "1 1 280px" }}>
          <Title order={2} size="h4">
            {t("journal.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("journal.body", { dates: formatDisplayRange(from, to) })}
          </Text>
        </Stack>
        <Button variant="default" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} loading={busy} onClick={download} data-testid="journal-download">
          {t("journal.download")}
        </Button>
      </Group>
    </Card>
  );
}
