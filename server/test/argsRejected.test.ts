import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "@tumble/domain/refusals";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// Input the database cannot store (NUL, unpaired surrogates, dates that do not exist) is refused
// with a message naming the field, never "Server Error", and writes nothing.

let server: TestServer;
let owner: Client;
let storeId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await new Client(server.url).signIn("owner@demo.test");
  storeId = (await owner.query<Array<{ _id: string }>>("stores:listAll"))[0]._id;
});
afterAll(async () => {
  await server?.stop();
});

const NOT_ALLOWED = /^Invalid argument "([\w.]+)": contains a character that is not allowed$/;

/** A string with at least one NUL or unpaired surrogate somewhere in ordinary text. */
const unstorable = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom("\u0000", "\uD800", "\uDBFF", "\uDC00", "\uDFFF", "a\uD83D", "\uDE00b"), fc.string({ maxLength: 20 }))
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** yyyy-MM-dd strings of the right shape for days that do not exist. */
const impossibleDate = fc
  .oneof(
    fc
      .record({ y: fc.integer({ min: 1000, max: 9999 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 29, max: 99 }) })
      .filter(({ y, m, d }) => d > new Date(Date.UTC(y, m, 0)).getUTCDate()),
    fc.record({ y: fc.integer({ min: 1000, max: 9999 }), m: fc.constantFrom(0, 13, 42, 99), d: fc.integer({ min: 1, max: 28 }) }),
    fc.record({ y: fc.integer({ min: 1000, max: 9999 }), m: fc.integer({ min: 1, max: 12 }), d: fc.constant(0) }),
  )
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);

async function counts() {
  const db = server.database.db;
  const n = async (table: "stores" | "storeSections" | "collections" | "campaigns" | "auditLog") =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return {
    stores: await n("stores"),
    sections: await n("storeSections"),
    collections: await n("collections"),
    campaigns: await n("campaigns"),
    audit: await n("auditLog"),
  };
}

