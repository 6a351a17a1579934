import { describe, expect, it } from "vitest";
import { equipmentColor } from "./equipment.ts";

describe("equipment colour", () => {
  it("parses #rrggbb into hex and rgb", () => {
    expect(equipmentColor("#3b82f6")).toEqual({ colorHex: "#3B82F6", colorRgb: { r: 59, g: 130, b: 246 } });
  });
  it("shows unknown or malformed colours as grey #8E8E93 (142,142,147)", () => {
    for (const bad of [null, undefined, "", "blue", "#fff", "#12345g"]) {
      expect(equipmentColor(bad)).toEqual({ colorHex: "#8E8E93", colorRgb: { r: 142, g: 142, b: 147 } });
    }
  });
});
