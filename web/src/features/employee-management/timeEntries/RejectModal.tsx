import { useTranslation } from "react-i18next";
import { payrollErrorText } from "../../../lib/payrollErrorText";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { ReasonDialog } from "../../../ui/ReasonDialog";
import type { QueueEntry } from "./VerificationQueue";

/** Rejects an entry with a reason: it stays out of verified time. */
export function RejectModal({ entry, onClose }: { entry: QueueEntry | null; onClose: () => void }) {
  const { t } = useTranslation("timeEntries");
  const reject = useMutation(api.timeEntries.reject);
  return (
    <ReasonDialog
      opened={!!entry}
      title={entry ? t("rejectTitle", { name: entry.employeeName }) : ""}
      reasonLabel={t("reason")}
      confirmLabel={t("reject")}
      color="red"
      maxLength={500}
      onClose={onClose}
      onConfirm={(reason) => reject({ entryIds: [entry!._id], reason }).then(() => notifySuccess(t("rejected", { name: entry!.employeeName })))}
      failureText={(e) => payrollErrorText(e, t("rejectFailed"))}
    />
  );
}
