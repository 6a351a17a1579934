import { Stack, Tabs, Text, Title } from "@mantine/core";
import { IconCategory, IconWashMachine } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { EquipmentTypesPanel } from "../equipment/EquipmentTypesPanel";
import { MachinesPanel } from "../equipment/MachinesPanel";

/** /laundromat/equipment-config (admins): equipment types and the machines of each store. */
export default function EquipmentConfigScreen() {
  const { t } = useTranslation("collections");
  const [tab, setTab] = useState<string | null>("machines");
  return (
    <Stack gap="lg">
      {/* Renders the selection dialog unless the app shell already does. */}
      <SelectionSummary />
      <div>
        <Title order={1} size="h2">
          {t("equipment.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("equipment.subtitle")}
        </Text>
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="machines" leftSection={<IconWashMachine size={16} aria-hidden />}>
            {t("equipment.machines.tab")}
          </Tabs.Tab>
          <Tabs.Tab value="types" leftSection={<IconCategory size={16} aria-hidden />}>
            {t("equipment.types.tab")}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="machines">
          <MachinesPanel />
        </Tabs.Panel>
        <Tabs.Panel value="types">
          <EquipmentTypesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
