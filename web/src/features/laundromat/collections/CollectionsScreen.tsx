import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SelectionSummary } from "../../../ui/laundromatSelection/SelectionSummary";
import { CollectionsBrowser } from "./CollectionsBrowser";

/** The collections list and admin collections share one screen; admins may also adjust and delete drafts. */
export function CollectionsScreen({ admin = false }: { admin?: boolean }) {
  const { t } = useTranslation("collections");
  const keys = admin ? "adminCollections" : "list";
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t(`${keys}.title`)}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`${keys}.subtitle`)}
        </Text>
      </div>
      <SelectionSummary />
      <CollectionsBrowser admin={admin} />
    </Stack>
  );
}
