import type { Kysely } from "kysely";
import type { z } from "zod";
import type { FunctionKind, FunctionReference } from "@tumble/domain/functionPath";
import type { PermissionFlag, Permissions } from "@tumble/domain/permissions";
import type { DB } from "../db/schema.ts";
import type { Services } from "./services.ts";

/** Who may call a function: anyone, any signed-in user, any member of the active company, or a flag. */
export type Access = "public" | "signedIn" | "member" | PermissionFlag;

export interface Identity {
  user: {
    id: string;
    email: string | null;
    name: string | null;
    globalRole: string | null;
    language: string | null;
    isAnonymous: boolean;
    activeCompanyId: string | null;
  } | null;
  sessionId: string | null;
  /** The active company and the caller's role in it, when the caller is a member. */
  company: { id: string; role: string } | null;
  permissions: Permissions;
}

export interface QueryCtx extends Identity {
  db: Kysely<DB>;
  now: number;
  clientAddress: string;
  services: Services;
  log: (...parts: unknown[]) => void;
}

export type MutationCtx = QueryCtx;

export interface ActionCtx extends QueryCtx {
  runQuery<A, R>(ref: FunctionReference<"query", A, R>, args: A): Promise<R>;
  runMutation<A, R>(ref: FunctionReference<"mutation", A, R>, args: A): Promise<R>;
}

type CtxFor<K extends FunctionKind> = K extends "action" ? ActionCtx : QueryCtx;

export interface FunctionDefinition<K extends FunctionKind, S extends z.ZodType, R> {
  access: Access;
  args: S;
  handler: (ctx: CtxFor<K>, args: z.output<S>) => Promise<R>;
}

export interface RegisteredFunction<K extends FunctionKind, S extends z.ZodType, R> extends FunctionDefinition<K, S, R> {
  kind: K;
  /** Phantom marker the generated `Api` type reads: args in, result out. */
  readonly __ref?: FunctionReference<K, z.input<S>, R>;
}

export type AnyRegisteredFunction = RegisteredFunction<FunctionKind, z.ZodType, unknown>;

function define<K extends FunctionKind>(kind: K) {
  return <S extends z.ZodType, R>(definition: FunctionDefinition<K, S, R>): RegisteredFunction<K, S, Awaited<R>> => {
    if (!definition.access) throw new Error("Every function must declare its access level");
    return { kind, ...definition } as RegisteredFunction<K, S, Awaited<R>>;
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
