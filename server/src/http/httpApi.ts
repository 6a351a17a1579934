import type { Context, Hono } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import { readBodyText } from "./delivery.ts";
import { resolveClientAddress } from "../runtime/clientAddress.ts";
import type { Identity } from "../runtime/define.ts";
import { AuthenticationError } from "../runtime/errors.ts";
import { UnknownFunctionError, type CallResult, type Executor } from "../runtime/executor.ts";
import { resolveIdentity } from "../runtime/identity.ts";
import type { IdentityCache } from "../runtime/identityCache.ts";
import { MemoryRateLimiter, TOO_MANY_ATTEMPTS } from "../runtime/rateLimit.ts";
import type { Services } from "../runtime/services.ts";
import { decodeConvexValue, encodeConvexValue, EncodedValueError, unwrapArgs } from "../transport/convexValues.ts";

// The HTTP half of the transport (spec section 7): POST /api/query | mutation | action | function,
// /api/query_ts, /api/query_at_ts, plus /api/debug_event and /api/health.

const FUNCTION_ERROR_STATUS = 560;

/** Client-side diagnostics: enough for a real page, too few to fill the log. */
const DEBUG_EVENTS_PER_MINUTE = 30;

export function clientAddress(c: Context, config: Services["config"]): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    socketAddress = undefined;
  }
  return resolveClientAddress(socketAddress, (name) => c.req.header(name), config);
}

function bearer(c: Context): string | null {
  const header = c.req.header("authorization");
  const match = header?.match(/^Bearer\s+(.+)$/i);
  return match ? match[1].trim() : null;
}

async function readBody(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const body = JSON.parse(await readBodyText(c)) as unknown;
    return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** "json" (Tumble's own clients; the default) or the official clients' "convex_encoded_json". */
type Format = "json" | "convex_encoded_json";

function respond(c: Context, result: CallResult, format: Format) {
  const encode = format === "convex_encoded_json" ? encodeConvexValue : (value: unknown) => value;
  if (result.ok) return c.json({ status: "success", value: encode(result.value) ?? null, logLines: result.logLines }, 200);
  const body: Record<string, unknown> = { status: "error", errorMessage: result.errorMessage, logLines: result.logLines };
  if (result.errorData !== undefined) body.errorData = encode(result.errorData);
  return c.json(body, FUNCTION_ERROR_STATUS as 500);
}

/**
 * The call's args as Tumble's validators read them: an object, or the official clients' one-element
 * array, decoded from convex_encoded_json when that is the format.
 */
export function readArgs(args: unknown, format: Format): unknown {
  const unwrapped = unwrapArgs(args);
  return format === "convex_encoded_json" ? decodeConvexValue(unwrapped) : unwrapped;
}

export function mountHttpApi(app: Hono, services: Services, executor: Executor, identities: IdentityCache): void {
  const handle = (kind?: "query" | "mutation" | "action") => async (c: Context) => {
    const body = await readBody(c);
    if (!body || typeof body.path !== "string" || !body.path) {
      return c.text("Malformed request body: expected JSON {path, args, format}", 400);
    }
    if (body.format !== undefined && body.format !== "json" && body.format !== "convex_encoded_json") {
      return c.text(`Unsupported format "${String(body.format)}"`, 400);
    }
    // The official clients' /api/function names a component; Tumble has only the root one.
    if (typeof body.componentPath === "string" && body.componentPath) return c.text(`Unknown component "${body.componentPath}"`, 404);
    const format: Format = body.format === "convex_encoded_json" ? "convex_encoded_json" : "json";
    let args: unknown;
    try {
      args = readArgs(body.args, format);
    } catch (error) {
      if (error instanceof EncodedValueError) return c.text(`Malformed args: ${error.message}`, 400);
      throw error;
    }
    let identity: Identity;
    try {
      const token = bearer(c);
      // A cached identity still needs a token that verifies now (expiry is checked each time).
      const cached = token && (await services.tokens.verify(token)) ? identities.get(token) : undefined;
      identity = cached ?? (await resolveIdentity(services.database.db, services.tokens, token));
      if (token && !cached) identities.set(token, identity);
    } catch (error) {
      if (error instanceof AuthenticationError) return c.text(error.message, 401);
      throw error;
    }
    try {
      const address = clientAddress(c, services.config);
      // idempotencyKey travels beside args (docs/decisions/0011).
      const result =
        executor.admit(body.path, address) ?? (await executor.call(body.path, args, identity, address, kind, { idempotencyKey: body.idempotencyKey }));
      return respond(c, result, format);
    } catch (error) {
      if (error instanceof UnknownFunctionError) return c.text(error.message, 404);
      throw error;
    }
  };

  app.post("/api/query", handle("query"));
  app.post("/api/query_at_ts", handle("query"));
  app.post("/api/mutation", handle("mutation"));
  app.post("/api/action", handle("action"));
  app.post("/api/function", handle());
  app.post("/api/query_ts", (c) => c.json({ status: "success", value: { ts: Date.now() }, ts: Date.now() }));
  const debugEvents = new MemoryRateLimiter();
  app.post("/api/debug_event", async (c) => {
    const address = clientAddress(c, services.config);
    if (!debugEvents.hit(address, DEBUG_EVENTS_PER_MINUTE, 60_000)) return c.text(TOO_MANY_ATTEMPTS, 429);
    const body = await readBody(c);
    if (!body || typeof body.event !== "string") return c.text("Malformed request body: expected JSON {event}", 400);
    services.log(`[client] ${body.event.slice(0, 100)} from ${address}`);
    return c.json({ ok: true });
  });
  app.get("/api/health", (c) => c.json({ ok: true, database: services.database.kind }));
  app.all("/api/*", (c) => c.text(`No API route ${c.req.method} ${c.req.path}`, 404));
}
