import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ACCESS_REFUSAL_TEXTS } from "./accessRefusals.ts";
import { ARGUMENT_REFUSAL_TEXTS } from "./argumentRefusals.ts";
import { AUTH_REFUSAL_TEXTS } from "./authRefusals.ts";
import { BALANCE_ADMIN_MESSAGES } from "./balanceAdmin.ts";
import { CASH_REFUSAL_TEXTS } from "./cashLedger.ts";
import { COLLECTION_REFUSAL_TEXTS } from "./collectionRefusals.ts";
import { COMPANY_REFUSAL_TEXTS } from "./companyRefusals.ts";
import { EMPLOYEE_MESSAGES } from "./employees.ts";
import { EMAIL_REFUSAL_TEXTS } from "./emailRefusals.ts";
import { EQUIPMENT_REFUSAL_TEXTS } from "./equipmentRefusals.ts";
import { EXPORT_REFUSAL_TEXTS } from "./exportRefusals.ts";
import { FILE_REFUSAL_TEXTS } from "./fileRefusals.ts";
import { GEO_ZONE_MESSAGES } from "./geoZones.ts";
import { IMPORT_REFUSAL_TEXTS } from "./importRefusals.ts";
import { KIOSK_REFUSAL_TEXTS } from "./kioskRefusals.ts";
import { MARKETING_REFUSAL_TEXTS } from "./marketingRefusals.ts";
import { PAYROLL_REFUSAL_TEXTS } from "./payrollMessages.ts";
import { RECONCILIATION_REFUSAL_TEXTS } from "./reconciliation.ts";
import { refusalCode, refusalTable, refusalText, type RefusalTexts } from "./refusals.ts";
import { REPORT_REFUSAL_TEXTS } from "./reportRefusals.ts";
import { RUNTIME_REFUSAL_TEXTS } from "./runtimeRefusals.ts";
import { SCHEDULING_REFUSAL_TEXTS } from "./scheduling.ts";
import { TIME_CLOCK_MESSAGES } from "./timeClock.ts";
import { SYSTEM_ADMIN_REFUSAL_TEXTS } from "./systemAdminRefusals.ts";
import { THEME_REFUSAL_TEXTS } from "./themeRefusals.ts";

const SAMPLE = refusalTable("sample", {
  plain: { en: "No", es: "No (es)" },
  counted: { en: ({ n }: { n: number }) => `${n} left`, es: ({ n }: { n: number }) => `quedan ${n}` },
});

describe("refusals", () => {
  it("send the English with a code and values, and render either language from them", () => {
    expect(SAMPLE.refusal("counted", { n: 2 })).toEqual({ message: "2 left", data: { code: "sample.counted", params: { n: 2 } } });
    expect(refusalText({ code: "sample.counted", params: { n: 2 } }, "es")).toBe("quedan 2");
    expect(refusalText({ code: "sample.plain" }, "es")).toBe("No (es)");
    expect(SAMPLE.text("counted", "en", { n: 5 })).toBe("5 left");
  });

  it("know nothing of an unknown or malformed code, or one reaching into the object's prototype", () => {
    for (const data of [
      null,
      "sample.plain",
      {},
      { code: 7 },
      { code: "sample" },
      { code: ".plain" },
      { code: "other.plain" },
      { code: "sample.toString" },
      { code: "sample.__proto__" },
    ]) {
      expect(refusalText(data, "es"), JSON.stringify(data)).toBeNull();
    }
    // Values that are not an object are read as none; a sentence they cannot make is no sentence.
    expect(refusalText({ code: "sample.plain", params: "x" }, "en")).toBe("No");
    expect(refusalCode({ data: { code: "sample.plain" } })).toBe("sample.plain");
    expect(refusalCode("sample.plain")).toBeNull();
  });

  it("give every refusal of a module's table in both languages, alike in kind and each its own", () => {
    const tables: Record<string, Record<string, RefusalTexts>> = {
      access: ACCESS_REFUSAL_TEXTS,
      args: ARGUMENT_REFUSAL_TEXTS,
      auth: AUTH_REFUSAL_TEXTS,
      balanceAdmin: BALANCE_ADMIN_MESSAGES,
      cash: CASH_REFUSAL_TEXTS,
      collections: COLLECTION_REFUSAL_TEXTS,
      companies: COMPANY_REFUSAL_TEXTS,
      employees: EMPLOYEE_MESSAGES,
      email: EMAIL_REFUSAL_TEXTS,
      equipment: EQUIPMENT_REFUSAL_TEXTS,
      exports: EXPORT_REFUSAL_TEXTS,
      files: FILE_REFUSAL_TEXTS,
      geoZones: GEO_ZONE_MESSAGES,
      imports: IMPORT_REFUSAL_TEXTS,
      kiosks: KIOSK_REFUSAL_TEXTS,
      marketing: MARKETING_REFUSAL_TEXTS,
      payroll: PAYROLL_REFUSAL_TEXTS,
      reconciliation: RECONCILIATION_REFUSAL_TEXTS,
      reports: REPORT_REFUSAL_TEXTS,
      runtime: RUNTIME_REFUSAL_TEXTS,
      scheduling: SCHEDULING_REFUSAL_TEXTS,
      timeClock: TIME_CLOCK_MESSAGES,
      systemAdmin: SYSTEM_ADMIN_REFUSAL_TEXTS,
      themes: THEME_REFUSAL_TEXTS,
    };
    for (const [module, texts] of Object.entries(tables)) {
      for (const [key, { en, es }] of Object.entries(texts)) {
        const where = `${module}.${key}`;
        expect(typeof es, where).toBe(typeof en);
        if (typeof en === "string") {
          expect(en.trim(), where).not.toBe("");
          expect(es, where).not.toBe(en);
        }
      }
    }
  });

  it("are named once each across the package's sources, and a module evaluated again replaces its own", () => {
    const dir = fileURLToPath(new URL(".", import.meta.url));
    const owners = new Map<string, string[]>();
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      for (const [, name] of fs.readFileSync(path.join(dir, file), "utf8").matchAll(/refusalTable\(\s*"([^"]+)"/g))
        owners.set(name, [...(owners.get(name) ?? []), file]);
    }
    expect(owners.size).toBeGreaterThan(10);
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
    // Hot reload evaluates a module again: its table is replaced, not refused.
    const again = refusalTable("sample", { plain: { en: "No again", es: "No otra vez" } });
    expect(refusalText(again.refusal("plain").data, "es")).toBe("No otra vez");
  });
});
