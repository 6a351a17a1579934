import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { groupConflicts } from "@tumble/domain/scheduling";
import { conflictText } from "./messages";
import type { Conflict, WeekData } from "./types";

export interface PublishOverrideModalProps {
  publishing: Conflict[] | null;
  onClose: () => void;
  data: WeekData | undefined;
  storeName: (id: string) => string;
  shiftsText: (ids: string[]) => string;
  reason: string;
  onReason: (reason: string) => void;
  busy: boolean;
  onPublish: (overrideReason: string) => void;
}

/** A publish the conflicts blocked: the conflicts listed, published anyway with a reason. */
export function PublishOverrideModal({ publishing, onClose, data, storeName, shiftsText, reason, onReason, busy, onPublish }: PublishOverrideModalProps) {
  const { t } = useTranslation("scheduling");
  return (
    <Modal opened={publishing !== null} onClose={onClose} title={t("publish.title")} closeButtonProps={{ "aria-label": t("form.close") }}>
      <Stack gap="sm">
        <Text size="sm">{t("publish.blocked", { count: groupConflicts(publishing ?? []).length })}</Text>
        <Stack gap={2} component="ul" style={{ paddingLeft: 20, margin: 0 }}>
          {groupConflicts(publishing ?? []).map((c, i) => (
            <Text component="li" size="sm" key={i}>
              {data?.employees.find((e) => e._id === c.employeeId)?.name}: {conflictText(t, c, storeName)} ({shiftsText(c.shiftIds)})
            </Text>
          ))}
        </Stack>
        <Textarea
          label={t("publish.reason")}
          value={reason}
          onChange={(e) => onReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          data-testid="override-reason"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("form.cancel")}
          </Button>
          <Button color="red" disabled={!reason.trim() || busy} onClick={() => onPublish(reason.trim())} data-testid="publish-override">
            {t("publish.override")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
