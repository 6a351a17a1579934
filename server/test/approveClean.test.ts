import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businessDateOf } from "@tumble/domain/businessDate";
import { race, lockTable } from "./support/race.ts";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";
import { createEmployee, createStore, insertWorkedEntry, unique } from "./support/workforce.ts";

// @postgres: two managers approve the clean entries of one queue at the same time

// "Approve clean" on the server (issue 33): every pending entry of the period and store without
// exception and not added by hand is approved — past the rows a screen has loaded and the batch the
// server reads at a time — never the caller's own (skipped and counted), nor flagged ones; two
// managers pressing it at once approve each entry exactly once, with no error.

let server: TestServer;
let owner: Client;
let manager: Client;
let staff: Client;

beforeAll(async () => {
  server = await startTestServer();
  [owner, manager, staff] = await Promise.all(["owner@demo.test", "manager@demo.test", "staff@demo.test"].map((e) => new Client(server.url).signIn(e)));
});
afterAll(() => server?.stop());

const M = 60_000;
const H = 60 * M;
const ZONE = "America/Chicago";
type Result = { approved: number; skippedOwn: number; skippedFlagged: number; skippedLocked: number };
interface Reviewed {
  _id: string;
  reviewStatus: string;
  review: { status: string; auto: boolean; by: string | null } | null;
}

async function companyOf(storeId: string) {
  return (await server.database.db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow()).companyId;
}

/** 9:00 in Chicago, `days` ago. */
function nineAm(days: number) {
  const date = businessDateOf(Date.now() - days * 86_400_000, ZONE);
  return new Date(`${date}T09:00:00-06:00`).getTime();
}
const range = (days: number) => ({ from: businessDateOf(Date.now() - days * 86_400_000, ZONE), to: businessDateOf(Date.now(), ZONE) });

/** A worked day of 9:00 to 17:00 with a 30-minute break, on a published shift of the same hours, `late` minutes late in. */
async function day(storeId: string, employeeId: string, daysAgo: number, late = 0) {
  const companyId = await companyOf(storeId);
  const start = nineAm(daysAgo);
  await server.database.db
    .insertInto("shifts")
    .values({
      id: `sh${unique()}`,
      companyId,
      storeId,
      employeeId,
      startsAt: new Date(start),
      endsAt: new Date(start + 8 * H),
      breakMinutes: 30,
      status: "published",
      publishedAt: new Date(),
      publishedEmployeeId: employeeId,
      publishedStartsAt: new Date(start),
      publishedEndsAt: new Date(start + 8 * H),
      publishedBreakMinutes: 30,
    })
    .execute();
  return insertWorkedEntry(server.database.db, {
    companyId,
    employeeId,
    storeId,
    clockInAt: start + late * M,
    clockOutAt: start + 8 * H,
    zone: ZONE,
    breakMinutes: 30,
  });
}

const queue = async (client: Client, storeId: string, days: number) =>
  (await client.query<{ entries: Reviewed[] }>("timeEntries:list", { ...range(days), storeId })).entries;

