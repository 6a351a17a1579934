// The value encoding of the official Convex clients ("convex_encoded_json", docs/decisions/0034):
// plain JSON, except that a few values travel as one-key objects — {$integer: base64 of a
// little-endian int64}, {$float: base64 of a little-endian float64} for NaN, ±Infinity and -0,
// {$bytes: base64}. Object keys may not start with "$". Tumble's functions take and return plain
// JSON, so an int64 becomes a number (when it is a safe integer) on the way in.

export class EncodedValueError extends Error {}

function fromBase64(text: string, name: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new EncodedValueError(`Malformed ${name}: not base64`);
  return new Uint8Array(Buffer.from(text, "base64"));
}

/** A convex_encoded_json value as the plain value Tumble's argument validators read. */
export function decodeConvexValue(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(decodeConvexValue);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1 && entries[0][0].startsWith("$")) {
    const [key, inner] = entries[0];
    if (typeof inner !== "string") throw new EncodedValueError(`Malformed ${key}: expected a base64 string`);
    if (key === "$integer") {
      const bytes = fromBase64(inner, key);
      if (bytes.length !== 8) throw new EncodedValueError("Malformed $integer: expected 8 bytes");
      const big = Buffer.from(bytes).readBigInt64LE(0);
      if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) {
        throw new EncodedValueError(`Integer ${big} is out of range: Tumble takes integers up to ${Number.MAX_SAFE_INTEGER}`);
      }
      return Number(big);
    }
    if (key === "$float") {
      const bytes = fromBase64(inner, key);
      if (bytes.length !== 8) throw new EncodedValueError("Malformed $float: expected 8 bytes");
      return Buffer.from(bytes).readDoubleLE(0);
    }
    if (key === "$bytes") return fromBase64(inner, key);
    throw new EncodedValueError(`Unsupported encoded value ${key}`);
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of entries) {
    if (key.startsWith("$")) throw new EncodedValueError(`Field names may not start with "$": ${key}`);
    out[key] = decodeConvexValue(inner);
  }
  return out;
}

function int64(value: bigint): string {
  const buffer = Buffer.alloc(8);
  buffer.writeBigInt64LE(value);
  return buffer.toString("base64");
}

/** A result as convex_encoded_json: special numbers, bigints and bytes get their one-key form. */
export function encodeConvexValue(value: unknown): unknown {
  if (typeof value === "bigint") return { $integer: int64(value) };
  if (typeof value === "number") {
    if (Number.isFinite(value) && !Object.is(value, -0)) return value;
    const buffer = Buffer.alloc(8);
    buffer.writeDoubleLE(value);
    return { $float: buffer.toString("base64") };
  }
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString("base64") };
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value.toJSON();
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : encodeConvexValue(item)));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (inner !== undefined) out[key] = encodeConvexValue(inner);
  }
  return out;
}

/**
 * The official clients send args as a one-element array ([argsObject]); Tumble's own clients send
 * the object. An empty array means no arguments.
 */
export function unwrapArgs(args: unknown): unknown {
  if (!Array.isArray(args)) return args;
  if (args.length === 0) return {};
  if (args.length === 1) return args[0];
  throw new EncodedValueError(`Expected one arguments object, got an array of ${args.length}`);
}

/** Convex timestamps (u64) travel as base64 of their little-endian bytes. */
export function encodeTs(ts: bigint): string {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64LE(ts);
  return buffer.toString("base64");
}

let lastTs = 0n;

/** Monotonic across the process, in nanoseconds since the epoch like Convex's own timestamps. */
export function nextTs(): bigint {
  const now = BigInt(Date.now()) * 1_000_000n;
  lastTs = now > lastTs ? now : lastTs + 1n;
  return lastTs;
}
