import nodemailer, { type Transporter } from "nodemailer";
import type { Kysely } from "kysely";
import { sanitizeEmailError } from "@tumble/domain/errorMessage";
import type { DB } from "../db/schema.ts";
import { newId } from "../runtime/ids.ts";
import { sendSms } from "../sms/sender.ts";

// Every e-mail and SMS goes through the outbox table first, so nothing is lost when a transport
// is down: it is sent at once and retried later if that fails. Without SMTP_URL / SMS_URL the
// message is printed to the server log instead (development and demo).

export interface OutgoingMessage {
  channel: "email" | "sms";
  to: string;
  subject?: string;
  body: string;
  companyId?: string | null;
}

const MAX_ATTEMPTS = 5;

export class Outbox {
  private readonly transport: Transporter | null;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: { smtpUrl?: string; smsUrl?: string; from?: string; log: (line: string) => void },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  /** Records the message and tries to deliver it now; returns the outbox id. */
  async send(message: OutgoingMessage): Promise<string> {
    const id = newId();
    await this.db
      .insertInto("outbox")
      .values({
        id,
        companyId: message.companyId ?? null,
        channel: message.channel,
        recipient: message.to,
        subject: message.subject ?? null,
        body: message.body,
      })
      .execute();
    await this.deliver(id);
    return id;
  }

  /** Retries what failed before; called periodically by the server. */
  async retryPending(): Promise<void> {
    const rows = await this.db
      .selectFrom("outbox")
      .select("id")
      .where("status", "in", ["pending", "failed"])
      .where("attempts", "<", MAX_ATTEMPTS)
      .orderBy("createdAt")
      .limit(50)
      .execute();
    for (const row of rows) await this.deliver(row.id);
  }

  private async deliver(id: string): Promise<void> {
    const row = await this.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row || row.status === "sent") return;
    try {
      if (row.channel === "email") await this.sendEmail(row.recipient, row.subject ?? "", row.body);
      else await this.sendSmsMessage(row.recipient, row.body);
      await this.db.updateTable("outbox").set({ status: "sent", sentAt: new Date(), attempts: row.attempts + 1, lastError: null }).where("id", "=", id).execute();
    } catch (error) {
      const message = sanitizeEmailError(error instanceof Error ? error.message : String(error));
      await this.db.updateTable("outbox").set({ status: "failed", attempts: row.attempts + 1, lastError: message }).where("id", "=", id).execute();
    }
  }

  private async sendEmail(to: string, subject: string, text: string): Promise<void> {
    if (!this.transport) {
      this.options.log(`[mail] to=${to} subject=${JSON.stringify(subject)}\n${text}`);
      return;
    }
    await this.transport.sendMail({ from: this.options.from ?? "Tumble <no-reply@tumble.local>", to, subject, text });
  }

  private async sendSmsMessage(to: string, body: string): Promise<void> {
    if (!this.options.smsUrl) {
      this.options.log(`[sms] to=${to}\n${body}`);
      return;
    }
    await sendSms(this.options.smsUrl, to, body);
  }
}
