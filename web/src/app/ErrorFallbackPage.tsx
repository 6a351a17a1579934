import { Button, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconLogout, IconRefresh } from "@tabler/icons-react";
import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { dropPrerenderedSignIn } from "../features/auth/prerenderedSignIn";
import { authStore } from "../lib/auth";
import { extractErrorMessage } from "@tumble/domain/errorMessage";

/** Whole-app fallback after an unexpected render failure: refresh the page or sign out. */
export function ErrorFallbackPage({ error }: { error: unknown }) {
  const { t } = useTranslation("common", { useSuspense: false });
  useLayoutEffect(dropPrerenderedSignIn, []);
  const message = extractErrorMessage(error, t("errors.requestFailed", { defaultValue: "The request could not be completed." }));
  const signOut = async () => {
    await authStore.signOut();
    window.location.assign("/");
  };
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="lg" maw={480} w="100%" role="alert">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="red" variant="light">
            <IconAlertTriangle size={30} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t("errors.fallbackTitle", { defaultValue: "Something went wrong" })}
          </Title>
          <Text c="dimmed" size="sm">
            {message}
          </Text>
          <Group justify="center" gap="sm">
            <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()}>
              {t("actions.refresh", { defaultValue: "Refresh" })}
            </Button>
            <Button variant="default" leftSection={<IconLogout size={18} aria-hidden />} onClick={() => void signOut()}>
              {t("actions.signOut", { defaultValue: "Sign Out" })}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
