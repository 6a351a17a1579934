import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { PermissionFlag } from "@tumble/domain/permissions";
import { accessDenied, accessRefusal } from "@tumble/domain/accessRefusals";
import { runtimeRefusal } from "@tumble/domain/runtimeRefusals";
import { functionPath, type FunctionReference } from "@tumble/domain/functionPath";
import { argumentRefusal } from "@tumble/domain/argumentRefusals";
import type { Refusal } from "@tumble/domain/refusals";
import type { DB } from "../db/schema.ts";
import type { ActionCtx, AnyRegisteredFunction, Identity, QueryCtx } from "./define.ts";
import { constraintViolation } from "./constraintErrors.ts";
import { AccessError, AppError, INTERNAL_ERROR_MESSAGE, refused } from "./errors.ts";
import { claimKey, hashArgs, parseIdempotencyKey, storeResult } from "./idempotency.ts";
import { sanitizeArgs } from "./argsSanitizer.ts";
import { MemoryRateLimiter } from "./rateLimit.ts";
import { attachWriteScope, campaignsWritten, IDENTITY_TABLES, type Invalidation, type WriteScope } from "./invalidation.ts";
import type { Registry } from "./registry.ts";
import type { Services } from "./services.ts";
import { retryOnConflict } from "./conflictRetry.ts";
import { TableTracker } from "./tracking.ts";
import { CompanyScope, companyOwnedTables, scopeEnforcedFor } from "./companyScope.ts";
import { writeRefusal } from "./writePause.ts";

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

export interface CallOptions {
  /** A mutation's idempotencyKey as the client sent it (checked here). */
  idempotencyKey?: unknown;
}

/** Calls per client address per minute for a public function without its own `rateLimit`. */
export const DEFAULT_PUBLIC_RATE_LIMIT = 60;

const PLATFORM_FLAGS = new Set<string>(["isSystemAdmin", "isSuperAdmin"]);

/** Company-level functions act on (and read) only their caller's active company. */
export function isCompanyLevel(access: string): boolean {
  return access !== "public" && access !== "signedIn" && !PLATFORM_FLAGS.has(access);
}

/**
 * What a committed write invalidates. A company-level function's writes belong to its caller's
 * company; anything else (public, signed-in, platform functions) may have written any company's
 * rows, so it reaches every company. Identity-table writes with no named user reach every user.
 */
export function invalidationsFor(fn: AnyRegisteredFunction, identity: Identity, writes: Set<string>, scope: WriteScope): Invalidation[] {
  if (!writes.size) return [];
  const tables = [...writes];
  const named = [...scope.userIds];
  const userIds = !named.length && tables.some((t) => IDENTITY_TABLES.has(t)) ? null : named;
  const campaigns = campaignsWritten(tables, scope);
  const own = isCompanyLevel(fn.access) && identity.company ? identity.company.id : null;
  if (own === null) return [{ tables, companyId: null, userIds, ...campaigns }];
  const companies = new Set([own, ...scope.companyIds]);
  return [...companies].map((companyId) => ({ tables, companyId, userIds, ...campaigns }));
}

export function checkAccess(fn: AnyRegisteredFunction, identity: Identity): void {
  switch (fn.access) {
    case "public":
      return;
    case "signedIn":
      if (!identity.user) throw refused(accessRefusal("notSignedIn"), AccessError);
      return;
    case "member":
      if (!identity.user) throw refused(accessRefusal("notSignedIn"), AccessError);
      if (!identity.company) throw refused(accessDenied("hasCompanyMembership"), AccessError);
      return;
    default:
      if (!identity.user) throw refused(accessRefusal("notSignedIn"), AccessError);
      if (!identity.permissions[fn.access as PermissionFlag]) throw refused(accessDenied(fn.access), AccessError);
      // Company flags need a company to act in: a system admin without an active one gets no company data.
      if (!PLATFORM_FLAGS.has(fn.access) && !identity.company) throw refused(accessDenied("hasCompanyMembership"), AccessError);
  }
}

