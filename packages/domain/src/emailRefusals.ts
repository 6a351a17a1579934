import { refusalTable } from "./refusals.ts";

// What the company's e-mail templates and its outbox (the e-mail dashboard) refuse, in English
// (what the server sends) and Spanish, with codes "email.<key>" (refusals.ts). A template's part
// travels as "subject", "text" or "HTML"; a template's fault as the parser's English
// (server/src/mail/templates/render.ts), said in Spanish here where it is one of its three.

type Part = { part: string };

const PART_ES: Record<string, string> = { subject: "el asunto", text: "el texto", HTML: "el HTML" };
const partEs = (part: string) => PART_ES[part] ?? part;

const FAULTS_ES: Array<[RegExp, (name: string) => string]> = [
  [/^Unexpected \{\{\/(.+)\}\}$/, (name) => `sobra {{/${name}}}`],
  [/^\{\{#(.+)\}\} is never closed$/, (name) => `{{#${name}}} nunca se cierra`],
  [/^A placeholder is not written \{\{name\}\}$/, () => "un marcador no está escrito como {{nombre}}"],
];
const faultEs = (fault: string) => {
  for (const [pattern, es] of FAULTS_ES) {
    const match = pattern.exec(fault);
    if (match) return es(match[1] ?? "");
  }
  return fault;
};

const EMAIL_TABLE = refusalTable("email", {
  unknownKind: {
    en: ({ kind }: { kind: string }) => `Unknown e-mail kind "${kind}"`,
    es: ({ kind }: { kind: string }) => `Tipo de correo desconocido "${kind}"`,
  },
  invalidTemplate: {
    en: ({ part, fault }: Part & { fault: string }) => `The ${part} is not a valid template: ${fault}`,
    es: ({ part, fault }: Part & { fault: string }) => `${capitalized(partEs(part))} no es una plantilla válida: ${faultEs(fault)}`,
  },
  unknownPlaceholder: {
    en: ({ part, placeholders }: Part & { placeholders: string }) => `Unknown placeholder in the ${part}: ${placeholders}`,
    es: ({ part, placeholders }: Part & { placeholders: string }) => `Marcador desconocido en ${partEs(part)}: ${placeholders}`,
  },
  noAddress: {
    en: "Your account has no e-mail address to send the test to",
    es: "Tu cuenta no tiene una dirección de correo a la que enviar la prueba",
  },
  messageNotFound: { en: "Message not found", es: "No se encontró el mensaje" },
  alreadySent: { en: "This message was already sent", es: "Este mensaje ya se envió" },
  beingSent: { en: "This message is being sent now", es: "Este mensaje se está enviando ahora" },
  notWaiting: { en: "Only a message waiting to be sent can be cancelled", es: "Solo se puede cancelar un mensaje que espera ser enviado" },
  /** Spec section 8: who may not see the outbox. */
  denied: { en: "MANAGER+ role required to view email dashboard.", es: "Se requiere el rol MANAGER o superior para ver el panel de correo." },
});

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const EMAIL_REFUSAL_TEXTS = EMAIL_TABLE.texts;
/** A refusal for the server to throw, with its code ("email.<key>"). */
export const emailRefusal = EMAIL_TABLE.refusal;
