import {
  createTheme,
  DEFAULT_THEME,
  darken,
  lighten,
  luminance,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from "@mantine/core";
import type { Density } from "@tumble/domain/display";
import { BREAKPOINTS, TOUCH_TARGET_MIN_PX, TOUCH_TARGET_XL_PX } from "@tumble/domain/display";
import type { ThemeConfig } from "@tumble/domain/themeConfig";

// The active theme's config (spec section 3 "Theme config") drives Mantine's theme: every colour,
// typography, spacing (times the user's density), radius and motion. Whatever a theme asks for,
// text keeps WCAG AA contrast: filled controls pick black or white text by luminance, and the
// secondary text colour is darkened (or lightened in dark) until it reads at 4.5:1.

const SYSTEM_FONTS = "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";
/** WCAG AA for body text. */
export const AA_CONTRAST = 4.5;
/** Where black and white text give equal contrast: ((L + 0.05) / 0.05 = 1.05 / (L + 0.05)). */
const EQUAL_CONTRAST_LUMINANCE = 0.179;

/** Spacing factor per density (spec section 3 "Layout preferences"). */
export const DENSITY_SPACING: Record<Density, number> = { comfortable: 1, compact: 0.75, minimal: 0.5 };

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

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `colour`, darkened (on a light background) or lightened (on a dark one) until it reads at `ratio` on `background`. */
export function withContrast(colour: string, background: string, ratio = AA_CONTRAST): string {
  const towardsDark = luminance(background) > EQUAL_CONTRAST_LUMINANCE;
  let result = colour;
  for (let step = 0; step < 20 && contrastRatio(result, background) < ratio; step++) {
    result = towardsDark ? darken(result, 0.08) : lighten(result, 0.08);
  }
  return result;
}

function scaled<K extends string>(sizes: Record<K, string>, factor: number): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(sizes).map(([k, v]) => [k, `calc(${v} * ${factor})`])) as Record<K, string>;
}

const em = (px: number) => `${px / 16}em`;
const minOf = (device: string) => BREAKPOINTS.find((b) => b.device === device)!.min;

const BASE: MantineThemeOverride = {
  primaryColor: "cyan",
  // Shade 9 carries white text at AA for every built-in colour; autoContrast picks black text
  // wherever a shade is lighter than the point where black and white read equally.
  primaryShade: { light: 9, dark: 9 },
  autoContrast: true,
  luminanceThreshold: EQUAL_CONTRAST_LUMINANCE,
  defaultRadius: "md",
  fontFamily: SYSTEM_FONTS,
  headings: { fontWeight: "700" },
  cursorType: "pointer",
  focusRing: "auto",
  respectReducedMotion: true,
  // Spec section 9 breakpoints: sm = tablet, md = desktop, lg = wide, xl = ultrawide.
  breakpoints: { xs: em(480), sm: em(minOf("tablet")), md: em(minOf("desktop")), lg: em(minOf("wide")), xl: em(minOf("ultrawide")) },
};

/** Light-scheme surfaces the secondary text must read on (body, cards, hovered rows). */
const LIGHT_SURFACES = ["#ffffff", DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];
/** Dark-scheme surfaces (body, cards, hovered rows). */
const DARK_SURFACES = [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6], DEFAULT_THEME.colors.dark[5]];

function readableOnAll(colour: string, surfaces: string[]): string {
  return surfaces.reduce((c, surface) => withContrast(c, surface), colour);
}

export interface ThemeOptions {
  density?: Density;
}

