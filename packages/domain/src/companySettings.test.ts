import { describe, expect, it } from "vitest";
import { isSettingsSection, withDefaults, workforceSettingsSchema } from "./companySettings.ts";

describe("company settings", () => {
  it("reads a section never saved as the defaults the issues name", () => {
    expect(withDefaults("workforce", undefined)).toEqual({
      payFrequency: "biweekly",
      payAnchorDate: null,
      payrollStartsOn: null,
      workweekStart: "sunday",
      overtimePreset: "federal",
      autoApproveToleranceMinutes: 5,
      // Issue 31: a clock-in up to 15 minutes before a shift; an earlier one is taken and flagged.
      earlyClockInMinutes: 15,
      earlyClockIn: "flag",
      maxShiftHours: 12,
      minRestHours: 8,
      minimumWageCents: 725,
      weeklyHoursLimit: 40,
      openShiftAutoApprove: false,
    });
  });

  it("keeps what was saved, fills fields added since, and drops fields that no longer exist", () => {
    const saved = { weeklyHoursLimit: 35, retired: true };
    expect(withDefaults("workforce", saved)).toMatchObject({ weeklyHoursLimit: 35, minRestHours: 8 });
    expect(withDefaults("workforce", saved)).not.toHaveProperty("retired");
  });

  it("refuses values outside their limits and falls back to defaults when stored ones no longer pass", () => {
    expect(workforceSettingsSchema.safeParse({ autoApproveToleranceMinutes: 61 }).success).toBe(false);
    expect(workforceSettingsSchema.safeParse({ payAnchorDate: "2026-02-30" }).success).toBe(false);
    expect(withDefaults("workforce", { weeklyHoursLimit: 0 }).weeklyHoursLimit).toBe(40);
    expect(isSettingsSection("workforce")).toBe(true);
    expect(isSettingsSection("toString")).toBe(false);
  });
});
