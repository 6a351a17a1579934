import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Follows money from a collection to its bank line, and back. */
export function TracePanel() {
  const { t } = useTranslation("bank");
  return (
    <Stack gap="md" data-testid="trace-panel">
      <Title order={2} size="h3">
        {t("trace.title")}
      </Title>
      <Text c="dimmed" size="sm">
        {t("trace.subtitle")}
      </Text>
    </Stack>
  );
}
