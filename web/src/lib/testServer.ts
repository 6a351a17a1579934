import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { startServerProcess, type ServerProcess } from "../../../server/test/support/serverProcess.ts";

// For the web project's tests: a real server process on its own copy of the seeded template
// (server code cannot load inside the browser-like window, whose URL resolves file paths as web
// addresses), and plain HTTP calls to it the way another client would make them.

export interface WebTestServer {
  url: string;
  port: number;
  dataDir: string;
  process: ServerProcess;
  /** Stops the process (SIGTERM, a clean shutdown) and keeps the data. */
  halt(): Promise<void>;
  /** Starts a server again on the same port and data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startWebTestServer(): Promise<WebTestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-web-"));
  const dataDir = path.join(dir, "db");
  fs.cpSync(inject("pgliteTemplate"), dataDir, { recursive: true });
  let proc = await startServerProcess({ DATA_DIR: dataDir });
  const port = Number(new globalThis.URL(proc.url).port);
  const halt = async () => {
    if (proc.child.exitCode === null) proc.child.kill("SIGTERM");
    await proc.exited;
  };
  return {
    url: proc.url,
    port,
    dataDir,
    get process() {
      return proc;
    },
    halt,
    async resume() {
      proc = await startServerProcess({ DATA_DIR: dataDir, PORT: String(port) });
    },
    async stop() {
      await halt();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function call<T = unknown>(
  baseUrl: string,
  kind: "query" | "mutation" | "action",
  fnPath: string,
  args: unknown,
  token?: string | null,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/${kind}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ path: fnPath, args, format: "json" }),
  });
  const body = (await response.json()) as { status: string; value?: T; errorMessage?: string };
  if (body.status !== "success") throw new Error(`${fnPath}: ${body.errorMessage}`);
  return body.value as T;
}

export async function signIn(baseUrl: string, email: string): Promise<{ token: string; refreshToken: string }> {
  const result = await call<{ tokens: { token: string; refreshToken: string } }>(baseUrl, "action", "auth:signIn", {
    provider: "password",
    params: { email, password: "demo-password", flow: "signIn" },
  });
  return result.tokens;
}

/** Puts the window on the server's origin, so the app's relative `/api/...` calls reach it. */
export function useServerOrigin(url: string): void {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}
