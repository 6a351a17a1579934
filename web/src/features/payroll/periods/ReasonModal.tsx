import { Alert, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { payrollErrorText } from "../parts/errorText";
import { PAYROLL_REASON_MAX } from "@tumble/domain/payroll";

export interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What happens and why a reason is asked for. */
  message: ReactNode;
  warning?: ReactNode;
  reasonLabel: string;
  confirmLabel: string;
  color?: string;
  onClose: () => void;
  /** Runs the action; a refusal shows in the dialog. */
  onConfirm: (reason: string) => Promise<unknown>;
  testId: string;
}

/** A dialog that needs a reason before an audited period action (lock over unverified time, reopen). */
export function ReasonModal(props: ReasonModalProps) {
  const { t } = useTranslation("payroll");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setReason("");
    setError(null);
    props.onClose();
  };
  const submit = () => {
    if (!reason.trim()) return setError(t("reasonNeeded"));
    setSaving(true);
    props
      .onConfirm(reason.trim())
      .then(close)
      .catch((e: unknown) => setError(payrollErrorText(e, t("actionFailed"))))
      .finally(() => setSaving(false));
  };
  return (
    <Modal opened={props.opened} onClose={close} title={props.title} centered closeButtonProps={{ "aria-label": t("close") }}>
      <Stack gap="sm" data-testid={props.testId}>
        <Text size="sm">{props.message}</Text>
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
          maxLength={PAYROLL_REASON_MAX}
          autosize
          minRows={2}
          data-autofocus
        />
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("cancel")}
          </Button>
          <Button color={props.color} onClick={submit} loading={saving}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
