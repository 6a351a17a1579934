import type { ClockState, PunchAction } from "@tumble/domain/timeClock";
import { FunctionError } from "../../lib/errors";
import { httpCall } from "../../lib/http";

// The kiosk's calls: HTTP only, and never with a staff session's token (a manager may be signed in
// on this browser); the kiosk credential travels as an argument (docs/decisions/0029).

export interface KioskInfo {
  kioskId: string;
  name: string;
  storeId: string;
  storeName: string;
  timeZone: string;
  companyName: string;
}

export interface KioskStatus {
  employeeName: string;
  state: ClockState;
  since: number | null;
  clockInAt: number | null;
  storeName: string | null;
  allowedActions: PunchAction[];
  /** The person's jobs open at this store (the profile's own first, id null); a choice when there are several. */
  jobs?: Array<{ id: string | null; title: string | null }>;
  /** The job a clock-in here is for unless another is chosen. */
  defaultJobId?: string | null;
}

export interface PunchResult {
  punchId: string;
  action: PunchAction;
  occurredAt: number;
  offline: boolean;
  applied: boolean;
  reason: string | null;
  duplicate: boolean;
  state: ClockState;
  allowedActions: PunchAction[];
  employeeName: string;
  storeName: string;
}

/** The server could not be reached (as opposed to answering with a refusal). */
export class OfflineError extends Error {}

async function call<T>(path: string, args: Record<string, unknown>): Promise<T> {
  try {
    return (await httpCall("action", path, args, { token: null })) as T;
  } catch (error) {
    if (error instanceof FunctionError) throw error;
    throw new OfflineError(error instanceof Error ? error.message : String(error));
  }
}

export const kioskCalls = {
  current: (kioskToken: string) => call<KioskInfo>("kiosks:current", { kioskToken }),
  status: (kioskToken: string, username: string, pin: string) => call<KioskStatus>("timeclock:kioskStatus", { kioskToken, username, pin }),
  punch: (
    kioskToken: string,
    args: { username: string; pin: string; action: PunchAction; clientPunchId: string; deviceTime?: number; offline?: boolean; jobId?: string | null },
  ) => call<PunchResult>("timeclock:punch", { kioskToken, ...args }),
  /** Leaving kiosk mode: a manager's e-mail and password; the server revokes the credential and starts no session. */
  release: (kioskToken: string, email: string, password: string) => call<null>("kiosks:release", { kioskToken, email, password }),
};
