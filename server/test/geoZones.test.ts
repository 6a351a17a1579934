import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { employmentMessage } from "@tumble/domain/employment";
import { geoMessage } from "@tumble/domain/geoZones";
import { accessDeniedMessage } from "@tumble/domain/permissions";
import { refusalText } from "@tumble/domain/refusals";
import { loadMapConfig } from "../src/geoZones/mapConfig.ts";
import { zoneVerdict, zoneVerdictAmong } from "../src/geoZones/zones.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// Geo-zones over HTTP (issue 16): who may read and change them, validation, set / replace /
// remove with their audit, the company's outside-the-zone setting, and the sweep's promise that
// one company cannot touch another's zones; then the verdict on a phone punch's location that the
// time clock asks for. Each test makes its own store, so demo data never changes the figures.

let server: TestServer;
let owner: Client;
let admin: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let member: Client;
let sudsOwner: Client;
let rioId: string;

interface ZoneRow {
  storeId: string;
  storeName: string;
  timeZone: string;
  isActive: boolean;
  zone: { latitude: number; longitude: number; radiusMeters: number; updatedAt: string } | null;
}

// The Empire State Building; 0.0009° of latitude north of it is 100.08 m away.
const centre = { latitude: 40.748817, longitude: -73.985428 };
const north100m = { latitude: 40.749717, longitude: -73.985428 };

beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, manager, supervisor, staff, member, sudsOwner] = await Promise.all(
    ["owner@demo.test", "admin@demo.test", "manager@demo.test", "supervisor@demo.test", "staff@demo.test", "member@demo.test", "owner@suds.test"].map((email) =>
      new Client(server.url).signIn(email),
    ),
  );
  rioId = (await server.database.db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
});
afterAll(() => server?.stop());

let stores = 0;
async function newStore(client = manager): Promise<string> {
  const { storeId } = await client.mutation<{ storeId: string }>("stores:create", {
    name: `Zone test ${Date.now()} ${stores++}`,
    address: "350 Fifth Avenue",
    timeZone: "America/New_York",
  });
  return storeId;
}

async function zoneOf(storeId: string, client = manager) {
  const rows = await client.query<ZoneRow[]>("geoZones:list", {});
  return rows.find((r) => r.storeId === storeId)?.zone;
}

async function auditOf(storeId: string) {
  return server.database.db
    .selectFrom("auditLog")
    .select(["action", "actorId", "before", "after"])
    .where("entity", "=", "geoZone")
    .where("entityId", "=", storeId)
    .orderBy("at")
    .execute();
}

describe("access", () => {
  it("lets managers, admins and owners manage zones and refuses everyone else", async () => {
    const storeId = await newStore();
    for (const client of [manager, admin, owner]) {
      await client.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 100 });
      expect((await client.query<ZoneRow[]>("geoZones:list", {})).some((r) => r.storeId === storeId)).toBe(true);
      expect(await client.query("geoZones:getSettings", {})).toHaveProperty("outsideZone");
    }
    const denied = accessDeniedMessage("canManageStores");
    for (const client of [supervisor, staff, member]) {
      expect(await failure(client.query("geoZones:list", {}))).toBe(denied);
      expect(await failure(client.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 50 }))).toBe(denied);
      expect(await failure(client.mutation("geoZones:remove", { storeId }))).toBe(denied);
      expect(await failure(client.query("geoZones:getSettings", {}))).toBe(denied);
      expect(await failure(client.mutation("geoZones:updateSettings", { outsideZone: "flag" }))).toBe(denied);
    }
    expect(await failure(new Client(server.url).query("geoZones:list", {}))).toBe("Not signed in");
    expect((await zoneOf(storeId))?.radiusMeters).toBe(100);
  });
});

