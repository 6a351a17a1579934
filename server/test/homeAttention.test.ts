import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@tumble/domain/datePresets";
import { todayIn } from "@tumble/domain/businessDate";
import { loadAttentionContributors } from "../src/runtime/attention.ts";
import { newId } from "../src/runtime/ids.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";
import { insertWorkedEntry, morningOf, payrollCompany, unique } from "./support/workforce.ts";

// home:attention (issue 34): what needs the caller's attention, each item a count and the screen
// that deals with it, contributed by the modules (server/src/attention), only those the caller may
// see. A company of the test's own starts with nothing to do; each item is made once here.

const ZONE = "America/Chicago";
const SETTINGS = { payFrequency: "weekly", payAnchorDate: "2026-01-04", payrollStartsOn: null, workweekStart: "sunday", overtimePreset: "federal" } as const;

type Attention = { items: { key: string; link: string; search?: Record<string, string>; count: number }[] };

let server: TestServer;
let owner: Client;
let companyId: string;
let storeId: string;
let employeeId: string;
let ownerId: string;
let otherUserId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ owner, companyId, storeId, employeeId } = await payrollCompany(server.url, {
    name: "Attention Suds",
    settings: SETTINGS,
    zone: ZONE,
    employeeName: "Ana Attent",
  }));
  ownerId = (await db().selectFrom("memberships").select("userId").where("companyId", "=", companyId).executeTakeFirstOrThrow()).userId;
  otherUserId = (await db().selectFrom("users").select("id").where("email", "=", "staff@demo.test").executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.stop());

const db = () => server.database.db;
const counts = (a: Attention) => Object.fromEntries(a.items.map((i) => [i.key, i.count]));
const today = () => todayIn(ZONE);

async function collection(businessDate: string, status: string, lines: { machineId: string; cents: number; expectedCents: number | null }[] = []) {
  const id = newId();
  await db()
    .insertInto("collections")
    .values({
      id,
      companyId,
      storeId,
      businessDate,
      collectorId: ownerId,
      status,
      totalCents: 0,
      adjustsCollectionId: null,
      rejectionReason: null,
      verifiedBy: null,
    })
    .execute();
  for (const l of lines)
    await db()
      .insertInto("collectionLines")
      .values({
        id: newId(),
        companyId,
        collectionId: id,
        machineId: l.machineId,
        coinsCents: l.cents,
        billsCents: 0,
        meterReading: null,
        note: null,
        expectedCents: l.expectedCents,
      })
      .execute();
}

let position = 0;
async function machine(label: string): Promise<string> {
  const sectionId = newId();
  const typeId = newId();
  const id = newId();
  await db()
    .insertInto("storeSections")
    .values({ id: sectionId, companyId, storeId, name: `Section ${label}`, position: position++ })
    .execute();
  await db()
    .insertInto("equipmentTypes")
    .values({ id: typeId, companyId, name: `Washer ${label}`, category: "washer", specialCase: null, colorHex: null, iconType: null })
    .execute();
  await db()
    .insertInto("machines")
    .values({ id, companyId, storeId, sectionId, equipmentTypeId: typeId, label, coinBoxCapacityCents: null, position: 0 })
    .execute();
  return id;
}

/** The store's account of this kind (a store opens with its safe), or a new company-wide one. */
async function account(kind: string, name: string): Promise<string> {
  const existing = await db()
    .selectFrom("cashAccounts")
    .select("id")
    .where("companyId", "=", companyId)
    .where("storeId", "=", storeId)
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = newId();
  await db()
    .insertInto("cashAccounts")
    .values({ id, companyId, storeId: kind === "bank" ? null : storeId, kind, name, category: null })
    .execute();
  return id;
}

