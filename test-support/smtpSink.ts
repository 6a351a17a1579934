import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on loopback that keeps every message it receives, for tests that read
// codes out of e-mails exactly as a user would.

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  static async start(): Promise<SmtpSink> {
    let sink: SmtpSink | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          sink?.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    sink = new SmtpSink(server, (server.server.address() as AddressInfo).port);
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits for the newest message to `to` whose text matches `pattern`; returns the first group. */
  async waitForMatch(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = [...this.messages].reverse().find((m) => m.to.includes(to) && pattern.test(m.raw));
      if (mail) return mail.raw.match(pattern)![1] ?? mail.raw.match(pattern)![0];
      if (Date.now() > deadline) throw new Error(`No e-mail to ${to} matching ${pattern}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
