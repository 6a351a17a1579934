import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { cashReasonSchema } from "@tumble/domain/cashForms";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";

interface Props {
  title: string | null;
  confirmLabel: string;
  onClose: () => void;
  /** Resolves when done; a rejection keeps the dialog open (the caller tells the user why). */
  onConfirm: (reason: string) => Promise<void>;
}

/** Asks for the reason of a rejection or reversal. */
export function ReasonModal({ title, confirmLabel, onClose, onConfirm }: Props) {
  const { t } = useTranslation("cash");
  const form = useSchemaForm(cashReasonSchema, { initialValues: { reason: "" } });
  const [busy, setBusy] = useState(false);
  const save = async ({ reason }: z.output<typeof cashReasonSchema>) => {
    setBusy(true);
    try {
      await onConfirm(reason);
      form.reset();
      onClose();
    } catch {
      // Reported by onConfirm; the reason stays for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={title !== null} onClose={onClose} title={title} centered>
      <form onSubmit={form.submit(save)} noValidate>
        <Stack gap="sm">
          <Textarea label={t("actions.reason")} withAsterisk maxLength={500} autosize minRows={2} data-autofocus {...form.getInputProps("reason")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("actions.close")}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="reason-confirm">
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
