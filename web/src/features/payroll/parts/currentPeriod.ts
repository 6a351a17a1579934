import { todayIn, DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import type { PayPeriodSummary } from "./types";

/** The period containing today (in the company's first store's zone, or the default), and the one before it. */
export function currentPeriodOf(periods: readonly PayPeriodSummary[] | undefined, timeZone: string = DEFAULT_TIME_ZONE): PayPeriodSummary | undefined {
  const today = todayIn(timeZone);
  return periods?.find((p) => p.startsOn <= today && today <= p.endsOn);
}

export function previousPeriodOf(periods: readonly PayPeriodSummary[] | undefined, current: PayPeriodSummary | undefined): PayPeriodSummary | undefined {
  if (!periods || !current) return undefined;
  return [...periods].filter((p) => p.endsOn < current.startsOn).sort((a, b) => b.startsOn.localeCompare(a.startsOn))[0];
}
