import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { TokenService } from "../../src/runtime/tokens.ts";
import { startServerProcess, type ServerProcess } from "../support/serverProcess.ts";

// What goes over the wire from outside: body limit, security headers, compression and caching
// (decision 0017). The server runs as its own process so its memory can be read.

const BOOT_SCRIPT = 'document.documentElement.lang = "en";';
const ASSET = "assets/index-AbCd1234.js";

let root: string;
let server: ServerProcess;
let httpsServer: ServerProcess;

function rssBytes(pid: number): number {
  const match = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(match![1]) * 1024;
}

/** A body of `bytes` streamed in 64 KB chunks, so the test itself never holds it. */
function streamedBody(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.length;
    },
  });
}

/**
 * A POST that declares a body over the limit and sends none of it: the server must answer from the
 * header alone. (Sending the body races the server's close and can fail the client with EPIPE.)
 */
function declaredOversized(url: string, bytes: number): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers: { "content-type": "application/json", "content-length": bytes } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
        resolve(new Response(Buffer.concat(chunks), { status: incoming.statusCode, headers }));
        request.destroy();
      });
    });
    request.on("error", reject);
    request.flushHeaders();
  });
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-delivery-"));
  const dist = path.join(root, "web");
  fs.mkdirSync(path.join(dist, "assets"), { recursive: true });
  fs.mkdirSync(path.join(dist, "locales/en"), { recursive: true });
  fs.writeFileSync(
    path.join(dist, "index.html"),
    `<!doctype html><html><head><script>${BOOT_SCRIPT}</script><script type="module" src="/${ASSET}"></script></head><body>${"<p>Tumble</p>".repeat(200)}</body></html>`,
  );
  fs.writeFileSync(path.join(dist, ASSET), "export {};\n");
  fs.writeFileSync(path.join(dist, "locales/en/auth.json"), '{"signIn":"Sign in"}');
  fs.cpSync(inject("pgliteTemplate"), path.join(root, "db"), { recursive: true });
  fs.cpSync(inject("pgliteTemplate"), path.join(root, "db2"), { recursive: true });
  [server, httpsServer] = await Promise.all([
    startServerProcess({ DATA_DIR: path.join(root, "db"), WEB_DIST_DIR: dist }, 120_000),
    startServerProcess({ DATA_DIR: path.join(root, "db2"), WEB_DIST_DIR: dist, PUBLIC_URL: "https://tumble.example" }, 120_000),
  ]);
}, 150_000);

afterAll(async () => {
  for (const s of [server, httpsServer]) {
    s?.child.kill("SIGTERM");
    await s?.exited;
  }
  fs.rmSync(root, { recursive: true, force: true });
});

describe("request body limit", () => {
  it("answers 413 to a body declared over 1 MB without reading it", async () => {
    const response = await declaredOversized(`${server.url}/api/query`, 50 * 1024 * 1024);
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("Request body too large: the limit is 1 MB");
  });

  it("cuts off streamed 50 MB bodies without the server's memory growing", async () => {
    // Eight at once, as in the attack that took the server from 442 MB to 1.4 GB.
    const burst = () =>
      Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`${server.url}/api/mutation`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: streamedBody(50 * 1024 * 1024),
            duplex: "half",
          } as RequestInit)
            .then((r) => r.status)
            // The server may close the connection while the rest of the upload is still going.
            .catch(() => "closed"),
        ),
      );
    // A first burst warms up the request path (its buffers are then reused, not counted as growth).
    await burst();
    const before = rssBytes(server.child.pid!);
    const started = Date.now();
    const attempts = await burst();
    expect(attempts.every((status) => status === 413 || status === "closed")).toBe(true);
    expect(attempts).toContain(413);
    expect(Date.now() - started).toBeLessThan(10_000);
    // Buffering the bodies would grow it by hundreds of MB (8 × 50 MB); a busy machine's garbage
    // collector alone leaves a few MB more or less.
    const grownMb = (rssBytes(server.child.pid!) - before) / 1024 / 1024;
    expect(grownMb).toBeLessThan(32);
    // Bodies under the limit still go through.
    const ok = await fetch(`${server.url}/api/query`, {
      method: "POST",
      body: JSON.stringify({ path: "users:getUserLanguage", args: { pad: "x".repeat(500_000) }, format: "json" }),
    });
    expect(ok.status).not.toBe(413);
  }, 60_000);
});

describe("security headers", () => {
  const expectCommon = (response: Response) => {
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'[^;]*/);
    expect(csp.match(/script-src [^;]*/)![0]).not.toContain("unsafe-inline");
    return csp;
  };

  it("are on API answers, errors and files, with no HSTS over plain http", async () => {
    for (const response of [
      await fetch(`${server.url}/api/health`),
      await fetch(`${server.url}/api/nothing`),
      await fetch(`${server.url}/${ASSET}`),
      await declaredOversized(`${server.url}/api/query`, 2 * 1024 * 1024),
    ]) {
      expectCommon(response);
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("allow the page's own inline boot script by hash and no other", async () => {
    const response = await fetch(`${server.url}/sign-in`);
    const csp = expectCommon(response);
    const { createHash } = await import("node:crypto");
    expect(csp).toContain(`'sha256-${createHash("sha256").update(BOOT_SCRIPT).digest("base64")}'`);
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("frame-src 'self' https:");
  });

  it("include HSTS when the public address is https", async () => {
    const response = await fetch(`${httpsServer.url}/api/health`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});

describe("static delivery", () => {
  it("sends index.html compressed and revalidated, hashed assets immutable, other files revalidated", async () => {
    const page = await fetch(`${server.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    // fetch has undone the gzip.
    expect(await page.text()).toContain(BOOT_SCRIPT);

    const asset = await fetch(`${server.url}/${ASSET}`);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const locale = await fetch(`${server.url}/locales/en/auth.json`);
    expect(locale.headers.get("cache-control")).toBe("no-cache");
    const again = await fetch(`${server.url}/locales/en/auth.json`, { headers: { "if-modified-since": locale.headers.get("last-modified")! } });
    expect(again.status).toBe(304);
  });

  it("serves a precompressed copy when the build made one", async () => {
    const big = `export const text = "${"tumble ".repeat(2000)}";\n`;
    const name = "assets/big-ZyXw9876.js";
    fs.writeFileSync(path.join(root, "web", name), big);
    fs.writeFileSync(path.join(root, "web", `${name}.gz`), (await import("node:zlib")).gzipSync(big));
    const response = await fetch(`${server.url}/${name}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(await response.text()).toBe(big);
  });
});

describe("access token verification", () => {
  it("checks a remembered token's expiry on every call", async () => {
    const tokens = await TokenService.create(null as never, "a-secret-of-at-least-thirty-two-characters");
    const now = Date.now();
    const token = await tokens.sign("user-1", "session-1", now);
    expect(await tokens.verify(token, now)).toEqual({ userId: "user-1", sessionId: "session-1" });
    expect(await tokens.verify(token, now + 60_000)).toEqual({ userId: "user-1", sessionId: "session-1" });
    expect(await tokens.verify(token, now + 16 * 60_000)).toBeNull();
    // A forged signature is refused however the genuine token was cached.
    expect(await tokens.verify(`${token.slice(0, -2)}xx`, now)).toBeNull();
  });
});
