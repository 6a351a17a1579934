import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../src/runtime/ids.ts";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: the worker records how it delivered inside its claim-and-record transactions (FOR UPDATE SKIP LOCKED), and the new column's check comes from migration 0050 on the server's version
//
// Issue 34: a message the worker only printed to the server log (no SMTP configured) is reported
// as logged, not sent; one an SMTP server accepted is sent; one delivered before the channel was
// recorded stays sent, as it was shown before.

interface Row {
  _id: string;
  recipient: string;
  status: string;
  deliveryChannel: string | null;
  sentAt: number | null;
}
interface Stats {
  byStatus: Record<string, number>;
  byDay: Array<{ day: string } & Record<string, number | string>>;
}

let sink: SmtpSink;
let withSmtp: TestServer;
let logOnly: TestServer;

beforeAll(async () => {
  sink = await SmtpSink.start();
  [withSmtp, logOnly] = await Promise.all([startTestServer({ SMTP_URL: sink.url, OUTBOX_POLL_MS: "100" }), startTestServer({ OUTBOX_POLL_MS: "100" })]);
});
afterAll(async () => {
  await withSmtp?.stop();
  await logOnly?.stop();
  await sink?.close();
});

async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Sends the owner a test e-mail and waits until the worker has delivered it one way or another. */
async function deliveredTest(server: TestServer): Promise<{ owner: Client; row: Row }> {
  const owner = await new Client(server.url).signIn("owner@demo.test");
  const { messageId } = await owner.mutation<{ messageId: string }>("emailTemplates:sendTest", { kind: "claimCode", language: "en" });
  const row = await until(async () => (await owner.query<Row[]>("emailDashboard:list", {})).find((r) => r._id === messageId && r.sentAt !== null));
  return { owner, row };
}

describe("how a delivered message left", () => {
  it("is logged, not sent, when no SMTP server is configured: its own status, filter and count", async () => {
    const { owner, row } = await deliveredTest(logOnly);
    expect(row).toMatchObject({ recipient: "owner@demo.test", status: "logged", deliveryChannel: "log" });
    expect(logOnly.logs.some((l) => l.startsWith("[mail] to=owner@demo.test"))).toBe(true);
    expect((await owner.query<Row[]>("emailDashboard:list", { status: "logged" })).map((r) => r._id)).toContain(row._id);
    expect((await owner.query<Row[]>("emailDashboard:list", { status: "sent" })).map((r) => r._id)).not.toContain(row._id);
    const stats = await owner.query<Stats>("emailDashboard:stats", { days: 7 });
    expect(stats.byStatus.logged).toBe(1);
    expect(stats.byStatus.sent).toBe(0);
    expect(stats.byDay.at(-1)!.logged).toBe(1);
  });

  it("is sent when an SMTP server accepted it", async () => {
    const { owner, row } = await deliveredTest(withSmtp);
    expect(row).toMatchObject({ recipient: "owner@demo.test", status: "sent", deliveryChannel: "smtp" });
    expect(sink.messages.some((m) => m.to.includes("owner@demo.test"))).toBe(true);
    expect((await owner.query<Row[]>("emailDashboard:list", { status: "sent" })).map((r) => r._id)).toContain(row._id);
    expect((await owner.query<Row[]>("emailDashboard:list", { status: "logged" })).map((r) => r._id)).not.toContain(row._id);
    expect((await owner.query<Stats>("emailDashboard:stats", { days: 7 })).byStatus.logged).toBe(0);
  });

  it("stays sent for a message delivered before the channel was recorded", async () => {
    const owner = await new Client(logOnly.url).signIn("owner@demo.test");
    const companyId = (await owner.query<{ _id: string }>("companies:getCurrentCompany", {}))._id;
    const id = newId();
    await logOnly.database.db
      .insertInto("outbox")
      .values({
        id,
        companyId,
        channel: "email",
        recipient: "old@example.com",
        subject: "Before",
        body: "Old",
        status: "sent",
        attempts: 1,
        sentAt: new Date(),
      })
      .execute();
    const row = (await owner.query<Row[]>("emailDashboard:list", {})).find((r) => r._id === id);
    expect(row).toMatchObject({ status: "sent", deliveryChannel: null });
  });

  it("refuses a channel the product does not know", async () => {
    const companyId = (await (await new Client(logOnly.url).signIn("owner@demo.test")).query<{ _id: string }>("companies:getCurrentCompany", {}))._id;
    const insert = logOnly.database.db
      .insertInto("outbox")
      .values({ id: newId(), companyId, channel: "email", recipient: "x@example.com", body: "x", deliveryChannel: "pigeon" as never })
      .execute();
    await expect(insert).rejects.toThrow(/outbox_delivery_channel_check/);
  });
});
