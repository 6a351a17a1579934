import readline from "node:readline";
import { isSystemRole, type SystemRole } from "@tumble/domain/permissions";
import { ConfigError, loadConfig } from "../base/config.ts";
import { openPGlite, openPostgres } from "../db/database.ts";
import { DataDirLockedError } from "../db/lockFile.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { AdminCommandError, checkAdminInput, createAdmin } from "../systemAdmin/firstAdmin.ts";

// npm run admin -- create EMAIL [--role SUPER_ADMIN|SYSTEM_ADMIN|COMPANIES_ADMIN] [--name NAME] [--password]
//
// The first system administrator of an installation (or a new one when none is left): in the
// console a global role waits for a second administrator (docs/decisions/0060-two-person-rules.md),
// so whoever runs the server makes the first. Works on the database the server would use
// (DATABASE_URL, or the embedded one in DATA_DIR: stop the server first), migrates it when new,
// never seeds demo data, and runs from the build with production dependencies only. Running it
// again changes nothing already so. The password comes from ADMIN_PASSWORD, or a prompt with
// --password; without one, an account that has none gets a one-time code and the link to set it.

const USAGE = "Usage: npm run admin -- create EMAIL [--role SUPER_ADMIN|SYSTEM_ADMIN|COMPANIES_ADMIN] [--name NAME] [--password]";

function parse(argv: string[]): { email: string; role: SystemRole; name: string | null; prompt: boolean } {
  const [command, email, ...rest] = argv;
  if (command !== "create" || !email || email.startsWith("--")) throw new AdminCommandError(USAGE);
  let role: SystemRole = "SUPER_ADMIN";
  let name: string | null = null;
  let prompt = false;
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    if (flag === "--password") prompt = true;
    else if (flag === "--role" || flag === "--name") {
      const value = rest[++i];
      if (value === undefined) throw new AdminCommandError(`${flag} needs a value\n${USAGE}`);
      if (flag === "--name") name = value;
      else if (isSystemRole(value)) role = value;
      else throw new AdminCommandError(`Unknown role ${value}\n${USAGE}`);
    } else throw new AdminCommandError(`Unknown option ${flag}\n${USAGE}`);
  }
  return { email, role, name, prompt };
}

/** Reads a line from the terminal without echoing it. */
async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) throw new AdminCommandError("--password needs a terminal; set ADMIN_PASSWORD instead");
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let asked = false;
  output._writeToOutput = (s: string) => {
    if (!asked) process.stdout.write(s);
  };
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    });
    asked = true;
  });
}

async function main(): Promise<void> {
  const args = parse(process.argv.slice(2));
  const config = loadConfig();
  let password = process.env.ADMIN_PASSWORD || null;
  if (!password && args.prompt) {
    password = await askHidden("Password: ");
    if ((await askHidden("Password again: ")) !== password) throw new AdminCommandError("The passwords differ");
  }
  // Refused before the database is opened: a wrong address or short password changes nothing.
  checkAdminInput(args.email, password);
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPGlite(config.dataDir);
  try {
    await migrateToLatest(database.db);
    const result = await createAdmin(database.db, { email: args.email, role: args.role, password, name: args.name, publicUrl: config.publicUrl });
    const lines = [
      `${result.createdAccount ? "Created" : "Found"} the account ${result.email}.`,
      result.grantedRole ? `It is now ${result.globalRole}.` : `It already was ${result.globalRole}; nothing changed.`,
    ];
    if (result.passwordSet) lines.push("Its password is set.");
    else if (result.setPassword)
      lines.push(
        `To set its password, open ${result.setPassword.url} and enter the code ${result.setPassword.code} ` +
          `with a password of your choice (the code works once, for ${result.setPassword.hours} hours).`,
      );
    else lines.push('It keeps its password (forgotten? choose "Forgot password" on the sign-in page, or run this with ADMIN_PASSWORD).');
    process.stdout.write(`${lines.join("\n")}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof AdminCommandError || error instanceof ConfigError || error instanceof DataDirLockedError;
  process.stderr.write(`${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
