import type { Kysely } from "kysely";
import { deliveryMethodOf, type Language } from "@tumble/domain/campaignLabels";
import { formatUSD } from "@tumble/domain/money";
import type { DB } from "../db/schema.ts";
import { enqueue } from "../mail/outbox.ts";
import { codeMessage } from "./claims.ts";

// A claim's verification code on its way to the customer, by e-mail, text or both, as the
// campaign says (spec sections 8 and 9).

export interface Delivery {
  channel: "email" | "sms";
  /** "pending": queued in the outbox with the claim, delivered once it commits. */
  status: "sent" | "failed" | "pending";
  /** A failed e-mail's reason, sanitised for the customer (spec section 8). */
  error: string | null;
}

/** Queues the code the campaign's way, in the caller's transaction (docs/decisions/0011). */
export async function enqueueCode(
  db: Kysely<DB>,
  target: {
    companyId: string;
    email: string | null;
    phone: string | null;
    deliveryMethod: string;
    campaignName: string;
    claimCode: string;
    code: string;
    offerAmountCents: number;
    language: Language;
  },
): Promise<Delivery[]> {
  const method = deliveryMethodOf(target.deliveryMethod);
  const message = codeMessage(target);
  const queued: Delivery[] = [];
  if ((method === "email" || method === "both") && target.email) {
    await enqueue(db, {
      channel: "email",
      to: target.email,
      subject: message.subject,
      body: message.body,
      companyId: target.companyId,
      template: {
        kind: "claimCode",
        language: target.language,
        data: {
          campaignName: target.campaignName,
          claimCode: target.claimCode,
          code: target.code,
          offer: target.offerAmountCents > 0 ? formatUSD(target.offerAmountCents) : "",
        },
      },
    });
    queued.push({ channel: "email", status: "pending", error: null });
  }
  if ((method === "sms" || method === "both") && target.phone) {
    await enqueue(db, { channel: "sms", to: `+1${target.phone}`, body: message.sms, companyId: target.companyId });
    queued.push({ channel: "sms", status: "pending", error: null });
  }
  return queued;
}
