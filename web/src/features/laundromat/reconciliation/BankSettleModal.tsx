import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { errorText } from "../cash/messages";
import type { BankLine } from "./BankTypes";

/** An approver posts a match's difference (a deposit that reached the bank short, or over) to cash over/short. */
export function BankSettleModal({ line, onClose }: { line: BankLine | null; onClose: () => void }) {
  const { t } = useTranslation("bank");
  const settle = useMutation(api.bankLines.settle);
  const keys = useSubmissionKeys();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const difference = line?.differenceCents ?? 0;
  const save = async () => {
    if (!line) return;
    const args = { bankLineId: line._id, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    setBusy(true);
    try {
      const result = await keys.run(args, (idempotencyKey) => settle({ ...args, idempotencyKey }));
      notifySuccess(t("settle.done", { amount: formatUSD(result.differenceCents) }));
      setReason("");
      onClose();
    } catch (error) {
      notifyError(errorText(error, t("settle.failed")));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={line !== null} onClose={onClose} title={t("settle.title")} centered>
      <Stack gap="sm">
        <Text size="sm">{difference < 0 ? t("settle.short", { amount: formatUSD(-difference) }) : t("settle.over", { amount: formatUSD(difference) })}</Text>
        <Textarea
          label={t("settle.reason")}
          maxLength={500}
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button color="orange" loading={busy} onClick={() => void save()} data-testid="settle-confirm">
            {t("settle.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
