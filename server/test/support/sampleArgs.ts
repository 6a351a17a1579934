import type { z } from "zod";

// Builds argument objects for any function from its zod schema, filling every id-like field with
// an id picked by the field's name. Used by the sweep that calls every function with another
// company's ids.

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { def: Def }).def;

export function sampleArgs(schema: z.ZodType, idFor: (field: string) => string): unknown {
  return build(schema, "", idFor);
}

function build(schema: unknown, field: string, idFor: (field: string) => string): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const shape = (schema as { shape: Record<string, unknown> }).shape;
      return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, build(v, k, idFor)]));
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
      return build(def.innerType, field, idFor);
    case "pipe":
      return build(def.in, field, idFor);
    case "string":
      return /id$/i.test(field) ? idFor(field) : field === "email" ? "someone@example.com" : `sample ${field}`.slice(0, 20);
    case "number":
      return 1;
    case "int":
      return 1;
    case "boolean":
      return true;
    case "literal":
      return (def.values as unknown[])[0];
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "array":
      return [build(def.element, field, idFor)];
    case "union":
      return build((def.options as unknown[])[0], field, idFor);
    case "record":
      return {};
    default:
      return null;
  }
}
