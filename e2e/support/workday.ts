import { expect } from "@playwright/test";
import type { Api } from "./api";

// A worked day for payroll journeys: an hourly employee punches at the store's kiosk and a
// manager sets the entry to exact wall-clock times in the store's zone, still unverified.

export const dateIn = (at: number, timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(at);
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The instant a store's wall clock shows `hhmm` on `date`. */
export function wallClock(date: string, hhmm: string, timeZone: string): number {
  const guess = Date.parse(`${date}T${hhmm}:00Z`);
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(guess);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const shown = Date.parse(`${part("year")}-${part("month")}-${part("day")}T${part("hour")}:${part("minute")}:00Z`);
  return guess - (shown - guess);
}

/**
 * An hourly attendant at `rateCents` since a month ago who worked 8:00 to 16:30 with a 30-minute
 * break (8 hours) at `storeId`, today when that is over at the store, else yesterday (time is never
 * corrected into the future); the entry is not verified. The company's pay periods are set weekly
 * from yesterday, so that day is in the current period, which has not ended.
 */
export async function unverifiedWorkday(baseURL: string, manager: Api, storeId: string, { name, rateCents }: { name: string; rateCents: number }) {
  const stores = await manager.call<Array<{ _id: string; timeZone: string }>>("query", "stores:listAll", {});
  const timeZone = stores.find((s) => s._id === storeId)!.timeZone;
  const today = dateIn(Date.now(), timeZone);
  const worked = Date.now() >= wallClock(today, "16:31", timeZone) ? today : addDays(today, -1);
  await manager.call("mutation", "payroll:updateSettings", { payFrequency: "weekly", payAnchorDate: addDays(today, -1) });
  const username = `${name.split(" ")[0]!.toLowerCase()}${Date.now().toString(36).slice(-5)}`;
  const { employeeId } = await manager.call<{ employeeId: string }>("mutation", "employees:create", {
    name,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds: [storeId],
    payType: "hourly",
    rateCents,
    effectiveFrom: addDays(today, -30),
    username,
    pin: "2468",
  });
  const { kioskToken } = await manager.call<{ kioskToken: string }>("mutation", "kiosks:register", { storeId, name: `Payroll tablet ${username}` });
  for (const action of ["clockIn", "clockOut"]) {
    const response = await fetch(`${baseURL}/api/action`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "timeclock:punch", args: { kioskToken, username, pin: "2468", action }, format: "json" }),
    });
    expect(((await response.json()) as { status: string }).status).toBe("success");
  }
  const queue = await manager.call<{ entries: Array<{ _id: string; employeeId: string }> }>("query", "timeEntries:list", {
    from: today,
    to: today,
    status: "all",
  });
  const entryId = queue.entries.find((e) => e.employeeId === employeeId)!._id;
  await manager.call("mutation", "timeclock:correct", {
    entryId,
    clockInAt: wallClock(worked, "08:00", timeZone),
    clockOutAt: wallClock(worked, "16:30", timeZone),
    breakMinutes: 30,
    reason: "Forgot to punch",
  });
  return { employeeId, entryId, today, worked, timeZone };
}
