import { Alert, Badge, Box, Button, Card, Checkbox, Group, SimpleGrid, Stack, Switch, Table, Text, TextInput, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import type { ThemeConfig } from "@tumble/domain/themeConfig";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { themeFromConfig } from "../../../lib/theme";
import { PreviewFrame } from "./PreviewFrame";

/** The draft applied to the app's own components, light and dark side by side. */
export function ThemePreview({ config }: { config: ThemeConfig }) {
  const { t } = useTranslation("themeEditor");
  const theme = useMemo(() => themeFromConfig(config), [config]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="theme-preview">
      {(["light", "dark"] as const).map((scheme) => (
        <Stack key={scheme} gap={4}>
          <Text size="sm" fw={600}>
            {t(`preview.${scheme}`)}
          </Text>
          <PreviewFrame scheme={scheme} theme={theme} title={t("preview.frameTitle", { scheme: t(`preview.${scheme}`) })}>
            <PreviewContent />
          </PreviewFrame>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

const ROWS = [
  { store: "Rio Downtown", status: "verified", amount: "$1,284.50" },
  { store: "Rio Westside", status: "pending", amount: "$962.00" },
  { store: "Rio Harbor", status: "short", amount: "$417.25" },
] as const;
const STATUS_COLOR = { verified: "success", pending: "warning", short: "error" } as const;

function PreviewContent() {
  const { t } = useTranslation("themeEditor");
  return (
    // The page background the theme gives the light scheme's main area (global.css).
    <Box p="sm" style={{ background: "var(--app-background, var(--mantine-color-body))" }}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {t("preview.heading")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("preview.subheading")}
          </Text>
        </div>
        <Group gap="xs">
          <Button size="xs" data-testid="preview-primary-button">
            {t("preview.primary")}
          </Button>
          <Button size="xs" variant="light" color="secondary">
            {t("preview.secondary")}
          </Button>
          <Button size="xs" variant="outline" color="accent">
            {t("preview.accent")}
          </Button>
          <Button size="xs" variant="subtle">
            {t("preview.subtle")}
          </Button>
        </Group>
        <TextInput size="xs" label={t("preview.inputLabel")} placeholder={t("preview.inputPlaceholder")} description={t("preview.inputHint")} />
        <TextInput size="xs" label={t("preview.errorLabel")} defaultValue="12,50" error={t("preview.errorText")} />
        <Group gap="md">
          <Checkbox size="xs" label={t("preview.checkbox")} defaultChecked />
          <Switch size="xs" label={t("preview.switch")} defaultChecked />
        </Group>
        <Card withBorder padding="sm">
          <Text fw={600} size="sm">
            {t("preview.cardTitle")}
          </Text>
          <Text size="xs" c="dimmed" mb="xs">
            {t("preview.cardText")}
          </Text>
          <Table striped highlightOnHover verticalSpacing={4} fz="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("preview.store")}</Table.Th>
                <Table.Th>{t("preview.status")}</Table.Th>
                <Table.Th ta="right">{t("preview.amount")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ROWS.map((row) => (
                <Table.Tr key={row.store}>
                  <Table.Td>{row.store}</Table.Td>
                  <Table.Td>
                    <Badge size="xs" variant="light" tt="none" color={STATUS_COLOR[row.status]}>
                      {t(`preview.statuses.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{row.amount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
        <Group gap={6}>
          <Badge color="success">{t("preview.badges.success")}</Badge>
          <Badge color="warning">{t("preview.badges.warning")}</Badge>
          <Badge color="error">{t("preview.badges.error")}</Badge>
          <Badge color="info">{t("preview.badges.info")}</Badge>
        </Group>
        <Alert variant="light" color="info" icon={<IconInfoCircle size={16} />} p="xs">
          <Text size="xs">{t("preview.alert")}</Text>
        </Alert>
      </Stack>
    </Box>
  );
}
