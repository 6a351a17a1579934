// Spec section 3 "Equipment type": categories, cash rule defaults and the visual config.

export const EQUIPMENT_CATEGORIES = ["laundry", "vending", "change", "retail", "gaming", "service", "financial", "other"] as const;
export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];

export const ICON_TYPES = ["square", "washer", "dryer", "vending", "changer", "gaming", "other"] as const;

export const UNKNOWN_COLOR = { colorHex: "#8E8E93", colorRgb: { r: 142, g: 142, b: 147 } } as const;

export const CASH_RULE_DEFAULTS = { acceptsCoins: true, acceptsBills: false } as const;

const HEX = /^#([0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX.test(value);
}

/** A colour as hex and rgb; anything that is not #rrggbb shows as the unknown grey. */
export function equipmentColor(hex: string | null | undefined): { colorHex: string; colorRgb: { r: number; g: number; b: number } } {
  const match = hex ? HEX.exec(hex) : null;
  if (!match) return { colorHex: UNKNOWN_COLOR.colorHex, colorRgb: { ...UNKNOWN_COLOR.colorRgb } };
  const n = parseInt(match[1], 16);
  return { colorHex: `#${match[1].toUpperCase()}`, colorRgb: { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 } };
}
