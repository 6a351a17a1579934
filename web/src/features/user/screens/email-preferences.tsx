import { Button, Card, Group, Stack, Switch, Text } from "@mantine/core";
import { EMAIL_NOTIFICATION_KINDS, type EmailNotificationKind } from "@tumble/domain/preferences";
import { useTranslation } from "react-i18next";
import { updatePreferences, usePreferences } from "../../../lib/preferences";
import { ScreenTitle } from "../../../ui/ScreenTitle";

/** /user/email-preferences: which notification e-mails the user receives (all on until turned off). */
export default function EmailPreferencesScreen() {
  const { t } = useTranslation("settings");
  const { emailNotifications } = usePreferences();
  const set = (changes: Partial<Record<EmailNotificationKind, boolean>>) => updatePreferences({ emailNotifications: { ...emailNotifications, ...changes } });
  const all = (value: boolean) => set(Object.fromEntries(EMAIL_NOTIFICATION_KINDS.map((k) => [k, value])));

  return (
    <Stack gap="lg" maw={720}>
      <ScreenTitle title={t("email.title")} subtitle={t("email.subtitle")} />
      <Card withBorder radius="lg" padding="lg" shadow="xs">
        <Stack gap="md">
          {EMAIL_NOTIFICATION_KINDS.map((kind) => (
            <Switch
              key={kind}
              checked={emailNotifications[kind] ?? true}
              onChange={(event) => set({ [kind]: event.currentTarget.checked })}
              label={t(`email.kinds.${kind}.label`)}
              description={t(`email.kinds.${kind}.description`)}
              size="md"
              data-testid={`email-pref-${kind}`}
            />
          ))}
          <Group justify="flex-end" gap="xs" pt="xs">
            <Button variant="default" size="xs" onClick={() => all(false)}>
              {t("email.allOff")}
            </Button>
            <Button variant="light" size="xs" onClick={() => all(true)}>
              {t("email.allOn")}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t("email.savedNote")}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