/** The first issue as the refusal sent for it: `Invalid argument "<field>": <rule>`, with code args.invalid. */
function describeArgsError(error: z.ZodError): Refusal {
  const issue = error.issues[0];
  const field = issue.path.length ? issue.path.join(".") : "args";
  return argumentRefusal("invalid", { field, issue: issue.code, message: issue.message });
}

/**
 * Runs one function call: validates args, checks access, runs the handler (mutations in a
 * transaction), publishes the tables a committed write touched, and shapes the outcome.
 */
export class Executor {
  private readonly callsPerAddress = new MemoryRateLimiter();

  constructor(
    private readonly services: Services,
    private readonly registry: Registry,
  ) {}

  lookup(path: string): AnyRegisteredFunction {
    const fn = this.registry.get(path);
    if (!fn) throw new UnknownFunctionError(`Unknown function "${path}"`);
    return fn;
  }

  /**
   * Counts a call arriving from a client (not live re-runs or nested calls) against its
   * function's limit per client address; the refusal, when over it, as a call result.
   * Every public function is limited; others only when they declare `rateLimit`.
   */
  admit(path: string, clientAddress: string): CallResult | null {
    const fn = this.registry.get(path);
    if (!fn) return null; // the call itself reports the unknown function
    const perMinute = fn.rateLimit?.perMinute ?? (fn.access === "public" ? DEFAULT_PUBLIC_RATE_LIMIT : null);
    if (perMinute === null || this.callsPerAddress.hit(`${path}\u0000${clientAddress}`, perMinute, 60_000)) return null;
    const { message, data } = runtimeRefusal("tooManyAttempts");
    return { ok: false, errorMessage: message, errorData: data, logLines: [], reads: new Set() };
  }

  /** The args as the function will see them (unknown keys stripped), or the error a call would answer. */
  parseArgs(path: string, rawArgs: unknown): { ok: true; args: unknown } | { ok: false; errorMessage: string; errorData: unknown } {
    const parsed = this.lookup(path).args.safeParse(rawArgs ?? {});
    if (parsed.success) return { ok: true, args: parsed.data };
    const { message, data } = describeArgsError(parsed.error);
    return { ok: false, errorMessage: message, errorData: data };
  }

