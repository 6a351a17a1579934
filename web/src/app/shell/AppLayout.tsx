import { AppShell, Badge, Box, Group, Loader, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconWashMachine } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";
import { useQueryState } from "../../lib/hooks";
import { useApplySavedLanguage } from "../../lib/language";
import { APP_VERSION } from "../../lib/version";
import { LanguageToggle } from "../../ui/LanguageToggle";
import { AppMenu } from "./AppMenu";
import { HeaderClock } from "./HeaderClock";
import { SignOutButton } from "./SignOutButton";
import classes from "./AppLayout.module.css";

/** The signed-in frame: header and the page content (capped at 1500px wide). */
export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation(["common", "navigation"]);
  const { data: user, isLoading } = useQueryState(api.auth.loggedInUser);
  useApplySavedLanguage(user?.language);
  const localPart = user?.email ? user.email.split("@")[0] : null;
  const companyRole = user?.companyRole ?? (user?.role && user.role !== "UNASSIGNED" ? user.role : null);

  return (
    <AppShell header={{ height: 60 }} padding={{ base: "sm", sm: "md" }}>
      <AppShell.Header>
        <Group h="100%" px={{ base: "sm", sm: "md" }} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" className={classes.brand}>
            <ThemeIcon size="lg" radius="md" variant="gradient" gradient={{ from: "cyan.6", to: "blue.6", deg: 135 }}>
              <IconWashMachine size={20} aria-hidden />
            </ThemeIcon>
            <Text fw={800} size="lg" component="span" className={classes.brandName}>
              {t("appName")}
            </Text>
            <Badge variant="light" color="gray" size="sm" visibleFrom="sm" aria-label={t("versionLabel", { version: APP_VERSION })}>
              {APP_VERSION}
            </Badge>
          </Group>

          <Box className={classes.clock}>
            <HeaderClock />
          </Box>

          <Group gap="xs" wrap="nowrap">
            <Group gap={6} wrap="nowrap" visibleFrom="md">
              {isLoading ? (
                <Loader size="xs" aria-label={t("loading")} />
              ) : localPart ? (
                <Tooltip label={user?.email} withArrow>
                  <Text size="sm" fw={500} maw={180} truncate="end">
                    {localPart}
                  </Text>
                </Tooltip>
              ) : null}
              {companyRole ? (
                <Badge variant="light" size="sm">
                  {t(`roles.${companyRole}`, { defaultValue: companyRole })}
                </Badge>
              ) : null}
              {user?.globalRole ? (
                <Badge variant="light" color="grape" size="sm">
                  {t(`roles.${user.globalRole}`, { defaultValue: user.globalRole })}
                </Badge>
              ) : null}
            </Group>
            <LanguageToggle />
            <AppMenu />
            <Box visibleFrom="xs">
              <SignOutButton />
            </Box>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Main>
        <Box className={classes.content} component="div">
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
