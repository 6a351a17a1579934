import { shiftLabel } from "@tumble/domain/dateFormat";
import { formatUSD } from "@tumble/domain/money";
import { REQUEST_WORDS } from "../mail/templates/catalog.ts";
import type { NoticeKind, NoticeParams } from "./kinds.ts";

// A notice's e-mail, written on the server in the recipient's language (the bell writes the same
// notices on the web from web/public/locales/*/notifications.json). English and Spanish.

export type MailLanguage = "en" | "es";

const CASH_WORDS: Record<MailLanguage, Record<string, string>> = {
  en: {
    deposit: "deposit",
    withdrawal: "owner draw",
    transfer: "transfer",
    expense: "expense",
    change_fund_replenishment: "change-fund replenishment",
    adjustment: "adjustment",
  },
  es: {
    deposit: "depósito",
    withdrawal: "retiro del dueño",
    transfer: "transferencia",
    expense: "gasto",
    change_fund_replenishment: "reposición del fondo de cambio",
    adjustment: "ajuste",
  },
};

const ROLE_WORDS: Record<MailLanguage, Record<string, string>> = {
  en: { MEMBER: "member", MANAGING_MEMBER: "managing member", STAFF: "staff", SUPERVISOR: "supervisor", MANAGER: "manager", ADMIN: "admin", OWNER: "owner" },
  es: {
    MEMBER: "miembro",
    MANAGING_MEMBER: "miembro gestor",
    STAFF: "personal",
    SUPERVISOR: "supervisor",
    MANAGER: "gerente",
    ADMIN: "administrador",
    OWNER: "propietario",
  },
};

const word = (table: Record<string, string>, key: string) => table[key] ?? key;

type Writers = { [K in NoticeKind]: (p: NoticeParams[K], company: string) => { subject: string; line: string } };

const WRITERS: Record<MailLanguage, Writers> = {
  en: {
    "joinRequest.approved": (p, c) => ({
      subject: `You're in: ${c}`,
      line: `Your request to join ${c} was approved. You are a ${word(ROLE_WORDS.en, p.role)}.`,
    }),
    "joinRequest.denied": (p, c) => ({
      subject: `Your request to join ${c}`,
      line: `Your request to join ${c} was declined.${p.reason ? ` Reason: ${p.reason}` : ""}`,
    }),
    "request.decided": (p) => {
      const verdict = p.approved ? "approved" : "denied";
      return {
        subject: `Your ${word(REQUEST_WORDS.en, p.requestKind)} was ${verdict}`,
        line: `Your ${word(REQUEST_WORDS.en, p.requestKind)} was ${verdict}.${p.reason ? ` Reason: ${p.reason}` : ""}`,
      };
    },
    "cash.decided": (p) => {
      const what = `${word(CASH_WORDS.en, p.transactionKind)} of ${formatUSD(p.amountCents)}`;
      const verdict = p.approved ? "approved" : "rejected";
      return { subject: `Your ${what} was ${verdict}`, line: `Your ${what} was ${verdict}.${p.reason ? ` Reason: ${p.reason}` : ""}` };
    },
    "shift.published": (p) => ({
      subject: `Your schedule at ${p.storeName} changed`,
      line: `The week of ${p.weekStart} at ${p.storeName} was published with ${p.changes === 1 ? "1 change" : `${p.changes} changes`} to your shifts.`,
    }),
    "shift.swapped": (p) => ({
      subject: "A shift is yours after a swap",
      line: `The swap with ${p.fromName} was approved: you now work ${shiftLabel(p, "en")}.`,
    }),
    "count.accepted": (p) => ({
      subject: `Your count of ${p.accountName} was accepted`,
      line: `Your count of ${p.accountName} was accepted${p.varianceCents === 0 ? " with no difference" : ` with a difference of ${formatUSD(p.varianceCents)}`}.`,
    }),
  },
  es: {
    "joinRequest.approved": (p, c) => ({
      subject: `Ya eres parte de ${c}`,
      line: `Se aprobó tu solicitud para unirte a ${c}. Tu rol es ${word(ROLE_WORDS.es, p.role)}.`,
    }),
    "joinRequest.denied": (p, c) => ({
      subject: `Tu solicitud para unirte a ${c}`,
      line: `Se rechazó tu solicitud para unirte a ${c}.${p.reason ? ` Motivo: ${p.reason}` : ""}`,
    }),
    "request.decided": (p) => {
      const verdict = p.approved ? "aprobada" : "rechazada";
      return {
        subject: `Tu ${word(REQUEST_WORDS.es, p.requestKind)} fue ${verdict}`,
        line: `Tu ${word(REQUEST_WORDS.es, p.requestKind)} fue ${verdict}.${p.reason ? ` Motivo: ${p.reason}` : ""}`,
      };
    },
    "cash.decided": (p) => {
      const what = `${word(CASH_WORDS.es, p.transactionKind)} de ${formatUSD(p.amountCents)}`;
      const verdict = p.approved ? "aprobado" : "rechazado";
      return {
        subject: `Movimiento ${verdict}: ${what}`,
        line: `Tu pedido de ${what} fue ${verdict}.${p.reason ? ` Motivo: ${p.reason}` : ""}`,
      };
    },
    "shift.published": (p) => ({
      subject: `Tu horario en ${p.storeName} cambió`,
      line: `Se publicó la semana del ${p.weekStart} en ${p.storeName} con ${p.changes === 1 ? "1 cambio" : `${p.changes} cambios`} en tus turnos.`,
    }),
    "shift.swapped": (p) => ({
      subject: "Un turno es tuyo por un cambio",
      line: `Se aprobó el cambio con ${p.fromName}: ahora trabajas ${shiftLabel(p, "es")}.`,
    }),
    "count.accepted": (p) => ({
      subject: `Se aceptó tu conteo de ${p.accountName}`,
      line: `Se aceptó tu conteo de ${p.accountName}${p.varianceCents === 0 ? " sin diferencia" : ` con una diferencia de ${formatUSD(p.varianceCents)}`}.`,
    }),
  },
};

const CLOSING: Record<MailLanguage, { hello: (name: string | null) => string; open: string; off: string }> = {
  en: {
    hello: (name) => (name ? `Hello ${name},` : "Hello,"),
    open: "Open Tumble to see it: the bell in the header lists your notices.",
    off: "You can stop these e-mails on your profile, under Notices.",
  },
  es: {
    hello: (name) => (name ? `Hola, ${name}:` : "Hola:"),
    open: "Abre Tumble para verlo: la campana del encabezado muestra tus avisos.",
    off: "Puedes dejar de recibir estos correos en tu perfil, en Avisos.",
  },
};

/** The subject and text of a notice's e-mail in `language`. */
export function noticeMail<K extends NoticeKind>(
  kind: K,
  params: NoticeParams[K],
  context: { language: MailLanguage; companyName: string; recipientName: string | null },
): { subject: string; text: string } {
  const writer = WRITERS[context.language][kind] as (p: NoticeParams[K], company: string) => { subject: string; line: string };
  const { subject, line } = writer(params, context.companyName);
  const closing = CLOSING[context.language];
  return {
    subject: `${context.companyName}: ${subject}`,
    text: [closing.hello(context.recipientName), "", line, "", closing.open, "", closing.off].join("\n"),
  };
}