describe("validation", () => {
  it("refuses impossible coordinates and radii with a clear message and changes nothing", async () => {
    const storeId = await newStore();
    await manager.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 100 });
    const attempt = (args: object) => failure(manager.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 100, ...args }));
    expect(await attempt({ latitude: 90.5 })).toBe(`Invalid argument "latitude": ${geoMessage("latitudeRange")}`);
    expect(await attempt({ latitude: -91 })).toBe(`Invalid argument "latitude": ${geoMessage("latitudeRange")}`);
    expect(await attempt({ longitude: 181 })).toBe(`Invalid argument "longitude": ${geoMessage("longitudeRange")}`);
    expect(await attempt({ radiusMeters: 9 })).toBe(`Invalid argument "radiusMeters": ${geoMessage("radiusRange")}`);
    expect(await attempt({ radiusMeters: 5001 })).toBe(`Invalid argument "radiusMeters": ${geoMessage("radiusRange")}`);
    expect(await attempt({ radiusMeters: 12.5 })).toBe(`Invalid argument "radiusMeters": ${geoMessage("radiusWhole")}`);
    expect(await attempt({ latitude: "40.7" })).toMatch(/^Invalid argument "latitude"/);
    const noStore = await failureOf(manager.mutation("geoZones:set", { storeId: "no-such-store", ...centre, radiusMeters: 100 }));
    expect(noStore.message).toBe("Store not found");
    expect(noStore.data).toEqual({ code: "geoZones.storeNotFound", params: {} });
    expect(await failure(manager.mutation("geoZones:updateSettings", { outsideZone: "ignore" }))).toMatch(/^Invalid argument "outsideZone"/);
    expect(await zoneOf(storeId)).toMatchObject({ ...centre, radiusMeters: 100 });
    expect(await auditOf(storeId)).toHaveLength(1);
  });

  it("keeps the limits in the table too, for any write that skips the function", async () => {
    const storeId = await newStore();
    const insert = (latitudeE6: number, longitudeE6: number, radiusMeters: number) =>
      sql`insert into geo_zones (company_id, store_id, latitude_e6, longitude_e6, radius_meters) values (${rioId}, ${storeId}, ${latitudeE6}, ${longitudeE6}, ${radiusMeters})`.execute(
        server.database.db,
      );
    await expect(insert(90_000_001, 0, 100)).rejects.toThrow(/geo_zones_latitude_check/);
    await expect(insert(0, -180_000_001, 100)).rejects.toThrow(/geo_zones_longitude_check/);
    await expect(insert(0, 0, 5_001)).rejects.toThrow(/geo_zones_radius_check/);
    await expect(sql`insert into geo_zone_settings (company_id, outside_zone) values (${rioId}, 'ignore')`.execute(server.database.db)).rejects.toThrow(
      /geo_zone_settings_outside_zone_check/,
    );
  });
});

describe("set, replace and remove", () => {
  it("sets a zone rounded to 6 decimals, replaces it, removes it, and audits each step", async () => {
    const storeId = await newStore();
    expect(await zoneOf(storeId)).toBeNull();
    const set = await manager.mutation("geoZones:set", { storeId, latitude: 40.74881749, longitude: -73.98542849, radiusMeters: 120 });
    expect(set).toEqual({ storeId, ...centre, radiusMeters: 120 });
    expect(await zoneOf(storeId)).toMatchObject({ ...centre, radiusMeters: 120 });

    await admin.mutation("geoZones:set", { storeId, ...north100m, radiusMeters: 80 });
    expect(await zoneOf(storeId)).toMatchObject({ ...north100m, radiusMeters: 80 });
    const rows = await server.database.db.selectFrom("geoZones").selectAll().where("storeId", "=", storeId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ latitudeE6: 40_749_717, longitudeE6: -73_985_428, radiusMeters: 80 });

    await manager.mutation("geoZones:remove", { storeId });
    expect(await zoneOf(storeId)).toBeNull();
    const noZone = await failureOf(manager.mutation("geoZones:remove", { storeId }));
    expect(noZone.message).toBe(geoMessage("zoneNotFound"));
    // The screen says it in the reader's language by this code (decision 0067).
    expect(noZone.data).toEqual({ code: "geoZones.zoneNotFound", params: {} });
    expect(refusalText(noZone.data, "es")).toBe("Esta tienda no tiene zona geográfica");

    const trail = await auditOf(storeId);
    expect(trail.map((t) => t.action)).toEqual(["create", "update", "delete"]);
    expect(trail[1].before).toEqual({ ...centre, radiusMeters: 120 });
    expect(trail[1].after).toEqual({ ...north100m, radiusMeters: 80 });
    expect(trail[2].before).toEqual({ ...north100m, radiusMeters: 80 });
  });

  it("lists every store of the company, active first, each with its zone or none", async () => {
    const storeId = await newStore();
    await manager.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 60 });
    const rows = await manager.query<ZoneRow[]>("geoZones:list", {});
    const names = await server.database.db.selectFrom("stores").select("id").where("companyId", "=", rioId).execute();
    expect(rows.map((r) => r.storeId).sort()).toEqual(names.map((n) => n.id).sort());
    const firstInactive = rows.findIndex((r) => !r.isActive);
    expect(firstInactive).toBeGreaterThan(0);
    expect(rows.slice(firstInactive).every((r) => !r.isActive)).toBe(true);
    expect(rows.find((r) => r.storeId === storeId)).toMatchObject({ timeZone: "America/New_York", zone: { ...centre, radiusMeters: 60 } });
  });
});

