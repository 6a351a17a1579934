import { z } from "zod";

// Spec section 3 "Theme config": colors, typography, spacing, animations and accessibility. One
// schema for the server (themes:mutations:saveTheme) and the theme editor, with the limits both
// enforce and WCAG 2.x contrast (relative luminance) for the editor's checks.

export const THEME_COLOR_KEYS = [
  "primary",
  "secondary",
  "accent",
  "background",
  "surface",
  "text",
  "textSecondary",
  "border",
  "success",
  "warning",
  "error",
  "info",
] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];

/** Six-digit hex only: the web derives shades and contrast from it, and ColorInput writes it. */
export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** The numeric fields and their ranges; `integer` ones take whole numbers, `multipleOf` steps. */
export const THEME_LIMITS = {
  "typography.fontSize": { min: 12, max: 24, step: 1, integer: true, unit: "px" },
  "typography.lineHeight": { min: 1, max: 2.5, step: 0.05, integer: false, unit: "" },
  "typography.fontWeight": { min: 300, max: 700, step: 100, integer: true, unit: "" },
  "spacing.scale": { min: 0.5, max: 2, step: 0.05, integer: false, unit: "×" },
  "spacing.borderRadius": { min: 0, max: 32, step: 1, integer: true, unit: "px" },
  "animations.durationMs": { min: 0, max: 1000, step: 10, integer: true, unit: "ms" },
} as const;
export type ThemeNumberField = keyof typeof THEME_LIMITS;

export const THEME_NAME_MAX = 60;
export const THEME_DESCRIPTION_MAX = 200;
export const FONT_FAMILY_MAX = 200;
/** Font stacks are written into CSS: names, quotes, commas, hyphens and spaces only. */
export const FONT_FAMILY_PATTERN = /^[A-Za-z0-9 ,'"\-_.]+$/;

const COLOR_LABELS: Record<ThemeColorKey, string> = {
  primary: "Primary",
  secondary: "Secondary",
  accent: "Accent",
  background: "Background",
  surface: "Surface",
  text: "Text",
  textSecondary: "Secondary text",
  border: "Border",
  success: "Success",
  warning: "Warning",
  error: "Error",
  info: "Info",
};

const FIELD_LABELS: Record<ThemeNumberField, string> = {
  "typography.fontSize": "Font size",
  "typography.lineHeight": "Line height",
  "typography.fontWeight": "Font weight",
  "spacing.scale": "Spacing scale",
  "spacing.borderRadius": "Border radius",
  "animations.durationMs": "Animation duration",
};

const color = (key: ThemeColorKey) =>
  z
    .string({ error: `${COLOR_LABELS[key]} color is required` })
    .trim()
    .regex(HEX_COLOR, `${COLOR_LABELS[key]} color must be a hex color like #0c8599`)
    .transform((value) => value.toLowerCase());

function bounded(field: ThemeNumberField) {
  const { min, max, integer, unit } = THEME_LIMITS[field];
  const label = FIELD_LABELS[field];
  const range = `${label} must be between ${min}${unit} and ${max}${unit}`;
  let schema = z
    .number({ error: `${label} must be a number` })
    .min(min, range)
    .max(max, range);
  if (integer) schema = schema.int(`${label} must be a whole number`);
  if (field === "typography.fontWeight") schema = schema.multipleOf(100, `${label} must be a multiple of 100`);
  return schema;
}

export const themeConfigSchema = z.object({
  colors: z.object(Object.fromEntries(THEME_COLOR_KEYS.map((k) => [k, color(k)])) as Record<ThemeColorKey, ReturnType<typeof color>>),
  typography: z.object({
    fontFamily: z
      .string({ error: "Font family is required" })
      .trim()
      .min(1, "Font family is required")
      .max(FONT_FAMILY_MAX, `Font family must be at most ${FONT_FAMILY_MAX} characters`)
      .regex(FONT_FAMILY_PATTERN, "Font family may hold only font names, quotes, commas and hyphens"),
    fontSize: bounded("typography.fontSize"),
    lineHeight: bounded("typography.lineHeight"),
    fontWeight: bounded("typography.fontWeight"),
  }),
  spacing: z.object({ scale: bounded("spacing.scale"), borderRadius: bounded("spacing.borderRadius") }),
  animations: z.object({ enabled: z.boolean(), durationMs: bounded("animations.durationMs") }),
  accessibility: z.object({ highContrast: z.boolean(), reducedMotion: z.boolean() }),
});
export type ThemeConfig = z.output<typeof themeConfigSchema>;

export const themeNameSchema = z
  .string({ error: "Theme name is required" })
  .trim()
  .min(1, "Theme name is required")
  .max(THEME_NAME_MAX, `Theme name must be at most ${THEME_NAME_MAX} characters`);

export const themeDescriptionSchema = z
  .string()
  .trim()
  .max(THEME_DESCRIPTION_MAX, `Description must be at most ${THEME_DESCRIPTION_MAX} characters`)
  .nullable()
  .transform((value) => (value ? value : null));

/** A problem with one field, in terms the editor translates. */
export type ThemeProblem =
  | { path: `colors.${ThemeColorKey}`; kind: "color" }
  | { path: "typography.fontFamily"; kind: "fontFamily" }
  | { path: ThemeNumberField; kind: "range"; min: number; max: number }
  | { path: ThemeNumberField; kind: "whole" | "multiple" };

/** Every problem of a draft config, field by field (empty when it saves). */
export function themeConfigProblems(config: ThemeConfig): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  for (const key of THEME_COLOR_KEYS) {
    if (!HEX_COLOR.test((config.colors[key] ?? "").trim())) problems.push({ path: `colors.${key}`, kind: "color" });
  }
  const family = (config.typography.fontFamily ?? "").trim();
  if (!family || family.length > FONT_FAMILY_MAX || !FONT_FAMILY_PATTERN.test(family)) problems.push({ path: "typography.fontFamily", kind: "fontFamily" });
  for (const path of Object.keys(THEME_LIMITS) as ThemeNumberField[]) {
    const { min, max, integer } = THEME_LIMITS[path];
    const value = numberAt(config, path);
    if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) problems.push({ path, kind: "range", min, max });
    else if (integer && !Number.isInteger(value)) problems.push({ path, kind: "whole" });
    else if (path === "typography.fontWeight" && value % 100 !== 0) problems.push({ path, kind: "multiple" });
  }
  return problems;
}