  async call(path: string, rawArgs: unknown, identity: Identity, clientAddress: string, expectedKind?: string, options: CallOptions = {}): Promise<CallResult> {
    const fn = this.lookup(path);
    const logLines: string[] = [];
    const reads = new Set<string>();
    if (expectedKind && fn.kind !== expectedKind) {
      return { ok: false, errorMessage: `"${path}" is a ${fn.kind}, not a ${expectedKind}`, logLines, reads };
    }
    try {
      const parsed = fn.args.safeParse(rawArgs ?? {});
      if (!parsed.success) throw refused(describeArgsError(parsed.error));
      sanitizeArgs(parsed.data);
      // A money mutation's key is one of its args; it wins over one sent beside them.
      const argsKey = fn.idempotencyKeyInArgs ? (parsed.data as { idempotencyKey?: unknown }).idempotencyKey : undefined;
      const idempotencyKey = parseIdempotencyKey(argsKey ?? options.idempotencyKey);
      if (idempotencyKey !== undefined && fn.kind !== "mutation") throw refused(runtimeRefusal("idempotencyKeyNotMutation"));
      checkAccess(fn, identity);
      // While a backup is being restored, every other write is refused with a clear message
      // (backups/maintenance.ts; docs/decisions/0042).
      const paused = fn.kind === "query" ? null : writeRefusal(this.services.database);
      if (paused) throw new AppError(paused);
      const key = idempotencyKey === undefined ? null : { scope: identity.user?.id ?? "anonymous", key: idempotencyKey, path, argsHash: hashArgs(parsed.data) };
      const value = await this.run(path, fn, parsed.data, identity, clientAddress, logLines, reads, key);
      return { ok: true, value: value === undefined ? null : value, logLines, reads };
    } catch (error) {
      if (error instanceof AppError) {
        return { ok: false, errorMessage: error.message, errorData: error.data, logLines, reads };
      }
      const violation = constraintViolation(error);
      if (violation) return { ok: false, errorMessage: violation.message, logLines, reads };
      this.services.log(`[error] ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return { ok: false, errorMessage: INTERNAL_ERROR_MESSAGE, logLines, reads };
    }
  }

  private async run(
    path: string,
    fn: AnyRegisteredFunction,
    args: unknown,
    identity: Identity,
    clientAddress: string,
    logLines: string[],
    reads: Set<string>,
    key: { scope: string; key: string; path: string; argsHash: string } | null = null,
  ): Promise<unknown> {
    const base = this.services.database.db;
    const log = (...parts: unknown[]) => logLines.push(parts.map((p) => (typeof p === "string" ? p : JSON.stringify(p))).join(" "));
    // A company-level function's handle refuses any statement not tied to its company
    // (companyScope.ts, docs/decisions/0063); `unscopedDb` is the one named way around it.
    const companyScope =
      isCompanyLevel(fn.access) && identity.company && scopeEnforcedFor(path)
        ? new CompanyScope(identity.company.id, await companyOwnedTables(base, this.services.database))
        : null;
    const makeCtx = (db: Kysely<DB>): QueryCtx => ({
      ...identity,
      db: companyScope ? db.withPlugin(companyScope) : db,
      unscopedDb: db,
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

    const scope: WriteScope = { companyIds: new Set(), userIds: new Set() };
    const publish = async (writes: Set<string>) => {
      for (const invalidation of invalidationsFor(fn, identity, writes, scope)) await this.services.bus.publish(invalidation);
    };
    const tracked = (db: Kysely<DB>, tracker: TableTracker) => {
      attachWriteScope(tracker, scope);
      return db.withPlugin(tracker);
    };

    if (fn.kind === "mutation") {
      // Counted outside the transaction, so a call refused further on still counts.
      for (const limit of fn.limitsBeforeTransaction?.({ clientAddress, userId: identity.user?.id ?? null }, args) ?? []) {
        await this.services.rateLimiter.hit(limit.key, limit.limit, limit.windowMs);
      }
      let tracker = new TableTracker();
      const logged = logLines.length;
      // A deadlock or serialization failure is another transaction's doing: run it all again (conflictRetry.ts).
      const value = await retryOnConflict(async (attempt) => {
        if (attempt > 1) {
          tracker = new TableTracker();
          scope.companyIds.clear();
          scope.userIds.clear();
          scope.campaignIds?.clear();
          logLines.length = logged;
        }
        return base.transaction().execute(async (trx: Transaction<DB>) => {
          // The key's own row is not a table any live query reads, so it is written untracked.
          if (key) {
            const prior = await claimKey(trx, key);
            if (prior.replay) return prior.value;
          }
          const result = await fn.handler(makeCtx(tracked(trx, tracker)), args);
          if (key) await storeResult(trx, key.scope, key.key, result);
          return result;
        });
      });
      this.afterCommit(tracker.writes);
      await publish(tracker.writes);
      return value;
    }

    // Actions: no surrounding transaction; each statement commits on its own, so writes are
    // published as they happen and again at the end.
    const tracker = new TableTracker();
    const ctx: ActionCtx = {
      ...makeCtx(tracked(base, tracker)),
      runQuery: (ref, a) => this.nested(ref, a, identity, clientAddress, logLines),
      runMutation: (ref, a) => this.nested(ref, a, identity, clientAddress, logLines),
    };
    try {
      return await fn.handler(ctx, args);
    } finally {
      this.afterCommit(tracker.writes);
      await publish(tracker.writes);
    }
  }

  /** A committed message goes out now rather than at the worker's next poll. */
  private afterCommit(writes: Set<string>): void {
    if (writes.has("outbox")) this.services.outbox.wake();
  }

  private async nested<R>(ref: FunctionReference, args: unknown, identity: Identity, clientAddress: string, logLines: string[]): Promise<R> {
    const result = await this.call(functionPath(ref), args, identity, clientAddress);
    logLines.push(...result.logLines);
    if (!result.ok) throw new AppError(result.errorMessage ?? INTERNAL_ERROR_MESSAGE, result.errorData);
    return result.value as R;
  }
}
