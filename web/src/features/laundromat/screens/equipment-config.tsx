import { Stack, Tabs } from "@mantine/core";
import { IconCategory, IconWashMachine } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { param, useSearchState, type SearchSchema } from "../../../lib/searchParams";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { EquipmentTypesPanel } from "../equipment/EquipmentTypesPanel";
import { MachinesPanel } from "../equipment/MachinesPanel";
import { ScreenTitle } from "../../../ui/ScreenTitle";

/** The open tab and the machines' store in the URL (decision 0020). */
interface EquipmentSearch {
  tab: "machines" | "types";
  store: string;
}
const SEARCH: SearchSchema<EquipmentSearch> = { tab: param.oneOf(["machines", "types"] as const), store: param.text(64) };

/** /laundromat/equipment-config (admins): equipment types and the machines of each store. */
export default function EquipmentConfigScreen() {
  const { t } = useTranslation("collections");
  const [search, setSearch] = useSearchState(SEARCH);
  const tab = search.tab ?? "machines";
  const setTab = (next: string | null) => setSearch({ tab: next === "types" ? "types" : undefined });
  return (
    <Stack gap="lg">
      {/* Renders the selection dialog unless the app shell already does. */}
      <SelectionSummary />
      <ScreenTitle title={t("equipment.title")} subtitle={t("equipment.subtitle")} />
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
          <MachinesPanel storeId={search.store ?? null} onStoreChange={(store) => setSearch({ store })} />
        </Tabs.Panel>
        <Tabs.Panel value="types">
          <EquipmentTypesPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
