import { ActionIcon, Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import { IconCash, IconCoins, IconInfoCircle, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openConfirm } from "../../../ui/confirm";
import { EquipmentIcon } from "./EquipmentIcon";
import { EquipmentTypeModal } from "./EquipmentTypeModal";
import type { EquipmentType } from "./types";

/** The company's equipment types: add, edit, delete. */
export function EquipmentTypesPanel() {
  const { t } = useTranslation("collections");
  const types = useQuery(api.equipmentConfig.getAllEquipmentTypes);
  const remove = useMutation(api.equipmentConfig.deleteEquipmentType);
  const [editing, setEditing] = useState<EquipmentType | null>(null);
  const [open, setOpen] = useState(false);

  const edit = (type: EquipmentType | null) => {
    setEditing(type);
    setOpen(true);
  };

  const confirmDelete = (type: EquipmentType) =>
    openConfirm({
      title: t("equipment.types.deleteTitle"),
      message: t("equipment.types.deleteMessage", { name: type.equipmentType.name }),
      confirmLabel: t("equipment.delete"),
      cancelLabel: t("equipment.cancel"),
      destructive: true,
      onConfirm: () => {
        remove({ equipmentTypeId: type._id }).then(
          () => notifySuccess(t("equipment.types.deleted", { name: type.equipmentType.name })),
          (error: unknown) => notifyError(extractErrorMessage(error)),
        );
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t("equipment.types.hint")}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => edit(null)}>
          {t("equipment.types.add")}
        </Button>
      </Group>
      {types === undefined ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
          <Skeleton height={120} radius="md" />
        </SimpleGrid>
      ) : types.length === 0 ? (
        <Alert icon={<IconInfoCircle aria-hidden />} variant="light">
          {t("equipment.types.empty")}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {types.map((type) => (
            <Card key={type._id} withBorder radius="md" p="sm" data-testid="equipment-type">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <EquipmentIcon colorHex={type.visualConfig.colorHex} iconType={type.visualConfig.iconType} size={36} />
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate="end">
                      {type.equipmentType.name}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {type.visualConfig.colorHex}
                    </Text>
                  </div>
                </Group>
                <Group gap={2} wrap="nowrap">
                  <Tooltip label={t("equipment.edit")}>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => edit(type)}
                      aria-label={t("equipment.editNamed", { name: type.equipmentType.name })}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t("equipment.delete")}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => confirmDelete(type)}
                      aria-label={t("equipment.deleteNamed", { name: type.equipmentType.name })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <Group gap={6} mt="sm">
                <Badge variant="light">{t(`equipment.categories.${type.equipmentType.category}`, { defaultValue: type.equipmentType.category })}</Badge>
                <Badge variant="outline" color={type.cashRules.acceptsCoins ? "teal" : "gray"} leftSection={<IconCoins size={12} aria-hidden />} tt="none">
                  {type.cashRules.acceptsCoins ? t("equipment.types.coins") : t("equipment.types.noCoins")}
                </Badge>
                <Badge variant="outline" color={type.cashRules.acceptsBills ? "teal" : "gray"} leftSection={<IconCash size={12} aria-hidden />} tt="none">
                  {type.cashRules.acceptsBills ? t("equipment.types.bills") : t("equipment.types.noBills")}
                </Badge>
                {type.cashRules.specialCase ? (
                  <Badge variant="light" color="orange" tt="none">
                    {type.cashRules.specialCase}
                  </Badge>
                ) : null}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <EquipmentTypeModal type={editing} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}
