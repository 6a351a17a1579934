import "./signInStyles";
import { ActionIcon, Box, Container, Group, Menu, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconPalette, IconWashMachine } from "@tabler/icons-react";
import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { LanguageToggle } from "../../ui/LanguageToggle";
import { ThemeMenuItems } from "../../ui/ThemeMenuItems";
import { AuthCard } from "./AuthCard";
import { dropPrerenderedSignIn } from "./prerenderedSignIn";
import classes from "./SignInScreen.module.css";

/** Shown in place of every protected screen while signed out. */
export default function SignInScreen() {
  const { t } = useTranslation(["auth", "common"]);
  // Replaces the build's static copy of this screen in the same paint.
  useLayoutEffect(dropPrerenderedSignIn, []);
  return (
    <Box className={classes.page} component="main">
      <Group justify="flex-end" gap="xs" p="md" className={classes.toolbar}>
        <LanguageToggle />
        <Menu position="bottom-end" width={180} shadow="md">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" radius="md" aria-label={t("common:theme.label")}>
              <IconPalette size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <ThemeMenuItems />
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Container size={440} px="md" pb="xl" className={classes.body}>
        <Stack gap="xl" align="stretch">
          <Stack gap="xs" align="center" ta="center">
            <ThemeIcon size={64} radius="xl" variant="gradient" gradient={{ from: "cyan.6", to: "blue.7", deg: 135 }}>
              <IconWashMachine size={36} aria-hidden />
            </ThemeIcon>
            <Text fw={800} size="sm" tt="uppercase" c="cyan" lts={1.5}>
              {t("common:appName")}
            </Text>
            <Title order={1} size="h2">
              {t("screen.title")}
            </Title>
            <Text c="dimmed">{t("screen.subtitle")}</Text>
          </Stack>
          <AuthCard />
        </Stack>
      </Container>
    </Box>
  );
}
