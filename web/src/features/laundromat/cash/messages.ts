import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { localizeFileMessage } from "@tumble/domain/fileLimits";
import { refusalCode, refusalText } from "@tumble/domain/refusals";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { useQuery } from "../../../lib/hooks";
import { api } from "../../../lib/api";
import { currentLanguage } from "../../../lib/i18n";

/** The server's message for a failed call in the reader's language: by its refusal code (the cash table, through validationMessages), else where it is a known rule (or a file refused as too large or too slow to read). */
export function errorText(error: unknown, fallback: string): string {
  const language = currentLanguage();
  const coded = refusalText((error as { data?: unknown } | null)?.data, language);
  if (coded) return coded;
  const message = extractErrorMessage(error, fallback);
  return localizeFileMessage(message, language) ?? localizeValidationMessage(message, language);
}

/** The closed period a refusal names when the server will not date an entry inside it (cash.closedPeriod), or null. */
export function closedPeriodOf(error: unknown): { from: string; to: string } | null {
  if (refusalCode(error) !== "cash.closedPeriod") return null;
  const { from, to } = (error as { data: { params?: { from?: unknown; to?: unknown } } }).data.params ?? {};
  return typeof from === "string" && typeof to === "string" ? { from, to } : null;
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