describe("the outside-the-zone setting", () => {
  it("is refuse until the company chooses, then what it chose, audited", async () => {
    // Suds never chose (the sweep and other tests change Rio's).
    expect(await sudsOwner.query("geoZones:getSettings", {})).toEqual({ outsideZone: "refuse" });
    expect(await manager.mutation("geoZones:updateSettings", { outsideZone: "flag" })).toEqual({ outsideZone: "flag" });
    expect(await owner.query("geoZones:getSettings", {})).toEqual({ outsideZone: "flag" });
    await manager.mutation("geoZones:updateSettings", { outsideZone: "refuse" });
    expect(await owner.query("geoZones:getSettings", {})).toEqual({ outsideZone: "refuse" });
    expect(await sudsOwner.query("geoZones:getSettings", {})).toEqual({ outsideZone: "refuse" });
    const trail = await server.database.db
      .selectFrom("auditLog")
      .select(["before", "after"])
      .where("entity", "=", "geoZoneSettings")
      .where("entityId", "=", rioId)
      .orderBy("at")
      .execute();
    expect(trail.slice(-2)).toEqual([
      { before: { outsideZone: "refuse" }, after: { outsideZone: "flag" } },
      { before: { outsideZone: "flag" }, after: { outsideZone: "refuse" } },
    ]);
  });
});

describe("across companies", () => {
  it("never shows, sets or removes another company's zone", async () => {
    const storeId = await newStore();
    await manager.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 100 });
    expect((await sudsOwner.query<ZoneRow[]>("geoZones:list", {})).some((r) => r.storeId === storeId)).toBe(false);
    expect(await failure(sudsOwner.mutation("geoZones:set", { storeId, ...north100m, radiusMeters: 10 }))).toBe("Store not found");
    expect(await failure(sudsOwner.mutation("geoZones:remove", { storeId }))).toBe("Store not found");
    expect(await zoneOf(storeId)).toMatchObject({ ...centre, radiusMeters: 100 });
    await sudsOwner.mutation("geoZones:updateSettings", { outsideZone: "flag" });
    expect(await owner.query("geoZones:getSettings", {})).toEqual({ outsideZone: "refuse" });
    await sudsOwner.mutation("geoZones:updateSettings", { outsideZone: "refuse" });
  });
});

