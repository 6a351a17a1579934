import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { startServer, type RunningServer } from "../../src/app.ts";
import { loadConfig } from "../../src/base/config.ts";
import { openPGlite, openPostgres, type Database } from "../../src/db/database.ts";
import { DEMO_PASSWORD } from "../../src/seed/demo.ts";

// A real server on a free port over its own copy of the seeded template database; tests talk to
// it only through HTTP and the socket, like any client.

export interface TestServer extends RunningServer {
  database: Database;
  logs: string[];
  stop(): Promise<void>;
}

let counter = 0;

export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const pgTemplate = inject("postgresTemplate");
  if (pgTemplate) {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `tumble_t_${process.ppid}_${process.pid}_${counter++}_${Date.now() % 100000}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    return {
      database,
      url: url.toString(),
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-test-"));
  fs.cpSync(inject("pgliteTemplate"), path.join(dir, "db"), { recursive: true });
  // A throwaway copy: no need to flush it to disk (decision 0016).
  const database = await openPGlite(path.join(dir, "db"), { durable: false });
  return { database, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const { database, drop } = await createTestDatabase();
  const logs: string[] = [];
  const config = loadConfig({ PORT: "0", SEED: "none", ...env });
  const server = await startServer(config, database, (line) => logs.push(line));
  return {
    ...server,
    database,
    logs,
    async stop() {
      await server.close();
      await database.close();
      await drop();
    },
  };
}

export interface CallOutcome {
  status: number;
  body: { status: "success" | "error"; value?: unknown; errorMessage?: string; errorData?: unknown; logLines?: string[] } | string;
}

/** A client that speaks the wire protocol: raw() shows the HTTP exchange, call() unwraps it. */
export class Client {
  token: string | null = null;
  refreshToken: string | null = null;

  constructor(readonly baseUrl: string) {}

  async raw(kind: "query" | "mutation" | "action" | "function", path: string, args: unknown = {}): Promise<CallOutcome> {
    const response = await fetch(`${this.baseUrl}/api/${kind}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ path, args, format: "json" }),
    });
    const text = await response.text();
    let body: CallOutcome["body"] = text;
    try {
      body = JSON.parse(text) as CallOutcome["body"];
    } catch {
      // plain-text answers (404, 400, 401) stay strings
    }
    return { status: response.status, body };
  }

  async call<T = unknown>(kind: "query" | "mutation" | "action", path: string, args: unknown = {}): Promise<T> {
    const { status, body } = await this.raw(kind, path, args);
    if (typeof body === "string") throw new Error(`HTTP ${status}: ${body}`);
    if (body.status === "error") throw new CallError(body.errorMessage ?? "", body.errorData);
    return body.value as T;
  }

  query<T = unknown>(path: string, args: unknown = {}) {
    return this.call<T>("query", path, args);
  }
  mutation<T = unknown>(path: string, args: unknown = {}) {
    return this.call<T>("mutation", path, args);
  }
  action<T = unknown>(path: string, args: unknown = {}) {
    return this.call<T>("action", path, args);
  }

  async signIn(email: string, password = DEMO_PASSWORD): Promise<this> {
    const result = await this.action<{ tokens: { token: string; refreshToken: string } }>("auth:signIn", {
      provider: "password",
      params: { email, password, flow: "signIn" },
    });
    this.token = result.tokens.token;
    this.refreshToken = result.tokens.refreshToken;
    return this;
  }
}

export class CallError extends Error {
  constructor(
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The error message of a call that must fail; throws if it succeeds or fails otherwise. */
/** The error a call fails with: its message and errorData. */
export async function failureOf(promise: Promise<unknown>): Promise<CallError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof CallError) return e;
    throw e;
  }
  throw new Error("expected the call to fail");
}

export async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof CallError) return e.message;
    throw e;
  }
  throw new Error("expected the call to fail");
}
