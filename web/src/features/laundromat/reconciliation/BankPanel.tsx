import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Bank statements of the company's bank accounts: import, lines, matching to deposits. */
export function BankPanel() {
  const { t } = useTranslation("bank");
  return (
    <Stack gap="md" data-testid="bank-panel">
      <Title order={2} size="h3">
        {t("title")}
      </Title>
      <Text c="dimmed" size="sm">
        {t("subtitle")}
      </Text>
    </Stack>
  );
}
