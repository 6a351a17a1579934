import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconKey, IconLogout, IconUserCheck, IconUserOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export interface UserActionsMenuProps {
  user: { email?: string | null; disabled: boolean };
  who: string;
  busy: boolean;
  /** One's own account is never disabled from here. */
  isMyself: boolean;
  onReset: () => void;
  onEndSessions: () => void;
  onDisable: (disabled: boolean) => void;
}

/** An account's menu: send a password reset, end its sessions, disable or enable it. */
export function UserActionsMenu({ user: u, who, busy, isMyself, onReset, onEndSessions, onDisable }: UserActionsMenuProps) {
  const { t } = useTranslation("systemAdmin");
  return (
    <Menu withinPortal position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={t("users.actionsFor", { who })} disabled={busy}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconKey size={14} aria-hidden />} onClick={onReset} disabled={!u.email}>
          {t("users.sendReset")}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={14} aria-hidden />} onClick={onEndSessions}>
          {t("users.endSessions")}
        </Menu.Item>
        {u.disabled ? (
          <Menu.Item leftSection={<IconUserCheck size={14} aria-hidden />} onClick={() => onDisable(false)}>
            {t("users.enable")}
          </Menu.Item>
        ) : (
          <Menu.Item color="red" leftSection={<IconUserOff size={14} aria-hidden />} onClick={() => onDisable(true)} disabled={isMyself}>
            {t("users.disable")}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
