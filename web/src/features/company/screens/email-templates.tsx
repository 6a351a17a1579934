import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { TemplateEditor } from "../email/TemplateEditor";

/** /company/email-templates: every e-mail the product sends, as the company writes it. */
export default function EmailTemplatesScreen() {
  const { t } = useTranslation("emailTemplates");
  return (
    <Stack gap="md">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />
      <TemplateEditor />
    </Stack>
  );
}
