import { Alert, Button, Card, Grid, Group, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { IconDeviceFloppy, IconLock, IconPlus } from "@tabler/icons-react";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import type { ReturnsOf } from "@tumble/domain/functionPath";
import { isBuiltInThemeName, THEME_DESCRIPTION_MAX, THEME_NAME_MAX, type ThemeConfig } from "@tumble/domain/themeConfig";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/themeRefusals";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { openConfirm } from "../../../ui/confirm";
import { LoadingState } from "../../../ui/Loading";
import { ScreenTitle } from "../../../ui/ScreenTitle";
import { draftOf, previewable, problemsByPath, sameDraft, type ThemeDraft } from "../theme/draft";
import { ThemeFields } from "../theme/ThemeFields";
import { ThemePreview } from "../theme/ThemePreview";
import { SaveAsModal } from "../theme/SaveAsModal";
import { ThemeToolbar } from "../theme/ThemeToolbar";

type Theme = ReturnsOf<typeof api.themes.queries.getAvailableThemes>[number];

/** /system-admin/theme: edit every field of a theme with a live preview, save, duplicate and make one the platform's. */
export default function ThemeEditorScreen() {
  const { t } = useTranslation(["themeEditor", "common"]);
  const { data: themes, error } = useQueryState(api.themes.queries.getAvailableThemes);
  const saveTheme = useMutation(api.themes.mutations.saveTheme);
  const setActiveTheme = useMutation(api.themes.mutations.setActiveTheme);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The draft belongs to the theme it was started from; another theme starts from its saved state.
  const [edit, setEdit] = useState<{ themeId: string; draft: ThemeDraft } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [saveAsOpen, setSaveAsOpen] = useState(false);
  const [newName, setNewName] = useState("");

  if (error) return <Alert color="red">{extractErrorMessage(error, t("errors.loadFailed"))}</Alert>;
  if (!themes) return <LoadingState />;
  const selected: Theme | undefined = themes.find((x) => x._id === selectedId) ?? themes.find((x) => x.isDefault) ?? themes[0];
  if (!selected) return <Alert color="yellow">{t("none")}</Alert>;

  const saved = draftOf({ ...selected, config: selected.config as ThemeConfig });
  const draft = edit?.themeId === selected._id ? edit.draft : saved;
  const dirty = !sameDraft(draft, saved);
  const builtIn = isBuiltInThemeName(selected.name);
  const problems = problemsByPath(draft.config);
  const nameError = draft.name.trim() ? undefined : t("errors.nameRequired");
  const invalid = problems.size > 0;
  const change = (next: Partial<ThemeDraft>) => setEdit({ themeId: selected._id, draft: { ...draft, ...next } });

  // By the refusal's code (themes.<key>), or a race to one name by the database's English.
  const serverMessage = (err: unknown) => errorText(err, t("errors.saveFailed"));

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  };

  const saveNew = (name: string, source: { description: string | null; config: ThemeConfig }, done: string) =>
    run("new", async () => {
      try {
        const result = await saveTheme({ name, description: source.description, config: source.config });
        setSelectedId(result.themeId);
        setEdit(null);
        setSaveAsOpen(false);
        notifySuccess(t(done, { name: result.name }));
      } catch (err) {
        notifyError(serverMessage(err));
      }
    });

  const onSave = () =>
    void run("save", async () => {
      try {
        await saveTheme({ themeId: selected._id, name: draft.name, description: draft.description, config: draft.config });
        setEdit(null);
        notifySuccess(t("saved", { name: draft.name.trim() }));
      } catch (err) {
        notifyError(serverMessage(err));
      }
    });

  const uniqueCopyName = (base: string) => {
    const taken = new Set(themes.map((x) => x.name.toLowerCase()));
    const first = t("copyName", { name: base }).slice(0, THEME_NAME_MAX);
    if (!taken.has(first.toLowerCase())) return first;
    for (let n = 2; ; n++) {
      const candidate = `${first.slice(0, THEME_NAME_MAX - String(n).length - 1)} ${n}`;
      if (!taken.has(candidate.toLowerCase())) return candidate;
    }
  };

  const onDuplicate = () =>
    void saveNew(uniqueCopyName(selected.name), { description: selected.description, config: selected.config as ThemeConfig }, "duplicated");

  const openSaveAs = () => {
    setNewName(uniqueCopyName(draft.name.trim() || selected.name));
    setSaveAsOpen(true);
  };

  const onSetActive = () =>
    openConfirm({
      title: t("activate.title", { name: selected.name }),
      message: t("activate.message"),
      confirmLabel: t("activate.confirm"),
      cancelLabel: t("common:actions.cancel"),
      confirmTestId: "confirm-activate-theme",
      onConfirm: () =>
        void run("active", async () => {
          try {
            await setActiveTheme({ themeId: selected._id });
            notifySuccess(t("activated", { name: selected.name }));
          } catch (err) {
            notifyError(serverMessage(err));
          }
        }),
    });

  const choose = (id: string | null) => {
    if (!id || id === selected._id) return;
    if (!dirty) return setSelectedId(id);
    openConfirm({
      title: t("discard.title"),
      message: t("discard.message", { name: selected.name }),
      confirmLabel: t("discard.confirm"),
      cancelLabel: t("common:actions.cancel"),
      destructive: true,
      onConfirm: () => {
        setEdit(null);
        setSelectedId(id);
      },
    });
  };

  const problemCount = problems.size + (nameError ? 1 : 0);

  return (
    <Stack gap="lg" data-testid="theme-editor">
      <ScreenTitle title={t("title")} subtitle={t("subtitle")} />

      <ThemeToolbar
        themes={themes}
        selected={selected}
        builtIn={builtIn}
        dirty={dirty}
        busy={busy}
        saveAsOpen={saveAsOpen}
        onChoose={choose}
        onDuplicate={onDuplicate}
        onSetActive={onSetActive}
      />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder padding="md">
            <Stack gap="md">
              {builtIn ? (
                <Alert color="gray" icon={<IconLock size={18} />} data-testid="theme-builtin-note">
                  {t("builtInNote")}
                </Alert>
              ) : null}
              <TextInput
                label={t("name")}
                value={draft.name}
                onChange={(e) => change({ name: e.currentTarget.value })}
                maxLength={THEME_NAME_MAX}
                disabled={builtIn}
                error={builtIn ? undefined : nameError}
                required
                data-testid="theme-name"
              />
              <Textarea
                label={t("description")}
                value={draft.description}
                onChange={(e) => change({ description: e.currentTarget.value })}
                maxLength={THEME_DESCRIPTION_MAX}
                disabled={builtIn}
                autosize
                minRows={1}
                maxRows={3}
              />
              <ThemeFields config={draft.config} onChange={(config) => change({ config })} problems={problems} />
              {problemCount > 0 ? (
                <Alert color="red" data-testid="theme-problems">
                  {t("problems", { count: problemCount })}
                </Alert>
              ) : null}
              <Group gap="xs" justify="flex-end">
                <Button variant="subtle" onClick={() => setEdit(null)} disabled={!dirty || busy !== null}>
                  {t("reset")}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} />}
                  onClick={openSaveAs}
                  disabled={invalid || busy !== null}
                  data-testid="theme-save-as"
                >
                  {t("saveAsNew")}
                </Button>
                {builtIn ? null : (
                  <Button
                    leftSection={<IconDeviceFloppy size={16} />}
                    onClick={onSave}
                    loading={busy === "save"}
                    disabled={!dirty || invalid || !!nameError || busy !== null}
                    data-testid="theme-save"
                  >
                    {t("save")}
                  </Button>
                )}
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="xs" style={{ position: "sticky", top: "var(--mantine-spacing-md)" }}>
            <Title order={2} size="h4">
              {t("preview.title")}
            </Title>
            <ThemePreview config={previewable(draft.config, selected.config as ThemeConfig)} />
          </Stack>
        </Grid.Col>
      </Grid>

      <SaveAsModal
        opened={saveAsOpen}
        onClose={() => setSaveAsOpen(false)}
        newName={newName}
        onNewName={setNewName}
        busy={busy}
        onSave={(name) => void saveNew(name, { description: draft.description || null, config: draft.config }, "created")}
      />
    </Stack>
  );
}
