import { Button, Card, Stack, Text } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";

/** Shown when the screen needs a store and none is selected. */
export function NoStorePrompt() {
  const { t } = useTranslation("collections");
  const { openDialog } = useLaundromatSelection();
  return (
    <Card withBorder radius="md" p="xl" data-testid="no-store-prompt">
      <Stack align="center" gap="sm">
        <IconBuildingStore size={40} aria-hidden />
        <Text fw={600}>{t("common.noStoreTitle")}</Text>
        <Text c="dimmed" size="sm" ta="center">
          {t("common.noStoreText")}
        </Text>
        <Button size="md" onClick={() => openDialog()}>
          {t("common.selectStore")}
        </Button>
      </Stack>
    </Card>
  );
}
