import { Group, Radio, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../lib/api";
import { useMutation, useQueryState } from "../lib/hooks";
import { notifyError } from "../lib/notify";

/** The platform themes as cards; choosing one applies it for this user ('Failed to apply theme' on failure). */
export function ThemePicker() {
  const { t } = useTranslation("settings");
  const { data: themes } = useQueryState(api.themes.queries.getAvailableThemes);
  const { data: active } = useQueryState(api.themes.queries.getActiveTheme);
  const applyTheme = useMutation(api.themes.mutations.applyTheme);
  const [applying, setApplying] = useState<string | null>(null);

  if (!themes) return <Skeleton height={72} />;
  if (themes.length === 0) return <Text c="dimmed">{t("theme.none")}</Text>;

  const choose = async (themeId: string) => {
    if (themeId === active?._id) return;
    setApplying(themeId);
    try {
      await applyTheme({ themeId });
    } catch (error) {
      console.warn("Applying the theme failed", error);
      notifyError(t("theme.applyFailed"));
    } finally {
      setApplying(null);
    }
  };

  return (
    <Radio.Group value={applying ?? active?._id ?? null} onChange={(value) => void choose(value)} aria-label={t("theme.title")}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {themes.map((theme) => (
          <Radio.Card key={theme._id} value={theme._id} p="sm" radius="md" aria-label={theme.name} data-testid={`theme-card-${theme.name}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} />
              <Stack gap={4} miw={0}>
                <Group gap={6}>
                  <Text fw={600} size="sm" style={{ fontFamily: theme.config.typography?.fontFamily }}>
                    {theme.name}
                  </Text>
                  {theme.isDefault ? (
                    <Text size="xs" c="dimmed">
                      {t("theme.default")}
                    </Text>
                  ) : null}
                </Group>
                {theme.description ? (
                  <Text size="xs" c="dimmed">
                    {t(`theme.descriptions.${theme.name}`, { defaultValue: theme.description })}
                  </Text>
                ) : null}
                <Group gap={4} aria-hidden>
                  {[theme.config.colors.primary, theme.config.colors.secondary, theme.config.colors.accent, theme.config.colors.success].map((colour, i) => (
                    <span
                      key={i}
                      style={{
                        width: 16,
                        height: 16,
                        borderRadius: theme.config.spacing?.borderRadius ?? 4,
                        background: colour,
                        border: "1px solid var(--mantine-color-default-border)",
                      }}
                    />
                  ))}
                </Group>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
