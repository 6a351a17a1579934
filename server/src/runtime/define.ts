import type { Kysely } from "kysely";
import type { z } from "zod";
import type { FunctionKind, FunctionReference } from "@tumble/domain/functionPath";
import type { PermissionFlag, Permissions, PlatformFlag } from "@tumble/domain/permissions";
import type { DB } from "../db/schema.ts";
import type { Services } from "./services.ts";

/** Who may call a function: anyone, any signed-in user, any member of the active company, or a flag. */
export type Access = "public" | "signedIn" | "member" | PermissionFlag;

/** Flags a system role grants without any company: their handlers get no company to act in. */
export type { PlatformFlag };
/** Access levels that act inside the caller's active company (checkAccess refuses them without one). */
export type CompanyAccess = "member" | Exclude<PermissionFlag, PlatformFlag>;

export interface IdentityUser {
  id: string;
  email: string | null;
  name: string | null;
  globalRole: string | null;
  language: string | null;
  isAnonymous: boolean;
  activeCompanyId: string | null;
}

/** The active company and the caller's role in it. */
export interface CompanyRef {
  id: string;
  role: string;
}

export interface Identity {
  user: IdentityUser | null;
  sessionId: string | null;
  /** The active company and the caller's role in it, when the caller is a member. */
  company: CompanyRef | null;
  permissions: Permissions;
}

/** What checkAccess guarantees for "signedIn" and platform flags. */
export interface SignedInIdentity extends Identity {
  user: IdentityUser;
}

/** What checkAccess guarantees for "member" and every company flag. */
export interface CompanyIdentity extends SignedInIdentity {
  company: CompanyRef;
}

/**
 * The identity a handler with access level A may rely on. Tuple-wrapped so a union (an access
 * level not known as one literal) falls back to the nullable identity instead of distributing.
 */
export type IdentityFor<A extends Access> = [A] extends [CompanyAccess]
  ? CompanyIdentity
  : [A] extends ["signedIn" | PlatformFlag]
    ? SignedInIdentity
    : Identity;

interface CtxServices {
  /**
   * The database. A company-level function's handle refuses any statement on a company-owned
   * table not tied to the caller's company (runtime/companyScope.ts, docs/decisions/0063).
   */
  db: Kysely<DB>;
  /**
   * The same database without that check, for the few reads a company-level function must make
   * across companies (a campaign's public link, unique over all of them); each use says why.
   * Elsewhere it is `db`.
   */
  unscopedDb: Kysely<DB>;
  now: number;
  clientAddress: string;
  services: Services;
  log: (...parts: unknown[]) => void;
}

/** A query's context; `QueryCtx<"member">` for helpers that act in the active company. */
export type QueryCtx<A extends Access = "public"> = IdentityFor<A> & CtxServices;

export type MutationCtx<A extends Access = "public"> = QueryCtx<A>;

export type ActionCtx<A extends Access = "public"> = QueryCtx<A> & {
  runQuery<Args, R>(ref: FunctionReference<"query", Args, R>, args: Args): Promise<R>;
  runMutation<Args, R>(ref: FunctionReference<"mutation", Args, R>, args: Args): Promise<R>;
};

type CtxFor<K extends FunctionKind, A extends Access = "public"> = K extends "action" ? ActionCtx<A> : QueryCtx<A>;

export interface FunctionDefinition<K extends FunctionKind, A extends Access, S extends z.ZodType, R> {
  access: A;
  args: S;
  /** Limits calls per client address (the runtime applies a default to every public function). */
  rateLimit?: RateLimitSpec;
  limitsBeforeTransaction?: LimitsBeforeTransaction<S>;
  /**
   * Mutations that move money: the args carry a required `idempotencyKey` (the API names it
   * there), and the runtime uses it as the call's key (docs/decisions/0011, 0023).
   */
  idempotencyKeyInArgs?: boolean;
  /**
   * Queries only, for live subscriptions (docs/decisions/0010). "caller": the result depends on
   * nothing but the caller's active company's rows and the caller's own rows, so other companies'
   * writes need not re-run it (company-level queries are scoped so already). "company" (company-level
   * queries): the result depends on the company and the caller's role, never on who the caller is,
   * so members with the same role share one execution; such a run sees no `ctx.user` details.
   */
  liveScope?: "caller" | "company";
  handler: (ctx: CtxFor<K, A>, args: z.output<S>) => Promise<R>;
}

/** One counter of the database-backed RateLimiter. */
export interface CountedLimit {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Mutations: counters hit before the transaction opens, so a call the handler then refuses (and
 * rolls back) still counts. A hit inside the handler counts only when the mutation commits.
 */
export type LimitsBeforeTransaction<S extends z.ZodType> = (caller: { clientAddress: string; userId: string | null }, args: z.output<S>) => CountedLimit[];

/** Calls per client address per minute; public functions default to DEFAULT_PUBLIC_RATE_LIMIT. */
export interface RateLimitSpec {
  perMinute: number;
}

/** A function as the runtime holds it: the handler takes the nullable context; checkAccess narrows it first. */
export interface RegisteredFunction<K extends FunctionKind, S extends z.ZodType, R> {
  kind: K;
  access: Access;
  /**
   * Queries only, for live subscriptions (docs/decisions/0010). "caller": the result depends on
   * nothing but the caller's active company's rows and the caller's own rows, so other companies'
   * writes need not re-run it (company-level queries are scoped so already). "company" (company-level
   * queries): the result depends on the company and the caller's role, never on who the caller is,
   * so members with the same role share one execution; such a run sees no `ctx.user` details.
   */
  liveScope?: "caller" | "company";
  args: S;
  /** Limits calls per client address (the runtime applies a default to every public function). */
  rateLimit?: RateLimitSpec;
  limitsBeforeTransaction?: LimitsBeforeTransaction<S>;
  /**
   * Mutations that move money: the args carry a required `idempotencyKey` (the API names it
   * there), and the runtime uses it as the call's key (docs/decisions/0011, 0023).
   */
  idempotencyKeyInArgs?: boolean;
  handler: (ctx: CtxFor<K>, args: z.output<S>) => Promise<R>;
  /** Phantom marker the generated `Api` type reads: args in, result out. */
  readonly __ref?: FunctionReference<K, z.input<S>, R>;
}

export type AnyRegisteredFunction = RegisteredFunction<FunctionKind, z.ZodType, unknown>;

function define<K extends FunctionKind>(kind: K) {
  return <const A extends Access, S extends z.ZodType, R>(definition: FunctionDefinition<K, A, S, R>): RegisteredFunction<K, S, Awaited<R>> => {
    if (!definition.access) throw new Error("Every function must declare its access level");
    // The executor runs checkAccess before every handler, which is what makes the narrower
    // context the handler was typed with true at run time.
    return { kind, ...definition } as unknown as RegisteredFunction<K, S, Awaited<R>>;
  };
}

/** Reads only; may be subscribed to live. */
export const query = define("query");
/** Runs in one transaction. */
export const mutation = define("mutation");
/** May call outside services (mail, SMS) and other functions; not transactional. */
export const action = define("action");

export function isRegisteredFunction(value: unknown): value is AnyRegisteredFunction {
  return (
    typeof value === "object" &&
    value !== null &&
    "kind" in value &&
    "handler" in value &&
    ["query", "mutation", "action"].includes((value as { kind: string }).kind)
  );
}
