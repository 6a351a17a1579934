// Function references: `api.collections.listAllUnverifiedCollections` names the backend function
// "collections:listAllUnverifiedCollections"; `api.employeeAuth.index.employeeSignUp` names
// "employeeAuth/index:employeeSignUp". The last segment is the export, the rest the file path.

export type FunctionKind = "query" | "mutation" | "action";

/** A typed handle on a backend function; the type parameters exist only for the compiler. */
export interface FunctionReference<Kind extends FunctionKind = FunctionKind, Args = unknown, Returns = unknown> {
  readonly __kind?: Kind;
  readonly __args?: Args;
  readonly __returns?: Returns;
}

export type ArgsOf<F> = F extends FunctionReference<FunctionKind, infer A, unknown> ? A : never;
export type ReturnsOf<F> = F extends FunctionReference<FunctionKind, unknown, infer R> ? R : never;

const PATH = Symbol.for("tumble.functionPath");

function segmentsToPath(segments: string[]): string {
  if (segments.length < 2) throw new Error(`"${segments.join(".")}" is a module, not a function`);
  return `${segments.slice(0, -1).join("/")}:${segments[segments.length - 1]}`;
}

function proxyFor(segments: string[]): unknown {
  return new Proxy(
    {},
    {
      get(_target, prop) {
        if (prop === PATH) return segmentsToPath(segments);
        if (typeof prop !== "string") return undefined;
        return proxyFor([...segments, prop]);
      },
    },
  );
}

/** An untyped `api` object; callers cast it to the generated `Api` type. */
export function makeApi(): unknown {
  return proxyFor([]);
}

/** The wire path of a reference, or the string itself when given a path. */
export function functionPath(ref: FunctionReference | string): string {
  if (typeof ref === "string") return ref;
  const path = (ref as Record<symbol, unknown>)[PATH];
  if (typeof path !== "string") throw new Error("Not a function reference");
  return path;
}

/** The spec writes names as `a.b`, `a.b.c` or `a b`; this is the mechanical mapping to a path. */
export function specNameToPath(name: string): string {
  return segmentsToPath(name.trim().split(/[.\s]+/));
}
