import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LaundromatSelectionHost } from "../../../ui/laundromatSelection/LaundromatSelectionHost";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { CollectionsBrowser } from "../../laundromat/collections/CollectionsBrowser";

/** /laundromat/admin-collections (admins): every store's collections, adjust verified ones, delete drafts. */
export default function AdminCollectionsScreen() {
  const { t } = useTranslation("collections");
  return (
    <Stack gap="md">
      <LaundromatSelectionHost />
      <div>
        <Title order={1} size="h2">
          {t("adminCollections.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("adminCollections.subtitle")}
        </Text>
      </div>
      <SelectionSummary />
      <CollectionsBrowser admin />
    </Stack>
  );
}
