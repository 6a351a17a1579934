import { ActionIcon, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconCheck, IconPencil, IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../lib/errorText";
import { api } from "../../../lib/api";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/equipmentRefusals";
import { DEFAULT_ERROR_MESSAGE } from "@tumble/domain/errorMessage";
import { useMutation, useQuery } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openConfirm } from "../../../ui/confirm";
import { sectionFormSchema } from "@tumble/domain/storeForm";
import { useSchemaForm } from "../../../ui/form/useSchemaForm";
import type { Section, Store } from "./types";

/** A store's sections in walking order: add, rename, move up or down, remove when empty. */
export function SectionsManager({ store }: { store: Store }) {
  const { t } = useTranslation("collections");
  const sections = useQuery(api.storeSections.listByStore, { storeId: store._id });
  const create = useMutation(api.storeSections.create);
  const reorder = useMutation(api.storeSections.reorder);
  const form = useSchemaForm(sectionFormSchema, { initialValues: { name: "" } });
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState(false);

  const add = async ({ name }: { name: string }) => {
    setAdding(true);
    try {
      await create({ storeId: store._id, name });
      form.reset();
      notifySuccess(t("locations.sections.added", { name }));
    } catch (error) {
      notifyError(errorText(error, DEFAULT_ERROR_MESSAGE));
    } finally {
      setAdding(false);
    }
  };

  const move = async (index: number, delta: -1 | 1) => {
    if (!sections) return;
    const ids = sections.map((s) => s._id);
    const target = index + delta;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target], ids[index]];
    setMoving(true);
    try {
      await reorder({ storeId: store._id, sectionIds: ids });
    } catch (error) {
      notifyError(errorText(error, DEFAULT_ERROR_MESSAGE));
    } finally {
      setMoving(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="sections-manager">
      <div>
        <Text fw={600}>{t("locations.sections.title")}</Text>
        <Text size="sm" c="dimmed">
          {t("locations.sections.hint")}
        </Text>
      </div>
      {sections === undefined ? (
        <Stack gap={6}>
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : sections.length === 0 ? (
        <Text size="sm" c="dimmed" fs="italic">
          {t("locations.sections.empty")}
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {sections.map((section, index) => (
            <SectionRow key={section._id} section={section} index={index} count={sections.length} busy={moving} onMove={(delta) => void move(index, delta)} />
          ))}
        </Stack>
      )}
      <form onSubmit={form.submit(add)} noValidate>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={t("locations.sections.newName")}
            placeholder={t("locations.sections.placeholder")}
            {...form.getInputProps("name")}
            maxLength={100}
            style={{ flex: "1 1 200px" }}
          />
          <Button type="submit" leftSection={<IconPlus size={16} aria-hidden />} loading={adding} disabled={!form.values.name.trim()}>
            {t("locations.sections.add")}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function SectionRow({
  section,
  index,
  count,
  busy,
  onMove,
}: {
  section: Section;
  index: number;
  count: number;
  busy: boolean;
  onMove: (delta: -1 | 1) => void;
}) {
  const { t } = useTranslation("collections");
  const rename = useMutation(api.storeSections.rename);
  const remove = useMutation(api.storeSections.remove);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(section.name);
  const [saving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = draft.trim();
    if (!trimmed || trimmed === section.name) {
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      await rename({ sectionId: section._id, name: trimmed });
      setEditing(false);
    } catch (error) {
      notifyError(errorText(error, DEFAULT_ERROR_MESSAGE));
    } finally {
      setSaving(false);
    }
  };

  const confirmRemove = () =>
    openConfirm({
      title: t("locations.sections.removeTitle"),
      message: t("locations.sections.removeMessage", { name: section.name }),
      confirmLabel: t("locations.sections.remove"),
      cancelLabel: t("locations.cancel"),
      destructive: true,
      onConfirm: () => {
        remove({ sectionId: section._id }).then(
          () => notifySuccess(t("locations.sections.removed", { name: section.name })),
          (error: unknown) => notifyError(errorText(error, DEFAULT_ERROR_MESSAGE)),
        );
      },
    });

  return (
    <Paper component="li" withBorder radius="md" px="sm" py={6} data-testid="section-row">
      {editing ? (
        <form onSubmit={(e) => void save(e)}>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              aria-label={t("locations.sections.renameLabel")}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              maxLength={100}
              size="xs"
              style={{ flex: 1 }}
              autoFocus
              onKeyDown={(e) => {
                if (e.key === "Escape") {
                  e.stopPropagation();
                  setEditing(false);
                }
              }}
            />
            <ActionIcon type="submit" variant="filled" loading={saving} aria-label={t("locations.save")}>
              <IconCheck size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="default" onClick={() => setEditing(false)} aria-label={t("locations.cancel")}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </form>
      ) : (
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Text size="xs" c="dimmed" w={18} ta="right">
              {index + 1}.
            </Text>
            <Text size="sm" fw={500} truncate="end">
              {section.name}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t("locations.sections.moveUp")}>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={busy || index === 0}
                onClick={() => onMove(-1)}
                aria-label={t("locations.sections.moveUpNamed", { name: section.name })}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("locations.sections.moveDown")}>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={busy || index === count - 1}
                onClick={() => onMove(1)}
                aria-label={t("locations.sections.moveDownNamed", { name: section.name })}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("locations.sections.rename")}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => {
                  setDraft(section.name);
                  setEditing(true);
                }}
                aria-label={t("locations.sections.renameNamed", { name: section.name })}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("locations.sections.remove")}>
              <ActionIcon variant="subtle" color="red" onClick={confirmRemove} aria-label={t("locations.sections.removeNamed", { name: section.name })}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      )}
    </Paper>
  );
}
