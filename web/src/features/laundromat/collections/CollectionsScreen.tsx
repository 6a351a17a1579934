import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { CollectionsBrowser } from "./CollectionsBrowser";
import { ScreenTitle } from "../../../ui/ScreenTitle";

/** The collections list and admin collections share one screen; admins may also adjust and delete drafts. */
export function CollectionsScreen({ admin = false }: { admin?: boolean }) {
  const { t } = useTranslation("collections");
  const keys = admin ? "adminCollections" : "list";
  return (
    <Stack gap="md">
      <ScreenTitle title={t(`${keys}.title`)} subtitle={t(`${keys}.subtitle`)} />
      <SelectionSummary />
      <CollectionsBrowser admin={admin} />
    </Stack>
  );
}
