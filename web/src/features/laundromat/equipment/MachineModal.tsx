import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { centsToDollarString, MONEY_ERRORS, parseDollarsToCents } from "@tumble/domain/money";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import type { EquipmentType, Machine, Section } from "./types";

interface Props {
  storeId: string;
  machine: Machine | null;
  /** Preselected section when adding. */
  sectionId: string | null;
  sections: readonly Section[];
  types: readonly EquipmentType[];
  opened: boolean;
  onClose: () => void;
}

/** Add or edit a machine: section, type, label, coin-box capacity in dollars, active. */
export function MachineModal(props: Props) {
  const { t } = useTranslation("collections");
  const phone = useMediaQuery("(max-width: 767px)");
  return (
    <Modal
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      opened={props.opened}
      onClose={props.onClose}
      title={props.machine ? t("equipment.machines.edit") : t("equipment.machines.add")}
      size="lg"
      fullScreen={phone}
      centered
    >
      {props.opened ? <MachineForm {...props} /> : null}
    </Modal>
  );
}

function MachineForm({ storeId, machine, sectionId, sections, types, onClose }: Props) {
  const { t } = useTranslation("collections");
  const create = useMutation(api.equipment.createMachine);
  const update = useMutation(api.equipment.updateMachine);
  const [section, setSection] = useState<string | null>(machine?.sectionId ?? sectionId ?? sections[0]?._id ?? null);
  const [typeId, setTypeId] = useState<string | null>(machine?.equipmentTypeId ?? null);
  const [label, setLabel] = useState(machine?.label ?? "");
  const [capacity, setCapacity] = useState(machine?.coinBoxCapacityCents != null ? centsToDollarString(machine.coinBoxCapacityCents) : "");
  const [isActive, setIsActive] = useState(machine?.isActive ?? true);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);

  const parsed = capacity.trim() === "" ? null : parseDollarsToCents(capacity);
  const errors = {
    section: section ? null : t("equipment.machines.errors.section"),
    type: typeId ? null : t("equipment.machines.errors.type"),
    label: label.trim() ? null : t("equipment.machines.errors.label"),
    capacity: parsed && !parsed.ok ? t(`equipment.money.${moneyErrorKey(parsed.error)}`, { defaultValue: parsed.error }) : null,
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.section || errors.type || errors.label || errors.capacity || !section || !typeId) return;
    setSaving(true);
    const fields = {
      sectionId: section,
      equipmentTypeId: typeId,
      label: label.trim(),
      coinBoxCapacityCents: parsed && parsed.ok ? parsed.cents : null,
      isActive,
    };
    try {
      if (machine) await update({ machineId: machine._id, ...fields });
      else await create({ storeId, ...fields });
      notifySuccess(machine ? t("equipment.machines.saved", { label: fields.label }) : t("equipment.machines.created", { label: fields.label }));
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
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t("equipment.machines.fields.label")}
            placeholder="W12"
            required
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            maxLength={20}
            error={submitted && errors.label}
            data-autofocus
          />
          <TextInput
            label={t("equipment.machines.fields.capacity")}
            description={t("equipment.machines.capacityHint")}
            inputMode="decimal"
            leftSection="$"
            placeholder="0.00"
            value={capacity}
            onChange={(e) => setCapacity(e.currentTarget.value)}
            error={errors.capacity}
          />
        </SimpleGrid>
        <Select
          label={t("equipment.machines.fields.section")}
          required
          allowDeselect={false}
          data={sections.map((s) => ({ value: s._id, label: s.name }))}
          value={section}
          onChange={setSection}
          error={submitted && errors.section}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t("equipment.machines.fields.type")}
          required
          searchable
          allowDeselect={false}
          data={types.map((ty) => ({ value: ty._id, label: ty.equipmentType.name }))}
          value={typeId}
          onChange={setTypeId}
          error={submitted && errors.type}
          nothingFoundMessage={t("equipment.types.empty")}
          comboboxProps={{ withinPortal: true }}
        />
        <Switch label={t("equipment.machines.fields.active")} checked={isActive} onChange={(e) => setIsActive(e.currentTarget.checked)} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t("equipment.cancel")}
          </Button>
          <Button type="submit" loading={saving}>
            {machine ? t("equipment.save") : t("equipment.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const MONEY_KEYS = new Map<string, string>(Object.entries(MONEY_ERRORS).map(([key, message]) => [message, key]));

/** The translation key of a domain money error (its English text is the domain's message). */
function moneyErrorKey(message: string): string {
  return MONEY_KEYS.get(message) ?? "invalid";
}
