import { Button, Card, CopyButton, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";

/** The code people join the company with: shown, copied, and regenerated after a confirmation. */
export function CompanyCodeCard({ code }: { code: string }) {
  const { t } = useTranslation(["companySettings", "common"]);
  const regenerate = useMutation(api.companySettings.regenerateCompanyCode);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const { companyCode } = await regenerate({});
      notifySuccess(t("code.regenerated", { code: companyCode }));
      setConfirming(false);
    } catch (error) {
      notifyError(errorText(error, t("saveFailed")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" p="md" data-testid="settings-companyCode">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {t("code.title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("code.description")}
          </Text>
        </div>
        <Group justify="space-between" wrap="wrap">
          <Text ff="monospace" fz="xl" fw={700} data-testid="company-code">
            {code}
          </Text>
          <Group gap="xs">
            <CopyButton value={code}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? t("code.copied") : t("code.copy")}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={() => setConfirming(true)}>
              {t("code.regenerate")}
            </Button>
          </Group>
        </Group>
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t("code.confirmTitle")}
        centered
        closeButtonProps={{ "aria-label": t("common:actions.close") }}
      >
        <Stack>
          <Text size="sm">{t("code.confirmText", { code })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("code.cancel")}
            </Button>
            <Button color="red" loading={busy} onClick={() => void run()} data-testid="confirm-regenerate">
              {t("code.regenerate")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
