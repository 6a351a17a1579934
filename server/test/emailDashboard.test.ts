import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "@tumble/domain/businessDate";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// The company's outbox over HTTP, delivered by the server's own worker to a real SMTP server that
// refuses while told to and accepts afterwards: a refused message shows as retrying with its
// sanitised error, is cancelled, retried and sent; counts by status and kind; access and scoping.

let server: TestServer;
let smtp: SMTPServer;
let refusing = true;
const received: string[] = [];
let owner: Client;
let manager: Client;
let staff: Client;
let sudsOwner: Client;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing) return callback(Object.assign(new Error("Mailbox busy"), { responseCode: 450 }));
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on("end", () => {
        received.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
  server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, OUTBOX_POLL_MS: "100" });
  [owner, manager, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((r) => smtp?.close(() => r()));
});

interface Row {
  _id: string;
  kind: string | null;
  recipient: string;
  language: string | null;
  status: string;
  attempts: number;
  lastError: string | null;
  sentAt: number | null;
}

async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("e-mail dashboard", () => {
  it("shows a refused message retrying with its sanitised error; cancel stops it, retry sends it once the server accepts", async () => {
    await manager.mutation("emailTemplates:sendTest", { kind: "passwordReset", language: "en" });
    const first = await until(async () => {
      const rows = await manager.query<Row[]>("emailDashboard:list", { kind: "passwordReset" });
      return rows.find((r) => r.status === "retrying");
    });
    expect(first).toMatchObject({ recipient: "manager@demo.test", kind: "passwordReset", language: "en", attempts: 1, sentAt: null });
    expect(first.lastError).toMatch(/Mailbox busy/);
    expect(first.lastError!.length).toBeLessThanOrEqual(150);
    expect(await manager.query<Row[]>("emailDashboard:list", { status: "retrying" })).toContainEqual(expect.objectContaining({ _id: first._id }));
    expect(await manager.query<Row[]>("emailDashboard:list", { status: "sent", kind: "passwordReset" })).toEqual([]);

    await manager.mutation("emailDashboard:cancel", { messageId: first._id });
    expect((await manager.query<Row[]>("emailDashboard:list", { status: "cancelled" })).map((r) => r._id)).toContain(first._id);
    expect(await failure(manager.mutation("emailDashboard:cancel", { messageId: first._id }))).toBe("Only a message waiting to be sent can be cancelled");

    refusing = false;
    await manager.mutation("emailDashboard:retry", { messageId: first._id });
    const sent = await until(async () => (await manager.query<Row[]>("emailDashboard:list", { status: "sent" })).find((r) => r._id === first._id));
    expect(sent).toMatchObject({ attempts: 1, lastError: null, sentAt: expect.any(Number) });
    expect(received).toEqual(["manager@demo.test"]);
    expect(await failure(manager.mutation("emailDashboard:retry", { messageId: first._id }))).toBe("This message was already sent");
    // The dashboard says it in the reader's language by its code (decision 0067).
    const again = await failureOf(manager.mutation("emailDashboard:retry", { messageId: first._id }));
    expect(again.data).toEqual({ code: "email.alreadySent", params: {} });
    expect(refusalText(again.data, "es")).toBe("Este mensaje ya se envió");

    const stats = await owner.query<{
      timeZone: string;
      byStatus: Record<string, number>;
      byKind: Record<string, number>;
      byDay: { day: string; sent?: number }[];
    }>("emailDashboard:stats", { days: 7 });
    expect(stats.byStatus.sent).toBeGreaterThanOrEqual(1);
    expect(stats.byKind.passwordReset).toBeGreaterThanOrEqual(1);
    expect(stats.byDay.at(-1)!.sent).toBeGreaterThanOrEqual(1);
    // Days are the company's, not UTC's: its oldest store is in Chicago.
    expect(stats.timeZone).toBe("America/Chicago");
    expect(stats.byDay.at(-1)!.day).toBe(todayIn("America/Chicago"));
  });

  it("is for managers and up, and shows each company its own outbox only", async () => {
    const rio = await manager.query<Row[]>("emailDashboard:list", {});
    expect(rio.length).toBeGreaterThan(0);
    expect(await failure(staff.query("emailDashboard:list", {}))).toBe("MANAGER+ role required to view email dashboard.");
    expect(await failure(staff.mutation("emailDashboard:retry", { messageId: rio[0]._id }))).toBe("MANAGER+ role required to view email dashboard.");
    const suds = await sudsOwner.query<Row[]>("emailDashboard:list", {});
    expect(suds.map((r) => r._id)).not.toContain(rio[0]._id);
    expect(await failure(sudsOwner.mutation("emailDashboard:retry", { messageId: rio[0]._id }))).toBe("Message not found");
    expect(await failure(sudsOwner.mutation("emailDashboard:cancel", { messageId: rio[0]._id }))).toBe("Message not found");
    expect((await failureOf(sudsOwner.mutation("emailDashboard:cancel", { messageId: rio[0]._id }))).data).toEqual({
      code: "email.messageNotFound",
      params: {},
    });
    expect((await failureOf(staff.query("emailDashboard:list", {}))).data).toEqual({ code: "email.denied", params: {} });
    // A company id in the arguments is a system admin's choice only.
    const companyId = (await owner.query<{ _id: string }>("companies:getCurrentCompany", {}))._id;
    expect((await sudsOwner.query<Row[]>("emailDashboard:list", { companyId })).map((r) => r._id)).not.toContain(rio[0]._id);
  });
});
