// PostgreSQL may end a transaction because of another one: a deadlock it detected (40P01) or, at
// serializable isolation, a conflict it could not order (40001). Neither is the caller's fault
// and nothing of the transaction remains, so the runtime runs the whole mutation again (its
// idempotency key is claimed inside the same transaction, so a retry cannot post twice) instead of
// answering "Server Error". PGlite runs one transaction at a time and never raises either.

const RETRYABLE = new Set(["40P01", "40001"]);
export const MAX_ATTEMPTS = 6;

export function isConflict(error: unknown): boolean {
  return typeof error === "object" && error !== null && RETRYABLE.has((error as { code?: unknown }).code as string);
}

/** Runs `attempt` until it ends without a conflict, at most MAX_ATTEMPTS times, waiting a little longer (with jitter) each time. */
export async function retryOnConflict<T>(attempt: (n: number) => Promise<T>, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= MAX_ATTEMPTS || !isConflict(error)) throw error;
      // 5–15 ms, then 10–30, 20–60 …: those that collided start apart.
      await wait(5 * 2 ** (n - 1) * (0.5 + Math.random()));
    }
  }
}
