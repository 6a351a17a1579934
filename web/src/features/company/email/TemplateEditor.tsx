import { Badge, Button, Card, Group, Modal, Select, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/emailRefusals";
import { templateRefusal } from "@tumble/domain/emailTemplateParts";
import { DraftFields, type Draft, type Mode } from "./DraftFields";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState } from "../../../lib/searchParams";

type Language = "en" | "es";
const SEARCH = { kind: param.text(40), lang: param.oneOf(["en", "es"] as const), mode: param.oneOf(["visual", "source"] as const) };

/**
 * The company's e-mail templates: pick a kind and a language, edit, preview live, test, save or
 * reset. Owners edit with named chips and labelled blocks (PartsEditor); the Mustache source stays
 * one switch away, and both edit the same text.
 */
export function TemplateEditor() {
  const { t } = useTranslation(["emailTemplates", "common"]);
  const kinds = useQuery(api.emailTemplates.list, {});
  const [search, setSearch] = useSearchState(SEARCH);
  const kind = search.kind ?? "claimCode";
  const language: Language = search.lang ?? "en";
  const mode: Mode = search.mode ?? "visual";
  const entry = kinds?.find((k) => k.kind === kind);
  const current = entry?.languages.find((l) => l.language === language);
  const initial = useMemo<Draft>(
    () => ({
      subject: current?.override?.subject ?? current?.default.subject ?? "",
      text: current?.override?.text ?? current?.default.text ?? "",
      html: current?.override?.html ?? current?.default.html ?? "",
    }),
    [current],
  );
  const [draft, setDraft] = useState<Draft>(initial);
  // Another kind, language or saved version: the editor starts from it.
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setDraft(initial);
  }
  const [settled] = useDebouncedValue(draft, 300);
  const preview = useQueryState(
    api.emailTemplates.preview,
    entry ? { kind, language, subject: settled.subject, text: settled.text, html: settled.html } : "skip",
  );
  const save = useMutation(api.emailTemplates.save);
  const reset = useMutation(api.emailTemplates.reset);
  const sendTest = useMutation(api.emailTemplates.sendTest);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmReset, setConfirmReset] = useState(false);
  const known = Object.keys(entry?.placeholders ?? {});
  // Refused here at once as the server would refuse it; else what the preview of this very draft said.
  const localRefusal = entry ? templateRefusal(kind, known, draft) : null;
  const checked = settled === draft && !preview.isLoading;
  const blockedBy = localRefusal ? errorText(localRefusal, t("failed")) : checked && preview.error ? errorText(preview.error, t("failed")) : null;
  const run = async (what: string, action: () => Promise<string>) => {
    setBusy(what);
    try {
      notifySuccess(await action());
    } catch (error) {
      notifyError(errorText(error, t("failed")));
    } finally {
      setBusy(null);
    }
  };

  if (!kinds) return <Skeleton height={420} />;
  const kindLabel = (k: string) => t(`kinds.${k}.label`, { defaultValue: k });

  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t("kind")}
          value={kind}
          onChange={(v) => v && setSearch({ kind: v })}
          allowDeselect={false}
          data={kinds.map((k) => ({ value: k.kind, label: kindLabel(k.kind) }))}
          w={{ base: "100%", sm: 320 }}
          data-testid="template-kind"
        />
        <SegmentedControl
          value={language}
          onChange={(v) => setSearch({ lang: v })}
          data={[
            { value: "en", label: t("languages.en") },
            { value: "es", label: t("languages.es") },
          ]}
          aria-label={t("language")}
          data-testid="template-language"
        />
        {current?.override ? (
          <Badge variant="light">{t("customized")}</Badge>
        ) : (
          <Badge variant="light" color="gray">
            {t("default")}
          </Badge>
        )}
        {entry?.optional ? (
          <Badge variant="outline">{t("optional")}</Badge>
        ) : (
          <Badge variant="outline" color="gray">
            {t("alwaysSent")}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" data-testid="template-kind-description">
        {t(`kinds.${kind}.description`, { defaultValue: "" })}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" p="md">
          <Stack gap="sm">
            <DraftFields
              draft={draft}
              setDraft={setDraft}
              known={known}
              mode={mode}
              onMode={(m) => setSearch({ mode: m === "source" ? "source" : undefined })}
            />
            {blockedBy ? (
              <Text size="sm" c="red.8" role="alert" data-testid="save-blocked">
                {t("cannotSave", { reason: blockedBy })}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="xs" wrap="wrap">
              <Button variant="subtle" color="red" disabled={!current?.override} onClick={() => setConfirmReset(true)}>
                {t("reset")}
              </Button>
              <Button
                variant="light"
                loading={busy === "test"}
                onClick={() =>
                  void run("test", async () => {
                    const { to } = await sendTest({ kind, language, ...draft });
                    return t("testSent", { to });
                  })
                }
                data-testid="send-test"
              >
                {t("sendTest")}
              </Button>
              <Button
                loading={busy === "save"}
                // Never while the draft is not a template, or before its preview has said it is one.
                disabled={blockedBy !== null || !checked}
                onClick={() =>
                  void run("save", async () => {
                    await save({ kind, language, ...draft });
                    return t("saved", { kind: kindLabel(kind) });
                  })
                }
                data-testid="save-template"
              >
                {t("save")}
              </Button>
            </Group>
          </Stack>
        </Card>
        <Card withBorder radius="md" p="md" data-testid="template-preview">
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t("preview")}
            </Title>
            {preview.error ? (
              <Text c="red" size="sm" data-testid="preview-error">
                {errorText(preview.error, t("failed"))}
              </Text>
            ) : preview.data ? (
              <>
                <Text fw={600}>{preview.data.subject}</Text>
                <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="preview-text">
                  {preview.data.text}
                </Text>
                <iframe
                  title={t("previewHtml")}
                  sandbox=""
                  srcDoc={preview.data.html}
                  style={{ width: "100%", minHeight: 220, border: "1px solid var(--mantine-color-default-border)", borderRadius: 8, background: "white" }}
                />
              </>
            ) : (
              <Skeleton height={200} />
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Modal
        opened={confirmReset}
        onClose={() => setConfirmReset(false)}
        title={t("resetTitle")}
        centered
        closeButtonProps={{ "aria-label": t("common:actions.close") }}
      >
        <Stack>
          <Text size="sm">{t("resetText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmReset(false)}>
              {t("cancel")}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setConfirmReset(false);
                void run("reset", async () => {
                  await reset({ kind, language });
                  return t("resetDone");
                });
              }}
            >
              {t("reset")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
