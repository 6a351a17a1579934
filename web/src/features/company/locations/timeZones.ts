import { localTimeZone } from "@tumble/domain/dateFormat";

// IANA time zones offered for a store, from the browser's own list.

const FALLBACK_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
  "UTC",
];

let zones: string[] | null = null;

export function timeZones(): string[] {
  if (zones) return zones;
  let list: string[];
  try {
    list = Intl.supportedValuesOf("timeZone");
  } catch {
    list = [];
  }
  zones = Array.from(new Set([...(list.length ? list : FALLBACK_ZONES), "UTC"])).sort();
  return zones;
}

export function browserTimeZone(): string {
  try {
    return localTimeZone("America/Chicago");
  } catch {
    return "America/Chicago";
  }
}
