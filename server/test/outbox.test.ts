import http from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTransport, enqueue, OutboxWorker } from "../src/mail/outbox.ts";
import { mutation } from "../src/runtime/define.ts";
import { AppError } from "../src/runtime/errors.ts";
import { Executor } from "../src/runtime/executor.ts";
import { ANONYMOUS } from "../src/runtime/identity.ts";
import type { Registry } from "../src/runtime/registry.ts";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import type { Database } from "../src/db/database.ts";
import { createTestDatabase, startTestServer, type TestServer } from "./support/testServer.ts";

// The outbox end to end: a mutation's message leaves only if the mutation committed, through a
// real SMTP server; failures are retried with backoff and every attempt is recorded.

let sink: SmtpSink;
let server: TestServer;
/** A database no server works on, for workers the tests start and stop themselves. */
let bare: { database: Database; drop: () => Promise<void> };

beforeAll(async () => {
  sink = await SmtpSink.start();
  server = await startTestServer({ SMTP_URL: sink.url });
  bare = await createTestDatabase();
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
  await bare?.database.close();
  await bare?.drop();
});

const db = () => bare.database.db;
const quiet = { log: () => undefined };

async function until<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Mutations that exist only here, run by the server's own executor, services and worker. */
function testExecutor(): Executor {
  const registry: Registry = new Map();
  const args = z.object({ to: z.string() });
  registry.set(
    "test:enqueueThenFail",
    mutation({
      access: "public",
      args,
      handler: async (ctx, { to }) => {
        await enqueue(ctx.db, { channel: "email", to, subject: "Never", body: "Rolled back 1" });
        throw new AppError("Refused after queueing");
      },
    }) as never,
  );
  registry.set(
    "test:enqueue",
    mutation({
      access: "public",
      args,
      handler: async (ctx, { to }) => enqueue(ctx.db, { channel: "email", to, subject: "Hello", body: "Committed 2" }),
    }) as never,
  );
  return new Executor(server.services, registry);
}

