// Spec section 5 "Claim form": a phone number keeps digits only, at most 10 (US numbers without
// the country code), and is shown as (xxx)xxx-xxxx, built up progressively while typing.

export const PHONE_DIGITS = 10;

/** Digits only, the first 10. */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, "").slice(0, PHONE_DIGITS);
}

/**
 * The display form for whatever has been typed so far: "" → "", "5" → "(5", "555" → "(555",
 * "5551" → "(555)1", "555123" → "(555)123", "5551234" → "(555)123-4", ten digits → "(555)123-4567".
 * A closing bracket or dash appears only once a digit follows it, so deleting backwards never
 * gets stuck on punctuation.
 */
export function formatPhone(input: string): string {
  const d = phoneDigits(input);
  if (d.length === 0) return "";
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)})${d.slice(3)}`;
  return `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}`;
}

export function isCompletePhone(input: string): boolean {
  return phoneDigits(input).length === PHONE_DIGITS;
}
