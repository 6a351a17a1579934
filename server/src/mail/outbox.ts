import os from "node:os";
import nodemailer, { type Transporter } from "nodemailer";
import { sql, type Kysely } from "kysely";
import { sanitizeEmailError } from "@tumble/domain/errorMessage";
import type { DB } from "../db/schema.ts";
import type { DeliveryChannel, OutboxTable } from "../db/outboxSchema.ts";
import { newId } from "../runtime/ids.ts";
import { PollingLoop } from "../runtime/pollingWorker.ts";
import { sendSms } from "../sms/sender.ts";
import { renderFor, type TemplatedMessage } from "./templates/index.ts";

// Every e-mail and SMS is a row in the outbox, written in the transaction of the mutation that
// sends it, so a message exists if and only if its mutation committed (docs/decisions/0011).
// One worker per server process delivers due rows: it claims them with FOR UPDATE SKIP LOCKED,
// so two processes never take the same row, delivers, and records the attempt; a failure is
// retried with exponential backoff until MAX_ATTEMPTS. Without SMTP_URL / SMS_URL a message is
// printed to the server log instead (development and demo), and recorded as delivered to the log,
// not sent (delivery_channel), so the e-mail dashboard can tell the two apart.

export interface OutgoingMessage {
  channel: "email" | "sms";
  to: string;
  subject?: string;
  /** Required unless the message is written from a template. */
  body?: string;
  companyId?: string | null;
  /**
   * Write the e-mail from the company's template of this kind (mail/templates): subject, text and
   * HTML come from it, in the recipient's language; an optional kind the recipient turned off on
   * /user/email-preferences is not queued at all.
   */
  template?: TemplatedMessage;
}

/**
 * Queues a message inside `db`, which inside a mutation is its transaction (`ctx.db`): the message
 * is delivered only once that transaction commits, and never if it rolls back. Returns its id, or
 * null when the recipient does not want this kind of e-mail.
 */
export async function enqueue(db: Kysely<DB>, message: OutgoingMessage): Promise<string | null> {
  const id = newId();
  const companyId = message.companyId ?? null;
  let { subject = null, body = "" } = message;
  let extra: { kind: string | null; language: string | null; htmlBody: string | null } = { kind: null, language: null, htmlBody: null };
  if (message.template && message.channel === "email") {
    const rendered = await renderFor(db, companyId, message.to, message.template);
    if (!rendered) return null;
    subject = rendered.subject;
    body = rendered.text;
    extra = { kind: message.template.kind, language: rendered.language, htmlBody: rendered.html };
  } else if (message.template) extra.kind = message.template.kind;
  await db
    .insertInto("outbox")
    .values({ id, companyId, channel: message.channel, recipient: message.to, subject, body, ...extra })
    .execute();
  return id;
}

/**
 * How a message leaves the building; each call throws when the message was not accepted, and
 * otherwise says which way it went (nothing: not known, recorded as null).
 */
export interface Transport {
  email(to: string, subject: string, text: string, html?: string | null): Promise<DeliveryChannel | void>;
  sms(to: string, body: string): Promise<DeliveryChannel | void>;
}

export function createTransport(options: { smtpUrl?: string; smsUrl?: string; from?: string; log: (line: string) => void }): Transport {
  // Timeouts well inside the claim's lease, so a hung server cannot outlive the claim.
  const smtp: Transporter | null = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
    : null;
  return {
    async email(to, subject, text, html) {
      if (!smtp) {
        options.log(`[mail] to=${to} subject=${JSON.stringify(subject)}\n${text}`);
        return "log";
      }
      await smtp.sendMail({ from: options.from ?? "Tumble <no-reply@tumble.local>", to, subject, text, ...(html ? { html } : {}) });
      return "smtp";
    },
    async sms(to, body) {
      if (!options.smsUrl) {
        options.log(`[sms] to=${to}\n${body}`);
        return "log";
      }
      await sendSms(options.smsUrl, to, body);
      return "gateway";
    },
  };
}