describe("the verdict on a phone punch's location", () => {
  it("accepts inside, refuses without a location, and applies the policy outside or without a zone", async () => {
    const db = server.database.db;
    const storeId = await newStore();
    const bare = await newStore();
    await manager.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 80 });

    // 100 m away: inside with a 25 m fix (80 + 25), outside with a 10 m fix.
    expect(await zoneVerdict(db, rioId, storeId, { ...north100m, accuracy: 25 })).toMatchObject({
      decision: "accepted",
      verdict: "inside",
      message: null,
      distanceMeters: 100,
      allowedMeters: 105,
    });
    expect(await zoneVerdict(db, rioId, storeId, { ...north100m, accuracy: 10 })).toMatchObject({
      decision: "refused",
      verdict: "outside",
      message: geoMessage("outsideZone"),
      refusal: { message: geoMessage("outsideZone"), data: { code: "geoZones.outsideZone", params: {} } },
      policy: "refuse",
    });
    expect(await zoneVerdict(db, rioId, storeId, { latitude: null, longitude: null, accuracy: null })).toMatchObject({
      decision: "refused",
      verdict: "noLocation",
      reason: "missing",
      message: geoMessage("noLocation"),
    });
    expect(await zoneVerdict(db, rioId, storeId, { ...centre, accuracy: 5_000 })).toMatchObject({
      decision: "refused",
      message: geoMessage("impreciseLocation"),
    });
    expect(await zoneVerdict(db, rioId, bare, { ...centre, accuracy: 5 })).toMatchObject({
      decision: "refused",
      verdict: "noZone",
      message: geoMessage("noZone"),
    });
    // Another company's zone is never read: for Suds this store has no zone.
    const suds = (await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP200002").executeTakeFirstOrThrow()).id;
    expect(await zoneVerdict(db, suds, storeId, { ...centre, accuracy: 5 })).toMatchObject({ verdict: "noZone" });

    await manager.mutation("geoZones:updateSettings", { outsideZone: "flag" });
    try {
      expect(await zoneVerdict(db, rioId, storeId, { ...north100m, accuracy: 10 })).toMatchObject({
        decision: "flagged",
        verdict: "outside",
        message: geoMessage("outsideZoneFlagged"),
      });
      expect(await zoneVerdict(db, rioId, bare, { ...centre, accuracy: 5 })).toMatchObject({ decision: "flagged", verdict: "noZone" });
      expect(await zoneVerdict(db, rioId, storeId, { latitude: null, longitude: null, accuracy: null })).toMatchObject({ decision: "refused" });
    } finally {
      await manager.mutation("geoZones:updateSettings", { outsideZone: "refuse" });
    }
  });

  it("picks the store whose zone the phone is in among the employee's stores", async () => {
    const db = server.database.db;
    const [a, b, bare] = [await newStore(), await newStore(), await newStore()];
    await manager.mutation("geoZones:set", { storeId: a, ...centre, radiusMeters: 50 });
    await manager.mutation("geoZones:set", { storeId: b, ...north100m, radiusMeters: 50 });
    expect(await zoneVerdictAmong(db, rioId, [bare, a, b], { ...north100m, accuracy: 5 })).toMatchObject({ storeId: b, decision: "accepted" });
    expect(await zoneVerdictAmong(db, rioId, [bare, a, b], { ...centre, accuracy: 5 })).toMatchObject({ storeId: a, decision: "accepted" });
    // Outside both: the nearest zone's verdict.
    expect(await zoneVerdictAmong(db, rioId, [bare, a, b], { latitude: 40.7503, longitude: -73.985428, accuracy: 5 })).toMatchObject({
      storeId: b,
      verdict: "outside",
    });
    expect(await zoneVerdictAmong(db, rioId, [bare], { ...centre, accuracy: 5 })).toMatchObject({ storeId: bare, verdict: "noZone" });
  });
});

// ---- An employee with a linked account: user/employment and phone punches ----

interface Me {
  employee: { _id: string; name: string; position: string | null; status: string; username: string } | null;
  stores?: Array<{ _id: string; name: string; timeZone: string; zoneRadiusMeters: number | null }>;
  clock?: { state: string; storeId: string | null; storeName: string | null; since: number | null };
  allowedActions?: string[];
  outsideZone?: string;
  week?: { from: string; to: string; today: string; timeZone: string };
}