describe("home:attention", () => {
  it("starts with every item the owner may see at 0, each linking to its screen", async () => {
    const seen = await owner.query<Attention>("home:attention");
    expect(Object.fromEntries(seen.items.map((i) => [i.key, i.link]))).toEqual({
      cashApprovals: "laundromat/cash-dashboard",
      countVariances: "laundromat/physical-counts",
      collectionsToVerify: "laundromat/collections-list",
      machinesLow: "laundromat/collections-list",
      storesNotCollected: "laundromat/collections-list",
      joinRequests: "company/join-requests",
      employeesToComplete: "employee-management/profiles",
      periodsToLock: "payroll/pay-periods",
      unmatchedBankLines: "laundromat/reconciliation",
      employeeRequests: "employee-management/dashboard",
      myRequests: "user/my-requests",
      timeToVerify: "employee-management/time-entry-verification",
    });
    for (const item of seen.items) expect(item.count, item.key).toBe(0);
  });

  it("counts each item on rows made for it, and leaves out what does not need attention", async () => {
    const t = today();
    // Collections to verify: one submitted (a draft and a verified one are not waiting).
    const washer = await machine("W1");
    const dryer = await machine("D1");
    const recovered = await machine("W2");
    await collection(t, "submitted");
    await collection(t, "draft");
    // Machines low: W1's latest line is under half its expected figure (400 < 1 000 × 0.5); D1's is
    // exactly half (not under); W2 was low before but its latest line is back up.
    await collection(addDays(t, -2), "verified", [
      { machineId: washer, cents: 400, expectedCents: 1_000 },
      { machineId: dryer, cents: 500, expectedCents: 1_000 },
      { machineId: recovered, cents: 100, expectedCents: 1_000 },
    ]);
    await collection(addDays(t, -1), "verified", [{ machineId: recovered, cents: 900, expectedCents: 1_000 }]);
    // A store nobody collected for more than 7 days (opened a month ago); the test's own store was collected today.
    const idle = newId();
    await db()
      .insertInto("stores")
      .values({
        id: idle,
        companyId,
        name: "Idle Corner",
        address: "2 Idle St",
        phone: null,
        hours: null,
        timeZone: ZONE,
        createdAt: new Date(Date.now() - 30 * 86_400_000),
      })
      .execute();
    await db()
      .insertInto("collections")
      .values({
        id: newId(),
        companyId,
        storeId: idle,
        businessDate: addDays(t, -8),
        collectorId: ownerId,
        status: "verified",
        totalCents: 100,
        adjustsCollectionId: null,
        rejectionReason: null,
        verifiedBy: null,
      })
      .execute();
    // A cash entry waiting for approval (an approved one is not).
    for (const status of ["pending", "approved"])
      await db()
        .insertInto("cashTransactions")
        .values({ id: newId(), companyId, kind: "expense", amountCents: 1_000, status, storeId, businessDate: t, requestedBy: otherUserId })
        .execute();
    // Counts: one handed in 5.00 short by someone else; one on the mark; one the owner counted (another person reviews it); one accepted.
    // (An account has one open count at a time, so each is of its own account.)
    const count = async (kind: string, status: string, varianceCents: number | null, countedBy: string) =>
      db()
        .insertInto("physicalCounts")
        .values({
          id: newId(),
          companyId,
          accountId: await account(kind, `Attention ${kind}`),
          status,
          blind: false,
          expectedCents: 10_000,
          countedCents: 10_000 + (varianceCents ?? 0),
          varianceCents,
          countedBy,
        })
        .execute();
    await count("safe", "submitted", -500, otherUserId);
    await count("change_fund", "submitted", 0, otherUserId);
    await count("petty_cash", "submitted", 700, ownerId);
    await count("safe", "accepted", -300, otherUserId);
    // A bank line matched to nothing.
    const bank = await account("bank", "Attention bank");
    await db()
      .insertInto("bankLines")
      .values({
        id: newId(),
        companyId,
        accountId: bank,
        date: t,
        description: "Unknown credit",
        amountCents: 4_200,
        reference: null,
        fingerprint: `fp${unique()}`,
        source: "manual",
      })
      .execute();
    // Time: an entry 10 days ago with no shift waits for a person; one 21 days ago is outside the two weeks but in
    // an ended pay period too: two ended weekly periods with time, neither locked.
    await insertWorkedEntry(db(), { companyId, employeeId, storeId, ...morningOf(addDays(t, -10), 8, ZONE), zone: ZONE });
    await insertWorkedEntry(db(), { companyId, employeeId, storeId, ...morningOf(addDays(t, -21), 8, ZONE), zone: ZONE });
    // A join request, and a time-off request of the employee.
    const joiner = `joiner-${unique()}@example.com`;
    await new Client(server.url).action("auth:signIn", { provider: "password", params: { email: joiner, password: "joiner-pw-123", flow: "signUp" } });
    const joinerId = (await db().selectFrom("users").select("id").where("email", "=", joiner).executeTakeFirstOrThrow()).id;
    await db().insertInto("joinRequests").values({ id: newId(), companyId, userId: joinerId, status: "PENDING", message: null, decidedBy: null }).execute();
    await db()
      .insertInto("requests")
      .values({
        id: newId(),
        companyId,
        kind: "timeOff",
        employeeId,
        startsAt: new Date(Date.now() + 5 * 86_400_000),
        endsAt: new Date(Date.now() + 6 * 86_400_000),
        timeOffType: "vacation",
        shiftId: null,
        targetEmployeeId: null,
        note: null,
        createdBy: null,
        decidedBy: null,
        decidedAt: null,
        decisionReason: null,
      })
      .execute();

    const seen = counts(await owner.query<Attention>("home:attention"));
    expect(seen).toEqual({
      cashApprovals: 1,
      countVariances: 1,
      collectionsToVerify: 1,
      machinesLow: 1,
      storesNotCollected: 1,
      joinRequests: 1,
      employeesToComplete: 0,
      periodsToLock: 2,
      unmatchedBankLines: 1,
      employeeRequests: 1,
      myRequests: 0,
      timeToVerify: 1,
    });
    // The queue opens on the current pay period: the link starts it at the oldest entry waiting, ten days back.
    const items = (await owner.query<Attention>("home:attention")).items;
    expect(items.find((i) => i.key === "timeToVerify")?.search).toEqual({ from: addDays(t, -10) });
    expect(items.filter((i) => i.search).map((i) => i.key)).toEqual(["timeToVerify"]);
    // The joiner's own request is theirs to see, with no company yet.
    const joinerClient = await new Client(server.url).signIn(joiner, "joiner-pw-123");
    expect((await joinerClient.query<Attention>("home:attention")).items).toEqual([{ key: "myRequests", link: "user/my-requests", count: 1 }]);
  });

  it("leaves out what a role may not see: staff get their own items only, a supervisor no cash reviews", async () => {
    const staff = await new Client(server.url).signIn("staff@demo.test");
    expect(Object.keys(counts(await staff.query<Attention>("home:attention"))).sort()).toEqual(["myRequests", "ownCollectionsWaiting"]);
    const supervisor = counts(await (await new Client(server.url).signIn("supervisor@demo.test")).query<Attention>("home:attention"));
    expect(supervisor.collectionsToVerify).toBeGreaterThan(0);
    for (const key of ["countVariances", "unmatchedBankLines", "periodsToLock", "joinRequests", "ownCollectionsWaiting"])
      expect(supervisor).not.toHaveProperty(key);
    // Another company's rows never count: Rio's owner sees none of the test company's items.
    const rio = counts(await (await new Client(server.url).signIn("owner@demo.test")).query<Attention>("home:attention"));
    const before = rio.unmatchedBankLines;
    await db()
      .insertInto("bankLines")
      .values({
        id: newId(),
        companyId,
        accountId: (await db().selectFrom("cashAccounts").select("id").where("companyId", "=", companyId).where("kind", "=", "bank").executeTakeFirstOrThrow())
          .id,
        date: today(),
        description: "Another line",
        amountCents: 100,
        reference: null,
        fingerprint: `fp${unique()}`,
        source: "manual",
      })
      .execute();
    expect(counts(await (await new Client(server.url).signIn("owner@demo.test")).query<Attention>("home:attention")).unmatchedBankLines).toBe(before);
    expect(counts(await owner.query<Attention>("home:attention")).unmatchedBankLines).toBe(2);
  });

  it("refuses a signed-out caller", async () => {
    expect((await new Client(server.url).raw("query", "home:attention", {})).body).toMatchObject({ status: "error" });
  });
});

