import { ActionIcon, Menu } from "@mantine/core";
import { IconDots, IconLogout } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ThemeMenuItems } from "../../ui/ThemeMenuItems";
import { useConfirmSignOut } from "./SignOutButton";

/** Header action menu. */
export function AppMenu() {
  const { t } = useTranslation("common");
  const confirmSignOut = useConfirmSignOut();
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" radius="md" aria-label={t("menu.open")}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <ThemeMenuItems />
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={confirmSignOut}>
          {t("signOut.button")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
