import { Center, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Spinner with the "Loading ..." caption, used while screens and data load. */
export function LoadingState({ fullPage = false, label }: { fullPage?: boolean; label?: string }) {
  const { t, ready } = useTranslation("common", { useSuspense: false });
  const caption = label ?? (ready ? t("loading") : "Loading ...");
  return (
    <Center mih={fullPage ? "100dvh" : 240} p="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm">
          {caption}
        </Text>
      </Stack>
    </Center>
  );
}
