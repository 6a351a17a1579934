import { useState } from "react";
import { useTranslation } from "react-i18next";
import { refusalCode } from "@tumble/domain/refusals";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { runQuery } from "../../../lib/client";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { openConfirm } from "../../../ui/confirm";
import { saveFile } from "../../../lib/download";
import type { PayLine, PayPeriodDetail } from "../parts/types";

/** A period's lock, reopen, paid and downloads, with the dialog and busy state they drive. */
export function usePeriodActions(periodId: string, p: PayPeriodDetail | undefined, period: string) {
  const { t } = useTranslation("payroll");
  const lockMutation = useMutation(api.payPeriods.lock);
  const reopenMutation = useMutation(api.payPeriods.reopen);
  const markPaidMutation = useMutation(api.payPeriods.markPaid);
  // One idempotency key per submission: a retry after a lost answer acts once (decision 0054).
  const keys = useSubmissionKeys();
  const lock = (args: { periodId: string; overrideReason?: string; confirmEarlierOpen?: boolean }) =>
    keys.run({ action: "lock", ...args }, (idempotencyKey) => lockMutation({ ...args, idempotencyKey }));
  const reopen = (args: { periodId: string; reason: string }) =>
    keys.run({ action: "reopen", ...args }, (idempotencyKey) => reopenMutation({ ...args, idempotencyKey }));
  const markPaid = (args: { periodId: string; confirmEarlierOpen?: boolean }) =>
    keys.run({ action: "markPaid", ...args }, (idempotencyKey) => markPaidMutation({ ...args, idempotencyKey }));
  const [dialog, setDialog] = useState<"lock" | "reopen" | null>(null);
  // Why the lock needs a reason: time not verified, or the period not over yet (the server says which).
  const [lockCase, setLockCase] = useState<"unverified" | "early">("unverified");
  const [busy, setBusy] = useState<string | null>(null);

  const download = (key: string, load: () => Promise<Parameters<typeof saveFile>[0]>) => {
    setBusy(key);
    load()
      .then(saveFile)
      .catch((e: unknown) => notifyError(errorText(e, t("downloadFailed"))))
      .finally(() => setBusy(null));
  };
  const statement = (line: PayLine) =>
    download(`statement-${line.employeeId}`, () => runQuery(api.payroll.statement, { periodId, employeeId: line.employeeId }));
  const csv = () => download("csv", () => runQuery(api.payroll.exportCsv, { periodId }));

  /** An earlier period with pay still open: the server asks for a confirmation, given here. */
  const confirmEarlier = (error: unknown, retry: () => Promise<unknown>, done: string) =>
    openConfirm({
      title: t("earlierOpen.title"),
      message: errorText(error, t("actionFailed")),
      confirmLabel: t("earlierOpen.confirm"),
      cancelLabel: t("cancel"),
      confirmTestId: "confirm-earlier-open",
      onConfirm: () => {
        retry()
          .then(() => notifySuccess(done))
          .catch((e: unknown) => notifyError(errorText(e, t("actionFailed"))));
      },
    });
  const isEarlierOpen = (e: unknown) => refusalCode(e) === "payroll.earlierOpen";
  const tryLock = (overrideReason?: string) =>
    lock({ periodId, ...(overrideReason ? { overrideReason } : {}) }).catch((e: unknown) => {
      if (isEarlierOpen(e)) {
        setDialog(null);
        confirmEarlier(e, () => lock({ periodId, ...(overrideReason ? { overrideReason } : {}), confirmEarlierOpen: true }), t("lock.done", { period }));
        return;
      }
      throw e;
    });
  const doLock = () => {
    if (!p) return;
    if (p.notIncluded.some((e) => e.status !== "rejected")) {
      setLockCase("unverified");
      return setDialog("lock");
    }
    openConfirm({
      title: t("lock.title", { period }),
      message: t("lock.message"),
      confirmLabel: t("actions.lock"),
      cancelLabel: t("cancel"),
      confirmTestId: "confirm-lock",
      onConfirm: () => {
        setBusy("lock");
        lock({ periodId })
          .then(() => notifySuccess(t("lock.done", { period })))
          .catch((e: unknown) => {
            if (refusalCode(e) === "payroll.earlyLock") {
              setLockCase("early");
              return setDialog("lock");
            }
            if (isEarlierOpen(e)) return confirmEarlier(e, () => lock({ periodId, confirmEarlierOpen: true }), t("lock.done", { period }));
            notifyError(errorText(e, t("actionFailed")));
          })
          .finally(() => setBusy(null));
      },
    });
  };
  const doPaid = () =>
    openConfirm({
      title: t("paid.title", { period }),
      message: t("paid.message"),
      confirmLabel: t("actions.markPaid"),
      cancelLabel: t("cancel"),
      confirmTestId: "confirm-paid",
      onConfirm: () => {
        setBusy("paid");
        markPaid({ periodId })
          .then(() => notifySuccess(t("paid.done", { period })))
          .catch((e: unknown) =>
            isEarlierOpen(e)
              ? confirmEarlier(e, () => markPaid({ periodId, confirmEarlierOpen: true }), t("paid.done", { period }))
              : notifyError(errorText(e, t("actionFailed"))),
          )
          .finally(() => setBusy(null));
      },
    });

  return { dialog, setDialog, lockCase, busy, statement, csv, tryLock, doLock, doPaid, reopen };
}
