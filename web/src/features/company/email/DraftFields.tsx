import { Button, Code, Group, SegmentedControl, Select, Text, TextInput, Textarea } from "@mantine/core";
import { useRef, type Dispatch, type SetStateAction } from "react";
import { useTranslation } from "react-i18next";
import { newSection, placeholderTag } from "@tumble/domain/emailTemplateParts";
import { PartsEditor, usePlaceholderLabel, useSectionLabel, type InsertTarget } from "./PartsEditor";

export interface Draft {
  subject: string;
  text: string;
  html: string;
}

export type Mode = "visual" | "source";

interface DraftFieldsProps {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  /** The kind's placeholders. */
  known: string[];
  mode: Mode;
  onMode(mode: Mode): void;
}

/**
 * A template's subject, text and HTML: with chips and labelled blocks, or as Mustache source; the
 * kind's placeholders as chips to click into the field that last had the caret.
 */
export function DraftFields({ draft, setDraft, known, mode, onMode }: DraftFieldsProps) {
  const { t } = useTranslation("emailTemplates");
  const placeholderLabel = usePlaceholderLabel();
  const sectionLabel = useSectionLabel();
  // Where a clicked chip goes: the field (or run of text) that last had the caret.
  const target = useRef<InsertTarget | null>(null);
  const insert = (name: string) => {
    if (target.current) target.current.insert(placeholderTag(name));
    else setDraft((d) => ({ ...d, text: d.text + placeholderTag(name) }));
  };
  const textareaTarget = (field: keyof Draft, el: HTMLInputElement | HTMLTextAreaElement): InsertTarget => ({
    insert(tag) {
      const start = el.selectionStart ?? el.value.length;
      const end = el.selectionEnd ?? start;
      setDraft((d) => ({ ...d, [field]: d[field].slice(0, start) + tag + d[field].slice(end) }));
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(start + tag.length, start + tag.length);
      });
    },
  });

  return (
    <>
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(v) => onMode(v === "source" ? "source" : "visual")}
        data={[
          { value: "visual", label: t("modes.visual") },
          { value: "source", label: t("modes.source") },
        ]}
        aria-label={t("modes.label")}
        data-testid="template-mode"
      />
      {mode === "visual" ? (
        <>
          <PartsEditor
            value={draft.subject}
            onChange={(subject) => setDraft((d) => ({ ...d, subject }))}
            known={known}
            label={t("subject")}
            singleLine
            testId="template-subject"
            onFocusTarget={(x) => (target.current = x)}
          />
          <PartsEditor
            value={draft.text}
            onChange={(text) => setDraft((d) => ({ ...d, text }))}
            known={known}
            label={t("text")}
            testId="template-text"
            onFocusTarget={(x) => (target.current = x)}
          />
          <Select
            size="xs"
            placeholder={t("addSection")}
            aria-label={t("addSection")}
            value={null}
            onChange={(v) => {
              if (!v) return;
              const section = newSection(v.slice(1), v.startsWith("^"));
              setDraft((d) => ({ ...d, text: d.text + section.open + section.close }));
            }}
            data={known.flatMap((name) => [
              { value: `#${name}`, label: sectionLabel(name, false) },
              { value: `^${name}`, label: sectionLabel(name, true) },
            ])}
            w={{ base: "100%", sm: 320 }}
            data-testid="template-add-section"
          />
        </>
      ) : (
        <>
          <TextInput
            label={t("subject")}
            value={draft.subject}
            onChange={(e) => setDraft({ ...draft, subject: e.currentTarget.value })}
            onFocus={(e) => (target.current = textareaTarget("subject", e.currentTarget))}
            data-testid="template-subject"
          />
          <Textarea
            label={t("text")}
            autosize
            minRows={6}
            value={draft.text}
            onChange={(e) => setDraft({ ...draft, text: e.currentTarget.value })}
            onFocus={(e) => (target.current = textareaTarget("text", e.currentTarget))}
            data-testid="template-text"
          />
        </>
      )}
      <Textarea
        label={t("html")}
        description={t("htmlHint")}
        autosize
        minRows={3}
        value={draft.html}
        onChange={(e) => setDraft({ ...draft, html: e.currentTarget.value })}
        onFocus={(e) => (target.current = textareaTarget("html", e.currentTarget))}
        data-testid="template-html"
      />
      <div>
        <Text size="sm" fw={500}>
          {t("placeholders")}
        </Text>
        <Group gap={6} mt={4}>
          {known.map((name) => (
            <Button
              key={name}
              size="compact-xs"
              radius="xl"
              variant="light"
              title={mode === "source" ? undefined : `{{${name}}}`}
              // The caret stays in the field it was in, where the chip goes.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => insert(name)}
              data-testid="template-placeholder"
              data-placeholder={name}
            >
              {mode === "source" ? <Code>{`{{${name}}}`}</Code> : placeholderLabel(name)}
            </Button>
          ))}
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {mode === "source" ? t("placeholdersHint", { interpolation: { prefix: "[[", suffix: "]]" } }) : t("chipsHint")}
        </Text>
      </div>
    </>
  );
}
