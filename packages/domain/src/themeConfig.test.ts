import { describe, expect, it } from "vitest";
import {
  bestTextOn,
  contrastChecks,
  contrastGrade,
  contrastRatio,
  relativeLuminance,
  THEME_COLOR_KEYS,
  themeConfigProblems,
  themeConfigSchema,
  type ThemeConfig,
} from "./themeConfig.ts";

const valid: ThemeConfig = {
  colors: {
    primary: "#0c8599",
    secondary: "#1c7ed6",
    accent: "#f59f00",
    background: "#f8f9fa",
    surface: "#ffffff",
    text: "#212529",
    textSecondary: "#868e96",
    border: "#dee2e6",
    success: "#2f9e44",
    warning: "#f08c00",
    error: "#e03131",
    info: "#1971c2",
  },
  typography: { fontFamily: "Inter, system-ui, 'Segoe UI', sans-serif", fontSize: 16, lineHeight: 1.55, fontWeight: 400 },
  spacing: { scale: 1, borderRadius: 8 },
  animations: { enabled: true, durationMs: 200 },
  accessibility: { highContrast: false, reducedMotion: false },
};

const message = (input: unknown) => {
  const result = themeConfigSchema.safeParse(input);
  return result.success ? null : `${result.error.issues[0]!.path.join(".")}: ${result.error.issues[0]!.message}`;
};

describe("theme config schema", () => {
  it("accepts the spec's fields and lowercases colours", () => {
    const parsed = themeConfigSchema.parse({ ...valid, colors: { ...valid.colors, primary: "#ABCDEF" } });
    expect(parsed.colors.primary).toBe("#abcdef");
    expect(Object.keys(parsed.colors)).toEqual([...THEME_COLOR_KEYS]);
    expect(themeConfigProblems(valid)).toEqual([]);
  });

  it("names the bad colour", () => {
    expect(message({ ...valid, colors: { ...valid.colors, textSecondary: "grey" } })).toBe(
      "colors.textSecondary: Secondary text color must be a hex color like #0c8599",
    );
    expect(message({ ...valid, colors: { ...valid.colors, primary: "#fff" } })).toBe("colors.primary: Primary color must be a hex color like #0c8599");
    const { info: _info, ...withoutInfo } = valid.colors;
    expect(message({ ...valid, colors: withoutInfo })).toBe("colors.info: Info color is required");
  });

  it("names the out-of-range size with its range", () => {
    expect(message({ ...valid, typography: { ...valid.typography, fontSize: 40 } })).toBe("typography.fontSize: Font size must be between 12px and 24px");
    expect(message({ ...valid, typography: { ...valid.typography, fontSize: 11 } })).toBe("typography.fontSize: Font size must be between 12px and 24px");
    expect(message({ ...valid, typography: { ...valid.typography, fontWeight: 450 } })).toBe("typography.fontWeight: Font weight must be a multiple of 100");
    expect(message({ ...valid, typography: { ...valid.typography, lineHeight: 0.8 } })).toBe("typography.lineHeight: Line height must be between 1 and 2.5");
    expect(message({ ...valid, spacing: { ...valid.spacing, borderRadius: 12.5 } })).toBe("spacing.borderRadius: Border radius must be a whole number");
    expect(message({ ...valid, spacing: { ...valid.spacing, scale: 3 } })).toBe("spacing.scale: Spacing scale must be between 0.5× and 2×");
    expect(message({ ...valid, animations: { enabled: true, durationMs: -1 } })).toBe(
      "animations.durationMs: Animation duration must be between 0ms and 1000ms",
    );
    expect(message({ ...valid, animations: { enabled: "yes", durationMs: 100 } })).toMatch(/^animations.enabled/);
  });

  it("refuses a font family that would escape its CSS declaration", () => {
    expect(message({ ...valid, typography: { ...valid.typography, fontFamily: "Inter; } body { display: none" } })).toBe(
      "typography.fontFamily: Font family may hold only font names, quotes, commas and hyphens",
    );
    expect(message({ ...valid, typography: { ...valid.typography, fontFamily: "  " } })).toBe("typography.fontFamily: Font family is required");
  });

  it("lists every problem of a draft for the editor, agreeing with the schema", () => {
    const draft: ThemeConfig = {
      ...valid,
      colors: { ...valid.colors, accent: "orange" },
      typography: { ...valid.typography, fontFamily: "a{b}", fontSize: 30, fontWeight: 350 },
      spacing: { scale: 1, borderRadius: 2.5 },
    };
    expect(themeConfigProblems(draft)).toEqual([
      { path: "colors.accent", kind: "color" },
      { path: "typography.fontFamily", kind: "fontFamily" },
      { path: "typography.fontSize", kind: "range", min: 12, max: 24 },
      { path: "typography.fontWeight", kind: "multiple" },
      { path: "spacing.borderRadius", kind: "whole" },
    ]);
    expect(themeConfigSchema.safeParse(draft).error?.issues.map((i) => i.path.join("."))).toEqual([
      "colors.accent",
      "typography.fontFamily",
      "typography.fontSize",
      "typography.fontWeight",
      "spacing.borderRadius",
    ]);
  });
});

describe("WCAG contrast", () => {
  it("computes relative luminance and ratios as WCAG 2 defines them", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBe(1);
    expect(contrastRatio("#000000", "#ffffff")).toBe(21);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    // Known values: #767676 is the lightest grey that passes 4.5:1 on white; #777777 fails.
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", "#ffffff")!).toBeLessThan(4.5);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
    expect(contrastRatio("nope", "#ffffff")).toBeNull();
  });

  it("grades text at 4.5:1 and large text or UI at 3:1", () => {
    expect(contrastGrade(4.5, "text")).toBe("AA");
    expect(contrastGrade(4.49, "text")).toBe("AA-large");
    expect(contrastGrade(3, "text")).toBe("AA-large");
    expect(contrastGrade(2.99, "text")).toBe("fail");
    expect(contrastGrade(3, "ui")).toBe("AA");
    expect(contrastGrade(2.99, "ui")).toBe("fail");
  });

  it("labels a fill in black or white, whichever reads better", () => {
    expect(bestTextOn("#ffd43b")).toBe("#000000");
    expect(bestTextOn("#1c3f95")).toBe("#ffffff");
  });

  it("checks text on background and surface, and each filled colour with its label", () => {
    const checks = contrastChecks(valid.colors);
    const byId = Object.fromEntries(checks.map((c) => [c.id, c]));
    expect(byId["text-on-background"]).toMatchObject({ field: "text", kind: "text", grade: "AA" });
    // Tumble's #868e96 secondary text reads only as large text on white (3.32:1).
    expect(byId["textSecondary-on-surface"]!.ratio).toBeCloseTo(3.32, 2);
    expect(byId["textSecondary-on-surface"]!.grade).toBe("AA-large");
    expect(byId["primary-on-surface"]).toMatchObject({ kind: "ui", grade: "AA" });
    expect(byId["label-on-warning"]).toMatchObject({ foreground: "#000000", kind: "text" });
    expect(checks.filter((c) => c.field === "border")).toEqual([]);

    const bad = contrastChecks({ ...valid.colors, text: "#eeeeee", primary: "nope" });
    const badById = Object.fromEntries(bad.map((c) => [c.id, c]));
    expect(badById["text-on-surface"]!.grade).toBe("fail");
    expect(badById["primary-on-surface"]).toMatchObject({ ratio: null, grade: null });
  });
});
