import { lineAmountCents } from "@tumble/domain/collectionStats";
import { MONEY_ERRORS, parseDollarsToCents } from "@tumble/domain/money";
import { isChangerMachine, type RecordMachine } from "./types";

// A collection being recorded, as the collector typed it. It is kept in this browser's local
// storage on every change (one entry per user, store and business date), so a reload or a lost
// connection loses nothing; the server copy is a draft collection updated from it.

/** The same limit the server applies to one field of one line ($50,000.00). */
export const MAX_FIELD_CENTS = 5_000_000;
const MAX_METER = 2_000_000_000;

export interface FieldValues {
  coins: string;
  bills: string;
  meter: string;
  note: string;
}

export interface DuplicateWarning {
  machineId: string;
  label: string;
  otherCollectionId: string;
}

export interface StoredDraft {
  v: 1;
  storeId: string;
  businessDate: string;
  collectionId: string | null;
  values: Record<string, FieldValues>;
  updatedAt: number;
  /** True when the server holds what is shown. */
  synced: boolean;
  warnings: DuplicateWarning[];
  rejectionReason: string | null;
}

export const EMPTY_FIELDS: FieldValues = { coins: "", bills: "", meter: "", note: "" };

export function draftKey(userId: string, storeId: string, businessDate: string): string {
  return `tumble.collectionDraft.${userId}.${storeId}.${businessDate}`;
}

export function emptyDraft(storeId: string, businessDate: string): StoredDraft {
  return { v: 1, storeId, businessDate, collectionId: null, values: {}, updatedAt: 0, synced: true, warnings: [], rejectionReason: null };
}

export function readDraft(key: string): StoredDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value = JSON.parse(raw) as StoredDraft;
    if (value?.v !== 1 || typeof value.values !== "object" || value.values === null) return null;
    return { ...value, warnings: Array.isArray(value.warnings) ? value.warnings : [], rejectionReason: value.rejectionReason ?? null };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: StoredDraft): void {
  try {
    if (Object.keys(draft.values).length === 0 && draft.collectionId === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(draft));
  } catch (error) {
    console.warn("Keeping the collection draft on this device failed", error);
  }
}

export function removeDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to keep.
  }
}

export type MoneyErrorKey = keyof typeof MONEY_ERRORS | "overLimit" | "meter";
const ERROR_KEYS = Object.fromEntries(Object.entries(MONEY_ERRORS).map(([k, v]) => [v, k])) as Record<string, keyof typeof MONEY_ERRORS>;

/** An optional amount: blank is zero. */
function parseAmount(text: string): { cents: number } | { error: MoneyErrorKey } {
  if (text.trim() === "") return { cents: 0 };
  const parsed = parseDollarsToCents(text);
  if (!parsed.ok) return { error: ERROR_KEYS[parsed.error] ?? "invalid" };
  if (parsed.cents > MAX_FIELD_CENTS) return { error: "overLimit" };
  return { cents: parsed.cents };
}

export interface LineErrors {
  coins?: MoneyErrorKey;
  bills?: MoneyErrorKey;
  meter?: MoneyErrorKey;
}

export interface ParsedDraft {
  lines: Array<{ machineId: string; coinsCents: number; billsCents: number; meterReading: number | null; note: string | null }>;
  errors: Record<string, LineErrors>;
  hasErrors: boolean;
  /** What each machine's line is worth (0 for blank or invalid). */
  amounts: Record<string, number>;
  totalCents: number;
}

/** The lines to send: machines with any figure, note or reading; blank amounts count as zero. */
export function parseDraft(values: Record<string, FieldValues>, machines: readonly RecordMachine[]): ParsedDraft {
  const lines: ParsedDraft["lines"] = [];
  const errors: Record<string, LineErrors> = {};
  const amounts: Record<string, number> = {};
  let totalCents = 0;
  for (const machine of machines) {
    const v = values[machine._id];
    if (!v || (v.coins.trim() === "" && v.bills.trim() === "" && v.meter.trim() === "" && v.note.trim() === "")) continue;
    const coins = parseAmount(v.coins);
    const bills = parseAmount(v.bills);
    const e: LineErrors = {};
    if ("error" in coins) e.coins = coins.error;
    if ("error" in bills) e.bills = bills.error;
    let meter: number | null = null;
    if (v.meter.trim() !== "") {
      const n = Number(v.meter.trim());
      if (!/^\d+$/.test(v.meter.trim()) || n > MAX_METER) e.meter = "meter";
      else meter = n;
    }
    if (e.coins || e.bills || e.meter) {
      errors[machine._id] = e;
      continue;
    }
    const line = { coinsCents: "cents" in coins ? coins.cents : 0, billsCents: "cents" in bills ? bills.cents : 0 };
    const amount = lineAmountCents(line, isChangerMachine(machine));
    amounts[machine._id] = amount;
    totalCents += amount;
    lines.push({ machineId: machine._id, ...line, meterReading: meter, note: v.note.trim() || null });
  }
  return { lines, errors, hasErrors: Object.keys(errors).length > 0, amounts, totalCents };
}
