import type { TFunction } from "i18next";
import { formatLongDate, shiftLabel } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";

// A notice's sentence in the reader's language, from the code and values the server stored
// (server/src/notifications/kinds.ts): the server keeps no sentences (decision 0067).

export interface NoticeLike {
  kind: string;
  params: Record<string, unknown>;
  companyName: string | null;
}

type Language = "en" | "es";

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const num = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The notice's sentence, and its reason line when the decision gave one. */
export function noticeText(notice: NoticeLike, t: TFunction<["notifications", "common"]>, language: Language): { text: string; reason: string | null } {
  const p = notice.params;
  const company = notice.companyName ?? "";
  const reason = text(p.reason) ? t("notifications:reason", { reason: text(p.reason) }) : null;
  switch (notice.kind) {
    case "joinRequest.approved":
      return {
        text: t("notifications:kinds.joinRequest.approved", { company, role: t(`common:roles.${text(p.role)}`, { defaultValue: text(p.role) }) }),
        reason,
      };
    case "joinRequest.denied":
      return { text: t("notifications:kinds.joinRequest.denied", { company }), reason };
    case "request.decided": {
      const what = t(`notifications:requestKinds.${text(p.requestKind)}`, { defaultValue: text(p.requestKind) });
      return { text: t(p.approved ? "notifications:kinds.request.decided_approved" : "notifications:kinds.request.decided_denied", { what }), reason };
    }
    case "cash.decided": {
      const what = t(`notifications:cashKinds.${text(p.transactionKind)}`, { defaultValue: text(p.transactionKind) });
      const key = p.approved ? "notifications:kinds.cash.decided_approved" : "notifications:kinds.cash.decided_rejected";
      return { text: t(key, { what, amount: formatUSD(num(p.amountCents)) }), reason };
    }
    case "shift.published":
      return {
        text: t("notifications:kinds.shift.published", { count: num(p.changes), week: formatLongDate(text(p.weekStart), language), store: text(p.storeName) }),
        reason: null,
      };
    case "shift.swapped": {
      const shift = shiftLabel(
        { storeName: text(p.storeName), timeZone: text(p.timeZone) || "UTC", startsAt: num(p.startsAt), endsAt: num(p.endsAt) },
        language,
      );
      return { text: t("notifications:kinds.shift.swapped", { from: text(p.fromName), shift }), reason: null };
    }
    case "count.accepted": {
      const variance = num(p.varianceCents);
      const key = variance === 0 ? "notifications:kinds.count.accepted_even" : "notifications:kinds.count.accepted_difference";
      return { text: t(key, { account: text(p.accountName), amount: formatUSD(variance) }), reason: null };
    }
    default:
      return { text: t("notifications:kinds.unknown"), reason: null };
  }
}

/** A notice's link as a path and its search params ("/laundromat/cash-dashboard?open=x"). */
export function linkTarget(link: string): { path: string; search: Record<string, string> } {
  const [path, query = ""] = link.split("?", 2);
  return { path, search: Object.fromEntries(new URLSearchParams(query)) };
}
