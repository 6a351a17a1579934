import { afterEach, beforeEach } from "vitest";

// A passing run prints no console.error: any call fails the test that made it.
let errors: unknown[][] = [];
const original = console.error;

beforeEach(() => {
  errors = [];
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (errors.length) throw new Error(`console.error was called ${errors.length} time(s): ${String(errors[0]?.[0])}`);
});
