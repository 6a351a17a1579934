import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpSink } from "../../../test-support/smtpSink.ts";
import type { Database } from "../../src/db/database.ts";
import { enqueue } from "../../src/mail/outbox.ts";
import { startServerProcess, type ServerProcess } from "../support/serverProcess.ts";
import { createTestDatabase } from "../support/testServer.ts";

// Two server processes, each with its own delivery worker, drain one outbox on PostgreSQL: every
// message reaches the SMTP server exactly once, and both processes take part.

const MESSAGES = 200;

let made: { database: Database; drop: () => Promise<void>; url?: string };
let sink: SmtpSink;
const processes: ServerProcess[] = [];

beforeAll(async () => {
  made = await createTestDatabase();
  sink = await SmtpSink.start();
});

afterAll(async () => {
  for (const p of processes) {
    p.child.kill("SIGTERM");
    await p.exited;
  }
  await sink?.close();
  await made?.database.close();
  await made?.drop();
});

describe("the outbox with two server processes", () => {
  it(`delivers each of ${MESSAGES} messages exactly once`, async () => {
    // A short poll, so both workers find the queue within the same few milliseconds.
    const env = { DATABASE_URL: made.url!, SMTP_URL: sink.url, OUTBOX_POLL_MS: "50" };
    processes.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));

    const db = made.database.db;
    const started = Date.now();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < MESSAGES; i++) await enqueue(trx, { channel: "email", to: `reader${i}@example.com`, subject: `Message ${i}`, body: `Number ${i}` });
    });

    const deadline = Date.now() + 30_000;
    while (sink.messages.length < MESSAGES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const drainedMs = Date.now() - started;
    // Anything delivered twice would arrive in the next moments.
    await new Promise((r) => setTimeout(r, 500));

    const perRecipient = new Map<string, number>();
    for (const mail of sink.messages) for (const to of mail.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect(sink.messages).toHaveLength(MESSAGES);
    expect(perRecipient.size).toBe(MESSAGES);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);

    const rows = await db.selectFrom("outbox").select(["status", "attempts", "claimedBy"]).execute();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    const byWorker = new Map<string, number>();
    for (const r of rows) byWorker.set(r.claimedBy!, (byWorker.get(r.claimedBy!) ?? 0) + 1);
    expect(byWorker.size).toBe(2);
    const { n } = await db
      .selectFrom("outboxAttempts")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(MESSAGES);
    process.stdout.write(`outbox: ${MESSAGES} messages by two processes in ${drainedMs} ms, split ${[...byWorker.values()].join("/")}\n`);
  });
});
