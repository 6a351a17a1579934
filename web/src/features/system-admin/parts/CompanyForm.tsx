import { Button, Group, Select, Stack, Switch, TextInput, Textarea } from "@mantine/core";
import { COMPANY_SIZES, type CompanySize } from "@tumble/domain/companyCode";
import { companyCreateFormSchema, companyEditFormSchema } from "@tumble/domain/companyForms";
import { useTranslation } from "react-i18next";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";

export interface CompanyFormValues {
  name: string;
  displayName: string;
  companyCode: string;
  description: string;
  industry: string;
  size: string;
  emailDomain: string;
  allowJoinRequests: boolean;
  requireApproval: boolean;
  defaultLanguage: "en" | "es";
  ownerEmail: string;
  ownerName: string;
}

export const EMPTY_COMPANY: CompanyFormValues = {
  name: "",
  displayName: "",
  companyCode: "",
  description: "",
  industry: "",
  size: "",
  emailDomain: "",
  allowJoinRequests: true,
  requireApproval: true,
  defaultLanguage: "en",
  ownerEmail: "",
  ownerName: "",
};

/** Creating (with the first owner) or editing a company: every field of it. */
export function CompanyForm({
  initial,
  mode,
  busy,
  onSubmit,
  onCancel,
}: {
  initial: CompanyFormValues;
  mode: "create" | "edit";
  busy: boolean;
  onSubmit: (v: CompanyFormValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(["systemAdmin", "common"]);
  // The owner's e-mail is asked only when creating, the company code only when editing.
  const form = useSchemaForm(mode === "create" ? companyCreateFormSchema : companyEditFormSchema, {
    initialValues: { ...initial, size: initial.size as CompanySize | "" },
  });
  return (
    <form onSubmit={form.submit(onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput label={t("companies.form.name")} withAsterisk {...form.getInputProps("name")} data-autofocus />
        <TextInput label={t("companies.form.displayName")} {...form.getInputProps("displayName")} />
        {mode === "edit" ? <TextInput label={t("companies.form.companyCode")} {...form.getInputProps("companyCode")} /> : null}
        <Group grow align="flex-start">
          <TextInput label={t("companies.form.industry")} {...form.getInputProps("industry")} />
          <Select
            label={t("companies.form.size")}
            data={[{ value: "", label: t("companies.form.noSize") }, ...COMPANY_SIZES.map((s) => ({ value: s, label: t(`companies.sizes.${s}`) }))]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("size")}
          />
        </Group>
        <Textarea label={t("companies.form.description")} autosize minRows={2} {...form.getInputProps("description")} />
        <Group grow align="flex-start">
          <TextInput label={t("companies.form.emailDomain")} placeholder="example.com" {...form.getInputProps("emailDomain")} />
          <Select
            label={t("companies.form.defaultLanguage")}
            data={[
              { value: "en", label: t("companies.form.languages.en") },
              { value: "es", label: t("companies.form.languages.es") },
            ]}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("defaultLanguage")}
          />
        </Group>
        <Switch label={t("companies.form.allowJoinRequests")} {...form.getInputProps("allowJoinRequests", { type: "checkbox" })} />
        <Switch label={t("companies.form.requireApproval")} {...form.getInputProps("requireApproval", { type: "checkbox" })} />
        {mode === "create" ? (
          <Group grow align="flex-start">
            <TextInput
              label={t("companies.form.ownerEmail")}
              type="email"
              withAsterisk
              description={t("companies.form.ownerEmailHelp")}
              {...form.getInputProps("ownerEmail")}
            />
            <TextInput label={t("companies.form.ownerName")} {...form.getInputProps("ownerName")} />
          </Group>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" loading={busy} data-testid="company-form-submit">
            {mode === "create" ? t("companies.form.create") : t("companies.form.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
