import { DEFAULT_ERROR_MESSAGE, extractErrorMessage } from "@tumble/domain/errorMessage";
import i18n from "../lib/i18n";
import { isCriticalError } from "../lib/errors";
import { notifyError } from "../lib/notify";

// Spec section 8: unhandled rejections and global errors become an error toast; the last 50 are
// kept; critical ones (network failure, undefined access) get a 10 s notice, the others stay
// until dismissed.

export const MAX_LOGGED = 50;
export const CRITICAL_NOTICE_MS = 10_000;

export interface LoggedError {
  at: number;
  message: string;
  critical: boolean;
}

/** The most recent unhandled errors, newest last (kept for support diagnostics). */
export const recentErrors: LoggedError[] = [];

function isNoise(message: string): boolean {
  // Benign browser notices that are not failures of the app.
  return /ResizeObserver loop/i.test(message);
}

export function reportUnhandled(error: unknown): void {
  const message = extractErrorMessage(error, i18n.t("common:errors.unexpected", { defaultValue: DEFAULT_ERROR_MESSAGE }));
  if (isNoise(message)) return;
  const critical = isCriticalError(error);
  recentErrors.push({ at: Date.now(), message, critical });
  if (recentErrors.length > MAX_LOGGED) recentErrors.splice(0, recentErrors.length - MAX_LOGGED);
  notifyError(message, { autoClose: critical ? CRITICAL_NOTICE_MS : false });
}

let installed = false;

/** Unhandled promise rejections and uncaught errors become an error notification. */
export function installGlobalErrorHandlers(): void {
  if (installed) return;
  installed = true;
  window.addEventListener("unhandledrejection", (event) => reportUnhandled(event.reason));
  window.addEventListener("error", (event) => {
    // Resource load failures (img, script) carry no error object; they are not app errors.
    if (!event.error && !event.message) return;
    reportUnhandled(event.error ?? event.message);
  });
}
