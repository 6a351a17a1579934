import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { LaundromatSelectionHost } from "../../../ui/laundromatSelection/LaundromatSelectionHost";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { CollectionsBrowser } from "../../laundromat/collections/CollectionsBrowser";

/** /laundromat/collections-list: the collections of the selected range, to review and verify. */
export default function CollectionsListScreen() {
  const { t } = useTranslation("collections");
  return (
    <Stack gap="md">
      <LaundromatSelectionHost />
      <div>
        <Title order={1} size="h2">
          {t("list.title")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("list.subtitle")}
        </Text>
      </div>
      <SelectionSummary />
      <CollectionsBrowser />
    </Stack>
  );
}
