import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "./form/FormError";

export interface ReasonDialogProps {
  opened: boolean;
  title: string;
  /** What happens and why a reason is asked for. */
  message?: ReactNode;
  warning?: ReactNode;
  reasonLabel: string;
  confirmLabel: string;
  color?: string;
  maxLength: number;
  onClose: () => void;
  /** Runs the action; a refusal shows in the dialog, worded by `failureText`. */
  onConfirm: (reason: string) => Promise<unknown>;
  failureText: (error: unknown) => string;
  testId?: string;
}

/** A dialog that needs a reason before an audited action (reject an entry, lock over unverified time, reopen a period). */
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation("common");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setReason("");
    setError(null);
    props.onClose();
  };
  const submit = () => {
    if (!reason.trim()) return setError(t("errors.reasonNeeded"));
    setSaving(true);
    props
      .onConfirm(reason.trim())
      .then(close)
      .catch((e: unknown) => setError(props.failureText(e)))
      .finally(() => setSaving(false));
  };
  return (
    // Not closed while the action runs: its answer belongs to this dialog, not to the next one opened.
    <Modal opened={props.opened} onClose={() => !saving && close()} title={props.title} centered closeButtonProps={{ "aria-label": t("actions.close") }}>
      <Stack gap="sm" data-testid={props.testId}>
        {props.message ? <Text size="sm">{props.message}</Text> : null}
        {props.warning ? (
          <Alert color="orange" variant="light">
            {props.warning}
          </Alert>
        ) : null}
        <Textarea
          label={props.reasonLabel}
          required
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={props.maxLength}
          autosize
          minRows={2}
          data-autofocus
        />
        <FormError>{error}</FormError>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={saving}>
            {t("actions.cancel")}
          </Button>
          <Button color={props.color} onClick={submit} loading={saving}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
