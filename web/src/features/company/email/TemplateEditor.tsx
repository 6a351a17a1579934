import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  Select,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
// Imported for its refusal table, which errorText reads by code.
import "@tumble/domain/emailRefusals";
import { api } from "../../../lib/api";
import { errorText } from "../../../lib/errorText";
import { useMutation, useQuery, useQueryState } from "../../../lib/hooks";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { param, useSearchState } from "../../../lib/searchParams";

type Language = "en" | "es";
const SEARCH = { kind: param.text(40), lang: param.oneOf(["en", "es"] as const) };

interface Draft {
  subject: string;
  text: string;
  html: string;
}

/** The company's e-mail templates: pick a kind and a language, edit, preview live, test, save or reset. */
export function TemplateEditor() {
  const { t } = useTranslation(["emailTemplates", "common"]);
  const kinds = useQuery(api.emailTemplates.list, {});
  const [search, setSearch] = useSearchState(SEARCH);
  const kind = search.kind ?? "claimCode";
  const language: Language = search.lang ?? "en";
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
      <Text size="sm" c="dimmed">
        {t(`kinds.${kind}.description`, { defaultValue: "" })}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder radius="md" p="md">
          <Stack gap="sm">
            <TextInput
              label={t("subject")}
              value={draft.subject}
              onChange={(e) => setDraft({ ...draft, subject: e.currentTarget.value })}
              data-testid="template-subject"
            />
            <Textarea
              label={t("text")}
              autosize
              minRows={6}
              value={draft.text}
              onChange={(e) => setDraft({ ...draft, text: e.currentTarget.value })}
              data-testid="template-text"
            />
            <Textarea
              label={t("html")}
              description={t("htmlHint")}
              autosize
              minRows={3}
              value={draft.html}
              onChange={(e) => setDraft({ ...draft, html: e.currentTarget.value })}
              data-testid="template-html"
            />
            <div>
              <Text size="sm" fw={500}>
                {t("placeholders")}
              </Text>
              <Group gap={6} mt={4}>
                {Object.keys(entry?.placeholders ?? {}).map((name) => (
                  <Code key={name}>{`{{${name}}}`}</Code>
                ))}
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {t("placeholdersHint", { interpolation: { prefix: "[[", suffix: "]]" } })}
              </Text>
            </div>
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
