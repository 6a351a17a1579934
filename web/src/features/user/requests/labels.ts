import { shiftLabel as formatShift, timeRangeLabel } from "@tumble/domain/dateFormat";
import { currentLanguage } from "../../../lib/i18n";

// A shift or a time-off range as the employee reads it, in the store's zone.

export const shiftLabel = (s: { storeName: string; timeZone: string; startsAt: number; endsAt: number }): string => formatShift(s, currentLanguage());

export const rangeLabel = (startsAt: number, endsAt: number, allDay: boolean, timeZone: string): string =>
  timeRangeLabel(startsAt, endsAt, allDay, timeZone, currentLanguage());