describe("outbox", () => {
  it("delivers a committed mutation's message through SMTP within a second, and never a rolled-back one's", async () => {
    const executor = testExecutor();
    const failed = await executor.call("test:enqueueThenFail", { to: "ghost@example.com" }, ANONYMOUS, "127.0.0.1");
    expect(failed).toMatchObject({ ok: false, errorMessage: "Refused after queueing" });

    const committedAt = Date.now();
    const done = await executor.call("test:enqueue", { to: "reader@example.com" }, ANONYMOUS, "127.0.0.1");
    expect(done.ok).toBe(true);
    expect(await sink.waitForMatch("reader@example.com", /Committed (\d)/, 2_000)).toBe("2");
    // Woken by the commit, not by the 3-second poll.
    expect(Date.now() - committedAt).toBeLessThan(1_000);

    const id = done.value as string;
    const serverDb = server.database.db;
    const row = await until(() =>
      serverDb
        .selectFrom("outbox")
        .select(["status", "attempts", "sentAt", "lockedUntil", "claimedBy"])
        .where("id", "=", id)
        .where("status", "=", "sent")
        .executeTakeFirst(),
    );
    expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null, claimedBy: server.services.outbox.id });
    expect(await serverDb.selectFrom("outboxAttempts").select(["attempt", "outcome", "error"]).where("outboxId", "=", id).execute()).toEqual([
      { attempt: 1, outcome: "sent", error: null },
    ]);

    // The message queued by the mutation that threw does not exist, so nothing can send it.
    expect(await serverDb.selectFrom("outbox").select("id").where("recipient", "=", "ghost@example.com").execute()).toEqual([]);
    expect(sink.messages.filter((m) => m.to.includes("ghost@example.com"))).toEqual([]);
  });

  it("retries a refused message with exponential backoff, recording each attempt, until it is sent", async () => {
    let refusals = 2;
    const received: string[] = [];
    // A real SMTP server that answers "try later" to the first two deliveries.
    const flaky = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (refusals-- > 0) return callback(Object.assign(new Error("Mailbox busy"), { responseCode: 450 }));
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
    await new Promise<void>((r) => flaky.listen(0, "127.0.0.1", () => r()));
    const port = (flaky.server.address() as AddressInfo).port;
    const worker = new OutboxWorker(db(), createTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, ...quiet }), { backoffMs: 150, pollMs: 50 });
    try {
      const id = await enqueue(db(), { channel: "email", to: "patient@example.com", subject: "Retry", body: "Third time" });
      worker.start();
      await until(async () => received.includes("patient@example.com"));
      const attempts = await until(async () => {
        const rows = await db()
          .selectFrom("outboxAttempts")
          .select(["attempt", "outcome", "error", "at"])
          .where("outboxId", "=", id)
          .orderBy("attempt")
          .execute();
        return rows.length === 3 && rows;
      });
      expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
        [1, "failed"],
        [2, "failed"],
        [3, "sent"],
      ]);
      expect(attempts[0].error).toMatch(/Mailbox busy/);
      expect(attempts[0].error!.length).toBeLessThanOrEqual(150);
      // At least 150 ms, then at least 300 ms (both on the database clock, which sets the delay).
      const gap = (i: number) => new Date(attempts[i + 1].at).getTime() - new Date(attempts[i].at).getTime();
      expect(gap(0)).toBeGreaterThanOrEqual(150);
      expect(gap(1)).toBeGreaterThanOrEqual(300);
      expect(await db().selectFrom("outbox").select(["status", "attempts", "lastError"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
        status: "sent",
        attempts: 3,
        lastError: null,
      });
    } finally {
      await worker.stop();
      await new Promise<void>((r) => flaky.close(() => r()));
    }
  });

  it("takes over a message whose claim ran out (its process died mid-delivery), and only while it is out", async () => {
    const local = await SmtpSink.start();
    const worker = new OutboxWorker(db(), createTransport({ smtpUrl: local.url, ...quiet }), { pollMs: 50 });
    const held = await enqueue(db(), { channel: "email", to: "held@example.com", subject: "Held", body: "Still held" });
    const lapsed = await enqueue(db(), { channel: "email", to: "lapsed@example.com", subject: "Lapsed", body: "Taken over 9" });
    const inAMinute = new Date(Date.now() + 60_000);
    await db().updateTable("outbox").set({ status: "sending", attempts: 1, claimedBy: "gone:1:1", lockedUntil: inAMinute }).where("id", "=", held).execute();
    await db()
      .updateTable("outbox")
      .set({ status: "sending", attempts: 1, claimedBy: "gone:1:1", lockedUntil: new Date(Date.now() - 1000) })
      .where("id", "=", lapsed)
      .execute();
    worker.start();
    try {
      expect(await local.waitForMatch("lapsed@example.com", /Taken over (\d)/)).toBe("9");
      const row = await until(() =>
        db().selectFrom("outbox").select(["status", "attempts", "claimedBy"]).where("id", "=", lapsed).where("status", "=", "sent").executeTakeFirst(),
      );
      expect(row).toEqual({ status: "sent", attempts: 2, claimedBy: worker.id });
      expect(await db().selectFrom("outbox").select(["status", "claimedBy"]).where("id", "=", held).executeTakeFirstOrThrow()).toEqual({
        status: "sending",
        claimedBy: "gone:1:1",
      });
      expect(local.messages.filter((m) => m.to.includes("held@example.com"))).toEqual([]);
    } finally {
      await worker.stop();
      await local.close();
      await db().deleteFrom("outbox").where("id", "=", held).execute();
    }
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    const closed = await SmtpSink.start();
    const port = closed.port;
    await closed.close();
    const worker = new OutboxWorker(db(), createTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, ...quiet }), { backoffMs: 20, pollMs: 50, maxAttempts: 2 });
    const id = await enqueue(db(), { channel: "email", to: "nowhere@example.com", subject: "Lost", body: "Never arrives" });
    worker.start();
    try {
      const row = await until(() =>
        db().selectFrom("outbox").select(["status", "attempts", "lastError"]).where("id", "=", id).where("status", "=", "failed").executeTakeFirst(),
      );
      expect(row).toEqual({ status: "failed", attempts: 2, lastError: "Network error. Please check your connection and try again." });
      expect(await db().selectFrom("outboxAttempts").select("outcome").where("outboxId", "=", id).execute()).toEqual([
        { outcome: "failed" },
        { outcome: "failed" },
      ]);
    } finally {
      await worker.stop();
    }
  });

  it("delivers SMS through the same worker as a Twilio-compatible form POST with basic auth, and logs without SMS_URL", async () => {
    const received: Array<{ auth?: string; body: string }> = [];
    const smsServer = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push({ auth: req.headers.authorization, body });
        res.writeHead(201).end("{}");
      });
    });
    await new Promise<void>((r) => smsServer.listen(0, "127.0.0.1", () => r()));
    const { port } = smsServer.address() as AddressInfo;
    const worker = new OutboxWorker(db(), createTransport({ smsUrl: `http://acct:secret@127.0.0.1:${port}/Messages?from=%2B15550100`, ...quiet }));
    await enqueue(db(), { channel: "sms", to: "+15551234567", body: "Your code is 123456" });
    worker.start();
    await until(async () => received.length > 0);
    await worker.stop();
    expect(received).toHaveLength(1);
    expect(received[0].auth).toBe(`Basic ${Buffer.from("acct:secret").toString("base64")}`);
    expect(new URLSearchParams(received[0].body).get("Body")).toBe("Your code is 123456");
    expect(new URLSearchParams(received[0].body).get("From")).toBe("+15550100");
    await new Promise((r) => smsServer.close(r));

    const lines: string[] = [];
    await createTransport({ log: (l: string) => lines.push(l) }).sms("+15550000000", "Logged 7");
    expect(lines.join("\n")).toContain("[sms] to=+15550000000\nLogged 7");
  });
});