let employees = 0;
/** A self-registered employee whose manager completed the profile at `storeIds`, signed in with a password set by the reset code. */
async function linkedEmployee(storeIds: string[]): Promise<{ client: Client; employeeId: string; userId: string }> {
  const n = `${Date.now().toString(36)}${employees++}`;
  const email = `phone.${n}@example.com`;
  const username = `phone${n}`.slice(0, 20);
  const signUp = await new Client(server.url).mutation<{ success: boolean; message: string }>("employeeAuth/index:employeeSignUp", {
    email,
    username,
    pin: "482916",
    companyId: rioId,
  });
  expect(signUp.success, signUp.message).toBe(true);
  const db = server.database.db;
  const profile = await db
    .selectFrom("employees")
    .select(["id", "userId"])
    .where("companyId", "=", rioId)
    .where("usernameLower", "=", username.toLowerCase())
    .executeTakeFirstOrThrow();
  await manager.mutation("employees:completeRegistration", {
    employeeId: profile.id,
    name: `Phone Puncher ${n}`,
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds,
    payType: "hourly",
    rateCents: 1500,
    effectiveFrom: "",
    role: "STAFF",
  });
  const client = new Client(server.url);
  await client.action("auth:signIn", { provider: "password", params: { email, flow: "reset" } });
  const message = await db.selectFrom("outbox").select("body").where("recipient", "=", email).where("body", "like", "%reset code%").executeTakeFirstOrThrow();
  const code = /reset code is (\d{6})/.exec(message.body)![1];
  await client.action("auth:signIn", { provider: "password", params: { email, flow: "reset-verification", code, newPassword: "phone-password-1" } });
  await client.signIn(email, "phone-password-1");
  return { client, employeeId: profile.id, userId: profile.userId! };
}

const punch = (client: Client, action: string, location: { latitude: number | null; longitude: number | null; accuracy: number | null }) =>
  client.action<{ action: string; state: string; storeName: string; message?: string | null }>("timeclock:punch", { action, ...location });

