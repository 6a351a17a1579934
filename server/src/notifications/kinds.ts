// The notices the centre knows (issue 34): each kind is a stable code, its params the values its
// text is written from, in the reader's language, on the web (web/public/locales/*/notifications.json)
// and in e-mails (text.ts). A kind whose deciding module already sends its own e-mail is not
// mailed again here, or the person would get the same news twice.

export interface NoticeParams {
  /** A join request was approved: the requester is now a member with this role ("you're in"). */
  "joinRequest.approved": { role: string };
  "joinRequest.denied": { reason: string | null };
  /** An employee request (time off, swap, drop, claim) was decided, for the employee who asked. */
  "request.decided": { requestKind: string; approved: boolean; reason: string | null };
  /** A cash transaction asked for (a draw, deposit, expense...) was approved or rejected, for whoever asked. */
  "cash.decided": { transactionKind: string; approved: boolean; amountCents: number; reason: string | null };
  /** A store's week was published with changes to this employee's shifts. */
  "shift.published": { storeName: string; weekStart: string; changes: number };
  /** An approved swap gave this employee a coworker's shift. */
  "shift.swapped": { storeName: string; timeZone: string; startsAt: number; endsAt: number; fromName: string };
  /** A reviewer accepted the count this person made. */
  "count.accepted": { accountName: string; varianceCents: number };
}

export type NoticeKind = keyof NoticeParams;

export const NOTICE_KINDS: Record<NoticeKind, { mailedByItsModule: boolean }> = {
  // companyJoinRequests sends joinRequestDecided.
  "joinRequest.approved": { mailedByItsModule: true },
  "joinRequest.denied": { mailedByItsModule: true },
  // requests sends requestDecided.
  "request.decided": { mailedByItsModule: true },
  "cash.decided": { mailedByItsModule: false },
  // scheduling sends schedulePublished.
  "shift.published": { mailedByItsModule: true },
  "shift.swapped": { mailedByItsModule: false },
  "count.accepted": { mailedByItsModule: false },
};

export function isNoticeKind(kind: string): kind is NoticeKind {
  return Object.hasOwn(NOTICE_KINDS, kind);
}
