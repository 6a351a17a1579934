import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconCash, IconCoins, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/equipmentRefusals";
import { DEFAULT_ERROR_MESSAGE } from "@tumble/domain/errorMessage";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/table/DataTable";
import type { DataColumn } from "../../../ui/table/types";
import { useEquipmentMenu } from "./equipmentMenu";
import { EquipmentIcon } from "./EquipmentIcon";
import { EquipmentTypeModal } from "./EquipmentTypeModal";
import type { EquipmentType } from "./types";

/** The company's equipment types: add, edit, delete. */
export function EquipmentTypesPanel() {
  const { t } = useTranslation("collections");
  const state = useQueryState(api.equipmentConfig.getAllEquipmentTypes);
  const menuFor = useEquipmentMenu();
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
          (error: unknown) => notifyError(errorText(error, DEFAULT_ERROR_MESSAGE)),
        );
      },
    });

  const columns: DataColumn<EquipmentType>[] = [
    {
      id: "name",
      header: t("equipment.types.fields.name"),
      cell: (type) => (
        <Group gap="sm" wrap="nowrap" miw={0}>
          <EquipmentIcon colorHex={type.visualConfig.colorHex} iconType={type.visualConfig.iconType} size={28} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate="end">
              {type.equipmentType.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" fw={400}>
              {type.visualConfig.colorHex}
            </Text>
          </div>
        </Group>
      ),
      sortValue: (type) => type.equipmentType.name,
      card: "title",
    },
    {
      id: "category",
      header: t("equipment.types.fields.category"),
      cell: (type) => <Badge variant="light">{t(`equipment.categories.${type.equipmentType.category}`, { defaultValue: type.equipmentType.category })}</Badge>,
      sortValue: (type) => t(`equipment.categories.${type.equipmentType.category}`, { defaultValue: type.equipmentType.category }),
    },
    {
      id: "coins",
      header: t("equipment.types.fields.acceptsCoins"),
      cell: (type) => (
        <Badge variant="outline" color={type.cashRules.acceptsCoins ? "teal" : "gray"} leftSection={<IconCoins size={12} aria-hidden />} tt="none">
          {type.cashRules.acceptsCoins ? t("equipment.types.coins") : t("equipment.types.noCoins")}
        </Badge>
      ),
      sortValue: (type) => (type.cashRules.acceptsCoins ? 1 : 0),
    },
    {
      id: "bills",
      header: t("equipment.types.fields.acceptsBills"),
      cell: (type) => (
        <Badge variant="outline" color={type.cashRules.acceptsBills ? "teal" : "gray"} leftSection={<IconCash size={12} aria-hidden />} tt="none">
          {type.cashRules.acceptsBills ? t("equipment.types.bills") : t("equipment.types.noBills")}
        </Badge>
      ),
      sortValue: (type) => (type.cashRules.acceptsBills ? 1 : 0),
    },
    {
      id: "specialCase",
      header: t("equipment.types.fields.specialCase"),
      cell: (type) => type.cashRules.specialCase || "—",
      sortValue: (type) => type.cashRules.specialCase ?? "",
    },
  ];

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
      <DataTable
        tableId="equipment-types"
        caption={t("equipment.types.tab")}
        columns={columns}
        data={state.data}
        error={state.error}
        getRowId={(type) => type._id}
        rowName={(type) => type.equipmentType.name}
        defaultSort={{ id: "name", desc: false }}
        onRowClick={edit}
        rowLabel={(type) => t("equipment.editNamed", { name: type.equipmentType.name })}
        rowMenu={(type) =>
          menuFor(
            () => edit(type),
            () => confirmDelete(type),
          )
        }
        emptyText={t("equipment.types.empty")}
        testId="equipment-types"
        rowTestId="equipment-type"
      />
      <EquipmentTypeModal type={editing} opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}
