import { DEFAULT_THEME, defaultCssVariablesResolver, getContrastColor, getPrimaryShade, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { DEFAULT_THEMES, type ThemeConfig } from "@tumble/server/seed/themes";
import { contrastRatio, cssVariablesResolver, themeFromConfig } from "./theme";

// Issue 12: whatever theme is active, text reads at WCAG AA (4.5:1), and density changes spacing.

const CONFIGS: [string, ThemeConfig | null][] = [
  ["built-in", null],
  ...DEFAULT_THEMES.map((t): [string, ThemeConfig] => [t.name, t.config]),
  // A system admin's pale pick: filled controls must switch to dark text.
  ["pale", { ...DEFAULT_THEMES[0]!.config, colors: { ...DEFAULT_THEMES[0]!.config.colors, primary: "#ffd43b", textSecondary: "#cccccc" } }],
];

describe.each(CONFIGS)("the %s theme", (_name, config) => {
  const theme = mergeMantineTheme(DEFAULT_THEME, themeFromConfig(config));
  const vars = cssVariablesResolver(theme);
  // Mantine must accept the override as a whole.
  defaultCssVariablesResolver(theme);

  it("gives every filled colour text at 4.5:1 or better, in light and dark", () => {
    for (const scheme of ["light", "dark"] as const) {
      const shade = getPrimaryShade(theme, scheme);
      for (const [name, shades] of Object.entries(theme.colors)) {
        if (name === "dark" || name === "gray") continue;
        const fill = shades[shade]!;
        const text = getContrastColor({ color: name, theme, autoContrast: true });
        const resolved = text.startsWith("var(") ? (text.includes("black") ? theme.black : theme.white) : text;
        expect(contrastRatio(fill, resolved), `${name} ${scheme}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it("reads secondary text at 4.5:1 on the body, cards and hovered rows", () => {
    for (const bg of ["#ffffff", DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]]) {
      expect(contrastRatio(vars.light["--mantine-color-dimmed"]!, bg)).toBeGreaterThanOrEqual(4.5);
    }
    for (const bg of [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6], DEFAULT_THEME.colors.dark[5]]) {
      expect(contrastRatio(vars.dark["--mantine-color-dimmed"]!, bg)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

it("tightens spacing for compact and minimal density", () => {
  const spacing = (density: "comfortable" | "compact" | "minimal") => mergeMantineTheme(DEFAULT_THEME, themeFromConfig(null, { density })).spacing.md;
  expect(spacing("comfortable")).toBe(DEFAULT_THEME.spacing.md);
  expect(spacing("compact")).toBe(`calc(${DEFAULT_THEME.spacing.md} * 0.75)`);
  expect(spacing("minimal")).toBe(`calc(${DEFAULT_THEME.spacing.md} * 0.5)`);
});

it("applies the theme's typography, radius and motion", () => {
  const harbor = DEFAULT_THEMES.find((t) => t.name === "Harbor")!.config;
  const theme = mergeMantineTheme(
    DEFAULT_THEME,
    themeFromConfig({ ...harbor, typography: { ...harbor.typography, fontSize: 18 }, animations: { enabled: false, durationMs: 150 } }),
  );
  expect(theme.fontFamily).toContain("Georgia");
  expect(theme.fontSizes.md).toBe(`calc(${DEFAULT_THEME.fontSizes.md} * 1.125)`);
  expect(theme.radius.md).toBe("2px");
  expect(theme.colors.secondary?.[6]).toBe(harbor.colors.secondary);
  expect(theme.components.Modal?.defaultProps).toEqual({ transitionProps: { duration: 0 } });
});

it("puts cards and inputs on the theme's surface in light, with secondary text still readable on it", () => {
  const base = DEFAULT_THEMES[0]!.config;
  const surface = "#e7eef6";
  const theme = mergeMantineTheme(DEFAULT_THEME, themeFromConfig({ ...base, colors: { ...base.colors, surface, textSecondary: "#8a94a0" } }));
  const vars = cssVariablesResolver(theme);
  expect(vars.light["--mantine-color-body"]).toBe(surface);
  expect(contrastRatio(vars.light["--mantine-color-dimmed"]!, surface)).toBeGreaterThanOrEqual(4.5);
  expect(vars.dark["--mantine-color-body"]).toBeUndefined();
});
