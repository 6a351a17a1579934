import { refusalTable } from "./refusals.ts";

// What the call runtime itself refuses, whatever the function: too many attempts (a rate limit)
// and a mutation's idempotencyKey, in English (what the server sends) and Spanish, with codes
// "runtime.<key>" (refusals.ts).

const RUNTIME_TABLE = refusalTable("runtime", {
  tooManyAttempts: { en: "Too many attempts, try again later", es: "Demasiados intentos; inténtalo de nuevo más tarde" },
  invalidIdempotencyKey: {
    en: 'Invalid "idempotencyKey": expected 1 to 200 visible ASCII characters',
    es: '"idempotencyKey" no válido: se esperaban de 1 a 200 caracteres ASCII visibles',
  },
  idempotencyKeyNotMutation: { en: '"idempotencyKey" is accepted only with a mutation', es: '"idempotencyKey" solo se acepta con una mutación' },
  idempotencyKeyReused: {
    en: "This idempotencyKey was already used for a different call; send a new key with new arguments",
    es: "Este idempotencyKey ya se usó para otra llamada; envía una clave nueva con argumentos nuevos",
  },
});

export const RUNTIME_REFUSAL_TEXTS = RUNTIME_TABLE.texts;
/** A refusal for the server to throw, with its code ("runtime.<key>"). */
export const runtimeRefusal = RUNTIME_TABLE.refusal;
