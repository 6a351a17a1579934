import { ActionIcon, Box, Group, Paper, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { blocksText, editorBlocks, inlinePieces, parseTemplateParts, replaceBlock, type EditorBlock } from "@tumble/domain/emailTemplateParts";
import { chipNode, drawInline, hasTypedTag, keepLastLine, sourceOf } from "./inlineDom";
import classes from "./PartsEditor.module.css";

// A template part (subject or text) as an owner reads it: placeholders as chips named in the
// reader's language, sections as labelled blocks, the rest as text. What is stored is the same
// Mustache text: each chip and block keeps the tag it was written as (emailTemplateParts.ts), so
// opening and saving a template changes nothing in it. Typing a {{tag}} still works: it becomes a
// chip (or a block) when the field is left.

/** Where a chip clicked in the list goes: the run of text that last had the caret. */
export interface InsertTarget {
  insert(tag: string): void;
}

export interface PartsEditorProps {
  value: string;
  onChange(value: string): void;
  /** The kind's placeholders; any other is kept and shown as written, marked unknown. */
  known: readonly string[];
  label: string;
  /** The subject: one line, no Enter. */
  singleLine?: boolean;
  testId: string;
  onFocusTarget(target: InsertTarget): void;
}

/** The label of a placeholder in the reader's language; an unknown one as written. */
export function usePlaceholderLabel() {
  const { t } = useTranslation("emailTemplates");
  return (name: string) => t(`placeholderNames.${name}`, { defaultValue: name });
}

/** "Shown when there is an offer" / "…there is no offer", or the general wording for a placeholder without its own. */
export function useSectionLabel() {
  const { t, i18n } = useTranslation("emailTemplates");
  const label = usePlaceholderLabel();
  return (name: string, inverted: boolean) => {
    const own = `sectionNames.${name}.${inverted ? "without" : "with"}`;
    return i18n.exists(`emailTemplates:${own}`) ? t(own) : t(inverted ? "sectionWithout" : "sectionWith", { name: label(name) });
  };
}

export function PartsEditor({ value, onChange, known, label, singleLine, testId, onFocusTarget }: PartsEditorProps) {
  const { t } = useTranslation("emailTemplates");
  const sectionLabel = useSectionLabel();
  const [state, setState] = useState(() => ({ value, blocks: blocksOf(value), version: 0 }));
  // A value from outside (another kind or language, reset, a saved version): read it again.
  if (state.value !== value && blocksText(state.blocks) !== value) setState({ value, blocks: blocksOf(value), version: state.version + 1 });

  const change = (blocks: EditorBlock[]) => {
    const text = blocksText(blocks);
    setState((s) => ({ ...s, value: text, blocks }));
    onChange(text);
  };
  /** After an edit is done: section tags typed into a run become blocks (when the whole is a template). */
  const settle = () => {
    const parsed = parseTemplateParts(blocksText(state.blocks));
    if (!parsed.ok) return;
    const blocks = editorBlocks(parsed.parts);
    if (JSON.stringify(blocks) !== JSON.stringify(state.blocks)) setState((s) => ({ ...s, blocks, version: s.version + 1 }));
  };

  // Every run is a textbox named for a screen reader: the field, and the section it sits in.
  const render = (blocks: EditorBlock[], path: number[], section?: string) =>
    blocks.map((block, i) => {
      const at = [...path, i];
      const key = `${state.version}:${at.join(".")}`;
      if (block.type === "inline") {
        // An empty run between two blocks only shows while the template has sections.
        return (
          <InlineEditor
            key={key}
            source={block.source}
            known={known}
            singleLine={singleLine}
            label={path.length === 0 && i === 0 ? label : undefined}
            ariaLabel={section ? `${label}: ${section}` : label}
            testId={path.length === 0 && blocks.length === 1 ? `${testId}-editor` : undefined}
            onChange={(source) => change(replaceBlock(state.blocks, at, { type: "inline", source }))}
            onBlur={settle}
            onFocusTarget={onFocusTarget}
          />
        );
      }
      return (
        <Paper
          key={key}
          withBorder
          radius="sm"
          p="xs"
          className={classes.section}
          data-testid="template-section"
          data-section={block.name}
          data-inverted={block.inverted}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            {/* In the text's own colour (the block's border carries teal or orange): readable in light and dark. */}
            <Text size="xs" fw={600} data-testid="template-section-label">
              {sectionLabel(block.name, block.inverted)}
            </Text>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t("removeSection")}
              title={t("removeSection")}
              onClick={() => {
                // The runs before and after the block become one again.
                const text = blocksText(replaceBlock(state.blocks, at, null));
                setState((s) => ({ value: text, blocks: blocksOf(text), version: s.version + 1 }));
                onChange(text);
              }}
              data-testid="template-section-remove"
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Group>
          <Stack gap={4} mt={4}>
            {render(block.blocks, at, sectionLabel(block.name, block.inverted))}
          </Stack>
        </Paper>
      );
    });

  return (
    <Box data-testid={`${testId}-visual`} data-value={value}>
      <Stack gap={4}>{render(state.blocks, [])}</Stack>
    </Box>
  );
}

