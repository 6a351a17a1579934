import { describe, expect, it } from "vitest";
import { DEFAULT_ERROR_MESSAGE, EMAIL_ERRORS, EMAIL_ERRORS_ES, emailErrorText, extractErrorMessage, sanitizeEmailError, stripServerDecorations } from "./errorMessage.ts";

describe("extractErrorMessage", () => {
  it("strips the request-id prefix and the uncaught marker", () => {
    expect(extractErrorMessage(new Error("[Request ID: abc] Server Error\nUncaught Error: Store not found"))).toBe("Store not found");
    expect(extractErrorMessage(new Error("Uncaught Error: PIN is required"))).toBe("PIN is required");
    expect(extractErrorMessage(new Error("Uncaught ConvexError: Already verified"))).toBe("Already verified");
  });

  it("strips a [CONVEX …] prefix", () => {
    expect(extractErrorMessage(new Error("[CONVEX M(collections:verify)] [Request ID: 9f2e] Server Error\nUncaught Error: Collection already verified"))).toBe(
      "Collection already verified",
    );
    expect(extractErrorMessage("[CONVEX Q(stores:listAll)] Not signed in")).toBe("Not signed in");
  });

  it("strips the handler suffix and 'Called by client'", () => {
    const message =
      "[Request ID: abc] Server Error\nUncaught Error: Company code is invalid\n    at handler (../server/functions/companyJoinRequests.ts:42:11)\n\n  Called by client";
    expect(extractErrorMessage(new Error(message))).toBe("Company code is invalid");
    expect(extractErrorMessage(new Error("Uncaught Error: Nope Called by client"))).toBe("Nope");
  });

  it("keeps a plain message untouched apart from trimming", () => {
    expect(extractErrorMessage(new Error("  Store is inactive  "))).toBe("Store is inactive");
    expect(extractErrorMessage(new Error("Server Error: database unavailable"))).toBe("Server Error: database unavailable");
    expect(extractErrorMessage("Failed to apply theme")).toBe("Failed to apply theme");
    expect(extractErrorMessage({ message: "from an object" })).toBe("from an object");
  });

  it("uses the message only when shorter than 200 characters", () => {
    expect(extractErrorMessage(new Error("x".repeat(199)))).toBe("x".repeat(199));
    expect(extractErrorMessage(new Error("x".repeat(200)))).toBe(DEFAULT_ERROR_MESSAGE);
    // The limit applies after stripping.
    expect(extractErrorMessage(new Error(`Uncaught Error: ${"y".repeat(190)}\n    at handler (${"z".repeat(50)})`))).toBe("y".repeat(190));
  });

  it("falls back to the default for empty or unusable errors", () => {
    for (const error of [new Error(""), new Error("[Request ID: x] Server Error\nUncaught Error: "), "", null, undefined, 42, {}, { message: 3 }]) {
      expect(extractErrorMessage(error)).toBe(DEFAULT_ERROR_MESSAGE);
    }
    expect(DEFAULT_ERROR_MESSAGE).toBe("An unexpected error occurred");
  });

  it("falls back to a screen's own message instead of the default when given one", () => {
    expect(extractErrorMessage(new Error(""), "Could not save the store")).toBe("Could not save the store");
    expect(extractErrorMessage(new Error("x".repeat(200)), "")).toBe("");
    expect(extractErrorMessage(new Error("Uncaught Error: Store name taken"), "Could not save the store")).toBe("Store name taken");
  });

  it("exposes the stripping on its own", () => {
    expect(stripServerDecorations("Uncaught Error: a\n    at b")).toBe("a");
  });
});

describe("sanitizeEmailError", () => {
  it.each([
    ["Rate limit exceeded", EMAIL_ERRORS.rateLimit],
    ["429 Too Many Requests", EMAIL_ERRORS.rateLimit],
    ["Invalid email address: bob@", EMAIL_ERRORS.invalidEmail],
    ["Recipient address invalid", EMAIL_ERRORS.invalidEmail],
    ["Authentication failed", EMAIL_ERRORS.authentication],
    ["Invalid login: 535 5.7.8 Username and Password not accepted", EMAIL_ERRORS.authentication],
    ["Unauthorized", EMAIL_ERRORS.authentication],
    ["Network request failed", EMAIL_ERRORS.network],
    ["Connection timeout", EMAIL_ERRORS.network],
    ["connect ECONNREFUSED 127.0.0.1:587", EMAIL_ERRORS.network],
    ["Request timed out", EMAIL_ERRORS.network],
  ])("%j → %j", (message, expected) => {
    expect(sanitizeEmailError(message)).toBe(expected);
  });

  it("checks in the spec's order", () => {
    // Both rate limit and network: rate limit wins.
    expect(sanitizeEmailError("Network throttled: rate limit")).toBe(EMAIL_ERRORS.rateLimit);
    // Both invalid e-mail and authentication: invalid e-mail wins.
    expect(sanitizeEmailError("Authentication ok but invalid email")).toBe(EMAIL_ERRORS.invalidEmail);
    // A long network message is still a network error.
    expect(sanitizeEmailError(`network ${"x".repeat(200)}`)).toBe(EMAIL_ERRORS.network);
  });

  it("replaces messages over 150 characters and keeps shorter ones", () => {
    expect(sanitizeEmailError("m".repeat(150))).toBe("m".repeat(150));
    expect(sanitizeEmailError("m".repeat(151))).toBe(EMAIL_ERRORS.generic);
    expect(sanitizeEmailError("Mailbox full")).toBe("Mailbox full");
    expect(sanitizeEmailError("")).toBe(EMAIL_ERRORS.generic);
  });

  it("uses the spec's exact texts", () => {
    expect(EMAIL_ERRORS).toEqual({
      rateLimit: "Too many requests. Please wait a moment and try again.",
      invalidEmail: "Invalid email address. Please check and try again.",
      authentication: "Email service authentication error. Please contact support.",
      network: "Network error. Please check your connection and try again.",
      generic: "Unable to send email. Please try again or contact support if the issue persists.",
    });
  });
});

describe("emailErrorText", () => {
  it("writes a sanitised e-mail error in the page's language", () => {
    const sanitized = sanitizeEmailError("429 Too Many Requests");
    expect(emailErrorText(sanitized, "en")).toBe(EMAIL_ERRORS.rateLimit);
    expect(emailErrorText(sanitized, "es")).toBe(EMAIL_ERRORS_ES.rateLimit);
    expect(emailErrorText(sanitizeEmailError(""), "es")).toBe(EMAIL_ERRORS_ES.generic);
    expect(emailErrorText("Mailbox full", "es")).toBe("Mailbox full");
  });
});
