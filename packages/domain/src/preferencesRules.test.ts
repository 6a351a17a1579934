import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES, withDefaults } from "./preferences.ts";
import { preferencesUpdateSchema } from "./preferencesSchema.ts";

describe("layout preference rules", () => {
  it("keep valid stored values and drop invalid or unknown ones", () => {
    const stored = {
      layoutDensity: "compact",
      fontScale: "huge",
      sidebarCollapsed: "yes",
      columnVisibility: { collections: { store: false }, bad: { x: 1 } },
      emailNotifications: { announcements: false },
      colour: "red",
    };
    const merged = withDefaults(stored);
    expect(merged.layoutDensity).toBe("compact");
    expect(merged.fontScale).toBe(DEFAULT_PREFERENCES.fontScale);
    expect(merged.sidebarCollapsed).toBe(false);
    expect(merged.columnVisibility).toEqual({});
    expect(merged.emailNotifications).toEqual({ announcements: false });
    expect(merged).not.toHaveProperty("colour");
  });

  it("and the server's update schema accepts and refuses the same values", () => {
    expect(preferencesUpdateSchema.safeParse({ layoutDensity: "minimal", columnVisibility: { t: { c: true } } }).success).toBe(true);
    expect(preferencesUpdateSchema.safeParse({ fontScale: "huge" }).success).toBe(false);
    expect(preferencesUpdateSchema.safeParse({ colour: "red" }).success).toBe(false);
    expect(preferencesUpdateSchema.safeParse({ columnVisibility: { ["k".repeat(65)]: {} } }).success).toBe(false);
  });
});
