import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCEMENT_MESSAGES } from "@tumble/domain/announcements";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import { createEmployee, createStore, unique } from "./support/workforce.ts";
import { Client, failure, startTestServer, type TestServer } from "./support/testServer.ts";

// Announcements over HTTP (issue 19, decision 0041): who sees what (whole company, stores through
// employee profiles, roles; ended and archived ones hidden), pinned first then newest, read marks
// and the unread badge, who may post, another company's announcements out of reach, Markdown made
// safe, and the "also e-mail" through the outbox in each reader's language and by their switch.
// Each test makes its own members and stores.

let server: TestServer;
let sink: SmtpSink;
let owner: Client;
let manager: Client;
let staff: Client;
let sudsOwner: Client;
let rioId: string;

interface Row {
  _id: string;
  title: string;
  html: string;
  language: string;
  pinned: boolean;
  read: boolean;
  createdAt: number;
  expiresAt: number | null;
  archivedAt: number | null;
  author: string | null;
  manage: null | {
    title: string;
    audience: string;
    stores: Array<{ _id: string }>;
    roles: string[];
    readCount: number;
    state: string;
    emailedAt: number | null;
  };
}

beforeAll(async () => {
  sink = await SmtpSink.start();
  server = await startTestServer({ SMTP_URL: sink.url, OUTBOX_POLL_MS: "100" });
  [owner, manager, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
  rioId = (await db().selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const db = () => server.database.db;

interface Member {
  client: Client;
  userId: string;
  email: string;
}

/** A new account admitted to Rio with `role`, working at `storeIds` through an employee profile. */
async function member(role: string, storeIds: string[] = [], language?: "en" | "es"): Promise<Member> {
  const email = `ann${unique()}@example.com`;
  const client = new Client(server.url);
  const r = await client.action<{ tokens: { token: string } }>("auth:signIn", {
    provider: "password",
    params: { email, password: "a-good-password", flow: "signUp" },
  });
  client.token = r.tokens.token;
  if (language) await client.mutation("users:updateLanguagePreference", { language });
  const { requestId } = await client.mutation<{ requestId: string }>("companyJoinRequests:requestToJoin", { companyId: rioId });
  await owner.mutation("companyJoinRequests:approveJoinRequest", { requestId, role });
  const userId = (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  if (storeIds.length) {
    const { employeeId } = await createEmployee(manager, storeIds, { prefix: "ann" });
    // Linked as a manager links a profile to an account.
    await db().updateTable("employees").set({ userId }).where("id", "=", employeeId).execute();
  }
  return { client, userId, email };
}

const post = (by: Client, args: Record<string, unknown>) =>
  by.mutation<{ announcementId: string; emailed: number }>("announcements:create", {
    title: `Note ${unique()}`,
    body: "Hello **team**",
    audience: "company",
    ...args,
  });
const ids = async (c: Client, args: Record<string, unknown> = {}) => (await c.query<Row[]>("announcements:list", args)).map((r) => r._id);
const unread = async (c: Client) => {
  const badges = await c.query<{ counts: Record<string, number>; subTabs: Record<string, number> }>("navigation:getBadgeCounts", {});
  expect(badges.subTabs["user/announcements"] ?? 0).toBe(badges.counts.unreadAnnouncements ?? 0);
  return badges.counts.unreadAnnouncements ?? 0;
};

describe("audience", () => {
  it("shows each member what is addressed to them: the company, their stores, their role", async () => {
    const [storeA, storeB] = [await createStore(manager, "Ann A"), await createStore(manager, "Ann B")];
    const atA = await member("STAFF", [storeA]);
    const atB = await member("STAFF", [storeB]);
    const supervisor = await member("SUPERVISOR");
    const everyone = (await post(manager, {})).announcementId;
    const toA = (await post(manager, { audience: "stores", storeIds: [storeA] })).announcementId;
    const toBoth = (await post(manager, { audience: "stores", storeIds: [storeA, storeB] })).announcementId;
    const toSupervisors = (await post(manager, { audience: "roles", roles: ["SUPERVISOR", "ADMIN"] })).announcementId;
    const mine = (list: string[]) => list.filter((i) => [everyone, toA, toBoth, toSupervisors].includes(i));

    expect(mine(await ids(atA.client))).toEqual([toBoth, toA, everyone]);
    expect(mine(await ids(atB.client))).toEqual([toBoth, everyone]);
    expect(mine(await ids(supervisor.client))).toEqual([toSupervisors, everyone]);
    // The author reads only what is addressed to them too; managing shows them all.
    expect(mine(await ids(manager))).toEqual([everyone]);
    expect(mine(await ids(manager, { manage: true }))).toEqual([toSupervisors, toBoth, toA, everyone]);

    // Moving the audience moves who sees it.
    await manager.mutation("announcements:update", { announcementId: toA, title: "Moved", body: "Now for B", audience: "stores", storeIds: [storeB] });
    expect(mine(await ids(atA.client))).toEqual([toBoth, everyone]);
    expect(mine(await ids(atB.client))).toEqual([toBoth, toA, everyone]);
    // A terminated employee no longer counts as working at the store.
    await db().updateTable("employees").set({ status: "terminated", endDate: "2026-01-01" }).where("userId", "=", atB.userId).execute();
    expect(mine(await ids(atB.client))).toEqual([everyone]);
  });

  it("hides archived and ended announcements from readers, pins first, and keeps them for managers", async () => {
    const reader = await member("STAFF");
    const older = (await post(manager, {})).announcementId;
    const pinned = (await post(manager, { pinned: true })).announcementId;
    const newer = (await post(manager, {})).announcementId;
    const ending = (await post(manager, { expiresAt: Date.now() + 1500 })).announcementId;
    const archived = (await post(manager, {})).announcementId;
    const first = await reader.client.query<Row[]>("announcements:list", {});
    expect(first[0]._id).toBe(pinned);
    expect(first.map((r) => r._id).filter((i) => [older, newer, ending, archived].includes(i))).toEqual([archived, ending, newer, older]);

    await manager.mutation("announcements:archive", { announcementId: archived });
    await new Promise((r) => setTimeout(r, 1600));
    const after = await ids(reader.client);
    expect(after).toContain(older);
    expect(after).not.toContain(archived);
    expect(after).not.toContain(ending);
    const managed = await manager.query<Row[]>("announcements:list", { manage: true });
    expect(managed.find((r) => r._id === archived)?.manage?.state).toBe("archived");
    expect(managed.find((r) => r._id === ending)?.manage?.state).toBe("expired");
    // Readers' list first, what is no longer shown after it.
    expect(managed.findIndex((r) => r._id === older)).toBeLessThan(managed.findIndex((r) => r._id === archived));

    await manager.mutation("announcements:archive", { announcementId: archived, archived: false });
    expect(await ids(reader.client)).toContain(archived);
    const trail = await db().selectFrom("auditLog").select("action").where("entityId", "=", archived).orderBy("at").execute();
    expect(trail.map((t) => t.action)).toEqual(["create", "archive", "restore"]);
  });
});

describe("reading", () => {
  it("marks what was read, and the unread badge counts the rest", async () => {
    const reader = await member("STAFF");
    await reader.client.mutation("announcements:markRead", { announcementIds: await ids(reader.client) });
    expect(await unread(reader.client)).toBe(0);
    const a = (await post(manager, {})).announcementId;
    const b = (await post(manager, { audience: "roles", roles: ["STAFF"] })).announcementId;
    await post(manager, { audience: "roles", roles: ["OWNER"] });
    expect(await unread(reader.client)).toBe(2);
    // The author has read their own.
    expect((await manager.query<Row[]>("announcements:list", {})).find((r) => r._id === a)?.read).toBe(true);

    const { marked } = await reader.client.mutation<{ marked: number }>("announcements:markRead", { announcementIds: [a, a] });
    expect(marked).toBe(1);
    expect(await unread(reader.client)).toBe(1);
    const rows = await reader.client.query<Row[]>("announcements:list", {});
    expect(rows.find((r) => r._id === a)?.read).toBe(true);
    expect(rows.find((r) => r._id === b)?.read).toBe(false);
    await reader.client.mutation("announcements:markRead", { announcementIds: [a, b] });
    expect(await unread(reader.client)).toBe(0);
    // The reader and the author.
    expect((await manager.query<Row[]>("announcements:list", { manage: true })).find((r) => r._id === b)?.manage?.readCount).toBe(2);
    // Archiving an unread one takes it off the badge.
    const c = (await post(manager, {})).announcementId;
    expect(await unread(reader.client)).toBe(1);
    await manager.mutation("announcements:archive", { announcementId: c });
    expect(await unread(reader.client)).toBe(0);
  });

  it("refuses to mark one not addressed to the reader", async () => {
    const reader = await member("STAFF");
    const toOwners = (await post(manager, { audience: "roles", roles: ["OWNER"] })).announcementId;
    expect(await failure(reader.client.mutation("announcements:markRead", { announcementIds: [toOwners] }))).toBe(ANNOUNCEMENT_MESSAGES.notFound.en);
  });

  it("gives a Spanish reader the Spanish version, and everyone else the original", async () => {
    const { announcementId } = await post(manager, {
      title: "Holiday hours",
      body: "Closed *Monday*",
      titleEs: "Horario festivo",
      bodyEs: "Cerrado el *lunes*",
    });
    const es = (await staff.query<Row[]>("announcements:list", { language: "es" })).find((r) => r._id === announcementId)!;
    expect(es).toMatchObject({ title: "Horario festivo", html: "<p>Cerrado el <em>lunes</em></p>\n", language: "es" });
    const en = (await staff.query<Row[]>("announcements:list", { language: "en" })).find((r) => r._id === announcementId)!;
    expect(en).toMatchObject({ title: "Holiday hours", html: "<p>Closed <em>Monday</em></p>\n", language: "en" });
  });

  it("renders Markdown safely: written HTML as text, only http, https and mailto links", async () => {
    const body = [
      '<script>alert("x")</script>',
      "<img src=x onerror=alert(1)>",
      "[bad](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [ok](https://example.com) [mail](mailto:ops@example.com)",
    ].join("\n\n");
    const { announcementId } = await post(manager, { body });
    const row = (await staff.query<Row[]>("announcements:list", {})).find((r) => r._id === announcementId)!;
    expect(row.html).not.toMatch(/<script|<img|href="javascript:|href="data:/);
    // A refused link stays visible as plain text.
    expect(row.html).toContain("[bad](javascript:alert(1))");
    expect(row.html).toContain("&lt;script&gt;");
    expect(row.html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
    expect(row.html).toContain('href="mailto:ops@example.com"');
    // The source is kept as written, for the editor.
    expect((await manager.query<Row[]>("announcements:list", { manage: true })).find((r) => r._id === announcementId)?.manage?.title).toBe(row.title);
  });
});

describe("access", () => {
  it("lets managers and up post, and every member read", async () => {
    const supervisor = await member("SUPERVISOR");
    const denied = "You don't have permission to manage stores";
    const { announcementId } = await post(owner, {});
    for (const client of [staff, supervisor.client]) {
      expect(await failure(post(client, {}))).toBe(denied);
      expect(await failure(client.mutation("announcements:update", { announcementId, title: "x", body: "y", audience: "company" }))).toBe(denied);
      expect(await failure(client.mutation("announcements:archive", { announcementId }))).toBe(denied);
      expect(await failure(client.query("announcements:list", { manage: true }))).toBe(denied);
      expect(await ids(client)).toContain(announcementId);
    }
    expect(await failure(new Client(server.url).query("announcements:list", {}))).toBe("Not signed in");
  });

  it("keeps another company's announcements out of reach", async () => {
    const { announcementId } = await post(manager, { pinned: true });
    expect(await ids(sudsOwner)).not.toContain(announcementId);
    expect(await ids(sudsOwner, { manage: true })).not.toContain(announcementId);
    const notFound = ANNOUNCEMENT_MESSAGES.notFound.en;
    expect(await failure(sudsOwner.mutation("announcements:markRead", { announcementIds: [announcementId] }))).toBe(notFound);
    expect(await failure(sudsOwner.mutation("announcements:archive", { announcementId }))).toBe(notFound);
    expect(await failure(sudsOwner.mutation("announcements:update", { announcementId, title: "Mine", body: "Now", audience: "company" }))).toBe(notFound);
    // Nor can Suds aim one at Rio's stores.
    const rioStore = await createStore(manager, "Ann Rio");
    expect(await failure(post(sudsOwner, { audience: "stores", storeIds: [rioStore] }))).toBe(ANNOUNCEMENT_MESSAGES.unknownStore.en);
    expect((await manager.query<Row[]>("announcements:list", { manage: true })).find((r) => r._id === announcementId)?.title).toMatch(/^Note /);
  });
});

describe("validation", () => {
  it.each([
    [{ title: " " }, `Invalid argument "title": ${ANNOUNCEMENT_MESSAGES.titleRequired.en}`],
    [{ body: "" }, `Invalid argument "body": ${ANNOUNCEMENT_MESSAGES.bodyRequired.en}`],
    [{ titleEs: "Solo título" }, `Invalid argument "bodyEs": ${ANNOUNCEMENT_MESSAGES.spanishIncomplete.en}`],
    [{ audience: "stores", storeIds: [] }, `Invalid argument "storeIds": ${ANNOUNCEMENT_MESSAGES.storesRequired.en}`],
    [{ audience: "roles", roles: [] }, `Invalid argument "roles": ${ANNOUNCEMENT_MESSAGES.rolesRequired.en}`],
    [{ expiresAt: Date.now() - 60_000 }, ANNOUNCEMENT_MESSAGES.expiryPast.en],
    [{ audience: "stores", storeIds: ["nosuchstore"] }, ANNOUNCEMENT_MESSAGES.unknownStore.en],
  ])("refuses %j and writes nothing", async (change, message) => {
    const before = (await db().selectFrom("announcements").select("id").execute()).length;
    expect(await failure(post(manager, change))).toBe(message);
    expect((await db().selectFrom("announcements").select("id").execute()).length).toBe(before);
  });
});

describe("e-mail", () => {
  let cast: Promise<{ store: string; people: Member[] }> | undefined;
  const outboxFor = (email: string, kind: string) =>
    db().selectFrom("outbox").select(["subject", "body", "language", "htmlBody"]).where("recipient", "=", email).where("kind", "=", kind).execute();

  it("e-mails the audience on request, in each reader's language, honouring their switch", async () => {
    const store = await createStore(manager, "Ann Mail");
    const english = await member("STAFF", [store]);
    const spanish = await member("STAFF", [store], "es");
    const quiet = await member("STAFF", [store]);
    const elsewhere = await member("STAFF");
    await quiet.client.mutation("userPreferences:updateUserPreferences", { preferences: { emailNotifications: { announcements: false } } });

    const { emailed } = await post(manager, {
      title: "Boiler <service>",
      body: "The boiler is serviced on **Friday**.",
      titleEs: "Servicio de la caldera",
      bodyEs: "La caldera se revisa el **viernes**.",
      audience: "stores",
      storeIds: [store],
      email: true,
    });
    expect(emailed).toBe(2);
    const [en] = await outboxFor(english.email, "announcement");
    expect(en).toMatchObject({ subject: "Rio Laundromat: Boiler <service>", language: "en" });
    expect(en.body).toContain("The boiler is serviced on **Friday**.");
    expect(en.body).toContain("/user/announcements");
    expect(en.htmlBody).toContain("Boiler &lt;service&gt;");
    const [es] = await outboxFor(spanish.email, "announcement");
    expect(es).toMatchObject({ subject: "Rio Laundromat: Servicio de la caldera", language: "es" });
    expect(es.body).toMatch(/^Hola, /);
    expect(await outboxFor(quiet.email, "announcement")).toEqual([]);
    expect(await outboxFor(elsewhere.email, "announcement")).toEqual([]);
    // Delivered by the outbox to a real SMTP server.
    expect(await sink.waitForMatch(english.email, /(Boiler <service>)/)).toBe("Boiler <service>");

    // Without "also e-mail", nothing is sent.
    expect((await post(manager, { audience: "stores", storeIds: [store] })).emailed).toBe(0);
    expect(await outboxFor(english.email, "announcement")).toHaveLength(1);
  });

  it.each([
    ["the company", () => ({ audience: "company" })],
    ["one store", (store: string) => ({ audience: "stores", storeIds: [store] })],
    ["managers", () => ({ audience: "roles", roles: ["MANAGER"] })],
    ["supervisors and admins", () => ({ audience: "roles", roles: ["SUPERVISOR", "ADMIN"] })],
  ])("e-mails exactly those who see it, addressed to %s", async (_label, audience) => {
    // One cast for every case (sign-ups are rate-limited per address).
    cast ??= (async () => {
      const store = await createStore(manager, "Ann Who");
      return {
        store,
        people: [await member("STAFF", [store]), await member("STAFF"), await member("SUPERVISOR"), await member("MANAGER"), await member("ADMIN")],
      };
    })();
    const { store, people } = await cast;
    const title = `Who ${unique()}`;
    await post(owner, { title, ...audience(store), email: true });
    const mailed = new Set(
      (await db().selectFrom("outbox").select("recipient").where("kind", "=", "announcement").where("subject", "=", `Rio Laundromat: ${title}`).execute()).map(
        (r) => r.recipient,
      ),
    );
    // Every Rio member who reads it in the app, and no one else (the author aside).
    const readers = new Set<string>();
    const members = await db()
      .selectFrom("memberships as m")
      .innerJoin("users as u", "u.id", "m.userId")
      .select(["u.email"])
      .where("m.companyId", "=", rioId)
      .execute();
    const sees = new Map<string, boolean>();
    for (const p of people) {
      const list = await p.client.query<Row[]>("announcements:list", {});
      sees.set(
        p.email,
        list.some((r) => r.title === title),
      );
      if (sees.get(p.email)) readers.add(p.email);
    }
    for (const email of mailed) expect(members.map((m) => m.email)).toContain(email);
    for (const p of people) expect(mailed.has(p.email), `${p.email} mailed`).toBe(sees.get(p.email));
    expect(mailed.has("owner@demo.test")).toBe(false);
    // The staff member at no store never gets a store's or a role's post.
    if (audience(store).audience !== "company") expect(sees.get(people[1].email)).toBe(false);
    expect(readers.size).toBeGreaterThan(0);
  });

  it("sends the join-request decision to the requester, with the reason of a denial", async () => {
    const approved = await member("STAFF");
    const [mail] = await outboxFor(approved.email, "joinRequestDecided");
    expect(mail.subject).toBe("Your request to join Rio Laundromat");
    expect(mail.body).toMatch(/^Your request to join Rio Laundromat was approved\. Sign in to Tumble at http/);

    const email = `deny${unique()}@example.com`;
    const client = new Client(server.url);
    client.token = (
      await client.action<{ tokens: { token: string } }>("auth:signIn", {
        provider: "password",
        params: { email, password: "a-good-password", flow: "signUp" },
      })
    ).tokens.token;
    await client.mutation("users:updateLanguagePreference", { language: "es" });
    const { requestId } = await client.mutation<{ requestId: string }>("companyJoinRequests:requestToJoin", { companyId: rioId });
    await owner.mutation("companyJoinRequests:denyJoinRequest", { requestId, reason: "No hay vacantes" });
    const [denied] = await outboxFor(email, "joinRequestDecided");
    expect(denied).toMatchObject({ subject: "Tu solicitud para unirte a Rio Laundromat", language: "es" });
    expect(denied.body).toBe("Tu solicitud para unirte a Rio Laundromat fue rechazada.\n\nMotivo: No hay vacantes");

    // Turned off: not sent.
    const quietEmail = `quiet${unique()}@example.com`;
    const quiet = new Client(server.url);
    quiet.token = (
      await quiet.action<{ tokens: { token: string } }>("auth:signIn", {
        provider: "password",
        params: { email: quietEmail, password: "a-good-password", flow: "signUp" },
      })
    ).tokens.token;
    await quiet.mutation("userPreferences:updateUserPreferences", { preferences: { emailNotifications: { joinRequestUpdates: false } } });
    const quietRequest = await quiet.mutation<{ requestId: string }>("companyJoinRequests:requestToJoin", { companyId: rioId });
    await owner.mutation("companyJoinRequests:approveJoinRequest", { requestId: quietRequest.requestId, role: "MEMBER" });
    expect(await outboxFor(quietEmail, "joinRequestDecided")).toEqual([]);
  });

  it("sends the published schedule from the company's template in the employee's language, unless turned off", async () => {
    const store = await createStore(manager, "Ann Shifts");
    const spanish = await member("STAFF", [store], "es");
    const employeeId = (await db().selectFrom("employees").select("id").where("userId", "=", spanish.userId).executeTakeFirstOrThrow()).id;
    await manager.mutation("shifts:create", { storeId: store, employeeId, date: "2030-01-07", start: "09:00", end: "17:00", breakMinutes: 0 });
    await manager.mutation("shifts:publish", { storeId: store, weekStart: "2030-01-06", overrideReason: "Test" });
    const [mail] = await outboxFor(spanish.email, "schedulePublished");
    expect(mail.language).toBe("es");
    expect(mail.subject).toMatch(/^Tu horario en Ann Shifts \S+ para la semana del 2030-01-06 cambió$/);
    expect(mail.body).toContain("- Nuevo: 2030-01-07 09:00–17:00");

    await spanish.client.mutation("userPreferences:updateUserPreferences", { preferences: { emailNotifications: { scheduleChanges: false } } });
    await manager.mutation("shifts:create", { storeId: store, employeeId, date: "2030-01-08", start: "09:00", end: "13:00", breakMinutes: 0 });
    await manager.mutation("shifts:publish", { storeId: store, weekStart: "2030-01-06", overrideReason: "Test" });
    expect(await outboxFor(spanish.email, "schedulePublished")).toHaveLength(1);
  });
});
