import { Button, Card, Group, Modal, Stack, Text } from "@mantine/core";
import { formatUSD } from "@tumble/domain/money";
import { thresholdFormSchema, type ThresholdFormValues } from "@tumble/domain/balanceAdminForms";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { platformErrorText } from "../parts/PendingChanges";

/**
 * The threshold above which a balance adjustment waits for a second system administrator, and its
 * change (decision 0060): a lower one applies at once, a higher one waits for another administrator.
 */
export function ThresholdCard() {
  const { t } = useTranslation("twoPerson");
  const settings = useQuery(api.balanceAdmin.settings, {});
  const setThreshold = useMutation(api.balanceAdmin.setThreshold);
  const [editing, setEditing] = useState(false);
  // The money field holds null while empty: the schema refuses it under the field.
  const form = useSchemaForm(thresholdFormSchema, { initialValues: { approvalThresholdCents: null as unknown as number } });
  const [busy, setBusy] = useState(false);

  const open = () => {
    form.setValues({ approvalThresholdCents: settings?.approvalThresholdCents ?? (null as unknown as number) });
    form.clearErrors();
    setEditing(true);
  };
  const save = ({ approvalThresholdCents }: ThresholdFormValues) => {
    setBusy(true);
    setThreshold({ approvalThresholdCents })
      .then((r) => {
        notifySuccess(t(r.status === "pending" ? "threshold.pending" : "threshold.applied", { amount: formatUSD(approvalThresholdCents) }));
        setEditing(false);
      })
      .catch((error: unknown) => notifyError(platformErrorText(error, t("threshold.failed"))))
      .finally(() => setBusy(false));
  };

  return (
    <Card withBorder radius="lg" padding="md" data-testid="balance-threshold">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} miw={0} style={{ flex: "1 1 18rem" }}>
          <Text fw={600}>{settings ? t("threshold.label", { amount: formatUSD(settings.approvalThresholdCents) }) : "\u00a0"}</Text>
          <Text size="sm" c="dimmed">
            {t("threshold.help")}
          </Text>
        </Stack>
        <Button variant="default" onClick={open} disabled={!settings} data-testid="threshold-change">
          {t("threshold.change")}
        </Button>
      </Group>
      <Modal opened={editing} onClose={() => setEditing(false)} title={t("threshold.title")} closeButtonProps={{ "aria-label": t("threshold.cancel") }}>
        <form onSubmit={form.submit(save)} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t("threshold.help")}</Text>
            <MoneyInput label={t("threshold.amount")} withAsterisk data-testid="threshold-amount" {...form.getInputProps("approvalThresholdCents")} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(false)}>
                {t("threshold.cancel")}
              </Button>
              <Button type="submit" loading={busy} disabled={form.getValues().approvalThresholdCents === null} data-testid="threshold-save">
                {t("threshold.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
