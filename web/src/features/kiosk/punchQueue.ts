import { clear, createStore, del, entries, set } from "idb-keyval";
import type { PunchAction } from "@tumble/domain/timeClock";

// Punches made while the network is down wait in IndexedDB with the time they were made on this
// device, and are sent in that order when it comes back (the server places them at that time and
// flags them offline). Each has its own id, so a punch sent twice — the answer lost on the way —
// is recorded once. The PIN is kept only until the punch is sent.

export interface QueuedPunch {
  clientPunchId: string;
  username: string;
  pin: string;
  action: PunchAction;
  deviceTime: number;
}

const store = createStore("tumble-kiosk", "punches");

export async function queuePunch(punch: QueuedPunch): Promise<void> {
  await set(punch.clientPunchId, punch, store);
}

/** Waiting punches, oldest first. */
export async function queuedPunches(): Promise<QueuedPunch[]> {
  const all = await entries<string, QueuedPunch>(store);
  return all.map(([, p]) => p).sort((a, b) => a.deviceTime - b.deviceTime || a.clientPunchId.localeCompare(b.clientPunchId));
}

export async function dropPunch(clientPunchId: string): Promise<void> {
  await del(clientPunchId, store);
}

/** Drops every waiting punch (the browser leaves kiosk mode: its credential can no longer send them). */
export async function clearQueue(): Promise<void> {
  await clear(store);
}

export function newClientPunchId(): string {
  return typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export type SendResult = "sent" | "refused" | "offline";

let flushing: Promise<number> | null = null;

/**
 * Sends the waiting punches one by one, in the order they were made. A punch the server answers
 * (recorded, or refused for good) leaves the queue; a network failure stops the run, to go on later.
 * Returns how many are still waiting.
 */
export function flushQueue(send: (punch: QueuedPunch) => Promise<SendResult>): Promise<number> {
  flushing ??= (async () => {
    try {
      for (const punch of await queuedPunches()) {
        const result = await send(punch);
        if (result === "offline") break;
        await dropPunch(punch.clientPunchId);
      }
      return (await queuedPunches()).length;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
