import type { Services } from "../runtime/services.ts";

// The server's recent errors for the system-admin dashboard: a small ring in this process's
// memory, fed by the lines the server logs as "[error] ..." (runtime/executor.ts logs every
// unexpected failure so). Installed on the services once; lines logged before are not kept.

const CAPACITY = 50;

export interface ServerError {
  at: string;
  message: string;
}

const ring: ServerError[] = [];
const installed = new WeakSet<object>();

export function recordServerError(message: string, at = new Date()): void {
  ring.push({ at: at.toISOString(), message: message.slice(0, 2000) });
  if (ring.length > CAPACITY) ring.splice(0, ring.length - CAPACITY);
}

/** Newest first. */
export function recentServerErrors(limit = 20): ServerError[] {
  return ring.slice(-limit).reverse();
}

/** Wraps `services.log` so the lines it logs as errors are kept too; a second call does nothing. */
export function watchServerErrors(services: Services): void {
  if (installed.has(services)) return;
  installed.add(services);
  const log = services.log;
  services.log = (line: string) => {
    if (line.startsWith("[error]")) recordServerError(line.slice("[error]".length).trim());
    log(line);
  };
}
