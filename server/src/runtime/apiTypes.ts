import type { FunctionKind, FunctionReference } from "@tumble/domain/functionPath";
import type { RegisteredFunction } from "./define.ts";
import type { z } from "zod";

// Turns `{ "auth": typeof import("functions/auth"), "employeeAuth/index": ... }` into the nested
// `api` type: api.auth.signIn, api.employeeAuth.index.employeeSignUp.

type RefsOf<M> = {
  [K in keyof M as M[K] extends RegisteredFunction<FunctionKind, z.ZodType, unknown> ? K : never]: M[K] extends RegisteredFunction<infer Kind, infer S, infer R>
    ? FunctionReference<Kind, z.input<S>, R>
    : never;
};

type Nest<Path extends string, V> = Path extends `${infer Head}/${infer Tail}` ? { [K in Head]: Nest<Tail, V> } : { [K in Path]: V };

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

export type ApiFromModules<Modules> = UnionToIntersection<{ [P in keyof Modules & string]: Nest<P, RefsOf<Modules[P]>> }[keyof Modules & string]>;
