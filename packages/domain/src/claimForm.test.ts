import { describe, expect, it } from "vitest";
import { canSubmitClaim, CLAIM_MESSAGES, claimMessage, claimSubmission, claimSubmitErrorMessage, validateClaim, type ClaimFormValues } from "./claimForm.ts";

const complete: ClaimFormValues = { customerName: "Ana Ruiz", email: "ana@example.com", phone: "(555)123-4567", consent: true };
const empty: ClaimFormValues = { customerName: "", email: "", phone: "", consent: false };

describe("validateClaim", () => {
  it("accepts a complete claim for every delivery method", () => {
    for (const method of ["email", "sms", "both"] as const) expect(validateClaim(complete, method)).toBe(null);
  });

  it("reports the name first", () => {
    for (const method of ["email", "sms", "both"] as const) expect(validateClaim(empty, method)).toBe("nameRequired");
    expect(validateClaim({ ...complete, customerName: "   " }, "email")).toBe("nameRequired");
  });

  it("requires the e-mail for email and both only", () => {
    const noEmail = { ...complete, email: "  " };
    expect(validateClaim(noEmail, "email")).toBe("emailRequired");
    expect(validateClaim(noEmail, "both")).toBe("emailRequired");
    expect(validateClaim(noEmail, "sms")).toBe(null);
  });

  it("requires a full phone number for sms and both only", () => {
    for (const phone of ["", "(555)123-456"]) {
      const badPhone = { ...complete, phone };
      expect(validateClaim(badPhone, "sms")).toBe("phoneRequired");
      expect(validateClaim(badPhone, "both")).toBe("phoneRequired");
      expect(validateClaim(badPhone, "email")).toBe(null);
    }
  });

  it("checks e-mail before phone before consent", () => {
    const only = { customerName: "Ana", email: "", phone: "", consent: false };
    expect(validateClaim(only, "both")).toBe("emailRequired");
    expect(validateClaim({ ...only, email: "a@b.co" }, "both")).toBe("phoneRequired");
    expect(validateClaim({ ...only, email: "a@b.co", phone: "5551234567" }, "both")).toBe("consentEmailRequired");
  });

  it("words the consent message by delivery method", () => {
    const noConsent = { ...complete, consent: false };
    expect(validateClaim(noConsent, "email")).toBe("consentEmailRequired");
    expect(validateClaim(noConsent, "both")).toBe("consentEmailRequired");
    expect(validateClaim(noConsent, "sms")).toBe("consentSmsRequired");
  });

  it("defaults to e-mail delivery", () => {
    expect(validateClaim({ ...complete, email: "" })).toBe("emailRequired");
  });
});

describe("messages", () => {
  it("has the spec's English texts and Spanish equivalents", () => {
    expect(claimMessage("nameRequired")).toBe("Please enter your name");
    expect(claimMessage("emailRequired")).toBe("Please enter your email");
    expect(claimMessage("phoneRequired")).toBe("Please enter your phone number");
    expect(claimMessage("consentEmailRequired")).toBe("Please agree to receive verification emails");
    expect(claimMessage("consentSmsRequired")).toBe("Please agree to receive SMS verification codes");
    expect(claimMessage("duplicate")).toBe("This phone number/email has already claimed this offer!");
    expect(claimMessage("alreadyVerified")).toBe("This phone number already claimed the offer!");
    expect(claimMessage("alreadyUsed")).toBe("This phone number already used this offer.");
    expect(claimMessage("nameRequired", "es")).toBe("Por favor, ingrese su nombre");
    for (const [key, texts] of Object.entries(CLAIM_MESSAGES)) {
      expect(texts.es, key).not.toBe("");
      expect(texts.es, key).not.toBe(texts.en);
    }
  });
});

describe("claimSubmission", () => {
  it("trims and keeps phone digits only", () => {
    expect(claimSubmission({ customerName: "  Ana Ruiz ", email: " ana@example.com ", phone: "(555)123-4567", consent: true })).toEqual({
      customerName: "Ana Ruiz",
      email: "ana@example.com",
      phone: "5551234567",
    });
  });

  it("leaves out empty optional fields", () => {
    expect(claimSubmission({ customerName: "Ana", email: "  ", phone: "", consent: true })).toEqual({ customerName: "Ana" });
  });
});

describe("submit state", () => {
  it("is disabled while submitting, without consent or for a claim past pending", () => {
    const ok = { submitting: false, consent: true, existingStatus: null };
    expect(canSubmitClaim(ok)).toBe(true);
    expect(canSubmitClaim({ ...ok, existingStatus: "pending" })).toBe(true);
    expect(canSubmitClaim({ ...ok, existingStatus: "verified" })).toBe(false);
    expect(canSubmitClaim({ ...ok, existingStatus: "used" })).toBe(false);
    expect(canSubmitClaim({ ...ok, submitting: true })).toBe(false);
    expect(canSubmitClaim({ ...ok, consent: false })).toBe(false);
  });

  it("maps submit failures to toasts", () => {
    expect(claimSubmitErrorMessage(new Error("Uncaught Error: Claim already exists for this phone"))).toBe(
      "This phone number/email has already claimed this offer!",
    );
    expect(claimSubmitErrorMessage(new Error("Uncaught Error: Campaign is not active"))).toBe("Campaign is not active");
    expect(claimSubmitErrorMessage(new Error(""))).toBe("Failed to submit claim");
    expect(claimSubmitErrorMessage(null, "es")).toBe("No se pudo enviar la solicitud");
    // A refusal with its code is said in the reader's language (an argument's, decision 0067).
    const refused = Object.assign(new Error('Invalid argument "email": Invalid email address'), {
      data: { code: "args.invalid", params: { field: "email", issue: "invalid_format", message: "Invalid email address" } },
    });
    expect(claimSubmitErrorMessage(refused, "es")).toBe("El valor de «email» no es válido");
    expect(claimSubmitErrorMessage(refused, "en")).toBe('Invalid argument "email": Invalid email address');
    // A claim that exists is the duplicate toast by its code, whatever the sentence; the rest of marketing's by their code.
    const duplicate = Object.assign(new Error("A claim with this email already exists for this campaign"), {
      data: { code: "marketing.duplicateEmail", params: {} },
    });
    expect(claimSubmitErrorMessage(duplicate, "es")).toBe(claimMessage("duplicate", "es"));
    const full = Object.assign(new Error("This promotion has reached its maximum number of participants"), { data: { code: "marketing.full", params: {} } });
    expect(claimSubmitErrorMessage(full, "es")).toBe("Esta promoción alcanzó su número máximo de participantes");
    expect(claimSubmitErrorMessage(full, "en")).toBe("This promotion has reached its maximum number of participants");
  });
});
