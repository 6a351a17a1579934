import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Where each benchmark leaves its figures (bench/results/<name>-latest.json) and the machine they
// were measured on, so a ratio can be read beside the load it was taken under.

const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");

export function machineInfo() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

/** Writes bench/results/<name>-latest.json and returns its path relative to the working directory. */
export function writeResults(name: string, output: unknown): string {
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `${name}-latest.json`);
  fs.writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}