describe("user/employment and phone punches", () => {
  it("tells a member without an employee profile that they have none", async () => {
    expect(await staff.query("employment:me", {})).toEqual({ employee: null, linkRequest: null });
    expect(await failure(new Client(server.url).query("employment:me", {}))).toBe("Not signed in");
  });

  it("shows the employee their profile, stores with zones, state and week, and punches inside the zone", async () => {
    const storeId = await newStore();
    const bare = await newStore();
    await manager.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 80 });
    const { client, employeeId } = await linkedEmployee([storeId, bare]);

    const me = await client.query<Me>("employment:me", {});
    expect(me.employee).toMatchObject({ _id: employeeId, position: "Attendant", status: "active" });
    expect(me.stores?.find((s) => s._id === storeId)).toMatchObject({ zoneRadiusMeters: 80, timeZone: "America/New_York" });
    expect(me.stores?.find((s) => s._id === bare)?.zoneRadiusMeters).toBeNull();
    expect(me.clock).toMatchObject({ state: "off", storeId: null });
    expect(me.allowedActions).toEqual(["clockIn"]);
    expect(me.outsideZone).toBe("refuse");
    // This workweek in the store's time zone: Sunday to Saturday until the company says otherwise.
    const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
    expect(me.week?.timeZone).toBe("America/New_York");
    expect(me.week!.today).toBe(todayIn("America/New_York"));
    expect([weekday(me.week!.from), weekday(me.week!.to)]).toEqual([0, 6]);
    expect(me.week!.from <= me.week!.today && me.week!.today <= me.week!.to).toBe(true);
    await owner.mutation("companySettings:update", { section: "workforce", values: { workweekStart: "wednesday" } });
    try {
      const wednesday = (await client.query<Me>("employment:me", {})).week!;
      expect([weekday(wednesday.from), weekday(wednesday.to)]).toEqual([3, 2]);
      expect(wednesday.from <= wednesday.today && wednesday.today <= wednesday.to).toBe(true);
    } finally {
      await owner.mutation("companySettings:update", { section: "workforce", values: { workweekStart: "sunday" } });
    }

    // 100 m from the centre with a 25 m fix: inside (80 + 25).
    const clockedIn = await punch(client, "clockIn", { ...north100m, accuracy: 25 });
    expect(clockedIn).toMatchObject({ action: "clockIn", state: "working" });
    const after = await client.query<Me>("employment:me", {});
    expect(after.clock).toMatchObject({ state: "working", storeId });
    expect(after.allowedActions).toEqual(["breakStart", "clockOut"]);
    const row = await server.database.db
      .selectFrom("punches")
      .select(["source", "geoStatus", "distanceMeters", "latitudeE6", "accuracyMeters"])
      .where("employeeId", "=", employeeId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: "phone", geoStatus: "inside", distanceMeters: 100, latitudeE6: 40_749_717, accuracyMeters: 25 });
    await punch(client, "clockOut", { ...centre, accuracy: 5 });
    expect((await client.query<Me>("employment:me", {})).clock?.state).toBe("off");

    // Another member cannot read this employee's profile: employment:me is always the caller's own.
    expect(await staff.query("employment:me", {})).toEqual({ employee: null, linkRequest: null });
  });

  it("refuses outside the zone or without a location, and flags outside when the company says so", async () => {
    const storeId = await newStore();
    await manager.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 50 });
    const { client, employeeId } = await linkedEmployee([storeId]);
    const punches = () => server.database.db.selectFrom("punches").select(["geoStatus"]).where("employeeId", "=", employeeId).execute();

    const outside = await failureOf(punch(client, "clockIn", { ...north100m, accuracy: 10 }));
    expect(outside.message).toBe(geoMessage("outsideZone"));
    // The screen translates it by its code, not its English.
    expect(outside.data).toEqual({ code: "geoZones.outsideZone", params: {} });
    expect(await failure(punch(client, "clockIn", { latitude: null, longitude: null, accuracy: null }))).toBe(geoMessage("noLocation"));
    expect(await failure(punch(client, "clockIn", { ...centre, accuracy: 5_000 }))).toBe(geoMessage("impreciseLocation"));
    expect(await punches()).toEqual([]);

    await manager.mutation("geoZones:updateSettings", { outsideZone: "flag" });
    try {
      expect((await client.query<Me>("employment:me", {})).outsideZone).toBe("flag");
      const flagged = await punch(client, "clockIn", { ...north100m, accuracy: 10 });
      expect(flagged).toMatchObject({ state: "working", message: geoMessage("outsideZoneFlagged") });
      expect(await punches()).toEqual([{ geoStatus: "outside" }]);
      // No location is refused whatever the company's rule.
      expect(await failure(punch(client, "clockOut", { latitude: null, longitude: null, accuracy: null }))).toBe(geoMessage("noLocation"));
      await punch(client, "clockOut", { ...centre, accuracy: 5 });
    } finally {
      await manager.mutation("geoZones:updateSettings", { outsideZone: "refuse" });
    }
  });
});

