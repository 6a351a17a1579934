import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reassignShift, publishedShiftsOf } from "../src/scheduling/assign.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";
import { createEmployee, createStore, unique } from "./support/workforce.ts";
import { refusalText } from "@tumble/domain/refusals";
import { SCHEDULING_MESSAGES } from "@tumble/domain/scheduling";

// Scheduling over HTTP (issue 17): times in the store's zone and weeks from the workweek day,
// every conflict rule across stores and with approved time off, publish blocked by conflicts and
// allowed with a reason (kept and audited), what employees see before and after a publish and
// what they are told, copy week and templates, reassignment for requests, access per role and
// another company's refusal. Each test makes its own stores and employees in a week of 2030, so
// demo data and other tests never meet them.

let server: TestServer;
let owner: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let sudsOwner: Client;

beforeAll(async () => {
  server = await startTestServer();
  [owner, manager, supervisor, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
});
afterAll(() => server?.stop());

interface Conflict {
  kind: string;
  shiftId: string;
  employeeId: string;
  otherShiftId?: string;
  otherStoreId?: string;
  hours?: number;
  limit?: number;
  requestId?: string;
}
interface Shift {
  _id: string;
  employeeId: string | null;
  startsAt: number;
  endsAt: number;
  date: string;
  start: string;
  end: string;
  breakMinutes: number;
  status: string;
  changedSincePublish: boolean;
}
interface Week {
  weekStart: string;
  days: string[];
  employees: Array<{ _id: string; name: string; worksHere: boolean }>;
  shifts: Shift[];
  conflicts: Conflict[];
  forecast: Array<{ date: string; hours: number; costCents: number; averageCollectionsCents: number; laborShare: number | null }>;
  unpublishedCount: number;
}

// 2030-01-06 is a Sunday (the default workweek start); 2030-01-07 a Monday.
const WEEK = "2030-01-06";
const MON = "2030-01-07";
const TUE = "2030-01-08";

const newStore = (timeZone = "America/Chicago") => createStore(manager, "Rota", timeZone);
const newEmployee = async (storeIds: string[], rateCents = 1500) =>
  (await createEmployee(manager, storeIds, { prefix: "sc", rateCents, effectiveFrom: "2029-01-01", withEmail: true })).employeeId;

function create(storeId: string, employeeId: string | null, date: string, start: string, end: string, breakMinutes = 0, client = manager) {
  return client.mutation<{ _id: string; conflicts: Conflict[] }>("shifts:create", { storeId, employeeId, date, start, end, breakMinutes });
}

const week = (storeId: string, weekStart = WEEK, client = manager) => client.query<Week>("shifts:listWeek", { storeId, weekStart });
const kinds = (conflicts: Conflict[]) => conflicts.map((c) => c.kind).sort();

describe("the week", () => {
  it("starts on the workweek day and keeps times in the store's zone, with the labour forecast", async () => {
    const storeId = await newStore("America/Chicago");
    const ana = await newEmployee([storeId], 1600);
    const { _id, conflicts } = await create(storeId, ana, MON, "09:00", "17:30", 30);
    expect(conflicts).toEqual([]);
    const w = await week(storeId, "2030-01-09"); // a Wednesday: the week holding it
    expect(w.weekStart).toBe(WEEK);
    expect(w.days).toEqual(["2030-01-06", "2030-01-07", "2030-01-08", "2030-01-09", "2030-01-10", "2030-01-11", "2030-01-12"]);
    const shift = w.shifts.find((s) => s._id === _id)!;
    expect(new Date(shift.startsAt).toISOString()).toBe("2030-01-07T15:00:00.000Z"); // 09:00 CST = UTC−6
    expect(shift).toMatchObject({ date: MON, start: "09:00", end: "17:30", status: "draft", employeeId: ana });
    expect(w.employees.map((e) => e._id)).toEqual([ana]);
    // 8 h paid at $16.00 = $128.00 on Monday; nothing on the other days.
    expect(w.forecast[1]).toMatchObject({ date: MON, hours: 8, costCents: 12800 });
    expect(w.forecast[0]).toMatchObject({ hours: 0, costCents: 0 });

    // An overnight shift ends the next morning; the same times in Tokyo are other instants.
    const tokyo = await newStore("Asia/Tokyo");
    const ben = await newEmployee([tokyo]);
    await create(tokyo, ben, MON, "22:00", "06:00");
    const t = (await week(tokyo)).shifts[0];
    expect([new Date(t.startsAt).toISOString(), new Date(t.endsAt).toISOString()]).toEqual(["2030-01-07T13:00:00.000Z", "2030-01-07T21:00:00.000Z"]);
  });

  it("refuses bad input and changes nothing", async () => {
    const storeId = await newStore();
    const ana = await newEmployee([storeId]);
    expect(await failure(create(storeId, ana, MON, "09:00", "09:00"))).toBe("The shift must end after it starts");
    const breakTooLong = await failureOf(create(storeId, ana, MON, "09:00", "10:00", 60));
    expect(breakTooLong.message).toBe("The break must be shorter than the shift");
    // The screen says it in the reader's language by this code (decision 0067).
    expect(breakTooLong.data).toEqual({ code: "scheduling.breakTooLong", params: {} });
    expect(refusalText(breakTooLong.data, "es")).toBe("El descanso debe ser más corto que el turno");
    expect(await failure(create(storeId, ana, MON, "9am", "10:00"))).toMatch(/HH:mm/);
    expect(await failure(create(storeId, "nobody", MON, "09:00", "10:00"))).toBe("Employee not found");
    expect(await failure(create("nowhere", ana, MON, "09:00", "10:00"))).toBe("Store not found");
    expect((await week(storeId)).shifts).toEqual([]);
  });
});

describe("the labour forecast", () => {
  it("sets each day's labour cost beside the store's average verified collections for that weekday", async () => {
    const db = server.database.db;
    const downtown = (await db.selectFrom("stores").select(["id", "timeZone"]).where("name", "=", "Rio Downtown").executeTakeFirstOrThrow()).id;
    const today = new Date().toISOString().slice(0, 10);
    const w = await week(downtown, today);
    // The demo's eight weeks of collections give some weekdays an average; labour is a share of it.
    const withCollections = w.forecast.filter((f) => f.averageCollectionsCents > 0);
    expect(withCollections.length).toBeGreaterThan(0);
    for (const f of w.forecast)
      expect(f.laborShare).toBe(f.averageCollectionsCents > 0 ? Math.round((f.costCents / f.averageCollectionsCents) * 1000) / 1000 : null);
    // The average is the eight weeks' verified non-changer total for that weekday over 8.
    const first = withCollections[0]!;
    const dates = Array.from({ length: 8 }, (_, i) => new Date(Date.parse(`${first.date}T00:00:00Z`) - (i + 1) * 7 * 86_400_000).toISOString().slice(0, 10));
    const total = await sql<{ total: string }>`
      select coalesce(sum(l.coins_cents + l.bills_cents), 0) as total
      from collections c join collection_lines l on l.company_id = c.company_id and l.collection_id = c.id
      join machines m on m.company_id = l.company_id and m.id = l.machine_id
      join equipment_types t on t.company_id = m.company_id and t.id = m.equipment_type_id
      where c.store_id = ${downtown} and c.status = 'verified' and c.business_date = any(${dates}::date[])
        and coalesce(t.special_case, '') <> 'changer' and t.category <> 'change'`.execute(db);
    expect(first.averageCollectionsCents).toBe(Math.round(Number(total.rows[0]!.total) / 8));
  });
});

describe("conflicts", () => {
  it("flag an overlap with the same person's shift at another store, on both stores' weeks", async () => {
    const [north, south] = [await newStore(), await newStore()];
    const ana = await newEmployee([north, south]);
    const a = await create(north, ana, MON, "09:00", "17:00");
    const b = await create(south, ana, MON, "16:00", "20:00");
    expect(b.conflicts).toEqual([{ kind: "overlap", shiftId: b._id, employeeId: ana, otherShiftId: a._id, otherStoreId: north }]);
    const n = await manager.query<Conflict[]>("shifts:conflicts", { storeId: north, weekStart: WEEK });
    expect(n).toEqual([{ kind: "overlap", shiftId: a._id, employeeId: ana, otherShiftId: b._id, otherStoreId: south }]);
    // Moved to end at 16:00 the overlap goes, and 0 hours of rest before the next shift is flagged instead.
    const moved = await manager.mutation<{ conflicts: Conflict[] }>("shifts:update", { shiftId: a._id, end: "16:00" });
    expect(kinds(moved.conflicts)).toEqual(["rest"]);
    expect(moved.conflicts[0]).toMatchObject({ hours: 0, limit: 8, otherStoreId: south });
  });

  it("flag less rest than the company minimum between shifts across stores, and accept exactly the minimum", async () => {
    const [north, south] = [await newStore(), await newStore()];
    const ana = await newEmployee([north, south]);
    await create(north, ana, MON, "15:00", "23:00");
    const early = await create(south, ana, TUE, "06:59", "12:00");
    expect(early.conflicts).toMatchObject([{ kind: "rest", hours: 7.98, limit: 8 }]);
    const fine = await manager.mutation<{ conflicts: Conflict[] }>("shifts:update", { shiftId: early._id, start: "07:00" });
    expect(fine.conflicts).toEqual([]);
    // A stricter company setting flags it again.
    await owner.mutation("companySettings:update", { section: "workforce", values: { minRestHours: 10 } });
    try {
      expect(kinds(await manager.query<Conflict[]>("shifts:conflicts", { storeId: south, weekStart: WEEK }))).toEqual(["rest"]);
    } finally {
      await owner.mutation("companySettings:update", { section: "workforce", values: { minRestHours: 8 } });
    }
  });

  it("flag a store the employee does not work at", async () => {
    const [north, south] = [await newStore(), await newStore()];
    const ana = await newEmployee([north]);
    const { conflicts } = await create(south, ana, MON, "09:00", "13:00");
    expect(conflicts).toMatchObject([{ kind: "outsideStores", employeeId: ana }]);
    // The grid still shows her row at that store, marked as not working there.
    expect((await week(south)).employees).toMatchObject([{ _id: ana, worksHere: false }]);
  });

  it("flag the weekly hours limit counting every store's shifts", async () => {
    const [north, south] = [await newStore(), await newStore()];
    const ana = await newEmployee([north, south]);
    for (const day of ["2030-01-06", "2030-01-07", "2030-01-08", "2030-01-09", "2030-01-10"]) await create(north, ana, day, "08:00", "16:00");
    expect(await manager.query<Conflict[]>("shifts:conflicts", { storeId: north, weekStart: WEEK })).toEqual([]); // exactly 40 h
    const extra = await create(south, ana, "2030-01-12", "09:00", "10:00");
    expect(extra.conflicts).toMatchObject([{ kind: "weeklyHours", hours: 41, limit: 40 }]);
    const north41 = await manager.query<Conflict[]>("shifts:conflicts", { storeId: north, weekStart: WEEK });
    expect(north41).toHaveLength(5);
    expect(new Set(north41.map((c) => c.kind))).toEqual(new Set(["weeklyHours"]));
  });

  it("flag approved time off, and not a pending or denied one", async (ctx) => {
    const db = server.database.db;
    const exists = await sql<{ t: string | null }>`select to_regclass('requests')::text as t`.execute(db);
    if (!exists.rows[0]?.t) ctx.skip();
    const storeId = await newStore();
    const ana = await newEmployee([storeId]);
    const companyId = (await db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow()).companyId;
    const insert = (id: string, status: string) =>
      sql`insert into requests (company_id, id, kind, employee_id, status, starts_at, ends_at, all_day, time_off_type, note, decided_at)
          values (${companyId}, ${id}, 'timeOff', ${ana}, ${status}, ${"2030-01-07T06:00:00Z"}, ${"2030-01-08T06:00:00Z"}, true, 'personal', 'Dentist',
            ${status === "pending" ? null : new Date()})`.execute(db);
    await insert(`to-${unique()}`, "pending");
    await insert(`to-${unique()}`, "denied");
    const { _id } = await create(storeId, ana, MON, "09:00", "17:00");
    expect(await manager.query<Conflict[]>("shifts:conflicts", { storeId, weekStart: WEEK })).toEqual([]);
    const approved = `to-${unique()}`;
    await insert(approved, "approved");
    expect(await manager.query<Conflict[]>("shifts:conflicts", { storeId, weekStart: WEEK })).toEqual([
      { kind: "timeOff", shiftId: _id, employeeId: ana, requestId: approved },
    ]);
  });
});

describe("publishing", () => {
  it("is blocked by conflicts, allowed over them with a reason that is kept and audited", async () => {
    const [north, south] = [await newStore(), await newStore()];
    const ana = await newEmployee([north, south]);
    await create(north, ana, MON, "09:00", "17:00");
    await create(south, ana, MON, "12:00", "20:00");
    const blocked = await manager.mutation<{ published: number; conflicts: Conflict[] }>("shifts:publish", { storeId: north, weekStart: WEEK });
    expect(blocked.published).toBe(0);
    expect(kinds(blocked.conflicts)).toEqual(["overlap"]);
    expect((await week(north)).shifts[0].status).toBe("draft");
    const blank = await manager.mutation<{ published: number }>("shifts:publish", { storeId: north, weekStart: WEEK, overrideReason: "   " });
    expect(blank.published).toBe(0);

    const done = await manager.mutation<{ published: number; conflicts: Conflict[] }>("shifts:publish", {
      storeId: north,
      weekStart: WEEK,
      overrideReason: "Ana covers both while Ben is out",
    });
    expect(done.published).toBe(1);
    expect(done.conflicts).toHaveLength(1);
    expect((await week(north)).shifts[0].status).toBe("published");
    const db = server.database.db;
    const pub = await db.selectFrom("shiftPublications").selectAll().where("storeId", "=", north).executeTakeFirstOrThrow();
    expect(pub).toMatchObject({ overrideReason: "Ana covers both while Ben is out", shiftCount: 1, weekStart: WEEK });
    const log = await db
      .selectFrom("auditLog")
      .select(["action", "after"])
      .where("entity", "=", "shiftPublication")
      .where("entityId", "=", pub.id)
      .executeTakeFirstOrThrow();
    expect(log.action).toBe("publishOverride");
    expect(log.after).toMatchObject({ overrideReason: "Ana covers both while Ben is out", conflicts: 1 });
  });

  it("shows employees only published shifts, tells them what changed, by e-mail and in the app", async () => {
    const storeId = await newStore();
    const ana = await newEmployee([storeId]);
    const db = server.database.db;
    const staffId = (await db.selectFrom("users").select("id").where("email", "=", "staff@demo.test").executeTakeFirstOrThrow()).id;
    const previous = await db.selectFrom("employees").select("id").where("userId", "=", staffId).execute();
    await db.updateTable("employees").set({ userId: null }).where("userId", "=", staffId).execute();
    await db.updateTable("employees").set({ userId: staffId, email: null }).where("id", "=", ana).execute();
    try {
      type Mine = { shifts: Array<{ _id: string; date: string; start: string; end: string }>; notices: Array<{ changes: Array<{ kind: string }> }> };
      const mine = () => staff.query<Mine>("shifts:mine", { from: "2030-01-06", days: 7 });
      const badge = async () => (await staff.query<{ counts: Record<string, number> }>("navigation:getBadgeCounts", {})).counts.unseenScheduleChanges ?? 0;
      const a = await create(storeId, ana, MON, "09:00", "17:00");
      const b = await create(storeId, ana, TUE, "09:00", "13:00");
      expect((await mine()).shifts).toEqual([]); // drafts are not shown

      expect((await manager.mutation<{ published: number }>("shifts:publish", { storeId, weekStart: WEEK })).published).toBe(2);
      expect((await mine()).shifts.map((s) => [s.date, s.start, s.end])).toEqual([
        [MON, "09:00", "17:00"],
        [TUE, "09:00", "13:00"],
      ]);
      expect((await mine()).notices[0].changes.map((c) => c.kind)).toEqual(["added", "added"]);
      expect(await badge()).toBe(1);
      const mail = await db
        .selectFrom("outbox")
        .select(["recipient", "subject", "body"])
        .where("recipient", "=", "staff@demo.test")
        .orderBy("createdAt", "desc")
        .executeTakeFirstOrThrow();
      expect(mail.subject).toContain("week of 2030-01-06");
      expect(mail.body).toContain("- New: 2030-01-07 09:00–17:00");

      // Edited and removed after the publish: she still sees what was published until the next one.
      await manager.mutation("shifts:update", { shiftId: a._id, start: "10:00" });
      await manager.mutation("shifts:remove", { shiftId: b._id });
      expect((await week(storeId)).unpublishedCount).toBe(2);
      expect((await mine()).shifts.map((s) => s.start)).toEqual(["09:00", "09:00"]);
      const repub = await manager.mutation<{ published: number }>("shifts:publish", { storeId, weekStart: WEEK });
      expect(repub.published).toBe(1);
      expect((await mine()).shifts.map((s) => [s.date, s.start])).toEqual([[MON, "10:00"]]);
      const latest = (await mine()).notices[0].changes;
      expect(latest.map((c) => c.kind).sort()).toEqual(["changed", "removed"]);
      expect(await badge()).toBe(2);
      const body = (
        await db.selectFrom("outbox").select("body").where("recipient", "=", "staff@demo.test").orderBy("createdAt", "desc").executeTakeFirstOrThrow()
      ).body;
      expect(body).toContain("- Changed: 2030-01-07 10:00–17:00 (was 2030-01-07 09:00–17:00)");
      expect(body).toContain("- Cancelled: 2030-01-08 09:00–13:00");
      await staff.mutation("shifts:markNoticesSeen", {});
      expect(await badge()).toBe(0);
      // Publishing again with nothing changed tells nobody.
      await manager.mutation("shifts:publish", { storeId, weekStart: WEEK });
      expect(await badge()).toBe(0);
    } finally {
      await db.updateTable("employees").set({ userId: null }).where("id", "=", ana).execute();
      for (const p of previous) await db.updateTable("employees").set({ userId: staffId }).where("id", "=", p.id).execute();
    }
  });

  it("lets requests reassign a published shift and open shifts, which verification reads back", async () => {
    const storeId = await newStore();
    const [ana, ben] = [await newEmployee([storeId]), await newEmployee([storeId])];
    const outsider = await newEmployee([await newStore()]);
    const open = await create(storeId, null, MON, "12:00", "18:00");
    expect(open.conflicts).toEqual([]);
    await manager.mutation("shifts:publish", { storeId, weekStart: WEEK });
    const db = server.database.db;
    const companyId = (await db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow()).companyId;
    const range = [new Date("2030-01-06T00:00:00Z"), new Date("2030-01-14T00:00:00Z")] as const;
    await db.transaction().execute((tx) => reassignShift(tx, companyId, open._id, ana));
    expect((await publishedShiftsOf(db, companyId, ana, ...range)).map((s) => s.id)).toEqual([open._id]);
    await db.transaction().execute((tx) => reassignShift(tx, companyId, open._id, ben)); // a swap
    expect(await publishedShiftsOf(db, companyId, ana, ...range)).toEqual([]);
    expect((await publishedShiftsOf(db, companyId, ben, ...range)).map((s) => [s.id, s.startsAt.toISOString()])).toEqual([
      [open._id, "2030-01-07T18:00:00.000Z"],
    ]);
    const notices = await db
      .selectFrom("shiftNotices")
      .select(["employeeId", "changes"])
      .where("companyId", "=", companyId)
      .where("employeeId", "in", [ana, ben])
      .execute();
    // The swap writes both notices in one transaction (one created_at): compare them sorted.
    expect(notices.map((n) => [n.employeeId === ana ? "ana" : "ben", (n.changes as Array<{ kind: string }>)[0].kind]).sort()).toEqual([
      ["ana", "added"],
      ["ana", "removed"],
      ["ben", "added"],
    ]);
    await expect(db.transaction().execute((tx) => reassignShift(tx, companyId, open._id, outsider))).rejects.toThrow(
      "This employee does not work at the shift's store",
    );
    await expect(db.transaction().execute((tx) => reassignShift(tx, "other-company", open._id, null))).rejects.toThrow("Shift not found");
    expect((await week(storeId)).shifts[0]).toMatchObject({ employeeId: ben, status: "published" });
  });
});

describe("copy week and templates", () => {
  it("copies last week's shifts at the same local times into an empty week, as drafts", async () => {
    const storeId = await newStore();
    const ana = await newEmployee([storeId]);
    await create(storeId, ana, MON, "09:00", "17:00", 30);
    await create(storeId, null, TUE, "22:00", "06:00");
    // 2030-03-10 is the spring clock change in Chicago: the copy keeps 09:00 local time.
    const next = "2030-03-10";
    expect((await manager.mutation<{ copied: number }>("shifts:copyWeek", { storeId, weekStart: next, fromWeekStart: WEEK })).copied).toBe(2);
    const copied = (await week(storeId, next)).shifts;
    expect(copied.map((s) => [s.date, s.start, s.end, s.breakMinutes, s.employeeId, s.status])).toEqual([
      ["2030-03-11", "09:00", "17:00", 30, ana, "draft"],
      ["2030-03-12", "22:00", "06:00", 0, null, "draft"],
    ]);
    expect(await failure(manager.mutation("shifts:copyWeek", { storeId, weekStart: next, fromWeekStart: WEEK }))).toBe(
      "This week already has shifts: remove them first",
    );
    expect(await failure(manager.mutation("shifts:copyWeek", { storeId, weekStart: "2030-06-02" }))).toBe("That week has no shifts to copy");
    // Copy last week (the default source): from 2030-03-10's week into the next.
    expect((await manager.mutation<{ copied: number }>("shifts:copyWeek", { storeId, weekStart: "2030-03-17" })).copied).toBe(2);
  });

  it("saves a week as a template and fills another week from it", async () => {
    const storeId = await newStore();
    const ana = await newEmployee([storeId]);
    await create(storeId, ana, MON, "07:00", "15:00");
    const { _id } = await manager.mutation<{ _id: string; shiftCount: number }>("shifts:saveTemplate", { storeId, weekStart: WEEK, name: "Winter weekdays" });
    expect(await manager.query("shifts:listTemplates", { storeId })).toMatchObject([{ _id, name: "Winter weekdays", shiftCount: 1 }]);
    expect(await failure(manager.mutation("shifts:saveTemplate", { storeId, weekStart: WEEK, name: "winter WEEKDAYS" }))).toBe(
      "This store already has a template of this name",
    );
    await manager.mutation("shifts:applyTemplate", { templateId: _id, weekStart: "2030-02-03" });
    expect((await week(storeId, "2030-02-03")).shifts.map((s) => [s.date, s.start, s.end])).toEqual([["2030-02-04", "07:00", "15:00"]]);
    await manager.mutation("shifts:removeTemplate", { templateId: _id });
    expect(await manager.query("shifts:listTemplates", { storeId })).toEqual([]);
  });
});

describe("access", () => {
  it("lets supervisors and up schedule, refuses staff, and keeps employees to their own published shifts", async () => {
    const storeId = await newStore();
    const ana = await newEmployee([storeId]);
    const { _id } = await create(storeId, ana, MON, "09:00", "17:00", 0, supervisor);
    expect((await week(storeId, WEEK, owner)).shifts).toHaveLength(1);
    const refused = "You don't have permission to manage schedules";
    expect(await failure(staff.query("shifts:listWeek", { storeId, weekStart: WEEK }))).toBe(refused);
    expect(await failure(staff.query("shifts:conflicts", { storeId, weekStart: WEEK }))).toBe(refused);
    expect(await failure(staff.mutation("shifts:create", { storeId, employeeId: ana, date: MON, start: "09:00", end: "10:00", breakMinutes: 0 }))).toBe(
      refused,
    );
    expect(await failure(staff.mutation("shifts:update", { shiftId: _id, start: "10:00" }))).toBe(refused);
    expect(await failure(staff.mutation("shifts:remove", { shiftId: _id }))).toBe(refused);
    expect(await failure(staff.mutation("shifts:publish", { storeId, weekStart: WEEK }))).toBe(refused);
    expect(await failure(staff.mutation("shifts:copyWeek", { storeId, weekStart: "2030-01-13" }))).toBe(refused);
    expect(await failure(new Client(server.url).query("shifts:mine", {}))).toBe("Not signed in");
  });

  it("refuses another company's stores, shifts and templates, and changes nothing", async () => {
    const storeId = await newStore();
    const ana = await newEmployee([storeId]);
    const { _id } = await create(storeId, ana, MON, "09:00", "17:00");
    const { _id: templateId } = await manager.mutation<{ _id: string }>("shifts:saveTemplate", { storeId, weekStart: WEEK, name: `T ${unique()}` });
    expect(await failure(sudsOwner.query("shifts:listWeek", { storeId, weekStart: WEEK }))).toBe("Store not found");
    const notFound = await failureOf(sudsOwner.mutation("shifts:update", { shiftId: _id, start: "10:00" }));
    expect(notFound.message).toBe("Shift not found");
    expect(notFound.data).toEqual({ code: "scheduling.shiftNotFound", params: {} });
    expect(await failure(sudsOwner.mutation("shifts:remove", { shiftId: _id }))).toBe("Shift not found");
    expect(await failure(sudsOwner.mutation("shifts:publish", { storeId, weekStart: WEEK }))).toBe("Store not found");
    expect(await failure(sudsOwner.mutation("shifts:applyTemplate", { templateId, weekStart: "2030-01-13" }))).toBe("Template not found");
    expect(await failure(sudsOwner.mutation("shifts:removeTemplate", { templateId }))).toBe("Template not found");
    const sudsStore = (
      await server.database.db
        .selectFrom("stores as s")
        .innerJoin("companies as c", "c.id", "s.companyId")
        .select("s.id")
        .where("c.name", "=", "Suds Express")
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      await failure(sudsOwner.mutation("shifts:create", { storeId: sudsStore, employeeId: ana, date: MON, start: "09:00", end: "10:00", breakMinutes: 0 })),
    ).toBe("Employee not found");
    expect((await week(storeId)).shifts).toMatchObject([{ _id, start: "09:00", status: "draft" }]);
  });
});

describe("employment dates", () => {
  it("leave a person off the weeks before their hire date and after their end date, and refuse their shifts there", async () => {
    const storeId = await newStore();
    const ana = await newEmployee([storeId]);
    // Hired on the Tuesday of the week; left on the Monday of the week after.
    await server.database.db.updateTable("employees").set({ hireDate: TUE, endDate: "2030-01-14" }).where("id", "=", ana).execute();
    expect((await week(storeId, "2029-12-30")).employees.map((e) => e._id)).not.toContain(ana);
    expect((await week(storeId)).employees.map((e) => e._id)).toContain(ana);
    expect((await week(storeId, "2030-01-20")).employees.map((e) => e._id)).not.toContain(ana);
    const outside = await failureOf(create(storeId, ana, MON, "09:00", "17:00"));
    expect(outside.message).toBe(SCHEDULING_MESSAGES.outsideEmployment);
    expect(outside.data).toEqual({ code: "scheduling.outsideEmployment", params: {} });
    expect(await failure(create(storeId, ana, "2030-01-15", "09:00", "17:00"))).toBe(SCHEDULING_MESSAGES.outsideEmployment);
    const { _id } = await create(storeId, ana, TUE, "09:00", "17:00");
    // Moved to a day before the hire date: refused too.
    expect(await failure(manager.mutation("shifts:update", { shiftId: _id, date: MON }))).toBe(SCHEDULING_MESSAGES.outsideEmployment);
  });
});

describe("time off on the grid", () => {
  it("shows for everyone on it, whether or not they have shifts that week", async () => {
    const db = server.database.db;
    const storeId = await newStore();
    const ana = await newEmployee([storeId]);
    const companyId = (await db.selectFrom("stores").select("companyId").where("id", "=", storeId).executeTakeFirstOrThrow()).companyId;
    const id = `to-${unique()}`;
    await sql`insert into requests (company_id, id, kind, employee_id, status, starts_at, ends_at, all_day, time_off_type, note, decided_at)
        values (${companyId}, ${id}, 'timeOff', ${ana}, 'approved', ${"2030-01-07T06:00:00Z"}, ${"2030-01-08T06:00:00Z"}, true, 'personal', 'Dentist', ${new Date()})`.execute(
      db,
    );
    const grid = await manager.query<Week & { timeOff: Array<{ _id: string; employeeId: string; fromDate: string; toDate: string }> }>("shifts:listWeek", {
      storeId,
      weekStart: WEEK,
    });
    expect(grid.shifts).toHaveLength(0);
    expect(grid.timeOff).toEqual([expect.objectContaining({ _id: id, employeeId: ana, fromDate: MON, toDate: MON })]);
  });
});
