import {
  HEX_COLOR,
  THEME_COLOR_KEYS,
  THEME_LIMITS,
  themeConfigProblems,
  type ThemeConfig,
  type ThemeNumberField,
  type ThemeProblem,
} from "@tumble/domain/themeConfig";

// The editor's working copy of a theme. Numbers the user has cleared are NaN until refilled, so a
// draft can be invalid; the preview then shows the saved value for each invalid field.

export interface ThemeDraft {
  name: string;
  description: string;
  config: ThemeConfig;
}

export function draftOf(theme: { name: string; description: string | null; config: ThemeConfig }): ThemeDraft {
  return { name: theme.name, description: theme.description ?? "", config: structuredClone(theme.config) };
}

export function sameDraft(a: ThemeDraft, b: ThemeDraft): boolean {
  return a.name === b.name && a.description === b.description && JSON.stringify(a.config) === JSON.stringify(b.config);
}

export function problemsByPath(config: ThemeConfig): Map<string, ThemeProblem> {
  return new Map(themeConfigProblems(config).map((p) => [p.path, p]));
}

export function numberAt(config: ThemeConfig, path: ThemeNumberField): number {
  const [group, field] = path.split(".") as [keyof ThemeConfig, string];
  return (config[group] as unknown as Record<string, number>)[field]!;
}

export function withNumber(config: ThemeConfig, path: ThemeNumberField, value: number): ThemeConfig {
  const [group, field] = path.split(".") as [keyof ThemeConfig, string];
  return { ...config, [group]: { ...config[group], [field]: value } };
}

/** The draft with each invalid field replaced by `fallback`'s, for the preview. */
export function previewable(config: ThemeConfig, fallback: ThemeConfig): ThemeConfig {
  const colors = Object.fromEntries(
    THEME_COLOR_KEYS.map((key) => [key, HEX_COLOR.test(config.colors[key].trim()) ? config.colors[key].trim() : fallback.colors[key]]),
  ) as ThemeConfig["colors"];
  let result: ThemeConfig = { ...config, colors };
  const problems = problemsByPath(config);
  if (problems.has("typography.fontFamily")) result = { ...result, typography: { ...result.typography, fontFamily: fallback.typography.fontFamily } };
  for (const path of Object.keys(THEME_LIMITS) as ThemeNumberField[]) {
    if (problems.has(path)) result = withNumber(result, path, numberAt(fallback, path));
  }
  return result;
}