describe("attention contributors", () => {
  it("are found in their folder, and a clashing key or an unknown screen stops the server", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-attention-"));
    try {
      fs.writeFileSync(path.join(dir, "cash.mjs"), `export const attention = [{ key: "openShifts", link: "laundromat/cash-dashboard", count: () => null }];`);
      fs.writeFileSync(path.join(dir, "cash.d.ts"), "export {};");
      expect((await loadAttentionContributors(dir)).map((a) => a.key)).toEqual(["openShifts"]);
      // Each case in a file of its own name (a module is imported once per name).
      const refused = async (name: string, source: string, message: string) => {
        fs.writeFileSync(path.join(dir, `${name}.mjs`), source);
        await expect(loadAttentionContributors(dir)).rejects.toThrow(message);
        fs.rmSync(path.join(dir, `${name}.mjs`));
      };
      await refused(
        "clash",
        `export const attention = [{ key: "openShifts", link: "laundromat/reports", count: () => null }];`,
        "Two attention items are named openShifts",
      );
      await refused(
        "nowhere",
        `export const attention = [{ key: "other", link: "laundromat/nowhere", count: () => null }];`,
        "Attention item other links to an unknown sub-screen laundromat/nowhere",
      );
      await refused(
        "spaced",
        `export const attention = [{ key: "bad key", link: "laundromat/reports", count: () => null }];`,
        "needs a key of letters and digits",
      );
      await refused("badges", `export const badges = [];`, "Attention file badges exports no attention list");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
