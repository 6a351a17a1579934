import { randomBytes, randomInt } from "node:crypto";
import { formatUSD } from "@tumble/domain/money";
import type { Language } from "@tumble/domain/campaignLabels";

// Claim IDs, verification codes and the message that carries a code (spec sections 1 and 9:
// a 6-digit code, valid for 15 minutes, checked a bounded number of times).

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/** Claim submissions per client address per window. */
export const CLAIM_RATE_LIMIT = 20;
export const CLAIM_RATE_WINDOW_MS = 10 * 60 * 1000;
/** Demo campaigns per client address per window. */
export const DEMO_RATE_LIMIT = 30;
export const DEMO_RATE_WINDOW_MS = 60 * 60 * 1000;

export const claimRateKey = (address: string) => `marketing:claim:${address}`;
export const demoRateKey = (address: string) => `marketing:demo:${address}`;

const CLAIM_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** "CLM-7KQ2-M9XD": short enough to read out at a counter, unambiguous letters only. */
export function newClaimCode(): string {
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => CLAIM_ALPHABET[b % CLAIM_ALPHABET.length]).join("");
  return `CLM-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** What staff type: upper case, spaces dropped. */
export function normalizeClaimCode(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, "");
}

export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

const BASE36 = "abcdefghijklmnopqrstuvwxyz234567";

/** A friendly id: the name's slug, a hyphen and 6 random characters ("spring-special-k3x9qa"). */
export function newFriendlyId(name: string): string {
  const slug =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      // Whole words only, at most 40 characters.
      .replace(/^(.{0,40})(-.*)?$/, "$1")
      .slice(0, 40) || "campaign";
  const suffix = [...randomBytes(6)].map((b) => BASE36[b % 32]).join("");
  return `${slug}-${suffix}`;
}

export interface CodeMessage {
  subject: string;
  body: string;
  sms: string;
}

export function codeMessage(input: { campaignName: string; claimCode: string; code: string; offerAmountCents: number; language: Language }): CodeMessage {
  const { campaignName, claimCode, code, language } = input;
  const offer = input.offerAmountCents > 0 ? formatUSD(input.offerAmountCents) : "";
  if (language === "es") {
    return {
      subject: `Su código de verificación: ${campaignName}`,
      body: [
        `¡Gracias por solicitar ${offer ? `su oferta de ${offer}` : "su oferta"}!`,
        "",
        `ID de solicitud: ${claimCode}`,
        `Código de verificación: ${code}`,
        "",
        "Muestre este correo al personal de la tienda para recibir su crédito. El código vence en 15 minutos.",
      ].join("\n"),
      sms: `${campaignName}: su código de verificación es ${code} (ID ${claimCode}). Vence en 15 minutos.`,
    };
  }
  return {
    subject: `Your verification code: ${campaignName}`,
    body: [
      `Thank you for claiming ${offer ? `your ${offer} offer` : "your offer"}!`,
      "",
      `Claim ID: ${claimCode}`,
      `Verification code: ${code}`,
      "",
      "Show this e-mail to the store staff to receive your credit. The code expires in 15 minutes.",
    ].join("\n"),
    sms: `${campaignName}: your verification code is ${code} (claim ${claimCode}). It expires in 15 minutes.`,
  };
}
