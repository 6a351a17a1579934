import { fileURLToPath } from "node:url";
import { importModuleFiles } from "../base/moduleFiles.ts";
import { AppError } from "./errors.ts";

// A write the database refuses (unique, foreign key, check, not null) reaches the user as a clear
// message instead of "Server Error": concurrent creates race past a handler's read-then-write
// check and only the constraint stops them. A constraint named by a module gets its own message;
// any other gets its kind's general one. A module names the constraints its migrations create in
// server/src/constraints/<module>.ts (`constraintMessages`), found there like badges and seeders,
// so no module edits this file.

const CONSTRAINTS_DIR = fileURLToPath(new URL("../constraints/", import.meta.url));

/** Every module's constraint messages in `dir`, refusing one constraint named twice. */
export async function loadConstraintMessages(dir = CONSTRAINTS_DIR): Promise<Map<string, string>> {
  const messages = new Map<string, string>();
  for (const { name, module } of await importModuleFiles<{ constraintMessages?: Record<string, string> }>(dir)) {
    if (typeof module.constraintMessages !== "object" || module.constraintMessages === null) {
      throw new Error(`Constraint file ${name} exports no constraintMessages`);
    }
    for (const [constraint, message] of Object.entries(module.constraintMessages)) {
      if (messages.has(constraint)) throw new Error(`Constraint ${constraint} is named twice (again in ${name})`);
      messages.set(constraint, message);
    }
  }
  return messages;
}

const CONSTRAINT_MESSAGES = await loadConstraintMessages();

const GENERAL: Record<string, string> = {
  "23505": "This already exists",
  "23514": "A value is outside what is allowed",
  "23502": "A required value is missing",
  // Raised by the triggers that keep posted ledger lines and the audit log as they were written.
  "23001": "Recorded history is never edited or deleted; reverse it with a new entry instead",
};

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
}

/** The AppError to answer for a constraint violation, or null when `error` is something else. */
export function constraintViolation(error: unknown): AppError | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, constraint, detail } = error as DatabaseErrorFields;
  if (typeof code !== "string" || !code.startsWith("23")) return null;
  const named = typeof constraint === "string" ? CONSTRAINT_MESSAGES.get(constraint) : undefined;
  if (named) return new AppError(named);
  if (code === "23503") {
    // Deleting a parent that rows still point at, or pointing at a parent that is not this company's.
    return new AppError(
      typeof detail === "string" && detail.includes("still referenced")
        ? "This is still in use and cannot be removed"
        : "This refers to something that does not exist in this company",
    );
  }
  return new AppError(GENERAL[code] ?? "The change was refused because it conflicts with existing data");
}
