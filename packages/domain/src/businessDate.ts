// Business dates (yyyy-MM-dd) in a store's or company's time zone, and the campaign date rules
// built on them. "Today" is always asked of a zone, never of the machine running the code, so a
// server in UTC and a browser in Auckland agree with a manager in Chicago.

import { isIsoDate } from "./datePresets.ts";
import { dateInZone, wallTimeToInstant } from "./zonedTime.ts";

/** Where a company has no store yet (the stores table's own default). */
export const DEFAULT_TIME_ZONE = "America/New_York";

export function isTimeZone(value: string): boolean {
  if (value.trim() === "") return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date in `timeZone` at the instant `now` (epoch ms or Date). */
export function todayIn(timeZone: string, now: number | Date = Date.now()): string {
  return dateInZone(typeof now === "number" ? now : now.getTime(), timeZone);
}

/** The instant (epoch ms) a business date begins in `timeZone`: its local midnight. */
export function startOfBusinessDay(date: string, timeZone: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a business date: ${date}`);
  return wallTimeToInstant(date, 0, timeZone);
}

/** The business date of an instant in `timeZone` (e.g. a stored timestamp). */
export function businessDateOf(epochMs: number, timeZone: string): string {
  return todayIn(timeZone, epochMs);
}

export type CampaignPhase = "comingSoon" | "open" | "expired";

/**
 * Where a campaign stands on `today` (its zone's date): open from the first moment of its start
 * date through the last moment of its end date, both inclusive.
 */
export function campaignPhase(campaign: { startDate: string; endDate: string }, today: string): CampaignPhase {
  if (campaign.endDate < today) return "expired";
  if (campaign.startDate > today) return "comingSoon";
  return "open";
}

export type CampaignStatus = "live" | "scheduled" | "expired" | "off";

/**
 * What the owner's screens call a campaign at `now` (issue 34): past its end date it is expired
 * whether or not it is switched on (an expired campaign listed "Active" misled owners); otherwise
 * off when switched off, scheduled before its start date, live while open.
 */
export function campaignStatus(campaign: { isActive: boolean; startsOn: string; endsOn: string; timeZone: string }, now: number): CampaignStatus {
  const phase = campaignPhase({ startDate: campaign.startsOn, endDate: campaign.endsOn }, todayIn(campaign.timeZone, now));
  if (phase === "expired") return "expired";
  if (!campaign.isActive) return "off";
  return phase === "comingSoon" ? "scheduled" : "live";
}