function numberAt(config: ThemeConfig, path: ThemeNumberField): unknown {
  const [group, field] = path.split(".") as [keyof ThemeConfig, string];
  return (config[group] as Record<string, unknown> | undefined)?.[field];
}

// ---- WCAG contrast ----

/** WCAG AA: body text. */
export const AA_TEXT = 4.5;
/** WCAG AA: large text (18pt, or 14pt bold) and user-interface components. */
export const AA_LARGE = 3;

function channels(hex: string): [number, number, number] | null {
  const match = HEX_COLOR.exec(hex.trim());
  if (!match) return null;
  const n = parseInt(hex.trim().slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2.x relative luminance of a hex colour (0 black … 1 white); null when it is not one. */
export function relativeLuminance(hex: string): number | null {
  const rgb = channels(hex);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 to 21; null when either is not a colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Black or white, whichever reads better on `background` (how filled buttons label themselves). */
export function bestTextOn(background: string): "#000000" | "#ffffff" {
  const onBlack = contrastRatio("#000000", background) ?? 0;
  const onWhite = contrastRatio("#ffffff", background) ?? 0;
  return onBlack >= onWhite ? "#000000" : "#ffffff";
}

export type ContrastKind = "text" | "ui";
export type ContrastGrade = "AA" | "AA-large" | "fail";

/** Body text needs 4.5:1 for AA; at 3:1 it passes only as large text or a UI component. */
export function contrastGrade(ratio: number, kind: ContrastKind): ContrastGrade {
  if (kind === "ui") return ratio >= AA_LARGE ? "AA" : "fail";
  if (ratio >= AA_TEXT) return "AA";
  return ratio >= AA_LARGE ? "AA-large" : "fail";
}

export interface ContrastCheck {
  id: string;
  /** The colour field the check is shown beside. */
  field: ThemeColorKey;
  foreground: string;
  background: string;
  /** What sits on what: a colour field, or "label" for the black or white label on it. */
  on: ThemeColorKey;
  fg: ThemeColorKey | "label";
  kind: ContrastKind;
  ratio: number | null;
  grade: ContrastGrade | null;
}

const TEXT_PAIRS: [fg: ThemeColorKey, bg: ThemeColorKey][] = [
  ["text", "background"],
  ["text", "surface"],
  ["textSecondary", "background"],
  ["textSecondary", "surface"],
];
const FILLED: ThemeColorKey[] = ["primary", "secondary", "accent", "success", "warning", "error", "info"];

/**
 * The checks the editor shows: text and secondary text on the background and on surfaces (4.5:1);
 * each filled colour against surfaces as a UI component (3:1) and its own label on it (4.5:1).
 */
export function contrastChecks(colors: Record<ThemeColorKey, string>): ContrastCheck[] {
  const check = (
    id: string,
    field: ThemeColorKey,
    fg: ThemeColorKey | "label",
    on: ThemeColorKey,
    foreground: string,
    background: string,
    kind: ContrastKind,
  ): ContrastCheck => {
    const ratio = contrastRatio(foreground, background);
    return { id, field, fg, on, foreground, background, kind, ratio, grade: ratio === null ? null : contrastGrade(ratio, kind) };
  };
  const checks = TEXT_PAIRS.map(([fg, bg]) => check(`${fg}-on-${bg}`, fg, fg, bg, colors[fg], colors[bg], "text"));
  for (const key of FILLED) {
    checks.push(check(`${key}-on-surface`, key, key, "surface", colors[key], colors.surface, "ui"));
    const label = HEX_COLOR.test(colors[key] ?? "") ? bestTextOn(colors[key]) : "";
    checks.push(check(`label-on-${key}`, key, "label", key, label, colors[key], "text"));
  }
  return checks;
}

/** The themes the platform ships (server/src/seed/themes.ts): they can be duplicated, never overwritten. */
export const BUILT_IN_THEME_NAMES = ["Tumble", "Harbor"] as const;

export function isBuiltInThemeName(name: string): boolean {
  return BUILT_IN_THEME_NAMES.some((builtIn) => builtIn.toLowerCase() === name.trim().toLowerCase());
}
