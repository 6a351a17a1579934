import { useState } from "react";
import { newIdempotencyKey } from "./client";
import { FunctionError } from "./errors";

// One idempotency key per submission of a money form (decision 0023): a retry of the same
// arguments after a network error reuses the key, so the server answers it from the first run
// if that run committed; an answer from the server (success or refusal) or changed arguments
// start a new submission with a new key.

export class SubmissionKeys {
  private current: { key: string; args: string } | null = null;

  constructor(private readonly make: () => string = newIdempotencyKey) {}

  /** The key for sending `args` now. */
  keyFor(args: unknown): string {
    const json = JSON.stringify(args);
    if (this.current?.args !== json) this.current = { key: this.make(), args: json };
    return this.current.key;
  }

  /** The call ended: only an unanswered call (network, dropped connection) keeps its key for the retry. */
  settled(error?: unknown): void {
    if (error === undefined || error instanceof FunctionError) this.current = null;
  }

  /** Runs `call` with the key for `args`, settling it by the outcome. */
  async run<R>(args: unknown, call: (idempotencyKey: string) => Promise<R>): Promise<R> {
    try {
      const result = await call(this.keyFor(args));
      this.settled();
      return result;
    } catch (error) {
      this.settled(error);
      throw error;
    }
  }
}

/** The submission keys of one form, kept for the component's life. */
export function useSubmissionKeys(): SubmissionKeys {
  const [keys] = useState(() => new SubmissionKeys());
  return keys;
}
