import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

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
    // The settings screen says it in the reader's language by this code (decision 0067).
    const unknownSection = await failureOf(owner.mutation("companySettings:update", { section: "payroll", values: {} }));
    expect(unknownSection.data).toEqual({ code: "companies.unknownSection", params: { section: "payroll" } });
    expect(refusalText(unknownSection.data, "es")).toBe('Sección de ajustes desconocida: "payroll"');
    expect(await failure(staff.query("companySettings:get", {}))).toMatch(/permission/);
    expect(await failure(staff.mutation("companySettings:update", { section: "workforce", values: { minRestHours: 1 } }))).toMatch(/permission/);
    // Nothing changed.
    expect(await owner.query("companySettings:get", {})).toEqual(before);
  });

  it("keeps each section where its module reads it: profile, language, join policy, money, geo-zones, stores", async () => {
    // Profile: written to the companies row, read back by getCurrentCompany; blank optional text is null.
    const profile = await owner.mutation<Record<string, unknown>>("companySettings:update", {
      section: "profile",
      values: { displayName: "Rio Laundry Co.", description: "  ", industry: "Laundromats", size: "MEDIUM", logoUrl: "https://example.com/logo.png" },
    });
    expect(profile).toMatchObject({ displayName: "Rio Laundry Co.", description: null, size: "MEDIUM", logoUrl: "https://example.com/logo.png" });
    expect(await owner.query<{ displayName: string }>("companies:getCurrentCompany", {})).toMatchObject({ displayName: "Rio Laundry Co." });
    expect(await failure(owner.mutation("companySettings:update", { section: "profile", values: { name: " " } }))).toBe(
      'Invalid setting "name": The company name is required',
    );
    expect(await failure(owner.mutation("companySettings:update", { section: "profile", values: { logoUrl: "http://x.test/a.png" } }))).toBe(
      'Invalid setting "logoUrl": The logo must be an https:// address',
    );
    const invalid = await failureOf(owner.mutation("companySettings:update", { section: "profile", values: { logoUrl: "http://x.test/a.png" } }));
    expect(invalid.data).toEqual({ code: "companies.invalidSetting", params: { field: "logoUrl", message: "The logo must be an https:// address" } });
    expect(refusalText(invalid.data, "es")).toMatch(/^Ajuste no válido "logoUrl": /);
    expect(await failure(owner.mutation("companySettings:update", { section: "profile", values: { size: "HUGE" } }))).toMatch(/^Invalid setting "size"/);

    // Language and join policy on the companies row.
    await owner.mutation("companySettings:update", { section: "language", values: { defaultLanguage: "es" } });
    const companyId = (await owner.query<{ _id: string }>("companies:getCurrentCompany", {}))._id;
    expect(await staff.query("companies:getCompanyDefaultLanguage", { companyId })).toBe("es");
    await owner.mutation("companySettings:update", { section: "language", values: { defaultLanguage: "en" } });
    expect(await failure(owner.mutation("companySettings:update", { section: "language", values: { defaultLanguage: "fr" } }))).toMatch(
      /^Invalid setting "defaultLanguage"/,
    );
    await owner.mutation("companySettings:update", { section: "joinPolicy", values: { allowJoinRequests: false } });
    const row = await server.database.db
      .selectFrom("companies")
      .select(["allowJoinRequests", "requireApproval"])
      .where("id", "=", companyId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ allowJoinRequests: false, requireApproval: true });
    await owner.mutation("companySettings:update", { section: "joinPolicy", values: { allowJoinRequests: true } });

    // Money: cash_settings, read by the cash module — a count started without saying is blind.
    expect(await failure(manager.mutation("companySettings:update", { section: "money", values: { varianceThresholdCents: -1 } }))).toBe(
      'Invalid setting "varianceThresholdCents": The threshold cannot be negative',
    );
    await manager.mutation("companySettings:update", { section: "money", values: { blindCounts: true, varianceThresholdCents: 250 } });
    expect(await owner.query("cashSettings:get", {})).toMatchObject({ blindCounts: true, varianceThresholdCents: 250, requireApproval: false });
    const { storeId } = await manager.mutation<{ storeId: string }>("stores:create", {
      name: `Settings ${Date.now()}`,
      address: "1 Main",
      timeZone: "America/Chicago",
    });
    const accounts = await manager.query<{ _id: string; storeId: string; kind: string }[]>("cashAccounts:list", { storeId });
    const safe = accounts.find((a) => a.storeId === storeId && a.kind === "safe")!._id;
    const count = await manager.mutation<{ blind: boolean; expectedCents: number | null }>("physicalCounts:start", {
      accountId: safe,
      idempotencyKey: `settings-${Date.now()}`,
    });
    expect(count).toMatchObject({ blind: true, expectedCents: null });
    await manager.mutation("companySettings:update", { section: "money", values: { blindCounts: false } });

    // Workforce: the geo-zone policy is written through to geo_zone_settings.
    const workforce = await owner.query<{ workforce: { outsideZone: string } }>("companySettings:get", { section: "workforce" });
    expect(workforce.workforce.outsideZone).toBe("refuse");
    await owner.mutation("companySettings:update", { section: "workforce", values: { outsideZone: "flag" } });
    expect(await owner.query("geoZones:getSettings", {})).toEqual({ outsideZone: "flag" });
    expect(await failure(owner.mutation("companySettings:update", { section: "workforce", values: { outsideZone: "ignore" } }))).toMatch(
      /^Invalid setting "outsideZone"/,
    );

    // Stores: the default time zone a new store's form starts with.
    expect(await owner.query("companySettings:storeDefaults", {})).toEqual({ defaultTimeZone: null });
    expect(await failure(owner.mutation("companySettings:update", { section: "stores", values: { defaultTimeZone: "Mars/Olympus" } }))).toBe(
      'Invalid setting "defaultTimeZone": Unknown time zone',
    );
    await owner.mutation("companySettings:update", { section: "stores", values: { defaultTimeZone: "America/Denver" } });
    expect(await manager.query("companySettings:storeDefaults", {})).toEqual({ defaultTimeZone: "America/Denver" });
    expect(await sudsOwner.query("companySettings:storeDefaults", {})).toEqual({ defaultTimeZone: null });
    expect(await failure(staff.query("companySettings:storeDefaults", {}))).toMatch(/permission/);
  });

  it("regenerates the company code: the old one no longer finds the company", async () => {
    const { companyCode: old } = await owner.query<{ companyCode: string }>("companySettings:get", {});
    const { companyCode } = await owner.mutation<{ companyCode: string }>("companySettings:regenerateCompanyCode", {});
    expect(companyCode).toMatch(/^CMP\d{6}$/);
    expect(companyCode).not.toBe(old);
    expect(await owner.query("companySettings:get", {})).toMatchObject({ companyCode });
    expect(await staff.query("companyJoinRequests:validateCompanyCode", { companyCode: old })).toMatchObject({
      isValid: false,
      message: "No company found with this code",
    });
    expect(await failure(staff.mutation("companySettings:regenerateCompanyCode", {}))).toMatch(/permission/);
  });
});
