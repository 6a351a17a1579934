import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Red confirm button for actions that remove or end something. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
  confirmTestId?: string;
}

/** The generic confirm dialog: title, message, confirm and cancel buttons. */
export function openConfirm(options: ConfirmOptions): string {
  return modals.openConfirmModal({
    title: options.title,
    centered: true,
    children: <Text size="sm">{options.message}</Text>,
    labels: { confirm: options.confirmLabel, cancel: options.cancelLabel },
    confirmProps: {
      color: options.destructive ? "red" : undefined,
      ...(options.confirmTestId ? { "data-testid": options.confirmTestId } : {}),
    },
    onConfirm: options.onConfirm,
    onCancel: options.onCancel,
  });
}
