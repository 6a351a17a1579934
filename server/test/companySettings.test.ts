import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";

// Company settings over HTTP: a section never saved reads as its defaults; an update changes only
// the fields given, is validated whole, audited, and belongs to the caller's company alone.

let server: TestServer;
let owner: Client;
let manager: Client;
let staff: Client;
let sudsOwner: Client;

beforeAll(async () => {
  server = await startTestServer();
  [owner, manager, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
});
afterAll(() => server?.stop());

describe("company settings", () => {
  it("reads the defaults, saves the fields given, audits, and keeps each company's own", async () => {
    const defaults = await sudsOwner.query<{ workforce: Record<string, unknown> }>("companySettings:get", {});
    expect(defaults.workforce).toMatchObject({ weeklyHoursLimit: 40, minRestHours: 8, autoApproveToleranceMinutes: 5, payFrequency: "biweekly" });

    const saved = await manager.mutation<Record<string, unknown>>("companySettings:update", {
      section: "workforce",
      values: { weeklyHoursLimit: 35, workweekStart: "monday" },
    });
    expect(saved).toMatchObject({ weeklyHoursLimit: 35, workweekStart: "monday", minRestHours: 8 });
    await owner.mutation("companySettings:update", { section: "workforce", values: { minRestHours: 10 } });
    expect(await owner.query("companySettings:get", { section: "workforce" })).toEqual({
      workforce: expect.objectContaining({ weeklyHoursLimit: 35, workweekStart: "monday", minRestHours: 10 }),
    });
    // Suds Express still reads its defaults.
    expect((await sudsOwner.query<{ workforce: { weeklyHoursLimit: number } }>("companySettings:get", {})).workforce.weeklyHoursLimit).toBe(40);

    const audits = await sql<{ before: { minRestHours: number }; after: { minRestHours: number } }>`
      select before, after from audit_log where entity = 'companySettings' and entity_id = 'workforce' order by at desc limit 1`.execute(server.database.db);
    expect([audits.rows[0].before.minRestHours, audits.rows[0].after.minRestHours]).toEqual([8, 10]);
  });

  it("refuses bad values, unknown fields and sections, and callers without the right", async () => {
    const before = await owner.query("companySettings:get", {});
    expect(await failure(owner.mutation("companySettings:update", { section: "workforce", values: { weeklyHoursLimit: 0 } }))).toBe(
      'Invalid setting "weeklyHoursLimit": Too small: expected number to be >=1',
    );
    expect(await failure(owner.mutation("companySettings:update", { section: "workforce", values: { overtimePreset: "texas" } }))).toMatch(
      /^Invalid setting "overtimePreset"/,
    );
    expect(await failure(owner.mutation("companySettings:update", { section: "workforce", values: { hourlyBonus: 3 } }))).toBe(
      "Unknown setting in workforce: hourlyBonus",
    );
    expect(await failure(owner.mutation("companySettings:update", { section: "payroll", values: {} }))).toBe('Unknown settings section "payroll"');
    expect(await failure(staff.query("companySettings:get", {}))).toMatch(/permission/);
    expect(await failure(staff.mutation("companySettings:update", { section: "workforce", values: { minRestHours: 1 } }))).toMatch(/permission/);
    // Nothing changed.
    expect(await owner.query("companySettings:get", {})).toEqual(before);
  });
});
