import fs from "node:fs";
import path from "node:path";

// Which integration files run on PostgreSQL as well as on PGlite. PGlite is PostgreSQL itself, run
// in the process one transaction at a time: the same SQL gives the same answers there, so a file
// earns its second pass only where the engines really differ — calls meeting at the database, the
// pool's connections, locks, migrations on the server's version, code that branches on the engine.
// Such a file says so in its header with a line `// @postgres: <why>`; engineMarks.test.ts fails,
// naming the file and the reason, when a file doing any of that lacks the line.

export const POSTGRES_MARK = /^\/\/ @postgres: \S/m;

/** What makes a file's behaviour differ on PostgreSQL, each with the pattern that finds it. */
export const DIFFERS_ON_POSTGRES: ReadonlyArray<readonly [string, RegExp]> = [
  ["runs calls at the same time (support/race.ts)", /from "\.\/support\/race\.ts"/],
  ["runs calls at the same time (Promise.allSettled)", /Promise\.allSettled\(/],
  ["branches on the database engine", /(database\.kind|TEST_DB_KIND)\s*[!=]==|openPostgres|postgresTemplate/],
  ["runs migrations", /migrateToLatest|new Migrator\(|loadMigrations\(/],
  ["takes locks or opens transactions of its own", /lock table|for update|for share|sql`begin|pg_advisory|pg_terminate_backend/i],
];

const USES_A_DATABASE = /startTestServer|createTestDatabase|startServerProcess|openPGlite|openPostgres/;

/** `Promise.all` over these only waits for set-up (sign-ins, sockets, subscriptions), not a race. */
const SET_UP = /^\s*(\[|\w+\.map\()?[\s\S]*?(signIn\(|\.next\(|\.close\(\)|SyncClient\.connect\(|socket\()/;

/** The argument text of every `Promise.all(...)` in `text`. */
function promiseAllArguments(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/Promise\.all\(/g)) {
    let depth = 1;
    let i = match.index + match[0].length;
    const start = i;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === "(") depth++;
      else if (text[i] === ")") depth--;
    }
    found.push(text.slice(start, i - 1));
  }
  return found;
}

/** Why the file's behaviour can differ on PostgreSQL (empty when it cannot). */
export function differsOnPostgres(text: string): string[] {
  // A file that opens no database (a query builder on a dummy driver) runs the same anywhere.
  if (!USES_A_DATABASE.test(text)) return [];
  const reasons = DIFFERS_ON_POSTGRES.filter(([, pattern]) => pattern.test(text)).map(([reason]) => reason);
  const raced = promiseAllArguments(text).filter((argument) => !SET_UP.test(argument));
  if (raced.length > 0) reasons.push(`runs calls at the same time (Promise.all(${raced[0].trim().slice(0, 60)}…))`);
  return reasons;
}

export const INTEGRATION_DIR = path.join(path.dirname(new URL(import.meta.url).pathname), "..");

/** Every integration file shared by both engines (the engine-only folders are not included). */
export function integrationFiles(): string[] {
  return fs
    .readdirSync(INTEGRATION_DIR)
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => path.join(INTEGRATION_DIR, f));
}

/** The shared files marked to run on PostgreSQL too, relative to the repository root. */
export function postgresFiles(root: string): string[] {
  return integrationFiles()
    .filter((file) => POSTGRES_MARK.test(fs.readFileSync(file, "utf8")))
    .map((file) => path.relative(root, file));
}
