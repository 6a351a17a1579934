import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { formatDisplayDate } from "../collections/format";
import type { ClosedPeriod } from "./types";
import { useServerMessage } from "./useServerMessage";

/** Built per language: the rule's message is the form's own text. */
const reopenSchema = (required: string) => z.object({ reason: z.string().trim().min(1, required).max(1000) });

/** The owner reopens a closed period with a reason; a later closed period makes the server refuse, and its words show. */
export function ReopenModal({ period, onClose }: { period: ClosedPeriod | null; onClose: () => void }) {
  const { t } = useTranslation("reconciliation");
  const serverMessage = useServerMessage();
  const reopen = useMutation(api.reconciliation.reopen);
  const schema = reopenSchema(t("reopen.reasonRequired"));
  const form = useSchemaForm(schema, { initialValues: { reason: "" } });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dismiss = () => {
    setError(null);
    form.reset();
    onClose();
  };
  const save = async ({ reason }: { reason: string }) => {
    if (!period) return;
    setBusy(true);
    setError(null);
    try {
      await reopen({ reconciliationId: period._id, reason });
      notifySuccess(t("reopen.done", { from: formatDisplayDate(period.fromDate), to: formatDisplayDate(period.toDate) }));
      dismiss();
    } catch (e) {
      setError(serverMessage(e, t("reopen.failed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={period !== null} onClose={dismiss} title={t("reopen.title")} centered>
      {period ? (
        <form onSubmit={form.submit(save)} noValidate>
          <Stack gap="sm">
            <Text size="sm">
              {t("reopen.summary", { store: period.storeName, from: formatDisplayDate(period.fromDate), to: formatDisplayDate(period.toDate) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t("reopen.warning")}
            </Text>
            <Textarea
              label={t("reopen.reason")}
              withAsterisk
              maxLength={1000}
              autosize
              minRows={2}
              data-autofocus
              data-testid="reopen-reason"
              {...form.getInputProps("reason")}
            />
            {error ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="reopen-error">
                {error}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={dismiss}>
                {t("reopen.cancel")}
              </Button>
              <Button type="submit" color="red" loading={busy} data-testid="reopen-confirm">
                {t("reopen.confirm")}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
