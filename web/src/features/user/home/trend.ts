import { formatDay } from "@tumble/domain/dateFormat";

// How a period's takings compare with its comparison period, said in words rather than a bare
// arrow (issue 34): a change is shown with its amount and share only when both periods had
// collections; a period with none (collections come twice a week) is said to have none, never
// "down 100%".

export type TrendKind = "up" | "down" | "flat" | "noComparison" | "noneYet" | "none";

export interface Trend {
  kind: TrendKind;
  /** The change in cents, never negative (the kind gives its direction). */
  changeCents: number;
  /** The change as a share of the comparison, as "+12%" / "−8%"; null without a comparison figure. */
  percent: string | null;
}

export function trendOf(totalCents: number, compareCents: number): Trend {
  const changeCents = Math.abs(totalCents - compareCents);
  if (totalCents === 0 && compareCents === 0) return { kind: "none", changeCents: 0, percent: null };
  if (compareCents === 0) return { kind: "noComparison", changeCents, percent: null };
  if (totalCents === 0) return { kind: "noneYet", changeCents, percent: null };
  if (totalCents === compareCents) return { kind: "flat", changeCents: 0, percent: "0%" };
  const share = Math.round((Math.abs(totalCents - compareCents) / Math.abs(compareCents)) * 100);
  const up = totalCents > compareCents;
  return { kind: up ? "up" : "down", changeCents, percent: `${up ? "+" : "−"}${share}%` };
}

export interface Span {
  fromDate: string;
  toDate: string;
}

/** "Nov 27", or "Nov 1 – Nov 27" for a range, in the reader's language. */
export function spanLabel(span: Span, language: string): string {
  const day = (iso: string) => formatDay(iso, language, { weekday: false });
  return span.fromDate === span.toDate ? day(span.fromDate) : `${day(span.fromDate)} – ${day(span.toDate)}`;
}
