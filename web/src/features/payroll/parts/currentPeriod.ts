import type { PayPeriodListItem } from "./types";

/** The period holding the company's today (the server marks it, in the company's zone), and the one before it. */
export function currentPeriodOf(periods: readonly PayPeriodListItem[] | undefined): PayPeriodListItem | undefined {
  return periods?.find((p) => p.current);
}

export function previousPeriodOf(periods: readonly PayPeriodListItem[] | undefined, current: PayPeriodListItem | undefined): PayPeriodListItem | undefined {
  if (!periods || !current) return undefined;
  return [...periods].filter((p) => p.endsOn < current.startsOn).sort((a, b) => b.startsOn.localeCompare(a.startsOn))[0];
}
