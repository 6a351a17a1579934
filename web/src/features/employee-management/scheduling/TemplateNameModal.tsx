import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";

export interface TemplateNameModalProps {
  opened: boolean;
  onClose: () => void;
  storeId: string | undefined;
  weekStart: string | undefined;
  busy: boolean;
  run: (task: () => Promise<void>) => Promise<void>;
}

/** Names the week before saving it as a template; the name typed stays until saved. */
export function TemplateNameModal({ opened, onClose, storeId, weekStart, busy, run }: TemplateNameModalProps) {
  const { t } = useTranslation("scheduling");
  const saveTemplate = useMutation(api.shifts.saveTemplate);
  const [templateName, setTemplateName] = useState("");
  return (
    <Modal opened={opened} onClose={onClose} title={t("templates.save")} closeButtonProps={{ "aria-label": t("form.close") }}>
      <Stack gap="sm">
        <TextInput
          label={t("templates.name")}
          value={templateName}
          onChange={(e) => setTemplateName(e.currentTarget.value)}
          maxLength={80}
          data-testid="template-name"
        />
        <Group justify="flex-end">
          <Button
            disabled={!templateName.trim() || busy}
            onClick={() =>
              run(async () => {
                await saveTemplate({ storeId: storeId!, weekStart: weekStart!, name: templateName.trim() });
                notifySuccess(t("messages.templateSaved"));
                onClose();
                setTemplateName("");
              })
            }
            data-testid="template-name-save"
          >
            {t("form.save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
