import { Button, ColorInput, Group, Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CASH_RULE_DEFAULTS, EQUIPMENT_CATEGORIES, ICON_TYPES, isHexColor, UNKNOWN_COLOR, type EquipmentCategory } from "@tumble/domain/equipment";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { EquipmentIcon } from "./EquipmentIcon";
import type { EquipmentType } from "./types";

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
  const [name, setName] = useState(type?.equipmentType.name ?? "");
  const [category, setCategory] = useState<EquipmentCategory>((type?.equipmentType.category as EquipmentCategory | undefined) ?? "laundry");
  const [acceptsCoins, setAcceptsCoins] = useState(type?.cashRules.acceptsCoins ?? CASH_RULE_DEFAULTS.acceptsCoins);
  const [acceptsBills, setAcceptsBills] = useState(type?.cashRules.acceptsBills ?? CASH_RULE_DEFAULTS.acceptsBills);
  const [specialCase, setSpecialCase] = useState(type?.cashRules.specialCase ?? "");
  // A type saved without a colour reads back as the unknown grey; editing shows it as empty.
  const [color, setColor] = useState(type && type.visualConfig.colorHex !== UNKNOWN_COLOR.colorHex ? type.visualConfig.colorHex : "");
  const [iconType, setIconType] = useState<string>(type?.visualConfig.iconType ?? "square");
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const nameError = name.trim() ? null : t("equipment.types.errors.name");
  const colorError = color === "" || isHexColor(color) ? null : t("equipment.types.errors.color");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (nameError || colorError) return;
    setSaving(true);
    const fields = {
      name: name.trim(),
      category,
      acceptsCoins,
      acceptsBills,
      specialCase: specialCase.trim() || null,
      colorHex: color ? color.toUpperCase() : null,
      iconType: iconType as (typeof ICON_TYPES)[number],
    };
    try {
      if (type) await update({ equipmentTypeId: type._id, ...fields });
      else await create(fields);
      notifySuccess(type ? t("equipment.types.saved", { name: fields.name }) : t("equipment.types.created", { name: fields.name }));
      onClose();
    } catch (error) {
      notifyError(extractErrorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t("equipment.types.fields.name")}
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
          error={submitted && nameError}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t("equipment.types.fields.category")}
            required
            allowDeselect={false}
            data={EQUIPMENT_CATEGORIES.map((c) => ({ value: c, label: t(`equipment.categories.${c}`) }))}
            value={category}
            onChange={(v) => v && setCategory(v as EquipmentCategory)}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t("equipment.types.fields.iconType")}
            allowDeselect={false}
            data={ICON_TYPES.map((i) => ({ value: i, label: t(`equipment.icons.${i}`) }))}
            value={iconType}
            onChange={(v) => v && setIconType(v)}
            leftSection={<EquipmentIcon colorHex={color || null} iconType={iconType} size={20} />}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Text fw={600} size="sm" mt="xs">
          {t("equipment.types.cashRules")}
        </Text>
        <Group gap="lg">
          <Switch label={t("equipment.types.fields.acceptsCoins")} checked={acceptsCoins} onChange={(e) => setAcceptsCoins(e.currentTarget.checked)} />
          <Switch label={t("equipment.types.fields.acceptsBills")} checked={acceptsBills} onChange={(e) => setAcceptsBills(e.currentTarget.checked)} />
        </Group>
        <TextInput
          label={t("equipment.types.fields.specialCase")}
          description={t("equipment.types.specialCaseHint")}
          value={specialCase}
          onChange={(e) => setSpecialCase(e.currentTarget.value)}
          maxLength={50}
        />
        <ColorInput
          label={t("equipment.types.fields.color")}
          description={t("equipment.types.colorHint", { hex: UNKNOWN_COLOR.colorHex })}
          placeholder={UNKNOWN_COLOR.colorHex}
          format="hex"
          swatches={SWATCHES}
          value={color}
          onChange={setColor}
          error={submitted && colorError}
          popoverProps={{ withinPortal: true }}
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
