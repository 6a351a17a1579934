import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useMutation } from "../../../lib/hooks";
import { notifySuccess } from "../../../lib/notify";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { templateNameFormSchema } from "@tumble/domain/scheduling";

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
  const form = useSchemaForm(templateNameFormSchema, { initialValues: { name: "" } });
  return (
    <Modal opened={opened} onClose={onClose} title={t("templates.save")} closeButtonProps={{ "aria-label": t("form.close") }}>
      <Stack gap="sm">
        <TextInput label={t("templates.name")} {...form.getInputProps("name")} maxLength={80} data-testid="template-name" />
        <Group justify="flex-end">
          <Button
            disabled={!form.values.name.trim() || busy}
            onClick={() =>
              form.submit(({ name }) =>
                run(async () => {
                  await saveTemplate({ storeId: storeId!, weekStart: weekStart!, name });
                  notifySuccess(t("messages.templateSaved"));
                  onClose();
                  form.reset();
                }),
              )()
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
