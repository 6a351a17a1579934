// Spec section 9 "Layout and UI" and "Languages and formats": breakpoints, display scales,
// density, badge overflow, byte sizes and durations.

export const DEVICES = ["mobile", "tablet", "desktop", "wide", "ultrawide", "ultrawide3k"] as const;
export type Device = (typeof DEVICES)[number];

/** Width bands in CSS pixels; `max` is inclusive, null means no upper bound. */
export const BREAKPOINTS: readonly { device: Device; min: number; max: number | null }[] = [
  { device: "mobile", min: 0, max: 767 },
  { device: "tablet", min: 768, max: 1023 },
  { device: "desktop", min: 1024, max: 1279 },
  { device: "wide", min: 1280, max: 2199 },
  { device: "ultrawide", min: 2200, max: 3439 },
  { device: "ultrawide3k", min: 3440, max: null },
];

/** The device band of a viewport width (fractional widths fall to the band of their whole part). */
export function deviceFor(width: number): Device {
  const w = Math.floor(Math.max(0, width));
  for (const band of BREAKPOINTS) if (band.max === null || w <= band.max) return band.device;
  return "ultrawide3k";
}

export function isUltraWide(device: Device): boolean {
  return device === "ultrawide" || device === "ultrawide3k";
}

export const POPOVER_LIMITS = { mobile: 767, tablet: 1024 } as const;
export const CONTENT_MAX_WIDTH = 1500;
export const CONTENT_MAX_WIDTH_ULTRAWIDE = 2400;

export function contentMaxWidth(device: Device): number {
  return isUltraWide(device) ? CONTENT_MAX_WIDTH_ULTRAWIDE : CONTENT_MAX_WIDTH;
}

export const TOUCH_TARGET_MIN_PX = 44;
export const TOUCH_TARGET_XL_PX = 60;
/** Sidebar widths in spacing units (expanded, collapsed to icons). */
export const SIDEBAR_WIDTH_UNITS = { expanded: 72, collapsed: 20 } as const;
export const MOBILE_DRAWER_WIDTH = "min(90vw,320px)";
export const CONTEXT_MENU_EDGE_PX = 8;
export const CONTEXT_MENU_MIN_WIDTH = "12rem";
/** Popup max heights in vh: desktop and mobile. */
export const POPUP_MAX_HEIGHT_VH = {
  simple: { desktop: 50, mobile: 60 },
  moderate: { desktop: 65, mobile: 75 },
  complex: { desktop: 80, mobile: 90 },
  bottomSheet: { desktop: 85, mobile: 85 },
} as const;

// ---- Display scales ----

export const DISPLAY_SCALES = ["xs", "sm", "base", "lg", "xl", "xxl"] as const;
export type DisplayScale = (typeof DISPLAY_SCALES)[number];
export const DEFAULT_DISPLAY_SCALE: DisplayScale = "base";

export const SCALE_TABLE: Readonly<Record<DisplayScale, { factor: number; label: string; percent: string }>> = {
  xs: { factor: 0.75, label: "XS", percent: "75%" },
  sm: { factor: 0.875, label: "S", percent: "87.5%" },
  base: { factor: 1, label: "M", percent: "100%" },
  lg: { factor: 1.125, label: "L", percent: "112.5%" },
  xl: { factor: 1.25, label: "XL", percent: "125%" },
  xxl: { factor: 1.5, label: "XXL", percent: "150%" },
};

export function isDisplayScale(value: unknown): value is DisplayScale {
  return typeof value === "string" && (DISPLAY_SCALES as readonly string[]).includes(value);
}

// ---- Density ----

export type Density = "minimal" | "compact" | "comfortable";
export type ConnectionSpeed = "slow" | "moderate" | "fast";

/** Downlink in Mbit/s: below 1.5 slow, below 5 moderate; unknown counts as fast. */
export function connectionSpeed(downlink: number | null | undefined): ConnectionSpeed {
  if (typeof downlink !== "number" || !Number.isFinite(downlink)) return "fast";
  if (downlink < 1.5) return "slow";
  if (downlink < 5) return "moderate";
  return "fast";
}

/** Mobile compact; otherwise slow minimal, moderate compact, else comfortable. */
export function densityFor({ isMobile, downlink }: { isMobile: boolean; downlink?: number | null }): Density {
  if (isMobile) return "compact";
  const speed = connectionSpeed(downlink);
  if (speed === "slow") return "minimal";
  if (speed === "moderate") return "compact";
  return "comfortable";
}

// ---- Badges ----

export const BADGE_MAX = 99;

/** "99+" above 99; null (no badge) for zero, negative or invalid counts. */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}

// ---- Byte sizes and durations ----

const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB", "PB"];

/** 1024 steps, at most one decimal, trailing ".0" dropped: 1536 → "1.5 KB", 1024 → "1 KB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 B";
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  let rounded = Math.round(value * 10) / 10;
  if (rounded >= 1024 && unit < BYTE_UNITS.length - 1) {
    rounded = 1;
    unit++;
  }
  return `${unit === 0 ? Math.round(bytes) : rounded} ${BYTE_UNITS[unit]}`;
}

/**
 * Milliseconds as the two largest units: "2d 3h", "3h 15m", "5m 30s", or "45s". Rounded down to
 * whole seconds; negative durations count as zero.
 */
export function formatDuration(ms: number): string {
  const total = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}
