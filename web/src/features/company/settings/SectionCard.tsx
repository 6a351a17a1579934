import { Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors, type AnySection } from "@tumble/domain/companySettings";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/companyRefusals";
import { refusalCode } from "@tumble/domain/refusals";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";

export type FieldKind = "text" | "textarea" | "number" | "money" | "switch" | "select" | "date";

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** Select options: values, labelled by `options.<field>.<value>` unless `labels` are given. */
  options?: readonly string[];
  labels?: Record<string, string>;
  searchable?: boolean;
  clearable?: boolean;
}

type Values = Record<string, unknown>;

/** One section of the settings screen: its fields, validated as the server validates them, saved on its own. */
export function SectionCard({ section, fields, initial }: { section: AnySection; fields: FieldSpec[]; initial: Values }) {
  const { t } = useTranslation("companySettings");
  const update = useMutation(api.companySettings.update);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const dirty = fields.some((f) => JSON.stringify(values[f.name] ?? null) !== JSON.stringify(initial[f.name] ?? null));

  // What the server holds now (after a save, or a change elsewhere); unchanged data keeps the edits.
  const saved = JSON.stringify(initial);
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    setSeen(saved);
    setValues(initial);
  }

  const set = (name: string, value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: "" }));
  };

  const save = async () => {
    const found = fieldErrors(section, values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await update({ section, values: Object.fromEntries(fields.map((f) => [f.name, values[f.name] ?? null])) });
      notifySuccess(t("saved", { section: t(`sections.${section}.title`) }));
    } catch (error) {
      const message = errorText(error, t("saveFailed"));
      // A value its rule refuses is shown under its field (companies.invalidSetting names it).
      const field = refusalCode(error) === "companies.invalidSetting" ? (error as { data: { params: { field?: unknown } } }).data.params.field : undefined;
      if (typeof field === "string") setErrors({ [field]: message });
      else notifyError(message);
    } finally {
      setSaving(false);
    }
  };

  const error = (name: string) => (errors[name] ? t(`fields.${name}.invalid`, { defaultValue: errors[name] }) : undefined);

  return (
    <Card withBorder radius="md" p="md" data-testid={`settings-${section}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4">
              {t(`sections.${section}.title`)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`sections.${section}.description`)}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {fields.map((f) => (
              <Field key={f.name} spec={f} value={values[f.name]} error={error(f.name)} onChange={(v) => set(f.name, v)} />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={!dirty} data-testid={`save-${section}`}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Field({ spec, value, error, onChange }: { spec: FieldSpec; value: unknown; error?: string; onChange: (value: unknown) => void }) {
  const { t } = useTranslation("companySettings");
  const label = t(`fields.${spec.name}.label`);
  const description = t(`fields.${spec.name}.hint`, { defaultValue: "" }) || undefined;
  const common = { label, description, error, "data-testid": `field-${spec.name}` };
  switch (spec.kind) {
    case "switch":
      return <Switch {...common} checked={Boolean(value)} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case "select":
      return (
        <Select
          {...common}
          value={(value as string | null) ?? null}
          onChange={(v) => onChange(v)}
          searchable={spec.searchable}
          clearable={spec.clearable}
          allowDeselect={false}
          data={(spec.options ?? []).map((o) => ({ value: o, label: spec.labels?.[o] ?? t(`options.${spec.name}.${o}`, { defaultValue: o }) }))}
        />
      );
    case "number":
      return (
        <NumberInput
          {...common}
          value={(value as number | null) ?? ""}
          onChange={(v) => onChange(typeof v === "number" ? v : v === "" ? null : Number(v))}
          allowDecimal={false}
        />
      );
    case "money":
      return (
        <NumberInput
          {...common}
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          value={typeof value === "number" ? value / 100 : ""}
          onChange={(v) => onChange(typeof v === "number" ? Math.round(v * 100) : v === "" ? null : Math.round(Number(v) * 100))}
        />
      );
    case "date":
      return <TextInput {...common} type="date" value={(value as string | null) ?? ""} onChange={(e) => onChange(e.currentTarget.value || null)} />;
    case "textarea":
      return <Textarea {...common} autosize minRows={2} value={(value as string | null) ?? ""} onChange={(e) => onChange(e.currentTarget.value)} />;
    default:
      return <TextInput {...common} value={(value as string | null) ?? ""} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}
