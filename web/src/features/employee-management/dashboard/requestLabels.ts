import { shiftLabel as formatShift, timeRangeLabel } from "@tumble/domain/dateFormat";
import { currentLanguage } from "../../../lib/i18n";

// A request as an approver reads it (the same words as user/my-requests), in the store's zone.

export const shiftLabel = (s: { storeName: string; timeZone: string; startsAt: number; endsAt: number }): string => formatShift(s, currentLanguage());

export const rangeLabel = (startsAt: number, endsAt: number, allDay: boolean, timeZone: string): string =>
  timeRangeLabel(startsAt, endsAt, allDay, timeZone, currentLanguage());

interface Summarised {
  kind: string;
  startsAt: number | null;
  endsAt: number | null;
  allDay: boolean;
  timeOffType: string | null;
  timeZone: string;
  shift: { storeName: string; timeZone: string; startsAt: number; endsAt: number } | null;
  targetEmployeeName: string | null;
}

/** One line of what a request asks for, with the requests namespace's `t`. */
export function requestSummary(r: Summarised, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (r.kind === "timeOff" && r.startsAt !== null && r.endsAt !== null)
    return `${t(`timeOffType.${r.timeOffType ?? "other"}`)} · ${rangeLabel(r.startsAt, r.endsAt, r.allDay, r.timeZone)}`;
  const shift = r.shift ? shiftLabel(r.shift) : "";
  return r.kind === "swap" ? t("swapSummary", { shift, name: r.targetEmployeeName ?? "" }) : shift;
}
