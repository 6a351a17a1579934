// Spec section 8: turning a thrown error into the text a user sees, and the e-mail error sanitiser.

export const DEFAULT_ERROR_MESSAGE = "An unexpected error occurred";
/** A message is shown only when shorter than this. */
export const MAX_ERROR_MESSAGE_LENGTH = 200;

function rawMessage(error: unknown): string {
  if (typeof error === "string") return error;
  if (error !== null && typeof error === "object" && "message" in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === "string") return message;
  }
  return "";
}

// Leading decorations a server error carries, in any order and number:
// "[CONVEX M(collections:verify)]", "[Request ID: abc123]", "Server Error", "Uncaught Error:".
const PREFIX = /^\s*(?:\[CONVEX[^\]]*\]|\[Request ID:[^\]]*\]|Server Error(?=\s|$)|Uncaught (?:[A-Za-z]*Error|exception)\s*:)\s*/;
// A stack trace from the first "\n    at " line on, and a trailing "Called by client".
const STACK = /\n\s*at [\s\S]*$/;
const CALLED_BY = /\s*Called by client\s*$/;

/** The bare message of a server error: prefixes and the handler suffix stripped, trimmed. */
export function stripServerDecorations(message: string): string {
  let text = message;
  for (let previous = ""; previous !== text;) {
    previous = text;
    text = text.replace(PREFIX, "");
  }
  text = text.replace(STACK, "").replace(CALLED_BY, "");
  return text.trim();
}

/** The message to show for any thrown value, or `fallback` ('An unexpected error occurred' unless a screen names its own). */
export function extractErrorMessage(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  const message = stripServerDecorations(rawMessage(error));
  return message.length > 0 && message.length < MAX_ERROR_MESSAGE_LENGTH ? message : fallback;
}

export const EMAIL_ERRORS = {
  rateLimit: "Too many requests. Please wait a moment and try again.",
  invalidEmail: "Invalid email address. Please check and try again.",
  authentication: "Email service authentication error. Please contact support.",
  network: "Network error. Please check your connection and try again.",
  generic: "Unable to send email. Please try again or contact support if the issue persists.",
} as const;

/** The same texts for a Spanish page. */
export const EMAIL_ERRORS_ES: Record<keyof typeof EMAIL_ERRORS, string> = {
  rateLimit: "Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.",
  invalidEmail: "Dirección de correo electrónico no válida. Revísela e inténtelo de nuevo.",
  authentication: "Error de autenticación del servicio de correo. Comuníquese con soporte.",
  network: "Error de red. Revise su conexión e inténtelo de nuevo.",
  generic: "No se pudo enviar el correo. Inténtelo de nuevo o comuníquese con soporte si el problema continúa.",
};

/** A sanitised e-mail error in the page's language; a message of the transport's own is left as it is. */
export function emailErrorText(sanitized: string, language: "en" | "es"): string {
  if (language === "en") return sanitized;
  const key = (Object.keys(EMAIL_ERRORS) as (keyof typeof EMAIL_ERRORS)[]).find((k) => EMAIL_ERRORS[k] === sanitized);
  return key ? EMAIL_ERRORS_ES[key] : sanitized;
}

/** Longer messages are replaced by the generic text. */
export const MAX_EMAIL_ERROR_LENGTH = 150;

const RATE_LIMIT = /rate.?limit|too many requests|\b429\b|throttl/i;
const INVALID_EMAIL = /invalid.{0,20}(e-?mail|address|recipient)|(e-?mail|address|recipient).{0,20}invalid|malformed.{0,20}(e-?mail|address)/i;
const AUTHENTICATION = /authenticat|unauthori[sz]ed|credential|invalid login|\b535\b|api key/i;
const NETWORK = /network|time(d)?\s?out|ETIMEDOUT|ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|socket hang up|connection (refused|reset|closed)/i;

/**
 * A mail-transport error rewritten for users, checked in the spec's order: rate limit, invalid
 * address, authentication, network or timeout, over 150 characters, otherwise the message itself.
 * An empty message gets the generic text.
 */
export function sanitizeEmailError(message: string): string {
  const text = message.trim();
  if (RATE_LIMIT.test(text)) return EMAIL_ERRORS.rateLimit;
  if (INVALID_EMAIL.test(text)) return EMAIL_ERRORS.invalidEmail;
  if (AUTHENTICATION.test(text)) return EMAIL_ERRORS.authentication;
  if (NETWORK.test(text)) return EMAIL_ERRORS.network;
  if (text === "" || text.length > MAX_EMAIL_ERROR_LENGTH) return EMAIL_ERRORS.generic;
  return text;
}
