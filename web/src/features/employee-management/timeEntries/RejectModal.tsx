import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSubmissionKeys } from "../../../lib/submissionKey";
import { ReasonDialog } from "../../../ui/ReasonDialog";
import type { QueueEntry } from "./VerificationQueue";

/** Rejects an entry with a reason: it stays out of verified time. */
export function RejectModal({ entry, onClose }: { entry: QueueEntry | null; onClose: () => void }) {
  const { t } = useTranslation("timeEntries");
  const reject = useMutation(api.timeEntries.reject);
  const keys = useSubmissionKeys();
  return (
    <ReasonDialog
      opened={!!entry}
      title={entry ? t("rejectTitle", { name: entry.employeeName }) : ""}
      reasonLabel={t("reason")}
      confirmLabel={t("reject")}
      color="red"
      maxLength={500}
      onClose={onClose}
      onConfirm={(reason) =>
        keys
          .run({ entryIds: [entry!._id], reason }, (idempotencyKey) => reject({ entryIds: [entry!._id], reason, idempotencyKey }))
          .then(() => notifySuccess(t("rejected", { name: entry!.employeeName })))
      }
      failureText={(e) => errorText(e, t("rejectFailed"))}
    />
  );
}
