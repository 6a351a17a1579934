import { describe, expect, it } from "vitest";
import {
  badgeLabel,
  connectionSpeed,
  contentMaxWidth,
  densityFor,
  deviceFor,
  DISPLAY_SCALES,
  formatBytes,
  formatDuration,
  isDisplayScale,
  SCALE_TABLE,
} from "./display.ts";

describe("deviceFor", () => {
  it.each([
    [0, "mobile"],
    [320, "mobile"],
    [767, "mobile"],
    [767.9, "mobile"],
    [768, "tablet"],
    [1023, "tablet"],
    [1024, "desktop"],
    [1279, "desktop"],
    [1280, "wide"],
    [2199, "wide"],
    [2200, "ultrawide"],
    [3439, "ultrawide"],
    [3440, "ultrawide3k"],
    [7680, "ultrawide3k"],
  ])("%d px → %s", (width, device) => {
    expect(deviceFor(width)).toBe(device);
  });

  it("caps content width at 1500, or 2400 on ultra-wide", () => {
    expect(contentMaxWidth("wide")).toBe(1500);
    expect(contentMaxWidth("ultrawide")).toBe(2400);
    expect(contentMaxWidth("ultrawide3k")).toBe(2400);
  });
});

describe("display scales", () => {
  it("has the spec's factors, labels and percentages", () => {
    expect(DISPLAY_SCALES.map((s) => [s, SCALE_TABLE[s].factor, SCALE_TABLE[s].label, SCALE_TABLE[s].percent])).toEqual([
      ["xs", 0.75, "XS", "75%"],
      ["sm", 0.875, "S", "87.5%"],
      ["base", 1, "M", "100%"],
      ["lg", 1.125, "L", "112.5%"],
      ["xl", 1.25, "XL", "125%"],
      ["xxl", 1.5, "XXL", "150%"],
    ]);
    for (const s of DISPLAY_SCALES) expect(SCALE_TABLE[s].percent).toBe(`${SCALE_TABLE[s].factor * 100}%`);
    expect(isDisplayScale("base")).toBe(true);
    expect(isDisplayScale("md")).toBe(false);
  });
});

describe("density", () => {
  it("is compact on mobile whatever the connection", () => {
    expect(densityFor({ isMobile: true, downlink: 0.5 })).toBe("compact");
    expect(densityFor({ isMobile: true, downlink: 50 })).toBe("compact");
  });

  it.each([
    [0.2, "minimal"],
    [1.49, "minimal"],
    [1.5, "compact"],
    [4.99, "compact"],
    [5, "comfortable"],
    [100, "comfortable"],
    [undefined, "comfortable"],
    [null, "comfortable"],
  ])("desktop at %s Mbit/s → %s", (downlink, density) => {
    expect(densityFor({ isMobile: false, downlink })).toBe(density);
  });

  it("classifies the connection", () => {
    expect([connectionSpeed(1), connectionSpeed(2), connectionSpeed(10), connectionSpeed(Number.NaN)]).toEqual(["slow", "moderate", "fast", "fast"]);
  });
});

describe("badgeLabel", () => {
  it.each([
    [0, null],
    [-2, null],
    [Number.NaN, null],
    [1, "1"],
    [42, "42"],
    [99, "99"],
    [100, "99+"],
    [12_345, "99+"],
  ])("%d → %s", (count, label) => {
    expect(badgeLabel(count)).toBe(label);
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [-5, "0 B"],
    [1, "1 B"],
    [1023, "1023 B"],
    [1024, "1 KB"],
    [1536, "1.5 KB"],
    [1000 * 1024, "1000 KB"],
    [1024 * 1024 - 1, "1 MB"],
    [5.25 * 1024 ** 2, "5.3 MB"],
    [1024 ** 3, "1 GB"],
    [3 * 1024 ** 4, "3 TB"],
  ])("%d → %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe("formatDuration", () => {
  const s = 1000;
  it.each([
    [0, "0s"],
    [-5 * s, "0s"],
    [999, "0s"],
    [45 * s, "45s"],
    [60 * s, "1m 0s"],
    [5 * 60 * s + 30 * s, "5m 30s"],
    [3600 * s, "1h 0m"],
    [3 * 3600 * s + 15 * 60 * s + 59 * s, "3h 15m"],
    [86_400 * s, "1d 0h"],
    [2 * 86_400 * s + 3 * 3600 * s + 59 * 60 * s, "2d 3h"],
  ])("%d ms → %s", (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
