import type { Generated } from "kysely";
import type { DefaultTimestamp, NullableTimestamp, Timestamp } from "./columnTypes.ts";

// Table types of the outbox (messages, their delivery attempts) and of the mutations'
// idempotency keys, merged into DB in schema.ts.

export type OutboxStatus = "pending" | "sending" | "sent" | "failed" | "cancelled";
/** How a delivered message left: SMTP, the SMS gateway, or only the server log (none configured). */
export type DeliveryChannel = "smtp" | "gateway" | "log";

export interface OutboxTable {
  id: string;
  companyId: string | null;
  channel: "email" | "sms";
  recipient: string;
  subject: string | null;
  body: string;
  /** pending (due at nextAttemptAt), sending (claimed until lockedUntil), sent, failed (gave up). */
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: DefaultTimestamp;
  sentAt: NullableTimestamp;
  nextAttemptAt: DefaultTimestamp;
  lockedUntil: NullableTimestamp;
  /** The worker that holds or last held the row (host:pid:n). */
  claimedBy: string | null;
  /** The template kind it was rendered from (mail/templates/catalog.ts), and its language (migration 0027). */
  kind: string | null;
  language: string | null;
  htmlBody: string | null;
  /** Set when delivered (migration 0050); null before that, and on messages delivered before it. */
  deliveryChannel: DeliveryChannel | null;
}

export interface OutboxAttemptsTable {
  id: string;
  outboxId: string;
  attempt: number;
  at: DefaultTimestamp;
  outcome: "sent" | "failed";
  /** Sanitised: what a person may read, never a credential or a stack. */
  error: string | null;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  path: string;
  argsHash: string;
  /** JSON of `{ value }` once the mutation returned; the row and the mutation commit together. */
  result: string | null;
  createdAt: DefaultTimestamp;
  expiresAt: Timestamp;
}

export interface OutboxTables {
  outbox: OutboxTable;
  outboxAttempts: OutboxAttemptsTable;
  idempotencyKeys: IdempotencyKeysTable;
}
