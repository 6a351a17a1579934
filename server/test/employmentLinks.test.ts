import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { employmentMessage, wrongCodeMessage } from "@tumble/domain/employment";
import { accessDeniedMessage } from "@tumble/domain/permissions";
import { refusalText } from "@tumble/domain/refusals";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import { lockRow, lockTable, race } from "./support/race.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: two accounts asking for one profile, and a manager's approval racing another decision or the requester's next step
// Linking an account to an employee profile (issue 31): the kiosk username and PIN never link by
// themselves. A profile with an e-mail address links with the code e-mailed to it (real SMTP
// sink): wrong codes, an expired code, five tries. One without waits for a manager: staff cannot
// approve, nobody approves their own request, a decline is told with its reason, and the badge
// counts what waits. Then the races, on PostgreSQL too: one request per profile, one decision per
// request, one profile per account.

let server: TestServer;
let sink: SmtpSink;
let owner: Client;
let admin: Client;
let manager: Client;
let supervisor: Client;
let staff: Client;
let member: Client;
let managing: Client;
let area: Client;
let sudsOwner: Client;

beforeAll(async () => {
  sink = await SmtpSink.start();
  server = await startTestServer({ SMTP_URL: sink.url, OUTBOX_POLL_MS: "100" });
  [owner, admin, manager, supervisor, staff, member, managing, area, sudsOwner] = await Promise.all(
    [
      "owner@demo.test",
      "admin@demo.test",
      "manager@demo.test",
      "supervisor@demo.test",
      "staff@demo.test",
      "member@demo.test",
      "managing@demo.test",
      "area@demo.test",
      "owner@suds.test",
    ].map((email) => new Client(server.url).signIn(email)),
  );
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

const db = () => server.database.db;

// Every test client calls from 127.0.0.1, so the per-address PIN limit (20 in 15 minutes) would
// stop this file part-way; each test starts a fresh window (the limit's own test is in geoZones.test.ts).
beforeEach(async () => {
  await db().deleteFrom("rateLimits").where("key", "like", "employmentLink:%").execute();
});

interface LinkRequest {
  _id: string;
  method: "code" | "approval";
  status: string;
  username: string;
  sentTo: string | null;
  expiresAt: number | null;
  triesLeft: number | null;
  reason: string | null;
}
interface Me {
  employee: { _id: string; username: string } | null;
  linkRequest?: LinkRequest | null;
}
interface Pending {
  _id: string;
  employeeId: string;
  employeeName: string;
  username: string;
  requesterEmail: string | null;
  mine: boolean;
}
type Started = { status: "codeSent"; sentTo: string; expiresAt: number } | { status: "awaitingApproval" };

let counter = 0;
const unique = () => `${Date.now().toString(36).slice(-5)}${counter++}`;

let storeId: string | null = null;
async function store(): Promise<string> {
  storeId ??= (
    await manager.mutation<{ storeId: string }>("stores:create", { name: `Link test ${unique()}`, address: "1 Link St", timeZone: "America/Chicago" })
  ).storeId;
  return storeId;
}

/** A profile a manager made, with a kiosk username and PIN 5827, and the given address (or none). */
async function profile(email = ""): Promise<{ employeeId: string; username: string }> {
  const username = `lnk${unique()}`;
  const { employeeId } = await manager.mutation<{ employeeId: string }>("employees:create", {
    name: `Link ${username}`,
    email,
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [await store()],
    payType: "hourly",
    rateCents: 1400,
    effectiveFrom: "",
    username,
    pin: "5827",
  });
  return { employeeId, username };
}

const linkedUser = async (employeeId: string) =>
  (await db().selectFrom("employees").select("userId").where("id", "=", employeeId).executeTakeFirstOrThrow()).userId;
const userId = async (email: string) => (await db().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

/** A received message's text, quoted-printable decoded. */
function decoded(raw: string): string {
  const bytes: number[] = [];
  const soft = raw.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === "=" ? soft.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i], "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The newest e-mail to `to` whose decoded text matches `pattern` (waits for delivery); its text. */
async function mailTo(to: string, pattern: RegExp, after = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = sink.messages
      .slice(after)
      .reverse()
      .map((m) => ({ to: m.to, text: decoded(m.raw) }))
      .find((m) => m.to.includes(to) && pattern.test(m.text));
    if (found) return found.text;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const codeIn = (text: string) => /(?:code is|código es) (\d{6})/.exec(text)![1];

describe("a profile with an e-mail address", () => {
  it("is linked by the code e-mailed to it, never by the PIN alone", async () => {
    const { employeeId, username } = await profile("member@demo.test");
    const other = await profile("someone.else@example.com");
    const before = sink.messages.length;

    expect(await failure(member.mutation("employment:link", { username, pin: "5828" }))).toBe(employmentMessage("wrongCredentials"));
    expect(await failure(member.mutation("employment:link", { username: other.username, pin: "5827" }))).toBe(employmentMessage("otherEmail"));

    const started = await member.mutation<Started>("employment:link", { username: username.toUpperCase(), pin: "5827" });
    expect(started).toEqual({ status: "codeSent", sentTo: "m***@demo.test", expiresAt: expect.any(Number) });
    if (started.status !== "codeSent") throw new Error("unreachable");
    expect(Math.abs(started.expiresAt - (Date.now() + 15 * 60_000))).toBeLessThan(60_000);
    // The PIN alone linked nothing.
    expect(await linkedUser(employeeId)).toBeNull();
    const me = await member.query<Me>("employment:me", {});
    expect(me.employee).toBeNull();
    expect(me.linkRequest).toMatchObject({ method: "code", status: "pending", username, sentTo: "m***@demo.test", triesLeft: 5 });

    const text = await mailTo("member@demo.test", /Your code is \d{6}/, before);
    expect(text).toContain(`kiosk username ${username}`);
    const code = codeIn(text);
    // Stored hashed: the code itself is nowhere in the row.
    const row = await db().selectFrom("employeeLinkRequests").selectAll().where("id", "=", me.linkRequest!._id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.codeHash).toMatch(/^\$argon2id\$/);

    const wrong = code === "000000" ? "000001" : "000000";
    const wrongOnce = await failureOf(member.action("employment:confirmLink", { code: wrong }));
    expect(wrongOnce.message).toBe(wrongCodeMessage(4));
    // The tries left travel as a value of the code, from which the phone says it in Spanish.
    expect(wrongOnce.data).toEqual({ code: "employment.wrongCode", params: { triesLeft: 4 } });
    expect(refusalText(wrongOnce.data, "es")).toBe("Código incorrecto. Te quedan 4 intentos.");
    // A code of the wrong shape is not a try.
    expect(await failure(member.action("employment:confirmLink", { code: "12 34" }))).toBe(`Invalid argument "code": ${employmentMessage("codeRequired")}`);
    expect((await member.query<Me>("employment:me", {})).linkRequest).toMatchObject({ triesLeft: 4 });
    expect(await linkedUser(employeeId)).toBeNull();

    expect(await member.action("employment:confirmLink", { code: ` ${code} ` })).toEqual({ employeeId });
    expect(await linkedUser(employeeId)).toBe(await userId("member@demo.test"));
    const linked = await member.query<Me>("employment:me", {});
    expect(linked.employee).toMatchObject({ _id: employeeId, username });
    expect(linked.linkRequest).toBeUndefined();
    expect(await failure(member.action("employment:confirmLink", { code }))).toBe(employmentMessage("noCodeWaiting"));
    expect(await failure(member.mutation("employment:link", { username, pin: "5827" }))).toBe(employmentMessage("alreadyLinked"));

    const trail = await db().selectFrom("auditLog").select(["action", "after"]).where("entity", "=", "employee").where("entityId", "=", employeeId).execute();
    expect(trail.map((t) => t.action)).toEqual(expect.arrayContaining(["requestLink", "linkAccount"]));
    expect(JSON.stringify(trail.find((t) => t.action === "linkAccount")!.after)).toContain('"method":"code"');
  });

  it("turns a code down once it has expired, and after five wrong tries; a new PIN step sends a new one", async () => {
    const { employeeId, username } = await profile("managing@demo.test");
    await managing.mutation("users:updateLanguagePreference", { language: "es" });
    try {
      let before = sink.messages.length;
      await managing.mutation("employment:link", { username, pin: "5827" });
      // In the person's language.
      const first = codeIn(await mailTo("managing@demo.test", /Tu código es \d{6}/, before));
      await db()
        .updateTable("employeeLinkRequests")
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where("status", "=", "pending")
        .where("employeeId", "=", employeeId)
        .execute();
      expect(await failure(managing.action("employment:confirmLink", { code: first }))).toBe(employmentMessage("codeExpired"));
      expect(await linkedUser(employeeId)).toBeNull();

      before = sink.messages.length;
      await managing.mutation("employment:link", { username, pin: "5827" });
      const second = codeIn(await mailTo("managing@demo.test", /Tu código es \d{6}/, before));
      // Only the newest code counts.
      const requests = await db().selectFrom("employeeLinkRequests").select("status").where("employeeId", "=", employeeId).orderBy("createdAt").execute();
      expect(requests.map((r) => r.status)).toEqual(["cancelled", "pending"]);
      if (first !== second) expect(await failure(managing.action("employment:confirmLink", { code: first }))).toBe(wrongCodeMessage(4));
      else await failure(managing.action("employment:confirmLink", { code: first === "999999" ? "999998" : "999999" }));
      const wrong = second === "000000" ? "000001" : "000000";
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push(await failure(managing.action("employment:confirmLink", { code: wrong })));
      expect(answers).toEqual([
        wrongCodeMessage(3),
        wrongCodeMessage(2),
        wrongCodeMessage(1),
        employmentMessage("codeLocked"),
        employmentMessage("codeLocked"),
      ]);
      // Not even the right code now.
      expect(await failure(managing.action("employment:confirmLink", { code: second }))).toBe(employmentMessage("codeLocked"));
      expect((await managing.query<Me>("employment:me", {})).linkRequest).toMatchObject({ status: "pending", triesLeft: 0 });
      expect(await linkedUser(employeeId)).toBeNull();

      before = sink.messages.length;
      await managing.mutation("employment:link", { username, pin: "5827" });
      const third = codeIn(await mailTo("managing@demo.test", /Tu código es \d{6}/, before));
      expect(await managing.action("employment:confirmLink", { code: third })).toEqual({ employeeId });
      expect(await linkedUser(employeeId)).toBe(await userId("managing@demo.test"));
    } finally {
      await managing.mutation("users:updateLanguagePreference", { language: "en" });
    }
  });
});

describe("a profile without an e-mail address", () => {
  it("waits for a manager: staff cannot approve, one request per profile, and the badge counts it", async () => {
    const { employeeId, username } = await profile();
    const started = await staff.mutation<Started>("employment:link", { username, pin: "5827" });
    expect(started).toEqual({ status: "awaitingApproval" });
    expect(await linkedUser(employeeId)).toBeNull();
    const me = await staff.query<Me>("employment:me", {});
    expect(me.employee).toBeNull();
    expect(me.linkRequest).toMatchObject({ method: "approval", status: "pending", username, sentTo: null, triesLeft: null });
    // No code to enter on this path.
    expect(await failure(staff.action("employment:confirmLink", { code: "123456" }))).toBe(employmentMessage("noCodeWaiting"));
    // Someone else who knows the PIN is told a request already waits.
    expect(await failure(supervisor.mutation("employment:link", { username, pin: "5827" }))).toBe(employmentMessage("linkPending"));

    const pending = await manager.query<Pending[]>("employmentLinks:listPending", {});
    const request = pending.find((p) => p.employeeId === employeeId)!;
    expect(request).toMatchObject({ employeeName: `Link ${username}`, username, requesterEmail: "staff@demo.test", mine: false });
    const badges = await manager.query<{ counts: Record<string, number> }>("navigation:getBadgeCounts");
    expect(badges.counts.pendingEmployeeLinks).toBe(pending.length);
    expect((await staff.query<{ counts: Record<string, number> }>("navigation:getBadgeCounts")).counts.pendingEmployeeLinks ?? 0).toBe(0);

    for (const client of [staff, supervisor]) {
      expect(await failure(client.query("employmentLinks:listPending", {}))).toBe(accessDeniedMessage("canManageEmployees"));
      expect(await failure(client.mutation("employmentLinks:approve", { requestId: request._id }))).toBe(accessDeniedMessage("canManageEmployees"));
    }
    // Another company's manager does not find it.
    expect(await failure(sudsOwner.mutation("employmentLinks:approve", { requestId: request._id }))).toBe(employmentMessage("requestNotFound"));
    expect(await linkedUser(employeeId)).toBeNull();

    const before = sink.messages.length;
    expect(await manager.mutation("employmentLinks:approve", { requestId: request._id })).toEqual({ requestId: request._id, status: "linked" });
    expect(await linkedUser(employeeId)).toBe(await userId("staff@demo.test"));
    expect((await staff.query<Me>("employment:me", {})).employee).toMatchObject({ _id: employeeId });
    expect(await mailTo("staff@demo.test", /approved/, before)).toContain(`A manager linked your account to your employee profile`);
    expect(await failure(admin.mutation("employmentLinks:approve", { requestId: request._id }))).toBe(employmentMessage("requestDecided"));
    expect((await manager.query<Pending[]>("employmentLinks:listPending", {})).some((p) => p._id === request._id)).toBe(false);
    const trail = await db()
      .selectFrom("auditLog")
      .select(["action", "actorId", "after"])
      .where("entity", "=", "employee")
      .where("entityId", "=", employeeId)
      .execute();
    expect(trail.find((t) => t.action === "linkAccount")).toMatchObject({ actorId: await userId("manager@demo.test") });
  });

  it("is never approved by the one who asked; a decline is told with its reason, in their language", async () => {
    const own = await profile();
    expect(await manager.mutation("employment:link", { username: own.username, pin: "5827" })).toEqual({ status: "awaitingApproval" });
    const mine = (await manager.query<Pending[]>("employmentLinks:listPending", {})).find((p) => p.employeeId === own.employeeId)!;
    expect(mine.mine).toBe(true);
    expect(await failure(manager.mutation("employmentLinks:approve", { requestId: mine._id }))).toBe(employmentMessage("ownRequest"));
    expect(await failure(manager.mutation("employmentLinks:decline", { requestId: mine._id }))).toBe(employmentMessage("ownRequest"));
    // Their own request is not in their badge; it is in another manager's.
    const counted = async (client: Client) => (await client.query<{ counts: Record<string, number> }>("navigation:getBadgeCounts")).counts.pendingEmployeeLinks;
    expect(await counted(admin)).toBe((await counted(manager)) + 1);
    expect(await admin.mutation("employmentLinks:approve", { requestId: mine._id })).toMatchObject({ status: "linked" });
    expect(await linkedUser(own.employeeId)).toBe(await userId("manager@demo.test"));

    const { employeeId, username } = await profile();
    await area.mutation("users:updateLanguagePreference", { language: "es" });
    try {
      await area.mutation("employment:link", { username, pin: "5827" });
      const request = (await manager.query<Pending[]>("employmentLinks:listPending", {})).find((p) => p.employeeId === employeeId)!;
      expect(await failure(manager.mutation("employmentLinks:decline", { requestId: request._id, reason: "x".repeat(501) }))).toBe(
        `Invalid argument "reason": ${employmentMessage("reasonTooLong")}`,
      );
      const before = sink.messages.length;
      expect(await manager.mutation("employmentLinks:decline", { requestId: request._id, reason: " Not your profile " })).toEqual({
        requestId: request._id,
        status: "declined",
      });
      expect(await linkedUser(employeeId)).toBeNull();
      const told = await mailTo("area@demo.test", /rechaz/, before);
      expect(told).toContain("Motivo: Not your profile");
      expect((await area.query<Me>("employment:me", {})).linkRequest).toMatchObject({ status: "declined", reason: "Not your profile", username });
      expect(await failure(owner.mutation("employmentLinks:approve", { requestId: request._id }))).toBe(employmentMessage("requestDecided"));

      // Asked again, then withdrawn: nothing waits, nothing linked.
      await area.mutation("employment:link", { username, pin: "5827" });
      expect(await area.mutation("employment:cancelLink", {})).toEqual({ cancelled: 1 });
      expect((await area.query<Me>("employment:me", {})).linkRequest).toBeNull();
      expect((await manager.query<Pending[]>("employmentLinks:listPending", {})).some((p) => p.employeeId === employeeId)).toBe(false);
    } finally {
      await area.mutation("users:updateLanguagePreference", { language: "en" });
    }
  });
});

describe("races", () => {
  it("lets one of two accounts asking for one profile wait, and tells the other", async () => {
    const { employeeId, username } = await profile();
    const [first, second] = await Promise.all([new Client(server.url).signIn("supervisor@demo.test"), new Client(server.url).signIn("admin@demo.test")]);
    const { ok, errors } = await race(
      server,
      [first, second].map((c) => () => c.mutation("employment:link", { username, pin: "5827" })),
      [lockTable("employee_link_requests")],
      1500,
    );
    expect(ok).toBe(1);
    expect(errors).toEqual([employmentMessage("linkPending")]);
    const waiting = await db()
      .selectFrom("employeeLinkRequests")
      .select("userId")
      .where("employeeId", "=", employeeId)
      .where("status", "=", "pending")
      .execute();
    expect(waiting).toHaveLength(1);
    await db().updateTable("employeeLinkRequests").set({ status: "cancelled" }).where("employeeId", "=", employeeId).execute();
  });

  it("decides a request once when managers approve and decline it at the same time", async () => {
    const { employeeId, username } = await profile();
    await supervisor.mutation("employment:link", { username, pin: "5827" });
    const request = (await manager.query<Pending[]>("employmentLinks:listPending", {})).find((p) => p.employeeId === employeeId)!;
    const { ok, errors, outcomes } = await race(
      server,
      [
        () => manager.mutation<{ status: string }>("employmentLinks:approve", { requestId: request._id }),
        () => admin.mutation<{ status: string }>("employmentLinks:approve", { requestId: request._id }),
        () => owner.mutation<{ status: string }>("employmentLinks:decline", { requestId: request._id, reason: "Duplicate" }),
      ],
      [lockRow("employee_link_requests", request._id)],
      1500,
    );
    expect(ok).toBe(1);
    expect(errors).toEqual([employmentMessage("requestDecided"), employmentMessage("requestDecided")]);
    const won = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value.status] : []))[0];
    const row = await db().selectFrom("employeeLinkRequests").select("status").where("id", "=", request._id).executeTakeFirstOrThrow();
    expect(row.status).toBe(won);
    expect(await linkedUser(employeeId)).toBe(won === "linked" ? await userId("supervisor@demo.test") : null);
  });

  it("keeps one profile per account when an approval meets the requester's next request", async () => {
    const a = await profile();
    const b = await profile();
    const asker = await new Client(server.url).signIn("owner@demo.test");
    await asker.mutation("employment:link", { username: a.username, pin: "5827" });
    const request = (await manager.query<Pending[]>("employmentLinks:listPending", {})).find((p) => p.employeeId === a.employeeId)!;
    const { ok, errors } = await race(
      server,
      [
        () => manager.mutation("employmentLinks:approve", { requestId: request._id }),
        () => asker.mutation("employment:link", { username: b.username, pin: "5827" }),
      ],
      [lockRow("employee_link_requests", request._id)],
      1500,
    );
    expect(ok).toBe(1);
    const ownerId = await userId("owner@demo.test");
    const profiles = await db().selectFrom("employees").select("id").where("userId", "=", ownerId).execute();
    const status = (await db().selectFrom("employeeLinkRequests").select("status").where("id", "=", request._id).executeTakeFirstOrThrow()).status;
    if (status === "linked") {
      // The approval won: the new request found the account linked.
      expect(errors).toEqual([employmentMessage("alreadyLinked")]);
      expect(profiles.map((p) => p.id)).toEqual([a.employeeId]);
    } else {
      // The new request won: it replaced the one the manager was approving.
      expect(status).toBe("cancelled");
      expect(errors).toEqual([employmentMessage("requestDecided")]);
      expect(profiles).toEqual([]);
      const waiting = await db()
        .selectFrom("employeeLinkRequests")
        .select("employeeId")
        .where("userId", "=", ownerId)
        .where("status", "=", "pending")
        .execute();
      expect(waiting.map((w) => w.employeeId)).toEqual([b.employeeId]);
    }
  });

  it("counts five wrong tries in all when guesses arrive together", async () => {
    const { employeeId, username } = await profile("area@demo.test");
    await area.mutation("employment:link", { username, pin: "5827" });
    const request = await db()
      .selectFrom("employeeLinkRequests")
      .select("id")
      .where("employeeId", "=", employeeId)
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    const { ok, errors } = await race(
      server,
      Array.from({ length: 8 }, (_, i) => () => area.action("employment:confirmLink", { code: `99999${i}` })),
      [lockRow("employee_link_requests", request.id)],
      1500,
    );
    // A guess may be right by chance (1 in 10^6 each): then it linked and the rest found no code.
    const tries = (await db().selectFrom("employeeLinkRequests").select("attempts").where("id", "=", request.id).executeTakeFirstOrThrow()).attempts;
    expect(tries).toBeLessThanOrEqual(5);
    if (ok === 0) {
      expect(tries).toBe(5);
      expect(errors.filter((e) => e.startsWith("Wrong code"))).toHaveLength(4);
      expect(errors.filter((e) => e === employmentMessage("codeLocked"))).toHaveLength(4);
    }
  });
});

describe("a profile whose pay the account set", () => {
  it("is linked only by another manager's approval, even when it carries the account's own address", async () => {
    // The administrator makes a profile with their own address and a rate, then asks to link it.
    const username = `selfpay${unique()}`;
    const { employeeId } = await admin.mutation<{ employeeId: string }>("employees:create", {
      name: "Self Pay",
      email: "admin@demo.test",
      phone: "",
      position: "Attendant",
      hireDate: "",
      storeIds: [await store()],
      payType: "hourly",
      rateCents: 1500,
      effectiveFrom: "",
      username,
      pin: "5827",
    });
    expect(await admin.mutation("employment:link", { username, pin: "5827" })).toEqual({ status: "awaitingApproval" });
    // No code goes to the address they control; they cannot approve it themselves.
    const stored = await db()
      .selectFrom("employeeLinkRequests")
      .select(["method", "sentTo", "codeHash"])
      .where("employeeId", "=", employeeId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ method: "approval", sentTo: null, codeHash: null });
    const request = (await admin.query<Pending[]>("employmentLinks:listPending", {})).find((p) => p.employeeId === employeeId)!;
    expect(request.mine).toBe(true);
    expect(await failure(admin.mutation("employmentLinks:approve", { requestId: request._id }))).toBe(employmentMessage("ownRequest"));
    expect(await linkedUser(employeeId)).toBeNull();
    expect(await owner.mutation("employmentLinks:approve", { requestId: request._id })).toMatchObject({ status: "linked" });
    expect(await linkedUser(employeeId)).toBe(await userId("admin@demo.test"));
    await db().updateTable("employees").set({ userId: null }).where("id", "=", employeeId).execute();
  });
});
