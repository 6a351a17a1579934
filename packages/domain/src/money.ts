// Money is integer cents everywhere; USD text exists only at the edges (display and input).
// Every function here refuses values outside the safe-integer range instead of losing precision.

export type ParsedCents = { ok: true; cents: number } | { ok: false; error: string };

export const MONEY_ERRORS = {
  required: "Amount is required",
  invalid: "Enter a valid amount",
  negative: "Amount cannot be negative",
  tooManyDecimals: "Amount cannot have more than 2 decimal places",
  tooLarge: "Amount is too large",
} as const;

export function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Plain dollars for an input field: 123456 → "1234.56", -5 → "-0.05". */
export function centsToDollarString(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const text = `${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return cents < 0 ? `-${text}` : text;
}

/** 123456 → "$1,234.56"; -500 → "-$5.00"; 0 → "$0.00". */
export function formatUSD(cents: number): string {
  assertCents(cents);
  const abs = Math.abs(cents);
  const text = `$${groupThousands(String(Math.trunc(abs / 100)))}.${String(abs % 100).padStart(2, "0")}`;
  return cents < 0 ? `-${text}` : text;
}

const AMOUNT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/**
 * Parses what a user types as dollars: "12", "12.5", "12.50", "$1,234.56", ".75". Commas must be
 * thousands separators; at most two decimals; no sign (negative amounts are refused).
 */
export function parseDollarsToCents(input: string): ParsedCents {
  const text = input.trim();
  if (text === "") return { ok: false, error: MONEY_ERRORS.required };
  if (/^-|^\$\s*-/.test(text)) return { ok: false, error: MONEY_ERRORS.negative };
  const match = AMOUNT.exec(text);
  if (!match) return { ok: false, error: MONEY_ERRORS.invalid };
  const whole = (match[1] ?? "").replace(/,/g, "");
  const fraction = match[2];
  if (whole === "" && (fraction === undefined || fraction === "")) return { ok: false, error: MONEY_ERRORS.invalid };
  if (fraction !== undefined && fraction === "") return { ok: false, error: MONEY_ERRORS.invalid };
  if (fraction !== undefined && fraction.length > 2) {
    return /^\d+$/.test(fraction) ? { ok: false, error: MONEY_ERRORS.tooManyDecimals } : { ok: false, error: MONEY_ERRORS.invalid };
  }
  const dollars = whole === "" ? 0 : Number(whole);
  const cents = dollars * 100 + Number((fraction ?? "").padEnd(2, "0"));
  if (whole.length > 14 || !Number.isSafeInteger(cents)) return { ok: false, error: MONEY_ERRORS.tooLarge };
  return { ok: true, cents };
}

/**
 * Whole cents for a dollar amount held as a number (e.g. an API field of 15 or 12.5), rounded half
 * away from zero after removing binary noise (1.005 → 101).
 */
export function dollarsToCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError(`Not a dollar amount: ${dollars}`);
  const scaled = Number((Math.abs(dollars) * 100).toPrecision(15));
  const cents = Math.sign(dollars) * Math.round(scaled);
  assertCents(cents);
  return cents === 0 ? 0 : cents;
}

/** Dollars as a number, for charts; never feed it back into arithmetic. */
export function centsToDollars(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

export function addCents(...amounts: number[]): number {
  let total = 0;
  for (const amount of amounts) {
    assertCents(amount);
    total += amount;
    assertCents(total);
  }
  return total;
}

export function subtractCents(a: number, b: number): number {
  assertCents(b);
  return addCents(a, -b);
}

/** cents × an integer count (e.g. quantity). */
export function multiplyCents(cents: number, count: number): number {
  assertCents(cents);
  if (!Number.isSafeInteger(count)) throw new RangeError(`Not a whole count: ${count}`);
  const product = cents * count;
  assertCents(product);
  return product === 0 ? 0 : product;
}

/**
 * What a money field keeps of a keystroke or paste: digits and one decimal point with at most two
 * digits after it; letters, signs, spaces and thousands separators are dropped ("-5" → "5",
 * "12.345" → "12.34", "$1,200.5" → "1200.5").
 */
export function moneyInputText(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, "");
  const dot = cleaned.indexOf(".");
  if (dot === -1) return cleaned;
  return `${cleaned.slice(0, dot)}.${cleaned
    .slice(dot + 1)
    .replace(/\./g, "")
    .slice(0, 2)}`;
}
