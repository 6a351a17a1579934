import { Badge, ColorInput, Group, NumberInput, SimpleGrid, Stack, Switch, Tabs, Text, TextInput } from "@mantine/core";
import {
  contrastChecks,
  THEME_COLOR_KEYS,
  THEME_LIMITS,
  type ContrastCheck,
  type ThemeColorKey,
  type ThemeConfig,
  type ThemeNumberField,
  type ThemeProblem,
} from "@tumble/domain/themeConfig";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { numberAt, withNumber } from "./draft";

const GROUPS = ["colors", "typography", "spacing", "animations", "accessibility"] as const;
type Group = (typeof GROUPS)[number];

const SWATCHES = ["#0c8599", "#1c7ed6", "#4c6ef5", "#7048e8", "#ae3ec9", "#d6336c", "#e03131", "#f08c00", "#2f9e44", "#212529", "#868e96", "#ffffff"];

interface FieldsProps {
  config: ThemeConfig;
  onChange: (config: ThemeConfig) => void;
  problems: Map<string, ThemeProblem>;
}

/** Every field of the theme config, grouped as the spec lists them, each with its own error. */
export function ThemeFields({ config, onChange, problems }: FieldsProps) {
  const { t } = useTranslation("themeEditor");
  const errorOf = (path: string) => {
    const problem = problems.get(path);
    if (!problem) return undefined;
    if (problem.kind === "range") return t("errors.range", { min: problem.min, max: problem.max });
    return t(`errors.${problem.kind}`);
  };
  const problemsIn = (group: Group) => [...problems.keys()].filter((p) => p.startsWith(`${group}.`)).length;
  const checks = contrastChecks(config.colors);

  const number = (path: ThemeNumberField, extra: { suffix?: string; decimalScale?: number } = {}) => {
    const { min, max, step } = THEME_LIMITS[path];
    const value = numberAt(config, path);
    return (
      <NumberInput
        label={t(`fields.${path}`)}
        description={t("range", { min, max })}
        value={Number.isFinite(value) ? value : ""}
        onChange={(v) => onChange(withNumber(config, path, typeof v === "number" ? v : v === "" ? NaN : Number(v)))}
        min={min}
        max={max}
        step={step}
        clampBehavior="none"
        allowNegative={min < 0}
        error={errorOf(path)}
        data-testid={`theme-field-${path}`}
        {...extra}
      />
    );
  };

  const toggle = <G extends "animations" | "accessibility">(group: G, field: keyof ThemeConfig[G] & string, hint: string) => (
    <Switch
      label={t(`fields.${group}.${field}`)}
      description={t(hint)}
      checked={config[group][field] as boolean}
      onChange={(e) => onChange({ ...config, [group]: { ...config[group], [field]: e.currentTarget.checked } })}
      data-testid={`theme-field-${group}.${field}`}
    />
  );

  const tab = (group: Group) => {
    const count = problemsIn(group);
    return (
      <Tabs.Tab
        key={group}
        value={group}
        rightSection={
          count ? (
            <Badge size="xs" color="red" circle aria-label={t("problems", { count })}>
              {count}
            </Badge>
          ) : null
        }
      >
        {t(`groups.${group}`)}
      </Tabs.Tab>
    );
  };

  return (
    <Tabs defaultValue="colors" keepMounted={false}>
      <Tabs.List>{GROUPS.map(tab)}</Tabs.List>

      <Tabs.Panel value="colors" pt="md">
        <Text size="xs" c="dimmed" mb="sm">
          {t("contrast.legend")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 1 }} spacing="md" verticalSpacing="md">
          {THEME_COLOR_KEYS.map((key) => (
            <Stack key={key} gap={4}>
              <ColorInput
                label={t(`colors.${key}`)}
                description={t(`colorHints.${key}`)}
                value={config.colors[key]}
                onChange={(value) => onChange({ ...config, colors: { ...config.colors, [key]: value } })}
                format="hex"
                swatches={SWATCHES}
                withEyeDropper={false}
                error={errorOf(`colors.${key}`)}
                data-testid={`theme-color-${key}`}
              />
              <ContrastList checks={checks.filter((c) => c.field === key)} />
            </Stack>
          ))}
        </SimpleGrid>
      </Tabs.Panel>

      <Tabs.Panel value="typography" pt="md">
        <Stack gap="md">
          <TextInput
            label={t("fields.typography.fontFamily")}
            description={t("fontFamilyHint")}
            value={config.typography.fontFamily}
            onChange={(e) => onChange({ ...config, typography: { ...config.typography, fontFamily: e.currentTarget.value } })}
            error={errorOf("typography.fontFamily")}
            data-testid="theme-field-typography.fontFamily"
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            {number("typography.fontSize", { suffix: " px" })}
            {number("typography.lineHeight", { decimalScale: 2 })}
            {number("typography.fontWeight")}
          </SimpleGrid>
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="spacing" pt="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {number("spacing.scale", { suffix: " ×", decimalScale: 2 })}
          {number("spacing.borderRadius", { suffix: " px" })}
        </SimpleGrid>
      </Tabs.Panel>

      <Tabs.Panel value="animations" pt="md">
        <Stack gap="md">
          {toggle("animations", "enabled", "animationsHint")}
          {number("animations.durationMs", { suffix: " ms" })}
        </Stack>
      </Tabs.Panel>

      <Tabs.Panel value="accessibility" pt="md">
        <Stack gap="md">
          {toggle("accessibility", "highContrast", "highContrastHint")}
          {toggle("accessibility", "reducedMotion", "reducedMotionHint")}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}

const GRADE_COLOR = { AA: "teal", "AA-large": "yellow", fail: "red" } as const;

/** The WCAG checks of one colour: what it sits on, the ratio, and AA, AA for large text only, or a failure. */
function ContrastList({ checks }: { checks: ContrastCheck[] }) {
  const { t } = useTranslation("themeEditor");
  if (!checks.length) return null;
  const what = (c: ContrastCheck): ReactNode =>
    c.fg === "label" ? t("contrast.labelOn", { color: t(`colors.${c.on}`) }) : t("contrast.on", { color: t(`colors.${c.on as ThemeColorKey}`) });
  return (
    <Stack gap={2} data-testid="contrast-checks">
      {checks.map((c) => (
        <Group key={c.id} title={t(`contrast.need.${c.kind}`)} gap={6} wrap="nowrap" data-testid={`contrast-${c.id}`} data-grade={c.grade ?? "none"}>
          <span
            aria-hidden
            style={{
              width: 14,
              height: 14,
              flex: "none",
              borderRadius: 3,
              background: c.background,
              color: c.foreground,
              border: "1px solid var(--mantine-color-default-border)",
              fontSize: 9,
              lineHeight: "12px",
              textAlign: "center",
              fontWeight: 700,
            }}
          >
            {c.ratio === null ? "" : "A"}
          </span>
          <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 0 }}>
            {what(c)}
            {c.ratio === null ? "" : ` · ${c.ratio.toFixed(2)}:1`}
          </Text>
          {c.grade ? (
            <Badge size="xs" variant="light" color={GRADE_COLOR[c.grade]} style={{ flex: "none" }}>
              {t(`contrast.grade.${c.grade}`)}
            </Badge>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
