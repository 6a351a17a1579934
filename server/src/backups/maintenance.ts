import type { Database } from "../db/database.ts";
import { pauseWrites, resumeWrites, writeRefusal } from "../runtime/writePause.ts";

// While a restore replaces every table, the server refuses other writes with a clear error instead
// of letting them wait on (or slip between) the restore's statements: the runtime's write pause
// (runtime/writePause.ts), which the executor asks before running a mutation or an action.

export const RESTORING_MESSAGE = "The server is restoring a backup. Changes are refused until it finishes; try again in a moment.";

export function beginMaintenance(database: Database): void {
  pauseWrites(database, RESTORING_MESSAGE);
}

export function endMaintenance(database: Database): void {
  resumeWrites(database, RESTORING_MESSAGE);
}

export function isRestoring(database: Database): boolean {
  return writeRefusal(database) === RESTORING_MESSAGE;
}
