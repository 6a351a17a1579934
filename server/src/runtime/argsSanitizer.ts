import { argumentRefusal } from "@tumble/domain/argumentRefusals";
import { refused } from "./errors.ts";

// PostgreSQL refuses NUL in text and JSON, and UTF-8 cannot carry an unpaired surrogate, so
// such strings would fail deep in a query as "Server Error". Refuse them up front, naming the field.

const notAllowed = (path: string[]) => refused(argumentRefusal("notAllowed", { field: path.length ? path.join(".") : "args" }));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badString(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/** Throws a field-naming AppError when any string (or object key) in `value` cannot be stored. */
export function sanitizeArgs(value: unknown, path: string[] = []): void {
  if (typeof value === "string") {
    if (badString(value)) throw notAllowed(path);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => sanitizeArgs(item, [...path, String(i)]));
    return;
  }
  if (value !== null && typeof value === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null)) {
    for (const [key, item] of Object.entries(value)) {
      if (badString(key)) throw notAllowed(path);
      sanitizeArgs(item, [...path, key]);
    }
  }
}
