import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import type { QueueEntry } from "./VerificationQueue";

/** Rejects an entry with a reason: it stays out of verified time. */
export function RejectModal({ entry, onClose }: { entry: QueueEntry | null; onClose: () => void }) {
  const { t } = useTranslation("timeEntries");
  const reject = useMutation(api.timeEntries.reject);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const close = () => {
    setReason("");
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!entry) return;
    if (!reason.trim()) return setError(t("reasonNeeded"));
    setSaving(true);
    reject({ entryIds: [entry._id], reason: reason.trim() })
      .then(() => {
        notifySuccess(t("rejected", { name: entry.employeeName }));
        close();
      })
      .catch((e: unknown) => setError(extractErrorMessage(e, t("rejectFailed"))))
      .finally(() => setSaving(false));
  };
  return (
    <Modal opened={!!entry} onClose={close} title={entry ? t("rejectTitle", { name: entry.employeeName }) : ""} closeButtonProps={{ "aria-label": t("close") }}>
      <Stack gap="sm">
        <Textarea label={t("reason")} required value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} />
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("cancel")}
          </Button>
          <Button color="red" onClick={submit} loading={saving}>
            {t("reject")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