describe("arguments the database would reject", () => {
  it("refuses NUL and lone surrogates in any field of several mutations, naming the field", async () => {
    const before = await counts();
    const cases: Array<[string, (bad: string) => unknown, string]> = [
      ["stores:create", (bad) => ({ name: bad, address: "1 Main St", timeZone: "America/New_York" }), "name"],
      ["stores:create", (bad) => ({ name: "Fine name", address: bad, timeZone: "America/New_York" }), "address"],
      ["storeSections:create", (bad) => ({ storeId, name: bad }), "name"],
      ["stores:update", (bad) => ({ storeId, hours: bad }), "hours"],
      ["marketing:createCampaign", (bad) => ({ name: bad, campaignType: "discount", startDate: "2026-01-01", endDate: "2026-01-02", offerAmount: 5 }), "name"],
      [
        "collections:saveDraft",
        (bad) => ({ storeId, businessDate: "2024-03-01", lines: [{ machineId: "m1", coinsCents: 0, billsCents: 0, note: bad }] }),
        "lines.0.note",
      ],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...cases), unstorable, async ([path, args, field], bad) => {
        const { status, body } = await owner.raw("mutation", path, args(bad));
        expect(status).toBe(560);
        const message = typeof body === "string" ? body : (body.errorMessage ?? "");
        expect(message).not.toBe("Server Error");
        expect(message).toMatch(NOT_ALLOWED);
        expect(NOT_ALLOWED.exec(message)![1]).toBe(field);
        // The field travels beside the English as the code's value (decision 0067).
        expect(typeof body === "string" ? null : body.errorData).toEqual({ code: "args.notAllowed", params: { field } });
      }),
      { numRuns: 40 },
    );
    expect(await counts()).toEqual(before);
    expect(server.logs.filter((l) => l.startsWith("[error]"))).toEqual([]);
  });

  it("refuses dates that do not exist as business dates, in writes and reads", async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(impossibleDate, async (date) => {
        const saved = await owner.raw("mutation", "collections:saveDraft", { storeId, businessDate: date, lines: [] });
        expect(saved).toMatchObject({ status: 560, body: { errorMessage: 'Invalid argument "businessDate": Not a real calendar date' } });
        const listed = await owner.raw("query", "collections:list", { fromDate: "2024-01-01", toDate: date });
        expect(listed).toMatchObject({ status: 560, body: { errorMessage: 'Invalid argument "toDate": Not a real calendar date' } });
      }),
      { numRuns: 30 },
    );
    expect(await counts()).toEqual(before);
    expect(server.logs.filter((l) => l.startsWith("[error]"))).toEqual([]);
  });

  it("refuses real dates no business means (year 9999, year 1) in the schedule's functions, and an empty closing count, by name", async () => {
    const out = 'Invalid argument "weekStart": Use a date between the years 1900 and 2199';
    for (const weekStart of ["9999-12-27", "0001-01-07"]) {
      for (const [kind, path, args] of [
        ["query", "shifts:listWeek", { storeId, weekStart }],
        ["query", "shifts:conflicts", { storeId, weekStart }],
        ["mutation", "shifts:publish", { storeId, weekStart }],
        ["mutation", "shifts:copyWeek", { storeId, fromWeekStart: "2026-11-01", weekStart }],
        ["mutation", "shifts:applyTemplate", { storeId, templateId: "t1", weekStart }],
        ["mutation", "shifts:saveTemplate", { storeId, name: "Far", weekStart }],
      ] as const) {
        const { status, body } = await owner.raw(kind, path, args);
        const message = typeof body === "string" ? body : (body.errorMessage ?? "");
        expect(status, `${path} ${weekStart}: ${message}`).toBe(560);
        expect(message, path).not.toBe("Server Error");
        if (message.startsWith('Invalid argument "weekStart"')) expect(message).toBe(out);
      }
    }
    const shift = await owner.raw("mutation", "shifts:create", {
      storeId,
      employeeId: null,
      date: "9999-12-31",
      start: "09:00",
      end: "17:00",
      breakMinutes: 0,
    });
    expect(shift.status).toBe(560);
    expect(typeof shift.body === "string" ? shift.body : shift.body.errorMessage).toMatch(/Use a date between the years 1900 and 2199/);
    const close = await owner.raw("mutation", "reconciliation:close", { storeId, from: "2026-01-01", to: "2026-01-31", countId: "" });
    expect(close).toMatchObject({ status: 560, body: { errorMessage: 'Invalid argument "countId": Choose a count of this store\'s safe' } });
    expect(server.logs.filter((l) => l.startsWith("[error]"))).toEqual([]);
  });

  it("sends an argument's refusal with its code, from which a screen says the rule (or which field is wrong) in Spanish", async () => {
    const saved = await owner.raw("mutation", "collections:saveDraft", { storeId, businessDate: "2024-02-30", lines: [] });
    const data = typeof saved.body === "string" ? null : saved.body.errorData;
    expect(data).toEqual({
      code: "args.invalid",
      params: { field: "businessDate", issue: "custom", message: "Not a real calendar date" },
    });
    expect(refusalText(data, "en")).toBe('Invalid argument "businessDate": Not a real calendar date');
    expect(refusalText(data, "es")).toBe("No es una fecha real del calendario");
    const missing = await owner.raw("mutation", "storeSections:create", { name: "Back room" });
    const missingData = typeof missing.body === "string" ? null : missing.body.errorData;
    expect(missingData).toMatchObject({ code: "args.invalid", params: { field: "storeId", issue: "invalid_type" } });
    expect(typeof missing.body === "string" ? "" : missing.body.errorMessage).toBe(refusalText(missingData, "en"));
    expect(refusalText(missingData, "es")).toBe("Falta el valor de «storeId» o no es del tipo esperado");
  });

  it("still accepts ordinary text, emoji included", async () => {
    const { status } = await owner.raw("mutation", "storeSections:create", { storeId, name: "Back room 🧺 Ñ" });
    expect(status).toBe(200);
  });
});
