import { Button } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openConfirm } from "../../../ui/confirm";

/** Cancels one's own pending join request after a confirmation (My requests and the home's next step). */
export function CancelJoinRequestButton({ requestId, companyName }: { requestId: string; companyName: string }) {
  const { t } = useTranslation("admin");
  const cancel = useMutation(api.companyJoinRequests.cancelJoinRequest);
  const [cancelling, setCancelling] = useState(false);

  const onCancel = () =>
    openConfirm({
      title: t("myRequests.cancelTitle"),
      message: t("myRequests.cancelMessage", { name: companyName }),
      confirmLabel: t("myRequests.cancelConfirm"),
      cancelLabel: t("myRequests.keep"),
      destructive: true,
      confirmTestId: "confirm-cancel-request",
      onConfirm: () => {
        setCancelling(true);
        cancel({ requestId })
          .then(() => notifySuccess(t("myRequests.cancelled", { name: companyName })))
          .catch((error: unknown) => {
            notifyError(errorText(error, t("myRequests.cancelFailed")));
            setCancelling(false);
          });
      },
    });

  return (
    <Button size="xs" variant="subtle" color="red" onClick={onCancel} loading={cancelling}>
      {t("myRequests.cancel")}
    </Button>
  );
}
