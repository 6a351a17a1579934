import type { Refusal } from "@tumble/domain/refusals";

// A function's error reaches the client as HTTP 560 {status:"error", errorMessage, errorData?}.
// Throw AppError for anything the user should read; other errors are reported as a generic
// server error so internals never leak.

export class AppError extends Error {
  constructor(
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** The caller is not allowed to do this. */
export class AccessError extends AppError {}

/**
 * The AppError (or AccessError, when the caller may not do it) for a refusal of a module's table
 * (@tumble/domain/refusals): its English message, with its code and values as errorData, by
 * which screens translate it.
 */
export const refused = ({ message, data }: Refusal, As: typeof AppError = AppError): AppError => new As(message, data);

/** The token is missing, malformed, expired or revoked (HTTP 401 outside a function). */
export class AuthenticationError extends Error {}

export const INTERNAL_ERROR_MESSAGE = "Server Error";