describe("linking an account to the profile a manager made", () => {
  it("asks with the kiosk username and PIN, links once a manager approves, and only to the right account", async () => {
    const storeId = await newStore();
    await manager.mutation("geoZones:set", { storeId, ...centre, radiusMeters: 100 });
    const n = Date.now().toString(36);
    const create = (username: string, email: string) =>
      manager.mutation<{ employeeId: string }>("employees:create", {
        name: `Kiosk Only ${username}`,
        email,
        phone: "",
        position: "Attendant",
        hireDate: "",
        storeIds: [storeId],
        payType: "hourly",
        rateCents: 1400,
        effectiveFrom: "",
        username,
        pin: "5827",
      });
    const { employeeId } = await create(`mem${n}`, "");
    await create(`oth${n}`, "someone.else@example.com");

    expect(await failure(member.mutation("employment:link", { username: `mem${n}`, pin: "5828" }))).toBe(employmentMessage("wrongCredentials"));
    expect(await failure(member.mutation("employment:link", { username: `nobody${n}`, pin: "5827" }))).toBe(employmentMessage("wrongCredentials"));
    expect(await failure(member.mutation("employment:link", { username: `oth${n}`, pin: "5827" }))).toBe(employmentMessage("otherEmail"));
    expect(await failure(member.mutation("employment:link", { username: "", pin: "" }))).toBe(
      `Invalid argument "username": ${employmentMessage("usernameRequired")}`,
    );
    expect(await member.query("employment:me", {})).toEqual({ employee: null, linkRequest: null });

    // The PIN opens a request; it links nothing until a manager approves (employmentLinks.test.ts has the rest).
    expect(await member.mutation("employment:link", { username: `MEM${n}`, pin: "5827" })).toEqual({ status: "awaitingApproval" });
    expect((await member.query<Me>("employment:me", {})).employee).toBeNull();
    const pending = await manager.query<Array<{ _id: string; employeeId: string }>>("employmentLinks:listPending", {});
    await manager.mutation("employmentLinks:approve", { requestId: pending.find((p) => p.employeeId === employeeId)!._id });
    const me = await member.query<Me>("employment:me", {});
    expect(me.employee).toMatchObject({ _id: employeeId, username: `mem${n}` });
    expect(me.allowedActions).toEqual(["clockIn"]);
    expect(await failure(member.mutation("employment:link", { username: `mem${n}`, pin: "5827" }))).toBe(employmentMessage("alreadyLinked"));
    // Someone else who knows the PIN cannot take the profile over.
    expect(await failure(supervisor.mutation("employment:link", { username: `mem${n}`, pin: "5827" }))).toBe(employmentMessage("profileTaken"));
    const trail = await server.database.db
      .selectFrom("auditLog")
      .select(["action", "after"])
      .where("entity", "=", "employee")
      .where("entityId", "=", employeeId)
      .execute();
    expect(trail.find((t) => t.action === "linkAccount")).toBeTruthy();
    // Suds cannot link to a Rio profile: the username is looked up in the caller's company only.
    expect(await failure(sudsOwner.mutation("employment:link", { username: `oth${n}`, pin: "5827" }))).toBe(employmentMessage("wrongCredentials"));

    // The linked member punches from the phone inside the zone.
    expect(await punch(member, "clockIn", { ...centre, accuracy: 8 })).toMatchObject({ state: "working" });
    await punch(member, "clockOut", { ...centre, accuracy: 8 });
  });

  it("counts attempts per account so a PIN cannot be guessed without bound", async () => {
    const guesser = await new Client(server.url).signIn("managing@demo.test");
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(await failure(guesser.mutation("employment:link", { username: "nobody-at-all", pin: String(1000 + i) })));
    expect(answers.slice(0, 5)).toEqual(Array(5).fill(employmentMessage("wrongCredentials")));
    expect(answers[5]).not.toBe(employmentMessage("wrongCredentials"));
  });
});

describe("the map's tile server", () => {
  it("is read from the environment, checked, and absent unless named", async () => {
    expect(loadMapConfig({})).toBeNull();
    expect(loadMapConfig({ MAP_TILE_URL: "" })).toBeNull();
    expect(loadMapConfig({ MAP_TILE_URL: "https://tiles.example.com/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "© Example" })).toEqual({
      tileUrl: "https://tiles.example.com/{z}/{x}/{y}.png",
      attribution: "© Example",
    });
    expect(loadMapConfig({ MAP_TILE_URL: "/tiles/{z}/{x}/{y}.png" })).toEqual({ tileUrl: "/tiles/{z}/{x}/{y}.png", attribution: "" });
    expect(() => loadMapConfig({ MAP_TILE_URL: "http://tiles.example.com/{z}/{x}/{y}.png" })).toThrow(/^Invalid MAP_TILE_URL: must start with https:\/\//);
    expect(() => loadMapConfig({ MAP_TILE_URL: "https://tiles.example.com/tile.png" })).toThrow("Invalid MAP_TILE_URL: must contain {z}, {x} and {y}");
    // The test server names none: the form shows no map.
    expect(await manager.query("geoZones:map", {})).toBeNull();
    expect(await failure(staff.query("geoZones:map", {}))).toBe(accessDeniedMessage("canManageStores"));
  });
});
