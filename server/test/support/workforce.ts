import type { Kysely } from "kysely";
import { businessDateOf, startOfBusinessDay } from "@tumble/domain/businessDate";
import type { DB } from "../../src/db/schema.ts";
import { Client } from "./testServer.ts";

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

/** A worked entry as the time clock builds it: its two punches, then the entry; returns its id (the clock-in punch). */
export async function insertWorkedEntry(
  db: Kysely<DB>,
  entry: {
    companyId: string;
    employeeId: string;
    storeId: string;
    clockInAt: number;
    clockOutAt: number;
    zone?: string;
    breakMinutes?: number;
    flags?: string[];
    /** The punches' ids, when a test needs them stable. */
    ids?: { in: string; out: string };
    /** The job worked (employees:addJob); absent: the profile's own. */
    jobId?: string | null;
  },
): Promise<string> {
  const inId = entry.ids?.in ?? `pi${unique()}`;
  const outId = entry.ids?.out ?? `po${unique()}`;
  const base = { companyId: entry.companyId, employeeId: entry.employeeId, storeId: entry.storeId, source: "phone", offline: false };
  await db
    .insertInto("punches")
    .values([
      { ...base, id: inId, action: "clockIn", occurredAt: new Date(entry.clockInAt), receivedAt: new Date(entry.clockInAt), jobId: entry.jobId ?? null },
      { ...base, id: outId, action: "clockOut", occurredAt: new Date(entry.clockOutAt), receivedAt: new Date(entry.clockOutAt) },
    ])
    .execute();
  await db
    .insertInto("timeEntries")
    .values({
      id: inId,
      companyId: entry.companyId,
      employeeId: entry.employeeId,
      storeId: entry.storeId,
      businessDate: businessDateOf(entry.clockInAt, entry.zone ?? "America/Chicago"),
      clockInAt: new Date(entry.clockInAt),
      clockOutAt: new Date(entry.clockOutAt),
      breakMinutes: entry.breakMinutes ?? 0,
      breaks: "[]",
      status: "closed",
      flags: JSON.stringify(entry.flags ?? []),
      clockOutPunchId: outId,
      jobId: entry.jobId ?? null,
    })
    .execute();
  return inId;
}

/** `hours` from 07:00 in `zone` on `date`, as instants. */
export function morningOf(date: string, hours: number, zone = "America/Chicago"): { clockInAt: number; clockOutAt: number } {
  const clockInAt = startOfBusinessDay(date, zone) + 7 * 3_600_000;
  return { clockInAt, clockOutAt: clockInAt + hours * 3_600_000 };
}

/**
 * A company of the test's own for payroll goldens (demo data never changes its figures): its owner
 * signed in, workforce settings saved, one store in `zone`, and one hourly attendant hired
 * 2026-01-01 at `rateCents` from that day.
 */
export async function payrollCompany(
  url: string,
  options: { name: string; settings: Record<string, unknown>; zone: string; employeeName: string; rateCents?: number },
): Promise<{ owner: Client; companyId: string; storeId: string; employeeId: string; ownerEmail: string }> {
  const sysadmin = await new Client(url).signIn("sysadmin@demo.test");
  const ownerEmail = `payroll-${unique()}@example.com`;
  await new Client(url).action("auth:signIn", { provider: "password", params: { email: ownerEmail, password: "payroll-pw-123", flow: "signUp" } });
  const { companyId } = await sysadmin.mutation<{ companyId: string }>("systemAdmin:createCompany", { name: options.name, ownerEmail });
  const owner = await new Client(url).signIn(ownerEmail, "payroll-pw-123");
  await owner.mutation("companySettings:update", { section: "workforce", values: options.settings });
  const { storeId } = await owner.mutation<{ storeId: string }>("stores:create", {
    name: `${options.name} store`,
    address: "1 Payroll St",
    timeZone: options.zone,
  });
  const { employeeId } = await owner.mutation<{ employeeId: string }>("employees:create", {
    name: options.employeeName,
    email: "",
    phone: "",
    position: "Attendant",
    hireDate: "2026-01-01",
    storeIds: [storeId],
    payType: "hourly",
    rateCents: options.rateCents ?? 1500,
    effectiveFrom: "2026-01-01",
    username: `pay${unique()}`,
    pin: TEST_PIN,
  });
  return { owner, companyId, storeId, employeeId, ownerEmail };
}
