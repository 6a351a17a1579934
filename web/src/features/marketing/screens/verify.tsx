import { useState } from "react";
import { Alert, Badge, Button, Card, Group, PinInput, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { IconLock, IconSearch } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatPhone, phoneDigits } from "@tumble/domain/phone";
import { formatUSD } from "@tumble/domain/money";
import { offerTypeLabel } from "@tumble/domain/campaignLabels";
import { api } from "../../../lib/api";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/marketingRefusals";
import { errorText } from "../../../lib/errorText";
import { useAction, useMutation, useQueryState } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openConfirm } from "../../../ui/confirm";
import { ClaimStatusBadge } from "../StatusBadge";
import { ScreenTitle } from "../../../ui/ScreenTitle";

type Claim = NonNullable<ReturnType<typeof useQueryState<typeof api.marketing.findClaims>>["data"]>[number];

/** /marketing/verify: find a claim by claim ID or phone, check the customer's code, hand over the credit. */
export default function VerifyScreen() {
  const { t } = useTranslation("marketing");
  const [mode, setMode] = useState<"claimId" | "phone">("claimId");
  const [input, setInput] = useState("");
  const [search, setSearch] = useState<{ claimId?: string; phone?: string } | null>(null);
  const results = useQueryState(api.marketing.findClaims, search ?? "skip");

  const find = (event: React.FormEvent) => {
    event.preventDefault();
    const value = input.trim();
    if (!value) return;
    setSearch(mode === "claimId" ? { claimId: value } : { phone: phoneDigits(value) });
  };

  return (
    <Stack gap="lg" maw={760}>
      <ScreenTitle title={t("verify.title")} subtitle={t("verify.subtitle")} />
      <Card withBorder radius="lg" padding="lg" component="form" onSubmit={find}>
        <Stack gap="sm">
          <SegmentedControl
            value={mode}
            onChange={(v) => {
              setMode(v as "claimId" | "phone");
              setInput("");
            }}
            data={[
              { value: "claimId", label: t("verify.byClaimId") },
              { value: "phone", label: t("verify.byPhone") },
            ]}
          />
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={mode === "claimId" ? t("verify.claimId") : t("verify.phone")}
              placeholder={mode === "claimId" ? "CLM-XXXX-XXXX" : "(555)123-4567"}
              value={input}
              onChange={(e) => setInput(mode === "phone" ? formatPhone(e.currentTarget.value) : e.currentTarget.value)}
              autoComplete="off"
            />
            <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
              {t("verify.find")}
            </Button>
          </Group>
        </Stack>
      </Card>
      {search && results.data?.length === 0 ? <Alert color="gray">{t("verify.noneFound")}</Alert> : null}
      {results.error ? <Alert color="red">{errorText(results.error, t("verify.searchFailed"))}</Alert> : null}
      {results.data?.map((claim) => (
        <ClaimCard key={claim._id} claim={claim} />
      ))}
    </Stack>
  );
}

function ClaimCard({ claim }: { claim: Claim }) {
  const { t } = useTranslation("marketing");
  const lang = currentLanguage();
  const verifyClaim = useAction(api.marketing.verifyClaim);
  const resend = useMutation(api.marketing.resendClaimCode);
  const markUsed = useMutation(api.marketing.markClaimUsed);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [openedAt] = useState(() => Date.now());
  const expired = claim.codeExpiresAt < openedAt;

  const run = async (work: () => Promise<unknown>, success: string, fallback: string) => {
    setBusy(true);
    try {
      await work();
      notifySuccess(success);
      setCode("");
    } catch (error) {
      notifyError(errorText(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="claim-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={700} size="lg">
              {claim.customerName}
            </Text>
            <Text size="sm" c="dimmed">
              {claim.campaignName} · {formatUSD(claim.offerAmountCents)} {offerTypeLabel(claim.offerType, lang)}
            </Text>
          </div>
          <ClaimStatusBadge status={claim.status} />
        </Group>
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            {t("verify.claimId")}: <b>{claim.claimId}</b>
          </Text>
          {claim.phone ? <Text size="sm">{formatPhone(claim.phone)}</Text> : null}
          {claim.email ? <Text size="sm">{claim.email}</Text> : null}
        </Group>
        {claim.status === "pending" ? (
          <>
            {claim.locked ? (
              <Alert color="red" icon={<IconLock aria-hidden />}>
                {t("verify.locked")}
              </Alert>
            ) : expired ? (
              <Alert color="orange">{t("verify.expired")}</Alert>
            ) : (
              <Text size="sm" c="dimmed">
                {t("verify.attemptsLeft", { count: claim.attemptsLeft })}
              </Text>
            )}
            <Group align="flex-end" wrap="wrap">
              <Stack gap={4}>
                <Text size="sm" fw={500} id={`code-${claim._id}`}>
                  {t("verify.code")}
                </Text>
                <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-labelledby={`code-${claim._id}`} disabled={claim.locked} />
              </Stack>
              <Button
                disabled={code.length !== 6 || claim.locked}
                loading={busy}
                onClick={() => void run(() => verifyClaim({ claimId: claim.claimId, code }), t("verify.verified"), t("verify.verifyFailed"))}
              >
                {t("verify.verify")}
              </Button>
              <Button
                variant="default"
                disabled={busy}
                onClick={() => void run(() => resend({ claimId: claim.claimId }), t("verify.resent"), t("verify.resendFailed"))}
              >
                {t("verify.resend")}
              </Button>
            </Group>
          </>
        ) : claim.status === "verified" ? (
          <Group>
            <Badge color="blue" variant="dot">
              {t("verify.readyToRedeem")}
            </Badge>
            <Button
              color="teal"
              loading={busy}
              onClick={() =>
                openConfirm({
                  title: t("verify.markUsedTitle"),
                  message: t("verify.markUsedMessage", { amount: formatUSD(claim.offerAmountCents), name: claim.customerName }),
                  confirmLabel: t("verify.markUsed"),
                  cancelLabel: t("cancel"),
                  confirmTestId: "confirm-mark-used",
                  onConfirm: () => void run(() => markUsed({ claimId: claim.claimId }), t("verify.used"), t("verify.markUsedFailed")),
                })
              }
            >
              {t("verify.markUsed")}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t("verify.alreadyUsed")}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
