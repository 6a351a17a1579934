import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { THEME_NAME_MAX } from "@tumble/domain/themeConfig";
import { useTranslation } from "react-i18next";

export interface SaveAsModalProps {
  opened: boolean;
  onClose: () => void;
  newName: string;
  onNewName: (name: string) => void;
  busy: string | null;
  onSave: (name: string) => void;
}

/** Names the edited theme before saving it as a new one. */
export function SaveAsModal({ opened, onClose, newName, onNewName, busy, onSave }: SaveAsModalProps) {
  const { t } = useTranslation(["themeEditor", "common"]);
  return (
    <Modal opened={opened} onClose={onClose} title={t("saveAs.title")} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (newName.trim()) onSave(newName.trim());
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t("name")}
            value={newName}
            onChange={(e) => onNewName(e.currentTarget.value)}
            maxLength={THEME_NAME_MAX}
            error={newName.trim() ? undefined : t("errors.nameRequired")}
            data-autofocus
            data-testid="theme-new-name"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" loading={busy === "new"} disabled={!newName.trim()} data-testid="theme-save-as-confirm">
              {t("saveAs.confirm")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
