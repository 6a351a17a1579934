import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from "@tabler/icons-react";

/** Non-error notices close after this long; errors stay until dismissed. */
export const NOTICE_MS = 5_000;

export function notifyError(message: string, options: { autoClose?: number | false; title?: string } = {}): string {
  return notifications.show({
    color: "red",
    icon: <IconX size={18} aria-hidden />,
    message,
    title: options.title,
    autoClose: options.autoClose ?? false,
  });
}

export function notifySuccess(message: string, autoClose: number = NOTICE_MS): string {
  return notifications.show({ color: "teal", icon: <IconCheck size={18} aria-hidden />, message, autoClose });
}

export function notifyWarning(message: string, autoClose: number = NOTICE_MS): string {
  return notifications.show({ color: "yellow", icon: <IconAlertTriangle size={18} aria-hidden />, message, autoClose });
}

export function notifyInfo(message: string, autoClose: number = NOTICE_MS): string {
  return notifications.show({ color: "blue", icon: <IconInfoCircle size={18} aria-hidden />, message, autoClose });
}
