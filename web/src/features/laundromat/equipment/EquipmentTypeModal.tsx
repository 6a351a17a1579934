import { Button, ColorInput, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { CASH_RULE_DEFAULTS, EQUIPMENT_CATEGORIES, ICON_TYPES, UNKNOWN_COLOR, type EquipmentCategory } from "@tumble/domain/equipment";
import { equipmentTypeFormSchema } from "@tumble/domain/equipmentForms";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import { EquipmentIcon } from "./EquipmentIcon";
import type { EquipmentType } from "./types";

type IconType = (typeof ICON_TYPES)[number];

const SWATCHES = ["#1C7ED6", "#0CA678", "#F08C00", "#E8590C", "#AE3EC9", "#D6336C", "#2F9E44", "#495057"];

interface Props {
  type: EquipmentType | null;
  opened: boolean;
  onClose: () => void;
}

/** Add or edit an equipment type: name, category, cash rules, colour and icon. */
export function EquipmentTypeModal({ type, opened, onClose }: Props) {
  const { t } = useTranslation("collections");
  const phone = useMediaQuery("(max-width: 767px)");
  return (
    <Modal
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      opened={opened}
      onClose={onClose}
      title={type ? t("equipment.types.edit") : t("equipment.types.add")}
      size="lg"
      fullScreen={phone}
      centered
    >
      {opened ? <TypeForm type={type} onClose={onClose} /> : null}
    </Modal>
  );
}

function TypeForm({ type, onClose }: { type: EquipmentType | null; onClose: () => void }) {
  const { t } = useTranslation("collections");
  const create = useMutation(api.equipmentConfig.createEquipmentType);
  const update = useMutation(api.equipmentConfig.updateEquipmentType);
  const form = useSchemaForm(equipmentTypeFormSchema, {
    initialValues: {
      name: type?.equipmentType.name ?? "",
      category: (type?.equipmentType.category as EquipmentCategory | undefined) ?? "laundry",
      acceptsCoins: type?.cashRules.acceptsCoins ?? CASH_RULE_DEFAULTS.acceptsCoins,
      acceptsBills: type?.cashRules.acceptsBills ?? CASH_RULE_DEFAULTS.acceptsBills,
      specialCase: type?.cashRules.specialCase ?? "",
      // A type saved without a colour reads back as the unknown grey; editing shows it as empty.
      colorHex: type && type.visualConfig.colorHex !== UNKNOWN_COLOR.colorHex ? type.visualConfig.colorHex : null,
      iconType: (type?.visualConfig.iconType as IconType | undefined) ?? "square",
    },
  });
  const [saving, setSaving] = useState(false);
  const { colorHex, iconType } = form.getValues();

  const save = async (values: z.output<typeof equipmentTypeFormSchema>) => {
    setSaving(true);
    const fields = { ...values, specialCase: values.specialCase || null, colorHex: values.colorHex ? values.colorHex.toUpperCase() : null };
    try {
      if (type) await update({ equipmentTypeId: type._id, ...fields });
      else await create(fields);
      notifySuccess(type ? t("equipment.types.saved", { name: fields.name }) : t("equipment.types.created", { name: fields.name }));
      onClose();
    } catch (error) {
      notifyError(localizeValidationMessage(extractErrorMessage(error), currentLanguage()));
    } finally {
      setSaving(false);
    }
  };
  const category = form.getInputProps("category");
  const icon = form.getInputProps("iconType");
  const color = form.getInputProps("colorHex");

  return (
    <form onSubmit={form.submit(save)} noValidate>
      <Stack gap="sm">
        <TextInput label={t("equipment.types.fields.name")} withAsterisk maxLength={100} data-autofocus {...form.getInputProps("name")} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t("equipment.types.fields.category")}
            withAsterisk
            allowDeselect={false}
            data={EQUIPMENT_CATEGORIES.map((c) => ({ value: c, label: t(`equipment.categories.${c}`) }))}
            comboboxProps={{ withinPortal: true }}
            {...category}
          />
          <Select
            label={t("equipment.types.fields.iconType")}
            allowDeselect={false}
            data={ICON_TYPES.map((i) => ({ value: i, label: t(`equipment.icons.${i}`) }))}
            leftSection={<EquipmentIcon colorHex={colorHex || null} iconType={iconType ?? "square"} size={20} />}
            comboboxProps={{ withinPortal: true }}
            {...icon}
          />
        </SimpleGrid>
        <Text fw={600} size="sm" mt="xs">
          {t("equipment.types.cashRules")}
        </Text>
        <Group gap="lg">
          <Switch label={t("equipment.types.fields.acceptsCoins")} {...form.getInputProps("acceptsCoins", { type: "checkbox" })} />
          <Switch label={t("equipment.types.fields.acceptsBills")} {...form.getInputProps("acceptsBills", { type: "checkbox" })} />
        </Group>
        <TextInput
          label={t("equipment.types.fields.specialCase")}
          description={t("equipment.types.specialCaseHint")}
          maxLength={50}
          {...form.getInputProps("specialCase")}
        />
        <ColorInput
          label={t("equipment.types.fields.color")}
          description={t("equipment.types.colorHint", { hex: UNKNOWN_COLOR.colorHex })}
          placeholder={UNKNOWN_COLOR.colorHex}
          format="hex"
          swatches={SWATCHES}
          popoverProps={{ withinPortal: true }}
          {...color}
          value={colorHex ?? ""}
          onChange={(value) => form.setFieldValue("colorHex", value === "" ? null : value)}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t("equipment.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {type ? t("equipment.save") : t("equipment.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
