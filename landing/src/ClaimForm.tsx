import { useState } from "preact/hooks";
import { canSubmitClaim, claimMessage, claimSubmission, claimSubmitErrorMessage, validateClaim, type ClaimStatus } from "@tumble/domain/claimForm";
import { emailErrorText } from "@tumble/domain/errorMessage";
import { formatPhone, isCompletePhone, phoneDigits } from "@tumble/domain/phone";
import { translate, type Lang, type MessageKey } from "./messages.ts";
import { callPublic } from "./rpc.ts";
import { showToast } from "./toast.tsx";
import type { PublicCampaign } from "./types.ts";

// Spec sections 2, 4, 5 and 8 "Claim form": name, email, phone (auto-formatted), consent; the
// validation toasts in order; the phone look-up; the success view.

interface SubmitResult {
  claimId: string;
  delivery: { channel: "email" | "sms"; status: string; error: string | null }[];
}

const CLAIM_SUCCESS_MS = 6000;
const STATUS_TOAST_MS = 5000;

export function ClaimForm({ campaign, lang, buttonText, buttonColor }: { campaign: PublicCampaign; lang: Lang; buttonText: string; buttonColor?: string }) {
  const t = (key: MessageKey, vars?: Record<string, string>) => translate(lang, key, vars);
  const method = campaign.deliveryMethod;
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState("");
  const [consent, setConsent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [existing, setExisting] = useState<ClaimStatus | null>(null);
  const [result, setResult] = useState<SubmitResult | null>(null);
  // The look-up runs when the number becomes complete, on this campaign only (the server looks at
  // no other campaign's claims); it is skipped while the field is empty.
  const lookUp = (digits: string) => {
    callPublic<{ status: ClaimStatus } | null>("query", "marketing:getClaimByPhone", { phone: digits, campaignId: campaign._id })
      .then((found) => {
        const status = found?.status ?? null;
        setExisting(status);
        if (status === "verified") showToast("warning", claimMessage("alreadyVerified", lang), STATUS_TOAST_MS);
        if (status === "used") showToast("error", claimMessage("alreadyUsed", lang), STATUS_TOAST_MS);
      })
      .catch(() => setExisting(null));
  };
  const onPhone = (input: HTMLInputElement) => {
    const formatted = formatPhone(input.value);
    input.value = formatted;
    const before = phoneDigits(phone);
    const after = phoneDigits(formatted);
    setPhone(formatted);
    if (after === before) return;
    setExisting(null);
    if (isCompletePhone(after)) lookUp(after);
  };

  const reset = () => {
    setName("");
    setEmail("");
    setPhone("");
    setConsent(false);
    setExisting(null);
    setResult(null);
  };

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    if (submitting) return;
    const values = { customerName: name, email, phone, consent };
    const invalid = validateClaim(values, method);
    if (invalid) {
      showToast("error", claimMessage(invalid, lang), STATUS_TOAST_MS);
      return;
    }
    setSubmitting(true);
    try {
      const submitted = await callPublic<SubmitResult>("mutation", "marketing:submitClaim", {
        ...claimSubmission(values),
        campaignId: campaign._id,
        companyId: campaign.companyId,
        language: lang,
      });
      setResult(submitted);
      showToast("success", t("landing.success.toast"), CLAIM_SUCCESS_MS);
    } catch (error) {
      const message = claimSubmitErrorMessage(error, lang);
      const duplicate = message === claimMessage("duplicate", lang);
      showToast("error", message, duplicate ? STATUS_TOAST_MS : false);
    } finally {
      setSubmitting(false);
    }
  };

  if (result) {
    const failed = result.delivery.find((d) => d.status === "failed");
    const step: MessageKey = method === "sms" ? "landing.success.stepSms" : method === "both" ? "landing.success.stepBoth" : "landing.success.stepEmail";
    return (
      <div class="claim-success" role="status" data-testid="claim-success">
        <div class="success-icon" aria-hidden="true">
          ✓
        </div>
        <h3>{claimMessage("success", lang)}</h3>
        <p class="claim-id-label">{t("landing.success.claimId")}</p>
        <p class="claim-id" data-testid="claim-id">
          {result.claimId}
        </p>
        {failed ? (
          <p class="inline-error" role="alert">
            {t("landing.success.deliveryFailed", { error: emailErrorText(failed.error ?? "", lang) })}
          </p>
        ) : null}
        <h4>{t("landing.success.nextSteps")}</h4>
        <ol class="next-steps">
          <li>{t(step)}</li>
          <li>{t("landing.success.stepShow")}</li>
          <li>{t("landing.success.stepExpiry")}</li>
        </ol>
        <a
          href="#claim"
          class="link-button"
          onClick={(e) => {
            e.preventDefault();
            reset();
          }}
        >
          {claimMessage("submitAnother", lang)}
        </a>
      </div>
    );
  }

  const wantsEmail = method === "email" || method === "both";
  const wantsSms = method === "sms" || method === "both";
  const enabled = canSubmitClaim({ submitting, consent, existingStatus: existing });
  const req = <span class="req"> ({t("landing.form.required")})</span>;
  return (
    <form class="claim-form" onSubmit={onSubmit} noValidate>
      <label>
        <span>
          {t("landing.form.name")}
          {req}
        </span>
        <input name="customerName" autocomplete="name" value={name} onInput={(e) => setName(e.currentTarget.value)} maxLength={200} />
      </label>
      <label>
        <span>
          {t("landing.form.email")}
          {wantsEmail ? req : null}
        </span>
        <input
          name="email"
          type="email"
          inputMode="email"
          autocomplete="email"
          value={email}
          onInput={(e) => setEmail(e.currentTarget.value)}
          maxLength={320}
        />
      </label>
      <label>
        <span>
          {t("landing.form.phone")}
          {wantsSms ? req : null}
        </span>
        <input
          name="phone"
          type="tel"
          inputMode="tel"
          autocomplete="tel-national"
          placeholder="(555)123-4567"
          value={phone}
          onInput={(e) => onPhone(e.currentTarget)}
        />
      </label>
      {existing === "used" ? (
        <p class="inline-error" role="alert" data-testid="used-notice">
          {t("landing.form.usedNotice")}
        </p>
      ) : null}
      <label class="consent">
        <input type="checkbox" name="consent" checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} />
        <span>{t(wantsEmail ? "landing.form.consentEmail" : "landing.form.consentSms")}</span>
      </label>
      <button type="submit" class="claim-button" disabled={!enabled} style={buttonColor ? { background: buttonColor } : undefined}>
        {submitting ? t("landing.form.submitting") : buttonText}
      </button>
    </form>
  );
}
