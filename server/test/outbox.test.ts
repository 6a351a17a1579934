import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Outbox } from "../src/mail/outbox.ts";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import { createTestDatabase } from "./support/testServer.ts";
import type { Database } from "../src/db/database.ts";

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  await database?.close();
  await drop?.();
});

describe("outbox", () => {
  it("delivers e-mail over real SMTP and records it as sent", async () => {
    const sink = await SmtpSink.start();
    const outbox = new Outbox(database.db, { smtpUrl: sink.url, log: () => {} });
    const id = await outbox.send({ channel: "email", to: "reader@example.com", subject: "Hello", body: "Body text 123" });
    expect(await sink.waitForMatch("reader@example.com", /Body text (\d+)/)).toBe("123");
    expect(await database.db.selectFrom("outbox").select(["status", "attempts", "sentAt"]).where("id", "=", id).executeTakeFirstOrThrow()).toMatchObject({ status: "sent", attempts: 1 });
    await sink.close();
  });

  it("keeps a message that could not be sent, with a sanitised error, and retries it", async () => {
    const sink = await SmtpSink.start();
    const port = sink.port;
    await sink.close();
    const down = new Outbox(database.db, { smtpUrl: `smtp://127.0.0.1:${port}`, log: () => {} });
    const id = await down.send({ channel: "email", to: "later@example.com", subject: "Later", body: "Eventually 42" });
    expect(await database.db.selectFrom("outbox").select(["status", "lastError"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "failed",
      lastError: "Network error. Please check your connection and try again.",
    });
    const up = await SmtpSink.start();
    await new Outbox(database.db, { smtpUrl: up.url, log: () => {} }).retryPending();
    expect(await up.waitForMatch("later@example.com", /Eventually (\d+)/)).toBe("42");
    expect((await database.db.selectFrom("outbox").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("sent");
    await up.close();
  });

  it("sends SMS as a Twilio-compatible form POST with basic auth, and logs without SMS_URL", async () => {
    const received: Array<{ auth?: string; body: string }> = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ auth: req.headers.authorization, body });
        res.writeHead(201).end("{}");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const { port } = server.address() as AddressInfo;
    const outbox = new Outbox(database.db, { smsUrl: `http://acct:secret@127.0.0.1:${port}/Messages?from=%2B15550100`, log: () => {} });
    await outbox.send({ channel: "sms", to: "+15551234567", body: "Your code is 123456" });
    expect(received).toHaveLength(1);
    expect(received[0].auth).toBe(`Basic ${Buffer.from("acct:secret").toString("base64")}`);
    expect(new URLSearchParams(received[0].body).get("Body")).toBe("Your code is 123456");
    expect(new URLSearchParams(received[0].body).get("From")).toBe("+15550100");
    server.close();

    const lines: string[] = [];
    await new Outbox(database.db, { log: (l) => lines.push(l) }).send({ channel: "sms", to: "+15550000000", body: "Logged 7" });
    expect(lines.join("\n")).toContain("[sms] to=+15550000000\nLogged 7");
  });
});
