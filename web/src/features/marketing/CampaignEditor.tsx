import { useState } from "react";
import { Button, Checkbox, Divider, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { todayIn } from "@tumble/domain/businessDate";
import { localTimeZone } from "@tumble/domain/dateFormat";
import {
  CAMPAIGN_TEMPLATES,
  CAMPAIGN_TYPES,
  campaignFormSchema,
  newCampaignFormSchema,
  campaignTemplateLabel,
  campaignTypeLabel,
  type CampaignFormValues,
} from "@tumble/domain/campaignForm";
import { DELIVERY_METHODS, OFFER_TYPES, deliveryMethodLabel, offerTypeLabel, type DeliveryMethod } from "@tumble/domain/campaignLabels";
import { addDays } from "@tumble/domain/datePresets";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/marketingRefusals";
import { centsToDollars } from "@tumble/domain/money";
import { api } from "../../lib/api";
import { errorText } from "../../lib/errorText";
import { useMutation } from "../../lib/hooks";
import { currentLanguage } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";
import { MoneyInput } from "../../ui/form/MoneyInput";
import { useSchemaForm } from "../../ui/form/useSchemaForm";

// The campaign editor of /marketing/dashboard: the campaign's fields and the landing texts most
// often changed; template settings not shown here are kept as they are. Validated by the schema
// the server checks the same fields with (packages/domain/src/campaignForm.ts).

type Config = Record<string, Record<string, unknown> | unknown>;

export interface EditableCampaign {
  _id: string;
  name: string;
  displayName: string | null;
  description: string | null;
  campaignType: string;
  /** Business dates (yyyy-MM-dd) in timeZone (startDate/endDate are the same days as epoch ms). */
  startsOn: string;
  endsOn: string;
  timeZone: string;
  isActive: boolean;
  offerAmountCents: number;
  offerType: string;
  offerDescription: string | null;
  deliveryMethod: DeliveryMethod;
  budgetCents: number | null;
  maxParticipants: number | null;
  templateConfig: Config;
}

const TEXTS = [
  ["hero", "title"],
  ["hero", "subtitle"],
  ["ctaCard", "offerText"],
  ["ctaCard", "subText"],
  ["ctaCard", "buttonText"],
] as const;

function section(config: Config, key: string): Record<string, unknown> {
  const value = config[key];
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

type EditorValues = CampaignFormValues & { template: string; defaultLanguage: string; texts: Record<string, string> };

function initialValues(campaign: EditableCampaign | null, base: Config): EditorValues {
  const today = todayIn(campaign?.timeZone ?? localTimeZone());
  const texts: Record<string, string> = {};
  for (const [s, k] of TEXTS) {
    texts[`${s}.${k}`] = String(section(base, s)[k] ?? "");
    texts[`${s}.${k}Es`] = String(section(base, s)[`${k}Es`] ?? "");
  }
  return {
    name: campaign?.name ?? "",
    displayName: campaign?.displayName ?? "",
    description: campaign?.description ?? "",
    campaignType: campaign?.campaignType ?? "ACQUISITION",
    offerType: (campaign?.offerType as CampaignFormValues["offerType"]) ?? "credit",
    offerAmountCents: campaign?.offerAmountCents ?? 500,
    deliveryMethod: campaign?.deliveryMethod ?? "email",
    budgetCents: campaign?.budgetCents ?? null,
    maxParticipants: campaign?.maxParticipants ?? null,
    startDate: campaign?.startsOn ?? today,
    endDate: campaign?.endsOn ?? addDays(today, 30),
    isActive: campaign?.isActive ?? true,
    template: String(base.template ?? "standard"),
    defaultLanguage: String(base.defaultLanguage ?? "en"),
    texts,
  };
}

export function CampaignEditor({ campaign, onSaved, onCancel }: { campaign: EditableCampaign | null; onSaved: (id: string) => void; onCancel: () => void }) {
  const { t } = useTranslation("marketing");
  const lang = currentLanguage();
  const create = useMutation(api.marketing.createCampaign);
  const update = useMutation(api.marketing.updateCampaign);
  const base: Config = campaign?.templateConfig ?? { template: "standard", defaultLanguage: "en" };
  const [initial] = useState(() => initialValues(campaign, base));
  // A new campaign may not end in the past; an existing one keeps whatever dates it has.
  const [schema] = useState(() => (campaign ? campaignFormSchema : newCampaignFormSchema(todayIn(localTimeZone()))));
  const form = useSchemaForm(schema, { initialValues: initial });
  const [saving, setSaving] = useState(false);

  const save = async (fields: ReturnType<typeof campaignFormSchema.parse>) => {
    const { template, defaultLanguage, texts } = form.getValues() as EditorValues;
    const config: Config = { ...base, template, defaultLanguage };
    for (const [s, k] of TEXTS) {
      const next = { ...section(config, s) };
      for (const key of [k, `${k}Es`]) {
        const value = texts[`${s}.${key}`]?.trim() ?? "";
        if (value) next[key] = value;
        else delete next[key];
      }
      config[s] = next;
    }
    const { offerAmountCents, budgetCents, ...rest } = fields;
    // The API takes dollars (docs/decisions/0008-campaign-amounts.md).
    const args = {
      ...rest,
      offerAmount: centsToDollars(offerAmountCents),
      budget: budgetCents === null ? null : centsToDollars(budgetCents),
      templateConfig: config as never,
    };
    setSaving(true);
    try {
      const result = campaign ? await update({ campaignId: campaign._id, ...args }) : await create(args);
      notifySuccess(t("dashboard.saved"));
      onSaved(result.campaignId);
    } catch (error) {
      notifyError(errorText(error, t("dashboard.saveFailed")));
    } finally {
      setSaving(false);
    }
  };

  const types: string[] = [...CAMPAIGN_TYPES];
  if (campaign && !types.includes(campaign.campaignType)) types.push(campaign.campaignType);
  const textInput = (key: string, label: string) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" key={key}>
      <TextInput label={`${label} (EN)`} {...form.getInputProps(`texts.${key}`)} />
      <TextInput label={`${label} (ES)`} lang="es" {...form.getInputProps(`texts.${key}Es`)} />
    </SimpleGrid>
  );
  const maxParticipants = form.getInputProps("maxParticipants");

  return (
    <form onSubmit={form.submit(save)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t("dashboard.name")} withAsterisk maxLength={200} {...form.getInputProps("name")} />
          <TextInput label={t("dashboard.displayName")} maxLength={200} {...form.getInputProps("displayName")} />
        </SimpleGrid>
        <Textarea label={t("dashboard.description")} autosize minRows={2} maxLength={2000} {...form.getInputProps("description")} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t("dashboard.campaignType")}
            data={types.map((v) => ({ value: v, label: campaignTypeLabel(v, lang) }))}
            allowDeselect={false}
            {...form.getInputProps("campaignType")}
          />
          <Select
            label={t("dashboard.offerType")}
            data={OFFER_TYPES.map((o) => ({ value: o, label: offerTypeLabel(o, lang) }))}
            allowDeselect={false}
            {...form.getInputProps("offerType")}
          />
          <MoneyInput label={t("dashboard.offerAmount")} withAsterisk {...form.getInputProps("offerAmountCents")} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t("dashboard.deliveryMethod")}
            data={DELIVERY_METHODS.map((d) => ({ value: d, label: deliveryMethodLabel(d, lang) }))}
            allowDeselect={false}
            {...form.getInputProps("deliveryMethod")}
          />
          <MoneyInput label={t("dashboard.budget")} {...form.getInputProps("budgetCents")} />
          <NumberInput
            label={t("dashboard.maxParticipants")}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...maxParticipants}
            value={maxParticipants.value ?? ""}
            onChange={(v) => form.setFieldValue("maxParticipants", v === "" ? null : Number(v))}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput type="date" label={t("dashboard.startDate")} withAsterisk {...form.getInputProps("startDate")} />
          <TextInput type="date" label={t("dashboard.endDate")} withAsterisk {...form.getInputProps("endDate")} />
        </SimpleGrid>
        {campaign ? (
          <Text size="xs" c="dimmed" mt={-6}>
            {t("dashboard.datesZone", { zone: campaign.timeZone })}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t("dashboard.template")}
            data={CAMPAIGN_TEMPLATES.map((v) => ({ value: v, label: campaignTemplateLabel(v, lang) }))}
            allowDeselect={false}
            {...form.getInputProps("template")}
          />
          <Select
            label={t("dashboard.defaultLanguage")}
            data={[
              { value: "en", label: "English" },
              { value: "es", label: "Español" },
            ]}
            allowDeselect={false}
            {...form.getInputProps("defaultLanguage")}
          />
        </SimpleGrid>
        <Checkbox label={t("dashboard.active")} {...form.getInputProps("isActive", { type: "checkbox" })} />
        <Divider label={t("dashboard.landingTexts")} labelPosition="left" />
        <Text size="xs" c="dimmed">
          {t("dashboard.placeholdersHint")}
        </Text>
        {textInput("hero.title", t("dashboard.heroTitle"))}
        {textInput("hero.subtitle", t("dashboard.heroSubtitle"))}
        {textInput("ctaCard.offerText", t("dashboard.offerText"))}
        {textInput("ctaCard.subText", t("dashboard.subText"))}
        {textInput("ctaCard.buttonText", t("dashboard.buttonText"))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {t("dashboard.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
