import type { Kysely } from "kysely";
import { z } from "zod";
import { accessDeniedMessage, type PermissionFlag } from "@tumble/domain/permissions";
import { functionPath, type FunctionReference } from "@tumble/domain/functionPath";
import type { DB } from "../db/schema.ts";
import type { ActionCtx, AnyRegisteredFunction, Identity, QueryCtx } from "./define.ts";
import { AccessError, AppError, INTERNAL_ERROR_MESSAGE } from "./errors.ts";
import type { Registry } from "./registry.ts";
import type { Services } from "./services.ts";
import { TableTracker } from "./tracking.ts";

export interface CallResult {
  ok: boolean;
  value?: unknown;
  errorMessage?: string;
  errorData?: unknown;
  logLines: string[];
  /** Tables read (queries) — what a live subscription depends on. */
  reads: Set<string>;
}

export class UnknownFunctionError extends Error {}

const PLATFORM_FLAGS = new Set<string>(["isSystemAdmin", "isSuperAdmin"]);

export function checkAccess(fn: AnyRegisteredFunction, identity: Identity): void {
  switch (fn.access) {
    case "public":
      return;
    case "signedIn":
      if (!identity.user) throw new AccessError("Not signed in");
      return;
    case "member":
      if (!identity.user) throw new AccessError("Not signed in");
      if (!identity.company) throw new AccessError(accessDeniedMessage("hasCompanyMembership"));
      return;
    default:
      if (!identity.user) throw new AccessError("Not signed in");
      if (!identity.permissions[fn.access as PermissionFlag]) throw new AccessError(accessDeniedMessage(fn.access));
      // Company flags need a company to act in: a system admin without an active one gets no company data.
      if (!PLATFORM_FLAGS.has(fn.access) && !identity.company) throw new AccessError(accessDeniedMessage("hasCompanyMembership"));
  }
}

function describeArgsError(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue.path.length ? issue.path.join(".") : "args";
  return `Invalid argument "${field}": ${issue.message}`;
}

/**
 * Runs one function call: validates args, checks access, runs the handler (mutations in a
 * transaction), publishes the tables a committed write touched, and shapes the outcome.
 */
export class Executor {
  constructor(
    private readonly services: Services,
    private readonly registry: Registry,
  ) {}

  lookup(path: string): AnyRegisteredFunction {
    const fn = this.registry.get(path);
    if (!fn) throw new UnknownFunctionError(`Unknown function "${path}"`);
    return fn;
  }

  async call(path: string, rawArgs: unknown, identity: Identity, clientAddress: string, expectedKind?: string): Promise<CallResult> {
    const fn = this.lookup(path);
    const logLines: string[] = [];
    const reads = new Set<string>();
    if (expectedKind && fn.kind !== expectedKind) {
      return { ok: false, errorMessage: `"${path}" is a ${fn.kind}, not a ${expectedKind}`, logLines, reads };
    }
    try {
      const parsed = fn.args.safeParse(rawArgs ?? {});
      if (!parsed.success) throw new AppError(describeArgsError(parsed.error));
      checkAccess(fn, identity);
      const value = await this.run(fn, parsed.data, identity, clientAddress, logLines, reads);
      return { ok: true, value: value === undefined ? null : value, logLines, reads };
    } catch (error) {
      if (error instanceof AppError) {
        return { ok: false, errorMessage: error.message, errorData: error.data, logLines, reads };
      }
      this.services.log(`[error] ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return { ok: false, errorMessage: INTERNAL_ERROR_MESSAGE, logLines, reads };
    }
  }

  private async run(
    fn: AnyRegisteredFunction,
    args: unknown,
    identity: Identity,
    clientAddress: string,
    logLines: string[],
    reads: Set<string>,
  ): Promise<unknown> {
    const base = this.services.database.db;
    const log = (...parts: unknown[]) => logLines.push(parts.map((p) => (typeof p === "string" ? p : JSON.stringify(p))).join(" "));
    const makeCtx = (db: Kysely<DB>): QueryCtx => ({
      ...identity,
      db,
      now: Date.now(),
      clientAddress,
      services: this.services,
      log,
    });

    if (fn.kind === "query") {
      const tracker = new TableTracker(true);
      try {
        return await fn.handler(makeCtx(base.withPlugin(tracker)), args);
      } finally {
        tracker.reads.forEach((t) => reads.add(t));
      }
    }

    if (fn.kind === "mutation") {
      const tracker = new TableTracker();
      const value = await base.transaction().execute((trx) => fn.handler(makeCtx(trx.withPlugin(tracker)), args));
      await this.services.bus.publish(tracker.writes);
      return value;
    }

    // Actions: no surrounding transaction; each statement commits on its own, so writes are
    // published as they happen and again at the end.
    const tracker = new TableTracker();
    const ctx: ActionCtx = {
      ...makeCtx(base.withPlugin(tracker)),
      runQuery: (ref, a) => this.nested(ref, a, identity, clientAddress, logLines),
      runMutation: (ref, a) => this.nested(ref, a, identity, clientAddress, logLines),
    };
    try {
      return await fn.handler(ctx, args);
    } finally {
      await this.services.bus.publish(tracker.writes);
    }
  }

  private async nested<R>(ref: FunctionReference, args: unknown, identity: Identity, clientAddress: string, logLines: string[]): Promise<R> {
    const result = await this.call(functionPath(ref), args, identity, clientAddress);
    logLines.push(...result.logLines);
    if (!result.ok) throw new AppError(result.errorMessage ?? INTERNAL_ERROR_MESSAGE, result.errorData);
    return result.value as R;
  }
}
