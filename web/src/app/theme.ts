import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from "@mantine/core";
import type { ThemeConfig } from "@tumble/server/seed/themes";

// The active theme's config (spec section 3 "Theme config") drives Mantine's theme: primary
// colour, font family and base size, line height, corner radius and motion.

const SYSTEM_FONTS = "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix([r, g, b]: [number, number, number], [tr, tg, tb]: [number, number, number], amount: number): string {
  const channel = (from: number, to: number) =>
    Math.round(from + (to - from) * amount)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r, tr)}${channel(g, tg)}${channel(b, tb)}`;
}

/** Ten shades around a base colour: lighter tints 0-5, the colour itself at 6, darker 7-9. */
export function shadesOf(hex: string): MantineColorsTuple | null {
  const base = parseHex(hex);
  if (!base) return null;
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  return [
    mix(base, white, 0.9),
    mix(base, white, 0.78),
    mix(base, white, 0.62),
    mix(base, white, 0.46),
    mix(base, white, 0.3),
    mix(base, white, 0.14),
    mix(base, white, 0),
    mix(base, black, 0.12),
    mix(base, black, 0.24),
    mix(base, black, 0.36),
  ] as unknown as MantineColorsTuple;
}

const BASE: MantineThemeOverride = {
  primaryColor: "cyan",
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: "md",
  fontFamily: SYSTEM_FONTS,
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  respectReducedMotion: true,
};

/** The built-in look, used until the active theme arrives (and when signed out). */
export const theme = createTheme(BASE);

export function themeFromConfig(config: ThemeConfig | null | undefined): MantineThemeOverride {
  if (!config) return theme;
  const primary = shadesOf(config.colors?.primary ?? "");
  const fontFamily = config.typography?.fontFamily || SYSTEM_FONTS;
  const radius = Number.isFinite(config.spacing?.borderRadius) ? `${config.spacing.borderRadius}px` : undefined;
  return createTheme({
    ...BASE,
    ...(primary ? { colors: { brand: primary }, primaryColor: "brand", primaryShade: { light: 6, dark: 5 } } : {}),
    fontFamily,
    headings: { ...BASE.headings, fontFamily },
    lineHeights: config.typography?.lineHeight ? { md: String(config.typography.lineHeight) } : undefined,
    ...(radius ? { radius: { xs: radius, sm: radius, md: radius, lg: radius, xl: radius }, defaultRadius: "md" } : {}),
    respectReducedMotion: config.accessibility?.reducedMotion ? true : BASE.respectReducedMotion,
  });
}