describe("timeEntries:approveClean", () => {
  it("approves every clean entry of the store and period, and skips and counts the caller's own and the flagged", async () => {
    const storeId = await createStore(manager, "Clean");
    const elsewhere = await createStore(manager, "Other");
    const [a, b, mine] = [
      await createEmployee(manager, [storeId], { prefix: "ac" }),
      await createEmployee(manager, [storeId], { prefix: "ac" }),
      await createEmployee(manager, [storeId], { prefix: "ac" }),
    ];
    const clean = [await day(storeId, a.employeeId, 3), await day(storeId, a.employeeId, 2), await day(storeId, b.employeeId, 2)];
    const late = await day(storeId, b.employeeId, 3, 20);
    // The manager is also this employee: their own day waits for someone else.
    const me = await server.database.db.selectFrom("users").select("id").where("email", "=", "manager@demo.test").executeTakeFirstOrThrow();
    await server.database.db.updateTable("employees").set({ userId: me.id }).where("id", "=", mine.employeeId).execute();
    const own = await day(storeId, mine.employeeId, 2);
    // A shift added by hand is for a person to look at, whoever added it.
    const { entryId: manual } = await owner.mutation<{ entryId: string }>("timeEntries:add", {
      employeeId: b.employeeId,
      storeId,
      clockIn: nineAm(4),
      clockOut: nineAm(4) + 4 * H,
      breaks: 0,
      reason: "forgot to punch",
    });
    // Another store's clean entry is outside the filter.
    const other = await day(elsewhere, a.employeeId, 5);

    const result = await manager.mutation<Result>("timeEntries:approveClean", { ...range(6), storeId });
    expect(result).toEqual({ approved: 3, skippedOwn: 1, skippedFlagged: 2, skippedLocked: 0 });
    const entries = new Map((await queue(manager, storeId, 6)).map((e) => [e._id, e]));
    for (const id of clean)
      expect(entries.get(id)).toMatchObject({ reviewStatus: "approved", review: { status: "approved", auto: false, by: expect.any(String) } });
    for (const id of [late, own, manual]) expect(entries.get(id)?.reviewStatus).toBe("pending");
    expect((await queue(manager, elsewhere, 6)).find((e) => e._id === other)?.reviewStatus).toBe("pending");

    // Again: nothing left to approve; the same ones are still skipped.
    expect(await manager.mutation<Result>("timeEntries:approveClean", { ...range(6), storeId })).toEqual({
      approved: 0,
      skippedOwn: 1,
      skippedFlagged: 2,
      skippedLocked: 0,
    });
    // Another manager approves the first one's own day.
    expect(await owner.mutation<Result>("timeEntries:approveClean", { ...range(6), storeId })).toMatchObject({ approved: 1, skippedOwn: 0, skippedFlagged: 2 });
    expect((await queue(manager, storeId, 6)).find((e) => e._id === own)?.reviewStatus).toBe("approved");
  });

  it("approves each entry exactly once when two managers press it at once, past one batch", async () => {
    const storeId = await createStore(manager, "Race");
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await createEmployee(manager, [storeId], { prefix: "ar" }));
    // 5 people × 44 days: 220 clean entries, more than the 200 read at a time.
    const ids: string[] = [];
    for (const p of people) for (let d = 1; d <= 44; d++) ids.push(await day(storeId, p.employeeId, d));
    const args = { ...range(45), storeId };

    const { outcomes, ok, errors } = await race(
      server,
      [() => manager.mutation<Result>("timeEntries:approveClean", args), () => owner.mutation<Result>("timeEntries:approveClean", args)],
      [lockTable("time_entry_reviews")],
    );
    expect(errors).toEqual([]);
    expect(ok).toBe(2);
    const results = outcomes.map((o) => (o.status === "fulfilled" ? o.value : null)!);
    expect(results[0].approved + results[1].approved).toBe(ids.length);
    expect(results.every((r) => r.skippedOwn === 0 && r.skippedFlagged === 0)).toBe(true);

    // One review each, approved, and one approval in the audit log each.
    const reviews = await server.database.db.selectFrom("timeEntryReviews").select(["entryId", "status"]).where("entryId", "in", ids).execute();
    expect(reviews).toHaveLength(ids.length);
    expect(reviews.every((r) => r.status === "approved")).toBe(true);
    const audits = await server.database.db
      .selectFrom("auditLog")
      .select("entityId")
      .where("entity", "=", "timeEntry")
      .where("action", "=", "approve")
      .where("entityId", "in", ids)
      .execute();
    expect(audits).toHaveLength(ids.length);
    expect(new Set(audits.map((a) => a.entityId)).size).toBe(ids.length);
    expect(await manager.query<Record<string, number>>("timeEntries:counts", args)).toMatchObject({ pending: 0, approved: ids.length });
  });

  it("is refused to a member who does not view time clocks, and to a range too long, changing nothing", async () => {
    const storeId = await createStore(manager, "Refused");
    const a = await createEmployee(manager, [storeId], { prefix: "ax" });
    const id = await day(storeId, a.employeeId, 2);
    expect(await failure(staff.mutation("timeEntries:approveClean", { ...range(3), storeId }))).toBe("You don't have permission to view time clocks");
    expect(await failure(manager.mutation("timeEntries:approveClean", { from: "2026-01-01", to: "2026-03-31", storeId }))).toBe("Choose at most 62 days");
    expect((await queue(manager, storeId, 3)).find((e) => e._id === id)?.reviewStatus).toBe("pending");
  });
});