export interface WorkerOptions {
  /** How often to look for due messages when nothing woke the worker. */
  pollMs?: number;
  /** How long a claim holds; a process that dies mid-delivery frees its rows after this. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Delay before the 2nd attempt; each later one waits twice as long, up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  batchSize?: number;
  log?: (line: string) => void;
}

export const MAX_ATTEMPTS = 5;

let workers = 0;

type Claimed = Pick<OutboxTable, "id" | "channel" | "recipient" | "subject" | "body" | "htmlBody"> & { attempts: number };

export class OutboxWorker {
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly batchSize: number;
  private readonly log: (line: string) => void;
  private readonly loop: PollingLoop;
  readonly id = `${os.hostname()}:${process.pid}:${++workers}`;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly transport: Transport,
    options: WorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 3_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
    this.backoffMs = options.backoffMs ?? 5_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 60 * 60_000;
    this.batchSize = options.batchSize ?? 10;
    this.log = options.log ?? (() => undefined);
    this.loop = new PollingLoop(
      async () => {
        while (this.loop.active && (await this.deliverDue()) > 0);
      },
      this.pollMs,
      // The database may be briefly unreachable; the next poll tries again.
      (error) => this.log(`[outbox] ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Begins delivering: now, on every wake(), and every pollMs. */
  start(): void {
    this.loop.start();
  }

  /** Look for due messages now (called after a mutation that enqueued one commits). */
  wake(): void {
    this.loop.wake();
  }

  /** Stops polling and waits for the delivery in progress to be recorded. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Claims one batch of due messages and delivers it; returns how many were claimed. */
  async deliverDue(): Promise<number> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((row) => this.deliver(row)));
    return claimed.length;
  }

  private async claim(): Promise<Claimed[]> {
    return this.db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("outbox")
        .select("id")
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "pending"), eb("nextAttemptAt", "<=", sql<Date>`now()`)]),
            // Claimed by a process that stopped before recording the outcome.
            eb.and([eb("status", "=", "sending"), eb("lockedUntil", "<", sql<Date>`now()`)]),
          ]),
        )
        .orderBy("nextAttemptAt")
        .limit(this.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable("outbox")
        .set((eb) => ({
          status: "sending",
          claimedBy: this.id,
          lockedUntil: sql<Date>`now() + make_interval(secs => ${this.leaseMs / 1000}::float8)`,
          attempts: eb("attempts", "+", 1),
        }))
        .where(
          "id",
          "in",
          due.map((d) => d.id),
        )
        .returning(["id", "channel", "recipient", "subject", "body", "htmlBody", "attempts"])
        .execute();
    });
  }

  private async deliver(row: Claimed): Promise<void> {
    let error: string | null = null;
    let via: DeliveryChannel | null = null;
    if (row.attempts > this.maxAttempts) {
      error = `Gave up after ${this.maxAttempts} attempts`;
    } else {
      try {
        const went =
          row.channel === "email"
            ? await this.transport.email(row.recipient, row.subject ?? "", row.body, row.htmlBody)
            : await this.transport.sms(row.recipient, row.body);
        via = went ?? null;
      } catch (caught) {
        error = sanitizeEmailError(caught instanceof Error ? caught.message : String(caught));
      }
    }
    const gaveUp = error !== null && row.attempts >= this.maxAttempts;
    const delayMs = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** (row.attempts - 1));
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("outbox")
        .set(
          error === null
            ? { status: "sent", sentAt: sql<Date>`now()`, lockedUntil: null, lastError: null, deliveryChannel: via }
            : {
                status: gaveUp ? "failed" : "pending",
                lockedUntil: null,
                lastError: error,
                nextAttemptAt: sql<Date>`now() + make_interval(secs => ${delayMs / 1000}::float8)`,
              },
        )
        // Only the claim that delivered records it: a lease taken over since then owns the row.
        .where("id", "=", row.id)
        .where("status", "=", "sending")
        .where("attempts", "=", row.attempts)
        .execute();
      await trx
        .insertInto("outboxAttempts")
        .values({ id: newId(), outboxId: row.id, attempt: row.attempts, outcome: error === null ? "sent" : "failed", error })
        .execute();
    });
  }
}
