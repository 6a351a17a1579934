import type { Database } from "../db/database.ts";

// While a restore replaces every table, the server refuses other writes with a clear error instead
// of letting them wait on (or slip between) the restore's statements. Kept per database handle, so
// servers sharing one process (tests) do not pause each other. The executor asks before running a
// mutation or an action (runtime/executor.ts).

export const RESTORING_MESSAGE = "The server is restoring a backup. Changes are refused until it finishes; try again in a moment.";

const restoring = new WeakMap<Database, number>();

export function beginMaintenance(database: Database): void {
  restoring.set(database, (restoring.get(database) ?? 0) + 1);
}

export function endMaintenance(database: Database): void {
  const count = (restoring.get(database) ?? 1) - 1;
  if (count > 0) restoring.set(database, count);
  else restoring.delete(database);
}

export function isRestoring(database: Database): boolean {
  return restoring.has(database);
}

/** The error a write gets while a restore runs, or null. */
export function writeRefusal(database: Database): string | null {
  return restoring.has(database) ? RESTORING_MESSAGE : null;
}
