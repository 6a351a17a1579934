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

// The message a user sees for a thrown value is `extractErrorMessage` in @tumble/domain/errorMessage
// (spec section 8), shared with the landing pages.

/** Errors that deserve a shorter-lived but more prominent notice: the network or a broken screen. */
export function isCriticalError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return (
    /failed to fetch|networkerror|network request failed|load failed/i.test(message) ||
    /cannot read propert(y|ies) of undefined|undefined is not an object/i.test(message)
  );
}
