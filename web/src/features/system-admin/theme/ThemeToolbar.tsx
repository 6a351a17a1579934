import { Badge, Button, Card, Group, Select, Text } from "@mantine/core";
import { IconCheck, IconCopy, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

export interface ThemeToolbarProps {
  themes: Array<{ _id: string; name: string }>;
  selected: { _id: string; isDefault: boolean };
  builtIn: boolean;
  dirty: boolean;
  busy: string | null;
  saveAsOpen: boolean;
  onChoose: (id: string | null) => void;
  onDuplicate: () => void;
  onSetActive: () => void;
}

/** The theme picked, whether it is the platform's or built in, and its duplicate and make-active buttons. */
export function ThemeToolbar({ themes, selected, builtIn, dirty, busy, saveAsOpen, onChoose, onDuplicate, onSetActive }: ThemeToolbarProps) {
  const { t } = useTranslation(["themeEditor", "common"]);
  return (
    <Card withBorder padding="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t("theme")}
          data={themes.map((x) => ({ value: x._id, label: x.name }))}
          value={selected._id}
          onChange={onChoose}
          allowDeselect={false}
          w={{ base: "100%", xs: 260 }}
          data-testid="theme-select"
        />
        <Group gap={6} pb={6}>
          {selected.isDefault ? (
            <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />} data-testid="theme-active-badge">
              {t("activeBadge")}
            </Badge>
          ) : null}
          {builtIn ? (
            <Badge color="gray" variant="light" leftSection={<IconLock size={12} />}>
              {t("builtInBadge")}
            </Badge>
          ) : null}
        </Group>
        <Group gap="xs" ml={{ md: "auto" }}>
          <Button
            variant="default"
            leftSection={<IconCopy size={16} />}
            onClick={onDuplicate}
            loading={busy === "new" && !saveAsOpen}
            disabled={busy !== null}
            data-testid="theme-duplicate"
          >
            {t("duplicate")}
          </Button>
          <Button
            variant="light"
            leftSection={<IconCheck size={16} />}
            onClick={onSetActive}
            loading={busy === "active"}
            disabled={selected.isDefault || dirty || busy !== null}
            data-testid="theme-set-active"
          >
            {t("setActive")}
          </Button>
        </Group>
      </Group>
      {dirty && !selected.isDefault ? (
        <Text size="xs" c="dimmed" mt="xs">
          {t("saveBeforeActivate")}
        </Text>
      ) : null}
    </Card>
  );
}