/** The editor's blocks for a value; one that is not a template is one run, as written, until it is fixed. */
function blocksOf(value: string): EditorBlock[] {
  const parsed = parseTemplateParts(value);
  return parsed.ok ? editorBlocks(parsed.parts) : [{ type: "inline", source: value }];
}

interface InlineEditorProps {
  source: string;
  known: readonly string[];
  singleLine?: boolean;
  label?: string;
  /** The name a screen reader gives the run (the visible label shows only over the first). */
  ariaLabel: string;
  testId?: string;
  onChange(source: string): void;
  onBlur(): void;
  onFocusTarget(target: InsertTarget): void;
}

/**
 * One run of text and chips, edited in place. The browser owns the text while it is typed (the
 * caret stays where it is); what it holds is read back into Mustache text on every input.
 */
function InlineEditor({ source, known, singleLine, label, ariaLabel, testId, onChange, onBlur, onFocusTarget }: InlineEditorProps) {
  const { t } = useTranslation("emailTemplates");
  const placeholderLabel = usePlaceholderLabel();
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef<string | null>(null);
  const range = useRef<Range | null>(null);

  const look = {
    known,
    label: placeholderLabel,
    unknownTitle: t("unknownPlaceholder"),
    className: (isKnown: boolean) => (isKnown ? classes.chip : `${classes.chip} ${classes.unknown}`),
  };
  const draw = (text: string) => {
    drawInline(ref.current!, text, look);
    shown.current = text;
  };

  useLayoutEffect(() => {
    if (shown.current !== source) draw(source);
  });

  const read = () => {
    keepLastLine(ref.current!);
    const text = sourceOf(ref.current!);
    shown.current = text;
    onChange(text);
  };

  const remember = () => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount && ref.current?.contains(selection.anchorNode)) range.current = selection.getRangeAt(0).cloneRange();
  };

  const insertNode = (node: Node) => {
    const el = ref.current!;
    let at = range.current;
    if (!at || !el.contains(at.startContainer)) {
      at = document.createRange();
      at.selectNodeContents(el);
      at.collapse(false);
    }
    at.deleteContents();
    at.insertNode(node);
    at.setStartAfter(node);
    at.collapse(true);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(at);
    range.current = at.cloneRange();
    read();
  };

  const target: InsertTarget = {
    insert(tag) {
      ref.current?.focus();
      const name = inlinePieces(tag).find((p) => p.type === "placeholder")?.name ?? tag;
      insertNode(chipNode(document, name, tag, look));
    },
  };

  return (
    <div>
      {label ? (
        <Text size="sm" fw={500} mb={4} component="div">
          {label}
        </Text>
      ) : null}
      <div
        ref={ref}
        role="textbox"
        aria-multiline={!singleLine}
        aria-label={ariaLabel}
        contentEditable
        suppressContentEditableWarning
        tabIndex={0}
        className={singleLine ? `${classes.inline} ${classes.singleLine}` : classes.inline}
        data-testid={testId}
        onInput={read}
        onKeyUp={remember}
        onMouseUp={remember}
        onFocus={() => onFocusTarget(target)}
        onBlur={() => {
          remember();
          // A {{tag}} typed as text becomes a chip once the field is left.
          if (hasTypedTag(ref.current!)) draw(shown.current!);
          onBlur();
        }}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          if (!singleLine) {
            remember();
            insertNode(document.createTextNode("\n"));
          }
        }}
        onPaste={(event) => {
          event.preventDefault();
          remember();
          const text = event.clipboardData.getData("text/plain");
          insertNode(document.createTextNode(singleLine ? text.replace(/\s*\n\s*/g, " ") : text));
        }}
      />
    </div>
  );
}
