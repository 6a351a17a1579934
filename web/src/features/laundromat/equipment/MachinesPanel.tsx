import { ActionIcon, Alert, Badge, Button, Card, Group, Select, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import { IconInfoCircle, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatUSD } from "@tumble/domain/money";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/equipmentRefusals";
import { DEFAULT_ERROR_MESSAGE } from "@tumble/domain/errorMessage";
import { useMutation, useQuery } from "../../../lib/hooks";
import { useLaundromatSelection } from "../../../lib/laundromatSelection";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { ContextMenu } from "../../../ui/ContextMenu";
import { openConfirm } from "../../../ui/confirm";
import { useEquipmentMenu } from "./equipmentMenu";
import { EquipmentIcon } from "./EquipmentIcon";
import { MachineModal } from "./MachineModal";
import type { Machine, Section } from "./types";

/** Machines of one store, grouped by section in walking order; the store chosen here is kept in the URL. */
export function MachinesPanel({ storeId: chosen, onStoreChange }: { storeId: string | null; onStoreChange: (storeId: string) => void }) {
  const { t } = useTranslation("collections");
  const { selection } = useLaundromatSelection();
  const stores = useQuery(api.stores.listAll);
  const types = useQuery(api.equipmentConfig.getAllEquipmentTypes);
  const storeId = [chosen, selection.storeId].find((id) => id && stores?.some((s) => s._id === id)) ?? stores?.[0]?._id ?? null;
  const sections = useQuery(api.storeSections.listByStore, storeId ? { storeId } : "skip");
  const machines = useQuery(api.equipment.listMachines, storeId ? { storeId } : "skip");
  const [modal, setModal] = useState<{ machine: Machine | null; sectionId: string | null } | null>(null);

  if (stores !== undefined && stores.length === 0) {
    return (
      <Alert icon={<IconInfoCircle aria-hidden />} variant="light">
        {t("equipment.machines.noStores")}
      </Alert>
    );
  }

  const loading = sections === undefined || machines === undefined || types === undefined;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t("equipment.machines.store")}
          data={(stores ?? []).map((s) => ({ value: s._id, label: s.isActive ? s.name : `${s.name} (${t("locations.inactive")})` }))}
          value={storeId}
          onChange={(id) => id && onStoreChange(id)}
          allowDeselect={false}
          searchable
          disabled={stores === undefined}
          w={{ base: "100%", xs: 320 }}
          comboboxProps={{ withinPortal: true }}
          data-testid="machines-store"
        />
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={loading || !sections?.length || !types?.length}
          onClick={() => setModal({ machine: null, sectionId: null })}
        >
          {t("equipment.machines.add")}
        </Button>
      </Group>
      {loading ? (
        <Stack gap="sm">
          <Skeleton height={140} radius="md" />
          <Skeleton height={140} radius="md" />
        </Stack>
      ) : sections.length === 0 ? (
        <Alert icon={<IconInfoCircle aria-hidden />} variant="light">
          {t("equipment.machines.noSections")}
        </Alert>
      ) : (
        <Stack gap="sm">
          {types.length === 0 ? (
            <Alert icon={<IconInfoCircle aria-hidden />} variant="light" color="yellow">
              {t("equipment.machines.noTypes")}
            </Alert>
          ) : null}
          {sections.map((section) => (
            <SectionMachines
              key={section._id}
              section={section}
              machines={machines.filter((m) => m.sectionId === section._id)}
              canAdd={types.length > 0}
              onAdd={() => setModal({ machine: null, sectionId: section._id })}
              onEdit={(machine) => setModal({ machine, sectionId: machine.sectionId })}
            />
          ))}
        </Stack>
      )}
      {storeId && sections && types ? (
        <MachineModal
          storeId={storeId}
          machine={modal?.machine ?? null}
          sectionId={modal?.sectionId ?? null}
          sections={sections}
          types={types}
          opened={modal !== null}
          onClose={() => setModal(null)}
        />
      ) : null}
    </Stack>
  );
}

function SectionMachines({
  section,
  machines,
  canAdd,
  onAdd,
  onEdit,
}: {
  section: Section;
  machines: Machine[];
  canAdd: boolean;
  onAdd: () => void;
  onEdit: (m: Machine) => void;
}) {
  const { t } = useTranslation("collections");
  const remove = useMutation(api.equipment.deleteMachine);
  const menuFor = useEquipmentMenu();

  const confirmDelete = (machine: Machine) =>
    openConfirm({
      title: t("equipment.machines.deleteTitle"),
      message: t("equipment.machines.deleteMessage", { label: machine.label }),
      confirmLabel: t("equipment.delete"),
      cancelLabel: t("equipment.cancel"),
      destructive: true,
      onConfirm: () => {
        remove({ machineId: machine._id }).then(
          () => notifySuccess(t("equipment.machines.deleted", { label: machine.label })),
          (error: unknown) => notifyError(errorText(error, DEFAULT_ERROR_MESSAGE)),
        );
      },
    });

  return (
    <Card withBorder radius="md" p="sm" data-testid="machine-section">
      <Group justify="space-between" gap="xs" mb="xs">
        <Group gap="xs">
          <Text fw={600}>{section.name}</Text>
          <Badge variant="light" color="gray">
            {t("equipment.machines.count", { count: machines.length })}
          </Badge>
        </Group>
        <Button variant="subtle" size="compact-sm" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd} disabled={!canAdd}>
          {t("equipment.machines.addHere")}
        </Button>
      </Group>
      {machines.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          {t("equipment.machines.emptySection")}
        </Text>
      ) : (
        <Stack gap={4}>
          {machines.map((machine) => (
            <ContextMenu
              key={machine._id}
              items={() =>
                menuFor(
                  () => onEdit(machine),
                  () => confirmDelete(machine),
                )
              }
              label={machine.label}
            >
              <Group
                justify="space-between"
                wrap="nowrap"
                gap="xs"
                py={4}
                style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
                data-testid="machine-row"
              >
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <EquipmentIcon colorHex={machine.visualConfig.colorHex} iconType={machine.visualConfig.iconType} size={28} />
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {machine.label}
                      </Text>
                      {!machine.isActive ? (
                        <Badge size="xs" variant="light" color="gray">
                          {t("equipment.machines.inactive")}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed" truncate="end">
                      {machine.equipmentType.name}
                      {machine.coinBoxCapacityCents != null
                        ? ` · ${t("equipment.machines.capacityShort", { amount: formatUSD(machine.coinBoxCapacityCents) })}`
                        : ""}
                    </Text>
                  </div>
                </Group>
                <Group gap={2} wrap="nowrap">
                  <Tooltip label={t("equipment.edit")}>
                    <ActionIcon variant="subtle" color="gray" onClick={() => onEdit(machine)} aria-label={t("equipment.editNamed", { name: machine.label })}>
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t("equipment.delete")}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => confirmDelete(machine)}
                      aria-label={t("equipment.deleteNamed", { name: machine.label })}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </ContextMenu>
          ))}
        </Stack>
      )}
    </Card>
  );
}
