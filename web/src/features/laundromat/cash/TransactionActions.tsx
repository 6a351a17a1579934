import { Button, Group, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CASH_MESSAGES } from "@tumble/domain/cashLedger";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { api } from "../../../lib/api";
import { currentLanguage } from "../../../lib/i18n";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { ReasonDialog } from "../../../ui/ReasonDialog";
import { errorText, useCashRights } from "./messages";
import type { CashEntry } from "./types";

type Asking = { action: "reject" | "reverse"; entry: CashEntry } | null;

/**
 * Approve, reject, cancel and reverse as the user's rights allow. Nobody decides their own
 * request: the buttons are offered anyway to approvers only when the server would accept, and the
 * server's message is shown when it refuses.
 */
export function TransactionActions({ entry, compact = false }: { entry: CashEntry; compact?: boolean }) {
  const { t } = useTranslation("cash");
  const rights = useCashRights();
  const approve = useMutation(api.cashTransactions.approve);
  const reject = useMutation(api.cashTransactions.reject);
  const cancel = useMutation(api.cashTransactions.cancel);
  const reverse = useMutation(api.cashTransactions.reverse);
  const keys = useSubmissionKeys();
  const [busy, setBusy] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking>(null);

  const run = async (action: string, call: (key: string) => Promise<unknown>, args: unknown, done: string) => {
    setBusy(action);
    try {
      await keys.run({ action, args }, call);
      notifySuccess(done);
    } catch (error) {
      notifyError(errorText(error, t("actions.failed")));
      throw error;
    } finally {
      setBusy(null);
    }
  };

  const mine = entry.requestedBy === rights.userId;
  const pending = entry.status === "pending";
  const reversible = entry.status === "approved" && entry.kind !== "collection" && !entry.reversesId && !entry.reversedById;
  const size = compact ? "compact-sm" : "sm";
  const transactionId = entry._id;
  const buttons = [];
  if (pending && rights.canApprove && !mine) {
    buttons.push(
      <Button
        key="approve"
        size={size}
        color="green"
        loading={busy === "approve"}
        data-testid="approve-transaction"
        onClick={() =>
          void run("approve", (idempotencyKey) => approve({ transactionId, idempotencyKey }), transactionId, t("actions.approved")).catch(() => undefined)
        }
      >
        {t("actions.approve")}
      </Button>,
      <Button key="reject" size={size} color="red" variant="light" data-testid="reject-transaction" onClick={() => setAsking({ action: "reject", entry })}>
        {t("actions.reject")}
      </Button>,
    );
  }
  if (pending && mine) {
    if (rights.canApprove)
      buttons.push(
        <Text key="own" size="xs" c="dimmed">
          {localizeValidationMessage(CASH_MESSAGES.ownApproval, currentLanguage())}
        </Text>,
      );
    buttons.push(
      <Button
        key="cancel"
        size={size}
        variant="default"
        loading={busy === "cancel"}
        data-testid="cancel-transaction"
        onClick={() =>
          void run("cancel", (idempotencyKey) => cancel({ transactionId, idempotencyKey }), transactionId, t("actions.cancelled")).catch(() => undefined)
        }
      >
        {t("actions.cancel")}
      </Button>,
    );
  }
  if (reversible && rights.canApprove) {
    buttons.push(
      <Button key="reverse" size={size} variant="subtle" color="red" data-testid="reverse-transaction" onClick={() => setAsking({ action: "reverse", entry })}>
        {t("actions.reverse")}
      </Button>,
    );
  }
  if (buttons.length === 0 && !asking) return null;
  return (
    <>
      <Group gap={6} wrap="wrap" onClick={(e) => e.stopPropagation()}>
        {buttons}
      </Group>
      <ReasonDialog
        opened={asking !== null}
        title={asking ? t(asking.action === "reject" ? "actions.rejectTitle" : "actions.reverseTitle") : ""}
        reasonLabel={t("actions.reason")}
        confirmLabel={asking?.action === "reverse" ? t("actions.reverse") : t("actions.reject")}
        color="red"
        maxLength={500}
        testId="cash-reason"
        onClose={() => setAsking(null)}
        // A refusal shows in the dialog, with the reason kept for another try.
        onConfirm={async (reason) => {
          if (asking!.action === "reject") {
            await keys.run({ action: "reject", args: { transactionId, reason } }, (idempotencyKey) => reject({ transactionId, reason, idempotencyKey }));
            notifySuccess(t("actions.rejected"));
          } else {
            await keys.run({ action: "reverse", args: { transactionId, reason } }, (idempotencyKey) => reverse({ transactionId, reason, idempotencyKey }));
            notifySuccess(t("actions.reversed"));
          }
        }}
        failureText={(error) => errorText(error, t("actions.failed"))}
      />
    </>
  );
}
