import { Button, Group, Modal, Select, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import type { z } from "zod";
import { useTranslation } from "react-i18next";
import { machineFormSchema } from "@tumble/domain/equipmentForms";
import { localizeValidationMessage } from "@tumble/domain/validationMessages";
import { api } from "../../../lib/api";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { useMutation } from "../../../lib/hooks";
import { currentLanguage } from "../../../lib/i18n";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { MoneyInput } from "../../../ui/form/MoneyInput";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
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
  const form = useSchemaForm(machineFormSchema, {
    initialValues: {
      sectionId: machine?.sectionId ?? sectionId ?? sections[0]?._id ?? "",
      equipmentTypeId: machine?.equipmentTypeId ?? "",
      label: machine?.label ?? "",
      coinBoxCapacityCents: machine?.coinBoxCapacityCents ?? null,
      isActive: machine?.isActive ?? true,
    },
  });
  const [saving, setSaving] = useState(false);

  const save = async (fields: z.output<typeof machineFormSchema>) => {
    setSaving(true);
    try {
      if (machine) await update({ machineId: machine._id, ...fields });
      else await create({ storeId, ...fields });
      notifySuccess(machine ? t("equipment.machines.saved", { label: fields.label }) : t("equipment.machines.created", { label: fields.label }));
      onClose();
    } catch (error) {
      notifyError(localizeValidationMessage(extractErrorMessage(error), currentLanguage()));
    } finally {
      setSaving(false);
    }
  };
  const select = (path: "sectionId" | "equipmentTypeId") => ({
    ...form.getInputProps(path),
    value: form.getValues()[path] || null,
    onChange: (value: string | null) => form.setFieldValue(path, value ?? ""),
  });

  return (
    <form onSubmit={form.submit(save)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t("equipment.machines.fields.label")}
            // An example in an input marked as wrong reads as a wrong value: only while it is fine.
            placeholder={form.errors.label ? undefined : "W12"}
            withAsterisk
            maxLength={20}
            data-autofocus
            {...form.getInputProps("label")}
          />
          <MoneyInput
            label={t("equipment.machines.fields.capacity")}
            description={t("equipment.machines.capacityHint")}
            {...form.getInputProps("coinBoxCapacityCents")}
          />
        </SimpleGrid>
        <Select
          label={t("equipment.machines.fields.section")}
          withAsterisk
          allowDeselect={false}
          data={sections.map((s) => ({ value: s._id, label: s.name }))}
          comboboxProps={{ withinPortal: true }}
          {...select("sectionId")}
        />
        <Select
          label={t("equipment.machines.fields.type")}
          withAsterisk
          searchable
          allowDeselect={false}
          data={types.map((ty) => ({ value: ty._id, label: ty.equipmentType.name }))}
          nothingFoundMessage={t("equipment.types.empty")}
          comboboxProps={{ withinPortal: true }}
          {...select("equipmentTypeId")}
        />
        <Switch label={t("equipment.machines.fields.active")} {...form.getInputProps("isActive", { type: "checkbox" })} />
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
