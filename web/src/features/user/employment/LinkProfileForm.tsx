import { Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm, type FormErrors } from "@mantine/form";
import { IconLink } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { linkProfileSchema, localizeEmploymentMessage, type LinkProfileValues } from "@tumble/domain/employment";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { punchErrorText } from "./messages";

function localize(errors: FormErrors): FormErrors {
  const language = currentLanguage();
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [path, typeof message === "string" ? localizeEmploymentMessage(message, language) : message]),
  );
}

/** Links the signed-in account to the profile a manager made, with the kiosk username and PIN they gave. */
export function LinkProfileForm() {
  const { t } = useTranslation("employment");
  const link = useMutation(api.employment.link);
  const [saving, setSaving] = useState(false);
  const resolve = schemaResolver(linkProfileSchema, { sync: true });
  const form = useForm<LinkProfileValues>({ mode: "controlled", initialValues: { username: "", pin: "" }, validate: (values) => localize(resolve(values)) });

  const submit = async (values: LinkProfileValues) => {
    setSaving(true);
    try {
      await link(linkProfileSchema.parse(values));
      notifySuccess(t("link.done"));
    } catch (error) {
      const message = punchErrorText(error, t("link.failed"));
      form.setFieldError("pin", message);
      notifyError(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate data-testid="link-profile-form">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t("link.title")}
        </Text>
        <Text size="sm" c="dimmed">
          {t("link.hint")}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t("link.username")} autoComplete="username" autoCapitalize="none" {...form.getInputProps("username")} />
          <PasswordInput label={t("link.pin")} inputMode="numeric" autoComplete="off" maxLength={20} {...form.getInputProps("pin")} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={saving} leftSection={<IconLink size={16} aria-hidden />} data-testid="link-profile">
            {t("link.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
