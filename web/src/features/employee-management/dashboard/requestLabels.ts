import { currentLanguage } from "../../../lib/i18n";

// A request as an approver reads it (the same words as user/my-requests), in the store's zone.

const locale = () => (currentLanguage() === "es" ? "es-US" : "en-US");

export function shiftLabel(s: { storeName: string; timeZone: string; startsAt: number; endsAt: number }): string {
  const day = new Intl.DateTimeFormat(locale(), { weekday: "short", month: "short", day: "numeric", timeZone: s.timeZone }).format(s.startsAt);
  const time = new Intl.DateTimeFormat(locale(), { hour: "numeric", minute: "2-digit", timeZone: s.timeZone });
  return `${day} ${time.format(s.startsAt)} – ${time.format(s.endsAt)} · ${s.storeName}`;
}

export function rangeLabel(startsAt: number, endsAt: number, allDay: boolean, timeZone: string): string {
  if (allDay) {
    const day = new Intl.DateTimeFormat(locale(), { weekday: "short", month: "short", day: "numeric", timeZone });
    const last = day.format(endsAt - 1);
    const first = day.format(startsAt);
    return first === last ? first : `${first} – ${last}`;
  }
  const at = new Intl.DateTimeFormat(locale(), { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
  return `${at.format(startsAt)} – ${at.format(endsAt)}`;
}

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
