import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { formatDisplayDate } from "../collections/format";
import { useServerMessage } from "./useServerMessage";

const closeSchema = z.object({ note: z.string().trim().max(1000) });

interface Props {
  opened: boolean;
  onClose: () => void;
  storeId: string;
  storeName: string;
  from: string;
  to: string;
  countId: string;
  varianceCents: number;
  onClosed: () => void;
}

/** Confirms closing the period, with an optional note; the server's refusal shows as it words it. */
export function ClosePeriodModal({ opened, onClose, storeId, storeName, from, to, countId, varianceCents, onClosed }: Props) {
  const { t } = useTranslation("reconciliation");
  const serverMessage = useServerMessage();
  const close = useMutation(api.reconciliation.close);
  const form = useSchemaForm(closeSchema, { initialValues: { note: "" } });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dismiss = () => {
    setError(null);
    onClose();
  };
  const save = async ({ note }: z.output<typeof closeSchema>) => {
    setBusy(true);
    setError(null);
    try {
      await close({ storeId, from, to, countId, ...(note ? { note } : {}) });
      notifySuccess(t("close.done", { from: formatDisplayDate(from), to: formatDisplayDate(to) }));
      form.reset();
      onClosed();
      onClose();
    } catch (e) {
      setError(serverMessage(e, t("close.failed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={dismiss} title={t("close.title")} centered>
      <form onSubmit={form.submit(save)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t("close.summary", { store: storeName, from: formatDisplayDate(from), to: formatDisplayDate(to) })}</Text>
          <Text size="sm" fw={600}>
            {t("close.variance", { amount: formatUSD(varianceCents) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t("close.lockWarning")}
          </Text>
          <Textarea
            label={t("close.note")}
            description={t("close.noteHint")}
            maxLength={1000}
            autosize
            minRows={2}
            data-autofocus
            data-testid="close-note"
            {...form.getInputProps("note")}
          />
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="close-error">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss}>
              {t("close.cancel")}
            </Button>
            <Button type="submit" loading={busy} data-testid="close-confirm">
              {t("close.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
