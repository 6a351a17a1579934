import { ActionIcon, Tooltip } from "@mantine/core";
import { IconLogout } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../lib/auth";
import { openConfirm } from "../../ui/confirm";

export function useConfirmSignOut(): () => void {
  const { t } = useTranslation("common");
  const { signOut } = useAuth();
  return () =>
    openConfirm({
      title: t("signOut.title"),
      message: t("signOut.message"),
      confirmLabel: t("signOut.confirm"),
      cancelLabel: t("actions.cancel"),
      destructive: true,
      confirmTestId: "signout-confirm",
      onConfirm: () => void signOut(),
    });
}

export function SignOutButton() {
  const { t } = useTranslation("common");
  const confirmSignOut = useConfirmSignOut();
  return (
    <Tooltip label={t("signOut.button")} withArrow>
      <ActionIcon variant="default" size="lg" radius="md" aria-label={t("signOut.button")} onClick={confirmSignOut} data-testid="signout-button">
        <IconLogout size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
