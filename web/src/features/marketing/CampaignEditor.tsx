import { useState } from "react";
import { Button, Checkbox, Divider, Group, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DELIVERY_METHODS, OFFER_TYPES, deliveryMethodLabel, offerTypeLabel, type DeliveryMethod, type OfferType } from "@tumble/domain/campaignLabels";
import { api } from "../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation } from "../../lib/hooks";
import { currentLanguage } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../../lib/notify";

// The campaign editor of /marketing/dashboard: the campaign's fields and the landing texts most
// often changed; template settings not shown here are kept as they are.

type Config = Record<string, Record<string, unknown> | unknown>;

export interface EditableCampaign {
  _id: string;
  name: string;
  displayName: string | null;
  description: string | null;
  campaignType: string;
  startDate: number;
  endDate: number;
  isActive: boolean;
  offerAmount: number;
  offerType: string;
  offerDescription: string | null;
  deliveryMethod: DeliveryMethod;
  budget: number | null;
  maxParticipants: number | null;
  templateConfig: Config;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const toDateInput = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const fromDateInput = (value: string, endOfDay: boolean) => {
  const [y, m, d] = value.split("-").map(Number);
  const start = new Date(y, m - 1, d).getTime();
  return endOfDay ? start + DAY_MS - 1 : start;
};

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

export function CampaignEditor({ campaign, onSaved, onCancel }: { campaign: EditableCampaign | null; onSaved: (id: string) => void; onCancel: () => void }) {
  const { t } = useTranslation("marketing");
  const lang = currentLanguage();
  const create = useMutation(api.marketing.createCampaign);
  const update = useMutation(api.marketing.updateCampaign);
  const [now] = useState(() => Date.now());
  const base: Config = campaign?.templateConfig ?? { template: "standard", defaultLanguage: "en" };
  const [name, setName] = useState(campaign?.name ?? "");
  const [displayName, setDisplayName] = useState(campaign?.displayName ?? "");
  const [description, setDescription] = useState(campaign?.description ?? "");
  const [campaignType, setCampaignType] = useState(campaign?.campaignType ?? "ACQUISITION");
  const [offerType, setOfferType] = useState<OfferType>((campaign?.offerType as OfferType) ?? "credit");
  const [offerAmount, setOfferAmount] = useState<number | string>(campaign?.offerAmount ?? 5);
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod>(campaign?.deliveryMethod ?? "email");
  const [budget, setBudget] = useState<number | string>(campaign?.budget ?? "");
  const [maxParticipants, setMaxParticipants] = useState<number | string>(campaign?.maxParticipants ?? "");
  const [startDate, setStartDate] = useState(toDateInput(campaign?.startDate ?? now));
  const [endDate, setEndDate] = useState(toDateInput(campaign?.endDate ?? now + 30 * DAY_MS));
  const [isActive, setIsActive] = useState(campaign?.isActive ?? true);
  const [template, setTemplate] = useState(String(base.template ?? "standard"));
  const [defaultLanguage, setDefaultLanguage] = useState(String(base.defaultLanguage ?? "en"));
  const [texts, setTexts] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    for (const [s, k] of TEXTS) {
      out[`${s}.${k}`] = String(section(base, s)[k] ?? "");
      out[`${s}.${k}Es`] = String(section(base, s)[`${k}Es`] ?? "");
    }
    return out;
  });
  const [saving, setSaving] = useState(false);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
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
    const fields = {
      name: name.trim(),
      displayName: displayName.trim(),
      description: description.trim(),
      campaignType: campaignType.trim() || "ACQUISITION",
      offerType,
      offerAmount: Number(offerAmount) || 0,
      deliveryMethod,
      budget: budget === "" ? null : Number(budget),
      maxParticipants: maxParticipants === "" ? null : Number(maxParticipants),
      startDate: fromDateInput(startDate, false),
      endDate: fromDateInput(endDate, true),
      isActive,
      templateConfig: config as never,
    };
    setSaving(true);
    try {
      const result = campaign ? await update({ campaignId: campaign._id, ...fields }) : await create(fields);
      notifySuccess(t("dashboard.saved"));
      onSaved(result.campaignId);
    } catch (error) {
      notifyError(extractErrorMessage(error, t("dashboard.saveFailed")));
    } finally {
      setSaving(false);
    }
  };

  const textInput = (key: string, label: string) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" key={key}>
      <TextInput label={`${label} (EN)`} value={texts[key]} onChange={(e) => setTexts({ ...texts, [key]: e.currentTarget.value })} />
      <TextInput label={`${label} (ES)`} value={texts[`${key}Es`]} onChange={(e) => setTexts({ ...texts, [`${key}Es`]: e.currentTarget.value })} />
    </SimpleGrid>
  );

  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t("dashboard.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required />
          <TextInput label={t("dashboard.displayName")} value={displayName} onChange={(e) => setDisplayName(e.currentTarget.value)} />
        </SimpleGrid>
        <Textarea label={t("dashboard.description")} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t("dashboard.campaignType")}
            data={["ACQUISITION", "SEASONAL", "RETENTION", "REFERRAL"]}
            value={campaignType}
            onChange={(v) => setCampaignType(v ?? "ACQUISITION")}
            allowDeselect={false}
          />
          <Select
            label={t("dashboard.offerType")}
            data={OFFER_TYPES.map((o) => ({ value: o, label: offerTypeLabel(o, lang) }))}
            value={offerType}
            onChange={(v) => setOfferType((v as OfferType) ?? "credit")}
            allowDeselect={false}
          />
          <NumberInput label={t("dashboard.offerAmount")} prefix="$" decimalScale={2} min={0} value={offerAmount} onChange={setOfferAmount} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label={t("dashboard.deliveryMethod")}
            data={DELIVERY_METHODS.map((d) => ({ value: d, label: deliveryMethodLabel(d, lang) }))}
            value={deliveryMethod}
            onChange={(v) => setDeliveryMethod((v as DeliveryMethod) ?? "email")}
            allowDeselect={false}
          />
          <NumberInput label={t("dashboard.budget")} prefix="$" decimalScale={2} min={0} value={budget} onChange={setBudget} />
          <NumberInput label={t("dashboard.maxParticipants")} min={1} allowDecimal={false} value={maxParticipants} onChange={setMaxParticipants} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput type="date" label={t("dashboard.startDate")} value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} required />
          <TextInput type="date" label={t("dashboard.endDate")} value={endDate} onChange={(e) => setEndDate(e.currentTarget.value)} required />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t("dashboard.template")}
            data={["full", "standard", "minimal", "hero"]}
            value={template}
            onChange={(v) => setTemplate(v ?? "standard")}
            allowDeselect={false}
          />
          <Select
            label={t("dashboard.defaultLanguage")}
            data={[
              { value: "en", label: "English" },
              { value: "es", label: "Español" },
            ]}
            value={defaultLanguage}
            onChange={(v) => setDefaultLanguage(v ?? "en")}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Checkbox label={t("dashboard.active")} checked={isActive} onChange={(e) => setIsActive(e.currentTarget.checked)} />
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
