import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Starts `server/src/main.ts` as its own process, as `npm start` does.

// Resolved as paths, not `new URL(…, import.meta.url)`: a browser-like test window replaces URL.
const HERE = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.resolve(HERE, "../../src/main.ts");
const ROOT = path.resolve(HERE, "../../..");

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export function runMain(env: Record<string, string>): { child: ChildProcess; stdout: () => string; stderr: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", SEED: "none", PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerProcess> {
  const proc = runMain(env);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = proc.stdout().match(/\(port (\d+),/);
    if (match) return { ...proc, url: `http://localhost:${match[1]}` };
    if (proc.child.exitCode !== null) throw new Error(`Server exited early: ${proc.stderr()}`);
    if (Date.now() > deadline) {
      proc.child.kill("SIGKILL");
      throw new Error(`Server did not start: ${proc.stdout()} ${proc.stderr()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
