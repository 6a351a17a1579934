import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { errorText } from "./messages";

/** A dialog's save: busy while it runs, the success said and the dialog closed, or the refusal said in the reader's language. */
export function useSaving(onDone: () => void) {
  const { t } = useTranslation("employees");
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, success: string) => {
    setBusy(true);
    try {
      await action();
      notifySuccess(success);
      onDone();
    } catch (error) {
      notifyError(errorText(t, error, t("form.failed")));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
