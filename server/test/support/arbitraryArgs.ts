import type { z } from "zod";

export { prng as seeded } from "../../src/seed/demoContext.ts";

// Arguments for a function, drawn from its own zod schema: mostly well-formed (so the call gets
// past validation into the handler), with ids taken from real rows of several companies, and now
// and then a value of the wrong kind. A seeded generator keeps a run repeatable.

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  getter?: () => z.ZodType;
  format?: string;
  checks?: Array<{ _zod: { def: { check: string; format?: string; minimum?: number; maximum?: number; value?: number } } }>;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

const STRANGE: unknown[] = ["", " ", "💥", "'; drop table users; --", "x".repeat(5000), -1, 1e308, null, true, [], {}, "2026-02-30", "../../etc/passwd"];

export class ArgsMaker {
  constructor(
    private readonly random: () => number,
    /** Real ids of rows of several companies: handlers look them up. */
    private readonly ids: readonly string[],
  ) {}

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  /** One argument object for `schema`. */
  make(schema: z.ZodType): unknown {
    return this.value(schema, 0, "");
  }

  private value(schema: z.ZodType, depth: number, key: string): unknown {
    if (this.random() < 0.04) return this.pick(STRANGE);
    const def = defOf(schema);
    switch (def.type) {
      case "object": {
        const out: Record<string, unknown> = {};
        for (const [k, s] of Object.entries(def.shape ?? {})) {
          const inner = defOf(s).type;
          if ((inner === "optional" || inner === "default") && this.random() < 0.4) continue;
          out[k] = this.value(s, depth + 1, k);
        }
        return out;
      }
      case "optional":
      case "default":
      case "prefault":
      case "readonly":
      case "catch":
      case "nonoptional":
        return this.value(def.innerType!, depth, key);
      case "nullable":
        return this.random() < 0.25 ? null : this.value(def.innerType!, depth, key);
      case "pipe":
        return this.value(def.in!, depth, key);
      case "lazy":
        return depth > 4 ? null : this.value(def.getter!(), depth + 1, key);
      case "array": {
        const max = this.bound(def, "max_length") ?? 4;
        const n = Math.floor(this.random() * Math.min(max, 4) + (this.bound(def, "min_length") ?? 0));
        return Array.from({ length: Math.min(n, 6) }, () => this.value(def.element!, depth + 1, key));
      }
      case "tuple":
        return (def.items ?? []).map((s) => this.value(s, depth + 1, key));
      case "record":
        return { [String(this.value(def.keyType!, depth + 1, key))]: this.value(def.valueType!, depth + 1, key) };
      case "union":
        return this.value(this.pick(def.options ?? []), depth, key);
      case "intersection":
        return this.value(def.left!, depth, key);
      case "enum":
        return this.pick(Object.values(def.entries ?? {}));
      case "literal":
        return this.pick(def.values ?? [null]);
      case "boolean":
        return this.random() < 0.5;
      case "number":
        return this.number(def);
      case "bigint":
        return Math.floor(this.random() * 1000);
      case "null":
        return null;
      case "string":
        return this.string(def, key);
      default:
        // any, unknown, custom, date, file…: something JSON can carry.
        return this.pick([{}, "x", 1, null, []]);
    }
  }

  private bound(def: Def, check: string): number | undefined {
    const c = def.checks?.find((x) => x._zod.def.check === check)?._zod.def;
    return c?.minimum ?? c?.maximum ?? c?.value;
  }

  private number(def: Def): number {
    const int = def.checks?.some((c) => c._zod.def.check === "number_format" && String(c._zod.def.format).includes("int"));
    const lo = this.bound(def, "greater_than") ?? -1000;
    const hi = this.bound(def, "less_than") ?? 1_000_000;
    const r = this.random();
    const v = r < 0.15 ? lo : r < 0.3 ? hi : lo + this.random() * (Math.min(hi, lo + 1_000_000) - lo);
    return int ? Math.round(v) : v;
  }

  private string(def: Def, key: string): string {
    const format = def.format ?? def.checks?.find((c) => c._zod.def.check === "string_format")?._zod.def.format;
    const day = () => `2026-${String(1 + Math.floor(this.random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(this.random() * 28)).padStart(2, "0")}`;
    if (format === "date") return day();
    if (format === "datetime") return `${day()}T10:00:00Z`;
    if (format === "time") return "09:30";
    if (format === "email") return this.pick(["owner@demo.test", "manager@demo.test", "nobody@example.com", "sysadmin@demo.test"]);
    if (format === "url") return "https://example.com/x";
    if (format === "uuid" || format === "guid") return "00000000-0000-4000-8000-000000000000";
    const max = this.bound(def, "max_length") ?? 200;
    const min = this.bound(def, "min_length") ?? 0;
    const fit = (s: string) => (s.length > max ? s.slice(0, max) : s.length < min ? s.padEnd(min, "x") : s);
    const k = key.toLowerCase();
    if (k.endsWith("id") || k.endsWith("ids")) return fit(this.random() < 0.8 ? this.pick(this.ids) : "no-such-id");
    if (k.includes("date") || k === "from" || k === "to" || k.endsWith("on")) return day();
    if (k.includes("time") || k === "start" || k === "end") return this.pick(["08:00", "23:59", "00:00", "25:00"]);
    if (k.includes("zone")) return this.pick(["America/Chicago", "UTC", "Mars/Base"]);
    if (k.includes("email")) return this.pick(["owner@demo.test", "new@example.com"]);
    if (k.includes("phone")) return this.pick(["+15555550123", "555"]);
    return fit(this.pick(["Rio", "Ábaco Peña", "a", "x".repeat(40), "=1+1", "<b>hi</b>", "  spaced  ", "123"]));
  }
}
