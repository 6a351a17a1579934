import type { Database } from "../db/database.ts";

// A module may pause every write for a while (a restore replacing every table): the executor
// refuses mutations and actions with the pausing module's message instead of letting them wait on
// (or slip between) its statements. Kept per database handle, so servers sharing one process
// (tests) do not pause each other. The runtime owns the pause; modules call it, never the reverse.

const paused = new WeakMap<Database, Map<string, number>>();

/** Pauses writes on `database`, refused with `message`, until as many resumeWrites with the same message. */
export function pauseWrites(database: Database, message: string): void {
  const pauses = paused.get(database) ?? new Map<string, number>();
  pauses.set(message, (pauses.get(message) ?? 0) + 1);
  paused.set(database, pauses);
}

export function resumeWrites(database: Database, message: string): void {
  const pauses = paused.get(database);
  const count = (pauses?.get(message) ?? 1) - 1;
  if (count > 0) pauses!.set(message, count);
  else pauses?.delete(message);
  if (pauses && pauses.size === 0) paused.delete(database);
}

/** The error a write gets while writes are paused, or null. */
export function writeRefusal(database: Database): string | null {
  const pauses = paused.get(database);
  return pauses ? ([...pauses.keys()][0] ?? null) : null;
}
