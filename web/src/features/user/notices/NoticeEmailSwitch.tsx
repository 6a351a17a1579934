import { Switch } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError } from "../../../lib/notify";

/** Whether the notices of the header's bell are e-mailed too (on until turned off). */
export function NoticeEmailSwitch() {
  const { t } = useTranslation("settings");
  const preference = useQueryState(api.notifications.getEmailPreference, {}).data;
  const save = useMutation(api.notifications.setEmailPreference);
  const change = async (email: boolean) => {
    try {
      await save({ email });
    } catch (error) {
      notifyError(errorText(error, t("notices.saveFailed")));
    }
  };
  return (
    <Switch
      checked={preference?.email ?? true}
      disabled={preference === undefined}
      onChange={(event) => void change(event.currentTarget.checked)}
      label={t("notices.emailLabel")}
      description={t("notices.emailDescription")}
      size="md"
      data-testid="notice-email-switch"
    />
  );
}
