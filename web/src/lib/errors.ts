/** A backend function threw: the server's message, and its structured data when it sent some. */
export class FunctionError extends Error {
  readonly data: unknown;
  readonly path: string | undefined;

  constructor(message: string, data?: unknown, path?: string) {
    super(message);
    this.name = "FunctionError";
    this.data = data;
    this.path = path;
  }
}

export const DEFAULT_ERROR_MESSAGE = "An unexpected error occurred";
const MAX_MESSAGE_LENGTH = 200;

/**
 * Reduce a thrown value to a message fit for a user: drops server prefixes such as
 * "[Request ID: …] Server Error", "Uncaught Error:" and trailing handler frames, and falls back
 * to `fallback` when nothing useful (non-empty, under 200 characters) remains.
 */
export function errorMessageOf(error: unknown, fallback = DEFAULT_ERROR_MESSAGE): string {
  let raw: string | undefined;
  if (typeof error === "string") raw = error;
  else if (error instanceof Error) raw = error.message;
  else if (error && typeof error === "object" && "message" in error && typeof error.message === "string") {
    raw = error.message;
  }
  if (!raw) return fallback;
  const cleaned = stripServerDecoration(raw);
  return cleaned.length > 0 && cleaned.length < MAX_MESSAGE_LENGTH ? cleaned : fallback;
}

export function stripServerDecoration(message: string): string {
  let text = message.trim();
  // Leading bracketed tags: "[CONVEX M(auth:signIn)] [Request ID: 1a2b] ".
  text = text.replace(/^(\[[^\]]*\]\s*)+/, "");
  text = text.replace(/^Server Error\s*/i, "");
  text = text.replace(/^(Uncaught\s+)?(\w*Error):\s*/, "");
  // Trailing handler frames and call-site notes.
  text = text.replace(/\s+at\s+(async\s+)?[\w.$<>]*\s*\(.*$/s, "");
  text = text.replace(/\s*Called by client\s*$/i, "");
  return text.trim();
}

/** Errors that deserve a shorter-lived but more prominent notice: the network or a broken screen. */
export function isCriticalError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return (
    /failed to fetch|networkerror|network request failed|load failed/i.test(message) ||
    /cannot read propert(y|ies) of undefined|undefined is not an object/i.test(message)
  );
}
