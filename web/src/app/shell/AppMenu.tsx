import { ActionIcon, Button, Divider, Popover, Stack, Text } from "@mantine/core";
import { IconDots, IconLogout, IconMaximize, IconMinimize, IconUserCircle } from "@tabler/icons-react";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { useQueryState } from "../../lib/hooks";
import { ScaleControls, ThemeChoiceControl } from "../../ui/DisplayControls";
import { pathTarget } from "../../lib/pathTarget";
import { useConfirmSignOut } from "./SignOutButton";

/**
 * The header action menu (spec section 2): fullscreen, theme, font and icon size with the link
 * toggle, the profile entry (only when a profile exists) and sign-out.
 */
export function AppMenu({ fullscreen, onToggleFullscreen }: { fullscreen: boolean; onToggleFullscreen: () => void }) {
  const { t } = useTranslation("common");
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const { data: profile } = useQueryState(api.users.getProfile);
  const confirmSignOut = useConfirmSignOut();
  const close = () => setOpened(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={300} shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("menu.open")}
          aria-expanded={opened}
          onClick={() => setOpened((o) => !o)}
          data-testid="action-menu"
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="action-menu-panel">
        <Stack gap="sm">
          <Button
            variant="subtle"
            justify="flex-start"
            leftSection={fullscreen ? <IconMinimize size={16} aria-hidden /> : <IconMaximize size={16} aria-hidden />}
            onClick={() => {
              close();
              onToggleFullscreen();
            }}
          >
            {t(fullscreen ? "display.exitFullscreen" : "display.enterFullscreen")}
          </Button>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t("theme.label")}
            </Text>
            <ThemeChoiceControl />
          </div>
          <ScaleControls />
          <Divider />
          {profile ? (
            <Button
              variant="subtle"
              justify="flex-start"
              leftSection={<IconUserCircle size={16} aria-hidden />}
              onClick={() => {
                close();
                void navigate(pathTarget("/user/profile"));
              }}
            >
              {t("menu.profile")}
            </Button>
          ) : null}
          <Button
            variant="subtle"
            color="red"
            justify="flex-start"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => {
              close();
              confirmSignOut();
            }}
          >
            {t("signOut.button")}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