/** The Mantine theme of a theme config (the built-in look when there is none) at the user's density. */
export function themeFromConfig(config: ThemeConfig | null | undefined, { density = "comfortable" }: ThemeOptions = {}): MantineThemeOverride {
  const spacingFactor = DENSITY_SPACING[density] * (config?.spacing?.scale && config.spacing.scale > 0 ? config.spacing.scale : 1);
  const spacing = spacingFactor === 1 ? {} : { spacing: scaled(DEFAULT_THEME.spacing, spacingFactor) };
  if (!config) return createTheme({ ...BASE, ...spacing });

  const colors: Record<string, MantineColorsTuple> = {};
  for (const name of ["primary", "secondary", "accent", "success", "warning", "error", "info"] as const) {
    const shades = shadesOf(config.colors?.[name] ?? "");
    if (shades) colors[name === "primary" ? "brand" : name] = shades;
  }
  const fontFamily = config.typography?.fontFamily || SYSTEM_FONTS;
  const fontFactor = config.typography?.fontSize > 0 ? config.typography.fontSize / 16 : 1;
  const radius = Number.isFinite(config.spacing?.borderRadius) ? `${config.spacing.borderRadius}px` : undefined;
  const motionOff = config.animations?.enabled === false || config.accessibility?.reducedMotion;
  const duration = motionOff ? 0 : (config.animations?.durationMs ?? 200);
  const transitionProps = { transitionProps: { duration } };

  return createTheme({
    ...BASE,
    ...spacing,
    colors,
    ...(colors.brand ? { primaryColor: "brand", primaryShade: { light: 7, dark: 7 } } : {}),
    fontFamily,
    headings: { ...BASE.headings, fontFamily },
    ...(fontFactor === 1 ? {} : { fontSizes: scaled(DEFAULT_THEME.fontSizes, fontFactor) }),
    ...(config.typography?.lineHeight ? { lineHeights: { md: String(config.typography.lineHeight) } } : {}),
    ...(radius ? { radius: { xs: radius, sm: radius, md: radius, lg: radius, xl: radius }, defaultRadius: "md" } : {}),
    respectReducedMotion: true,
    other: { config, duration },
    components: {
      Modal: { defaultProps: transitionProps },
      Drawer: { defaultProps: transitionProps },
      Popover: { defaultProps: transitionProps },
      Menu: { defaultProps: transitionProps },
      Tooltip: { defaultProps: transitionProps },
      Collapse: { defaultProps: { transitionDuration: duration } },
    },
  });
}

/**
 * CSS variables beyond Mantine's: readable secondary text (the theme's textSecondary where it
 * reads at AA, darkened otherwise), the theme's text, background, surface and border colours in light, the
 * body weight, motion, and the spec's touch-target sizes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const config = (theme.other as { config?: ThemeConfig; duration?: number }).config;
  const duration = (theme.other as { duration?: number }).duration ?? 200;
  const high = config?.accessibility?.highContrast;
  // Cards, inputs and menus sit on the theme's surface colour in light.
  const surface = config?.colors?.surface && parseHex(config.colors.surface) ? config.colors.surface : undefined;
  const lightSurfaces = surface ? [surface, ...LIGHT_SURFACES] : LIGHT_SURFACES;
  const lightDimmed = readableOnAll(config?.colors?.textSecondary ?? DEFAULT_THEME.colors.gray[6], lightSurfaces);
  const darkDimmed = readableOnAll(DEFAULT_THEME.colors.dark[2], DARK_SURFACES);
  const lightShade = typeof theme.primaryShade === "object" ? theme.primaryShade.light : theme.primaryShade;
  // Coloured text (c="teal") and light-variant labels (shade 9 on shades 1 and 2) too.
  const colourText = Object.fromEntries(
    Object.entries(theme.colors).flatMap(([name, shades]) => [
      [`--mantine-color-${name}-text`, readableOnAll(shades[lightShade]!, lightSurfaces)],
      [`--mantine-color-${name}-light-color`, readableOnAll(shades[9]!, [shades[1]!, shades[2]!])],
    ]),
  );
  const text = config?.colors?.text && parseHex(config.colors.text) ? withContrast(config.colors.text, surface ?? "#ffffff", 7) : undefined;
  return {
    variables: {
      "--app-touch-target": `${TOUCH_TARGET_MIN_PX}px`,
      "--app-touch-target-xl": `${TOUCH_TARGET_XL_PX}px`,
      "--app-transition-ms": `${duration}ms`,
      "--app-font-weight": String(config?.typography?.fontWeight ?? 400),
    },
    light: {
      "--mantine-color-dimmed": high ? "var(--mantine-color-text)" : lightDimmed,
      "--mantine-color-placeholder": readableOnAll(DEFAULT_THEME.colors.gray[5], ["#ffffff"]),
      "--mantine-color-anchor": readableOnAll(theme.colors[theme.primaryColor]![lightShade]!, lightSurfaces),
      ...colourText,
      ...(text ? { "--mantine-color-text": text } : {}),
      ...(config?.colors?.border && parseHex(config.colors.border) ? { "--mantine-color-default-border": config.colors.border } : {}),
      ...(config?.colors?.background && parseHex(config.colors.background) ? { "--app-background": config.colors.background } : {}),
      ...(surface ? { "--mantine-color-body": surface } : {}),
    },
    dark: {
      "--mantine-color-dimmed": high ? "var(--mantine-color-text)" : darkDimmed,
      "--mantine-color-placeholder": readableOnAll(DEFAULT_THEME.colors.dark[3], [DEFAULT_THEME.colors.dark[6]]),
    },
  };
};
