import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import i18n from "./i18n";

// Spec sections 3, 4 and 9 "Toast": success, error, warning and info. Errors stay until
// dismissed; the others close after 5000 ms. One toaster for the whole app, top-right
// (docs/decisions/0007-toast-position.md).

export type ToastType = "success" | "error" | "warning" | "info";

/** Non-error notices close after this long; errors stay until dismissed. */
export const NOTICE_MS = 5_000;
export const TOAST_POSITION = "top-right" as const;
export const TOAST_LIMIT = 5;
/** Context-menu action outcomes (spec section 9). */
export const CONTEXT_SUCCESS_MS = 2_000;
export const CONTEXT_FAILURE_MS = 5_000;

const LOOK: Record<ToastType, { color: string; icon: ReactNode }> = {
  success: { color: "teal", icon: <IconCheck size={18} aria-hidden /> },
  error: { color: "red", icon: <IconX size={18} aria-hidden /> },
  warning: { color: "yellow", icon: <IconAlertTriangle size={18} aria-hidden /> },
  info: { color: "blue", icon: <IconInfoCircle size={18} aria-hidden /> },
};

export interface ToastOptions {
  title?: ReactNode;
  /** Milliseconds, or false to stay until dismissed. Errors default to false, others to 5000. */
  autoClose?: number | false;
  /** Whether the close button shows (default true). */
  dismissible?: boolean;
  /** An extra control under the message (e.g. an Undo button). */
  action?: ReactNode;
  id?: string;
}

/** Errors on screen by message: the same error again adds to its count instead of piling up. */
const openErrors = new Map<string, { id: string; count: number }>();

/**
 * Shows a toast and returns its id. A message may be an element that translates itself, so the
 * toast follows a language applied after it opened; only text messages collapse when repeated.
 */
export function notify(type: ToastType, message: ReactNode, options: ToastOptions = {}): string {
  const { color, icon } = LOOK[type];
  const key = type === "error" && !options.action && typeof message === "string" ? message : null;
  const repeat = key === null ? undefined : openErrors.get(key);
  if (repeat) {
    repeat.count += 1;
    notifications.update({ id: repeat.id, message: `${key} (×${repeat.count})`, color, icon, title: options.title });
    return repeat.id;
  }
  const id = options.id ?? `toast-${Math.random().toString(36).slice(2)}`;
  if (key !== null) openErrors.set(key, { id, count: 1 });
  return notifications.show({
    id,
    onClose: () => {
      if (key !== null && openErrors.get(key)?.id === id) openErrors.delete(key);
    },
    color,
    icon,
    title: options.title,
    message: options.action ? (
      <>
        {message}
        <div style={{ marginTop: 6 }}>{options.action}</div>
      </>
    ) : (
      message
    ),
    withCloseButton: options.dismissible ?? true,
    // Mantine's close button is an icon alone: it needs a name to be announced.
    closeButtonProps: { "aria-label": i18n.t("common:actions.close") },
    autoClose: options.autoClose ?? (type === "error" ? false : NOTICE_MS),
    role: type === "error" ? "alert" : "status",
  } as Parameters<typeof notifications.show>[0]);
}

export function notifyError(message: string, options: { autoClose?: number | false; title?: string } = {}): string {
  return notify("error", message, options);
}

export function notifySuccess(message: string, autoClose: number = NOTICE_MS): string {
  return notify("success", message, { autoClose });
}

export function notifyWarning(message: string, autoClose: number = NOTICE_MS): string {
  return notify("warning", message, { autoClose });
}

export function notifyInfo(message: string, autoClose: number = NOTICE_MS): string {
  return notify("info", message, { autoClose });
}

export function dismissToast(id: string): void {
  notifications.hide(id);
}
