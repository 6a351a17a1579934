import { useState } from "react";
import { Alert, Button, Card, Checkbox, Code, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { deliveryMethodLabel } from "@tumble/domain/campaignLabels";
import { claimMessage, claimSubmission, claimSubmitErrorMessage, validateClaim } from "@tumble/domain/claimForm";
import { DUPLICATE_CLAIM_CODES } from "@tumble/domain/marketingRefusals";
import { refusalCode } from "@tumble/domain/refusals";
import { formatPhone } from "@tumble/domain/phone";
import { api } from "../../../lib/api";
import { useMutation, useQuery } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { ScreenTitle } from "../../../ui/ScreenTitle";

/** /marketing/claim: staff record a walk-in customer's claim on one of today's campaigns. */
export default function ClaimScreen() {
  const { t } = useTranslation("marketing");
  const lang = currentLanguage();
  const campaigns = useQuery(api.marketing.getActiveCampaigns, {});
  const submitClaim = useMutation(api.marketing.submitClaim);
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [consent, setConsent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [claimId, setClaimId] = useState<string | null>(null);

  const campaign = campaigns?.find((c) => c._id === campaignId) ?? null;
  const method = campaign?.deliveryMethod ?? "email";

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!campaign) return;
    const values = { customerName: name, email, phone, consent };
    const invalid = validateClaim(values, method);
    if (invalid) {
      notifyError(claimMessage(invalid, lang), { autoClose: 5000 });
      return;
    }
    setSubmitting(true);
    try {
      const result = await submitClaim({ ...claimSubmission(values), campaignId: campaign._id, companyId: campaign.companyId, language: lang });
      setClaimId(result.claimId);
      notifySuccess(t("claim.recorded"), 6000);
      const failed = result.delivery.find((d) => d.status === "failed");
      if (failed) notifyError(t("claim.deliveryFailed", { error: failed.error ?? "" }));
      setName("");
      setEmail("");
      setPhone("");
      setConsent(false);
    } catch (error) {
      notifyError(claimSubmitErrorMessage(error, lang), { autoClose: DUPLICATE_CLAIM_CODES.includes(refusalCode(error) ?? "") ? 5000 : false });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <ScreenTitle title={t("claim.title")} subtitle={t("claim.subtitle")} />
      {claimId ? (
        <Alert
          color="teal"
          icon={<IconCircleCheck aria-hidden />}
          title={claimMessage("success", lang)}
          withCloseButton
          onClose={() => setClaimId(null)}
          closeButtonLabel={t("close")}
        >
          <Text size="sm">
            {t("claim.claimId")}: <Code data-testid="staff-claim-id">{claimId}</Code>
          </Text>
          <Text size="sm">{t("claim.nextStep")}</Text>
        </Alert>
      ) : null}
      <Card withBorder radius="lg" padding="lg" component="form" onSubmit={submit}>
        <Stack gap="md">
          <Select
            label={t("claim.campaign")}
            placeholder={campaigns === undefined ? t("loading") : campaigns.length ? t("claim.pickCampaign") : t("claim.noCampaigns")}
            data={(campaigns ?? []).map((c) => ({ value: c._id, label: c.displayName || c.name }))}
            value={campaignId}
            onChange={setCampaignId}
            disabled={!campaigns?.length}
            required
            searchable
          />
          {campaign ? (
            <Text size="sm" c="dimmed">
              {t("claim.delivery")}: {deliveryMethodLabel(campaign.deliveryMethod, lang)}
            </Text>
          ) : null}
          <TextInput label={t("claim.name")} value={name} onChange={(e) => setName(e.currentTarget.value)} required autoComplete="off" />
          <TextInput
            label={t("claim.email")}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required={method !== "sms"}
            autoComplete="off"
          />
          <TextInput
            label={t("claim.phone")}
            type="tel"
            placeholder="(555)123-4567"
            value={phone}
            onChange={(e) => setPhone(formatPhone(e.currentTarget.value))}
            required={method !== "email"}
            autoComplete="off"
          />
          <Checkbox
            label={t(method === "sms" ? "claim.consentSms" : "claim.consentEmail")}
            checked={consent}
            onChange={(e) => setConsent(e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting} disabled={!campaign || !consent}>
              {t("claim.submit")}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
