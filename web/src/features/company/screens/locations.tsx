import { Alert, Badge, Button, Card, Divider, Grid, Group, Skeleton, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconBuildingStore, IconClock, IconInfoCircle, IconMapPin, IconPencil, IconPhone, IconPlus, IconWorld } from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { useQuery } from "../../../lib/hooks";
import { SectionsManager } from "../locations/SectionsManager";
import { StoreFormModal } from "../locations/StoreFormModal";
import type { Store } from "../locations/types";
import { ScreenTitle } from "../../../ui/ScreenTitle";

/** /company/locations: the company's stores (add, edit, activate) and each store's sections. */
export default function LocationsScreen() {
  const { t } = useTranslation("collections");
  const stores = useQuery(api.stores.listAll);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Store | null>(null);
  const [formOpen, setFormOpen] = useState(false);

  const selected = stores?.find((s) => s._id === selectedId) ?? stores?.[0] ?? null;
  const inactive = stores?.filter((s) => !s.isActive).length ?? 0;

  const stacked = useMediaQuery("(max-width: 991px)");
  const select = (storeId: string) => {
    setSelectedId(storeId);
    // Stacked layout: the detail is below the list, so bring it into view.
    if (stacked) requestAnimationFrame(() => document.getElementById("store-detail")?.scrollIntoView({ behavior: "smooth", block: "start" }));
  };

  const openForm = (store: Store | null) => {
    setEditing(store);
    setFormOpen(true);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <ScreenTitle title={t("locations.title")} subtitle={t("locations.subtitle")} />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openForm(null)}>
          {t("locations.addStore")}
        </Button>
      </Group>

      {stores === undefined ? (
        <Grid>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="sm">
              <Skeleton height={84} radius="md" />
              <Skeleton height={84} radius="md" />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton height={260} radius="md" />
          </Grid.Col>
        </Grid>
      ) : stores.length === 0 ? (
        <Alert icon={<IconInfoCircle aria-hidden />} variant="light" maw={640}>
          {t("locations.empty")}
        </Alert>
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="xs" role="list" aria-label={t("locations.storeList")}>
              <Text size="sm" c="dimmed">
                {t("locations.count", { count: stores.length })}
                {inactive > 0 ? ` · ${t("locations.inactiveCount", { count: inactive })}` : ""}
              </Text>
              {stores.map((store) => (
                <StoreListItem key={store._id} store={store} selected={store._id === selected?._id} onSelect={() => select(store._id)} />
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {selected ? <StoreDetail key={selected._id} store={selected} onEdit={() => openForm(selected)} /> : null}
          </Grid.Col>
        </Grid>
      )}

      <StoreFormModal store={editing} opened={formOpen} onClose={() => setFormOpen(false)} onSaved={(id) => setSelectedId(id)} />
    </Stack>
  );
}

function StoreListItem({ store, selected, onSelect }: { store: Store; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation("collections");
  return (
    <Card
      role="listitem"
      withBorder
      radius="md"
      p="sm"
      style={{ borderColor: selected ? "var(--mantine-primary-color-filled)" : undefined, borderWidth: selected ? 2 : undefined }}
    >
      <UnstyledButton onClick={onSelect} aria-current={selected ? "true" : undefined} data-testid="store-item" w="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <IconBuildingStore size={20} aria-hidden style={{ flexShrink: 0 }} />
            <Text fw={600} truncate="end">
              {store.name}
            </Text>
          </Group>
          <Badge variant="light" color={store.isActive ? "teal" : "gray"} style={{ flexShrink: 0 }}>
            {store.isActive ? t("locations.active") : t("locations.inactive")}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" truncate="end" mt={2}>
          {store.address}
        </Text>
      </UnstyledButton>
    </Card>
  );
}

function StoreDetail({ store, onEdit }: { store: Store; onEdit: () => void }) {
  const { t } = useTranslation("collections");
  return (
    <Card withBorder radius="md" p="md" id="store-detail" data-testid="store-detail" style={{ scrollMarginTop: 72 }}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Title order={2} size="h3">
              {store.name}
            </Title>
            <Badge variant="light" color={store.isActive ? "teal" : "gray"}>
              {store.isActive ? t("locations.active") : t("locations.inactive")}
            </Badge>
          </Group>
        </div>
        <Button variant="default" size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit} style={{ flexShrink: 0 }}>
          {t("locations.edit")}
        </Button>
      </Group>
      <Stack gap={6} mt="sm">
        <Fact icon={<IconMapPin size={16} aria-hidden />} label={t("locations.fields.address")} value={store.address} />
        <Fact icon={<IconPhone size={16} aria-hidden />} label={t("locations.fields.phone")} value={store.phone || t("locations.notSet")} />
        <Fact icon={<IconWorld size={16} aria-hidden />} label={t("locations.fields.timeZone")} value={store.timeZone} />
        <Fact icon={<IconClock size={16} aria-hidden />} label={t("locations.fields.hours")} value={store.hours || t("locations.notSet")} />
      </Stack>
      <Divider my="md" />
      <SectionsManager store={store} />
    </Card>
  );
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} aria-hidden>
        {icon}
      </Text>
      <Text size="sm" style={{ wordBreak: "break-word" }}>
        <Text span size="sm" c="dimmed">
          {label}:
        </Text>{" "}
        {value}
      </Text>
    </Group>
  );
}
