import { createHash } from "node:crypto";
import fs from "node:fs";
import { brotliCompressSync, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { HttpBindings } from "@hono/node-server";

// How every HTTP response leaves the server: size limit on what comes in, security headers and
// caching on what goes out, compressed pages (decisions 0017).

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Refuses request bodies over the limit with 413: at once from Content-Length, else while the body
 * streams in, so an oversized body is never held in memory.
 */
export function limitBodies(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  const message = `Request body too large: the limit is ${maxBytes / 1024 / 1024} MB`;
  // The rest of the upload is not read: the connection closes after the answer.
  const tooLarge = (c: Context) => c.text(message, 413, { Connection: "close" });
  const streaming = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const declared = c.req.header("content-length");
    // A declared length is checked without touching the body (the handler reads it once, directly);
    // a chunked body is counted as it streams in.
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined) return Number(declared) > maxBytes ? tooLarge(c) : next();
    return streaming(c, next);
  };
}

/**
 * The request body as text. With a declared length (checked by limitBodies) it is read straight
 * from Node's request, which spares building a web Request for every API call.
 */
export async function readBodyText(c: Context): Promise<string> {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
  if (!incoming || c.req.header("content-length") === undefined || c.req.header("transfer-encoding") !== undefined || incoming.readableEnded)
    return c.req.text();
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Who may show a response in a frame: nobody, or (a public campaign page, which the marketing
 * dashboard previews) only pages of this origin.
 */
export type Framing = "none" | "sameOrigin";

/** Inline scripts of a page allowed by their hash; everything else must come from this origin. */
function contentSecurityPolicy(scriptHashes: string[] = [], framing: Framing = "none"): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((h) => `'${h}'`)].join(" "),
    // Mantine writes its theme variables into <style> elements at run time (decision 0017).
    "style-src 'self' 'unsafe-inline'",
    // Campaign pages show images and a map from the URLs their owners entered.
    "img-src 'self' data: blob: https:",
    // The marketing dashboard's campaign preview is this origin, on http installs too; a campaign's
    // map is an https embed.
    "frame-src 'self' https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    framing === "sameOrigin" ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join("; ");
}

const FRAME_OPTIONS: Record<Framing, string> = { none: "DENY", sameOrigin: "SAMEORIGIN" };

const BASE_CSP = contentSecurityPolicy();

/** Security headers on every response; HSTS only when the public address is https. */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler {
  // Set before the handler runs, so they join its response as it is made (reading c.res.headers
  // afterwards would turn Hono's light response into a full web Response on every call).
  return async (c, next) => {
    c.header("Content-Security-Policy", BASE_CSP);
    c.header("X-Frame-Options", FRAME_OPTIONS.none);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (options.https) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    await next();
  };
}

/** Cache headers for build output: hashed names never change, anything else is revalidated. */
export function cacheStatic(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200 || !c.res.headers.has("Last-Modified")) return;
    if (/\/assets\/[^/]+-[\w-]{8,}\.\w+$/.test(c.req.path)) {
      c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
      return;
    }
    c.res.headers.set("Cache-Control", "no-cache");
    const since = Date.parse(c.req.header("If-Modified-Since") ?? "");
    const modified = Date.parse(c.res.headers.get("Last-Modified") ?? "");
    if (since && modified && modified <= since) {
      await c.res.body?.cancel();
      const headers = new Headers(c.res.headers);
      headers.delete("Content-Length");
      headers.delete("Content-Encoding");
      c.res = new Response(null, { status: 304, headers });
    }
  };
}

interface Page {
  mtimeMs: number;
  html: string;
  br: Buffer;
  gzip: Buffer;
  csp: string;
}

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `sha256-${createHash("sha256").update(m[1]).digest("base64")}`);
}

/**
 * Serves a built index.html: compressed, revalidated on every visit, with a CSP that allows its
 * own inline boot script by hash and no other inline script. `framing` "sameOrigin" lets this
 * origin's pages frame it (X-Frame-Options and frame-ancestors, which the browsers apply together).
 */
export function sendPage(file: string, notBuilt: string, framing: Framing = "none") {
  let cached: Page | null = null;
  return (c: Context) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return c.text(notBuilt, 503);
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs) {
      const html = fs.readFileSync(file, "utf8");
      cached = {
        mtimeMs: stat.mtimeMs,
        html,
        br: brotliCompressSync(html),
        gzip: gzipSync(html),
        csp: contentSecurityPolicy(inlineScriptHashes(html), framing),
      };
    }
    const page = cached;
    c.header("Content-Security-Policy", page.csp);
    c.header("X-Frame-Options", FRAME_OPTIONS[framing]);
    c.header("Cache-Control", "no-cache");
    c.header("Vary", "Accept-Encoding");
    const accepts = c.req.header("Accept-Encoding") ?? "";
    const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : null;
    if (!encoding) return c.html(page.html);
    c.header("Content-Encoding", encoding);
    c.header("Content-Type", "text/html; charset=UTF-8");
    const body = encoding === "br" ? page.br : page.gzip;
    return c.body(new Uint8Array(body).buffer);
  };
}
