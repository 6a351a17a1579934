import type { Kysely } from "kysely";
import { businessDateOf, startOfBusinessDay } from "@tumble/domain/businessDate";
import type { DB } from "../../src/db/schema.ts";
import type { Client } from "./testServer.ts";

// Stores and employees the workforce tests make for themselves (so demo data never changes their
// figures): unique names per run, one PIN for every test employee.

let counter = 0;
/** A short suffix unique within the run. */
export const unique = (): string => `${Date.now().toString(36).slice(-4)}${counter++}`;

export const TEST_PIN = "4821";

export async function createStore(client: Client, prefix: string, timeZone = "America/Chicago"): Promise<string> {
  const { storeId } = await client.mutation<{ storeId: string }>("stores:create", { name: `${prefix} ${unique()}`, address: `1 ${prefix} St`, timeZone });
  return storeId;
}

export interface TestEmployee {
  employeeId: string;
  username: string;
  pin: string;
}

/** An active hourly attendant at the stores, with a kiosk username and TEST_PIN. */
export async function createEmployee(
  client: Client,
  storeIds: string[],
  options: { prefix: string; rateCents?: number; effectiveFrom?: string; withEmail?: boolean },
): Promise<TestEmployee> {
  const username = `${options.prefix}${unique()}`;
  const { employeeId } = await client.mutation<{ employeeId: string }>("employees:create", {
    name: `Test Person ${username}`,
    email: options.withEmail ? `${username}@example.test` : "",
    phone: "",
    position: "Attendant",
    hireDate: "",
    storeIds,
    payType: "hourly",
    rateCents: options.rateCents ?? 1500,
    effectiveFrom: options.effectiveFrom ?? "",
    username,
    pin: TEST_PIN,
  });
  return { employeeId, username, pin: TEST_PIN };
}

/** A worked entry as the time clock builds it (punches, then the entry), `hours` from 07:00 in `zone` on `date`; returns its id. */
export async function insertWorkedEntry(
  db: Kysely<DB>,
  entry: { companyId: string; employeeId: string; storeId: string; date: string; hours: number; zone?: string },
): Promise<string> {
  const zone = entry.zone ?? "America/Chicago";
  const inAt = startOfBusinessDay(entry.date, zone) + 7 * 3_600_000;
  const outAt = inAt + entry.hours * 3_600_000;
  const inId = `pi${unique()}`;
  const outId = `po${unique()}`;
  const base = { companyId: entry.companyId, employeeId: entry.employeeId, storeId: entry.storeId, source: "phone", offline: false };
  await db
    .insertInto("punches")
    .values([
      { ...base, id: inId, action: "clockIn", occurredAt: new Date(inAt), receivedAt: new Date(inAt) },
      { ...base, id: outId, action: "clockOut", occurredAt: new Date(outAt), receivedAt: new Date(outAt) },
    ])
    .execute();
  await db
    .insertInto("timeEntries")
    .values({
      id: inId,
      companyId: entry.companyId,
      employeeId: entry.employeeId,
      storeId: entry.storeId,
      businessDate: businessDateOf(inAt, zone),
      clockInAt: new Date(inAt),
      clockOutAt: new Date(outAt),
      breakMinutes: 0,
      breaks: "[]",
      status: "closed",
      flags: "[]",
      clockOutPunchId: outId,
    })
    .execute();
  return inId;
}
