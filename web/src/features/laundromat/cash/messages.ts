import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizeFileMessage } from "@tumble/domain/fileLimits";
import { RECONCILIATION_MESSAGES } from "@tumble/domain/reconciliation";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { useQuery } from "../../../lib/hooks";
import { api } from "../../../lib/api";
import { currentLanguage } from "../../../lib/i18n";

/** The server's message for a failed call, in the reader's language where it is a known rule (or a file refused as too large or too slow to read). */
export function errorText(error: unknown, fallback: string): string {
  const message = extractErrorMessage(error, fallback);
  return localizeFileMessage(message, currentLanguage()) ?? localizeValidationMessage(message, currentLanguage());
}

const CLOSED_PERIOD = new RegExp(
  `^${RECONCILIATION_MESSAGES.closedPeriod("\0", "\0")
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replaceAll("\0", "(\\d{4}-\\d{2}-\\d{2})")}$`,
);

/** The closed period a refusal names when the server will not date an entry inside it, or null. */
export function closedPeriodOf(error: unknown): { from: string; to: string } | null {
  const match = CLOSED_PERIOD.exec(extractErrorMessage(error, ""));
  return match ? { from: match[1]!, to: match[2]! } : null;
}

/** The signed-in user's id and cash rights in the active company. */
export function useCashRights() {
  const role = useQuery(api.auth.getUserCompanyRole);
  const me = useQuery(api.auth.loggedInUser);
  const p = role?.permissions;
  return {
    userId: me?._id ?? null,
    canApprove: Boolean(p?.canApproveDraws),
    canManage: Boolean(p?.canManageStores),
    isAdmin: Boolean(p?.isAdmin),
    canExport: Boolean(p?.canExportReports),
  };
}
