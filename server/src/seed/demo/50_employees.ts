import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { hashSecretSlow } from "../../auth/passwords.ts";
import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";

// Rio's people (issue 16): attendants at one or two stores, a salaried store manager, one attendant
// whose raise took effect in the middle of this month, and one self-registration waiting for a
// manager to complete it (her join request was already approved on the join-requests screen, so
// Rio has no pending join request). Kiosk usernames and PINs are in README's demo section.

declare module "../demoContext.ts" {
  interface DemoData {
    /** Employee ids by kiosk username (lowercase). */
    employees: Record<string, string>;
  }
}

interface DemoEmployee {
  name: string;
  username: string;
  pin: string;
  position: string;
  stores: string[];
  phone: string | null;
  email: string | null;
  hireDate: string;
  rates: Array<{ payType: "hourly" | "salary"; rateCents: number; effectiveFrom: string | "hire" | "midMonth"; reason: string | null }>;
}

const EMPLOYEES: DemoEmployee[] = [
  {
    name: "Maria Lopez",
    username: "maria",
    pin: "2580",
    position: "Attendant",
    stores: ["Rio Downtown"],
    phone: "(555) 201-3344",
    email: null,
    hireDate: "2025-03-03",
    rates: [{ payType: "hourly", rateCents: 1500, effectiveFrom: "hire", reason: null }],
  },
  {
    name: "James Carter",
    username: "james",
    pin: "1357",
    position: "Attendant",
    stores: ["Rio Downtown", "Rio Eastside"],
    phone: "(555) 201-7788",
    email: "james.carter@example.com",
    hireDate: "2024-09-16",
    rates: [
      { payType: "hourly", rateCents: 1450, effectiveFrom: "hire", reason: null },
      { payType: "hourly", rateCents: 1600, effectiveFrom: "midMonth", reason: "Raise after review" },
    ],
  },
  {
    name: "Sofia Reyes",
    username: "sofia",
    pin: "4826",
    position: "Attendant",
    stores: ["Rio Eastside"],
    phone: null,
    email: null,
    hireDate: "2025-06-02",
    rates: [{ payType: "hourly", rateCents: 1550, effectiveFrom: "hire", reason: null }],
  },
  {
    name: "Luis Garcia",
    username: "luis",
    pin: "7391",
    position: "Attendant",
    stores: ["Rio Northgate"],
    phone: "(555) 201-9012",
    email: null,
    hireDate: "2025-01-13",
    rates: [{ payType: "hourly", rateCents: 1500, effectiveFrom: "hire", reason: null }],
  },
  {
    name: "Daniel Kim",
    username: "daniel",
    pin: "9031",
    position: "Store manager",
    stores: ["Rio Downtown", "Rio Eastside", "Rio Northgate"],
    phone: "(555) 201-4455",
    email: "daniel.kim@example.com",
    hireDate: "2023-04-03",
    rates: [{ payType: "salary", rateCents: 140_000, effectiveFrom: "hire", reason: null }],
  },
];

/** The self-registration waiting for completion: username and PIN chosen by the employee. */
const PENDING = { email: "elena.torres@example.com", username: "elena", pin: "3691" };

export const seed: DemoSeeder = async ({ db, today, data }) => {
  const companyId = data.companies.rio;
  const storeId = (name: string) => data.stores.find((s) => s.name === name && s.companyId === companyId)!.id;
  const store = await db.selectFrom("stores").select("timeZone").where("id", "=", storeId("Rio Downtown")).executeTakeFirstOrThrow();
  const todayDate = todayIn(store.timeZone, today);
  // The 15th of this month once it has passed, else of last month: a raise inside a pay period.
  const midMonth = todayDate.slice(8) >= "15" ? `${todayDate.slice(0, 8)}15` : `${addDays(`${todayDate.slice(0, 8)}01`, -1).slice(0, 8)}15`;
  const manager = data.users["manager@demo.test"];
  data.employees = {};

  for (const e of EMPLOYEES) {
    const id = newId();
    data.employees[e.username] = id;
    const newest = e.rates[e.rates.length - 1];
    await db
      .insertInto("employees")
      .values({
        id,
        companyId,
        userId: null,
        name: e.name,
        email: e.email,
        phone: e.phone,
        position: e.position,
        payType: newest.payType,
        status: "active",
        hireDate: e.hireDate,
        endDate: null,
        username: e.username,
        usernameLower: e.username.toLowerCase(),
        pinHash: await hashSecretSlow(e.pin),
      })
      .execute();
    await db
      .insertInto("employeeStores")
      .values(e.stores.map((name) => ({ companyId, employeeId: id, storeId: storeId(name) })))
      .execute();
    await db
      .insertInto("employeeRates")
      .values(
        e.rates.map((r) => ({
          id: newId(),
          companyId,
          employeeId: id,
          payType: r.payType,
          rateCents: r.rateCents,
          effectiveFrom: r.effectiveFrom === "hire" ? e.hireDate : r.effectiveFrom === "midMonth" ? midMonth : r.effectiveFrom,
          reason: r.reason,
          createdBy: manager,
        })),
      )
      .execute();
  }

  // Elena registered at the kiosk sign-up; the owner already admitted her as a member, and her
  // profile waits for a manager to add stores, position, pay and role.
  const userId = newId();
  await db
    .insertInto("users")
    .values({
      id: userId,
      email: PENDING.email,
      name: "Elena Torres",
      passwordHash: null,
      username: null,
      pinHash: null,
      globalRole: null,
      language: null,
      activeCompanyId: companyId,
    })
    .execute();
  await db
    .insertInto("joinRequests")
    .values({ id: newId(), companyId, userId, status: "APPROVED", message: "Employee registration", decidedBy: data.users["owner@demo.test"] })
    .execute();
  await db.insertInto("memberships").values({ id: newId(), companyId, userId, role: "MEMBER" }).execute();
  const pendingId = newId();
  data.employees[PENDING.username] = pendingId;
  await db
    .insertInto("employees")
    .values({
      id: pendingId,
      companyId,
      userId,
      name: "Elena Torres",
      email: PENDING.email,
      phone: null,
      position: null,
      payType: "hourly",
      status: "pending",
      hireDate: null,
      endDate: null,
      username: PENDING.username,
      usernameLower: PENDING.username,
      pinHash: await hashSecretSlow(PENDING.pin),
      createdAt: new Date(today.getTime() - 2 * 86_400_000),
    })
    .execute();
};
