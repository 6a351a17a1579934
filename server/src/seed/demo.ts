import type { Insertable, Kysely } from "kysely";
import type { CollectionLinesTable, CollectionsTable, DB } from "../db/schema.ts";
import { hashSecretSlow } from "../auth/passwords.ts";
import { newId } from "../runtime/ids.ts";
import { postToSafe } from "../collections/posting.ts";

// Demo data for a first look and for the tests: two companies, their people, stores, equipment
// and a few months of collections. Runs only on an empty database. Amounts come from a fixed
// pseudo-random sequence so every fresh database is the same.

export const DEMO_PASSWORD = "demo-password";

export const DEMO_ACCOUNTS = [
  { email: "owner@demo.test", role: "OWNER", company: "rio" },
  { email: "admin@demo.test", role: "ADMIN", company: "rio" },
  { email: "manager@demo.test", role: "MANAGER", company: "rio" },
  { email: "supervisor@demo.test", role: "SUPERVISOR", company: "rio" },
  { email: "staff@demo.test", role: "STAFF", company: "rio" },
  { email: "member@demo.test", role: "MEMBER", company: "rio" },
  { email: "managing@demo.test", role: "MANAGING_MEMBER", company: "rio" },
  { email: "owner@suds.test", role: "OWNER", company: "suds" },
  { email: "sysadmin@demo.test", role: null, company: null, globalRole: "SYSTEM_ADMIN" },
] as const;

function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

const EQUIPMENT = [
  { key: "washer", name: "Front-load washer", category: "laundry", acceptsCoins: true, acceptsBills: false, colorHex: "#3B82F6", iconType: "washer" },
  { key: "dryer", name: "Stack dryer", category: "laundry", acceptsCoins: true, acceptsBills: false, colorHex: "#F97316", iconType: "dryer" },
  { key: "changer", name: "Bill changer", category: "change", acceptsCoins: false, acceptsBills: true, colorHex: "#22C55E", iconType: "square", specialCase: "changer" },
  { key: "vending", name: "Soap vending", category: "vending", acceptsCoins: true, acceptsBills: true, colorHex: "#A855F7", iconType: "vending" },
  { key: "arcade", name: "Claw machine", category: "gaming", acceptsCoins: true, acceptsBills: false, colorHex: null, iconType: "square" },
] as const;

type Key = (typeof EQUIPMENT)[number]["key"];

/** Typical take per visit in cents, by equipment type: [coins, bills]. */
const TAKE: Record<Key, [number, number]> = { washer: [9000, 0], dryer: [6000, 0], changer: [0, 45000], vending: [1500, 2500], arcade: [2500, 0] };

export async function seedDemoIfEmpty(db: Kysely<DB>, today = new Date()): Promise<boolean> {
  const any = await db.selectFrom("companies").select("id").limit(1).executeTakeFirst();
  if (any) return false;
  await db.transaction().execute((trx) => seedDemo(trx, today));
  return true;
}

async function seedDemo(db: Kysely<DB>, today: Date): Promise<void> {
  const rand = prng(20250923);
  const passwordHash = await hashSecretSlow(DEMO_PASSWORD);
  const companies = {
    rio: { id: newId(), name: "Rio Laundromat", displayName: "Rio Laundromat", companyCode: "CMP100001", emailDomain: "demo.test", industry: "laundromat", size: "SMALL", description: "Coin laundromats across the Rio valley.", createdAt: new Date("2024-01-02T00:00:00Z") },
    suds: { id: newId(), name: "Suds Express", displayName: "Suds Express", companyCode: "CMP200002", emailDomain: "suds.test", industry: "laundromat", size: "SMALL", description: "Express wash and fold.", createdAt: new Date("2024-06-03T00:00:00Z") },
  };
  await db.insertInto("companies").values(Object.values(companies)).execute();

  const users: Record<string, string> = {};
  for (const account of DEMO_ACCOUNTS) {
    const id = newId();
    users[account.email] = id;
    const companyId = account.company ? companies[account.company].id : null;
    await db
      .insertInto("users")
      .values({
        id,
        email: account.email,
        name: account.email.split("@")[0].replace(/^./, (c) => c.toUpperCase()),
        passwordHash,
        username: null,
        pinHash: null,
        globalRole: "globalRole" in account ? account.globalRole : null,
        language: null,
        activeCompanyId: companyId,
      })
      .execute();
    if (companyId && account.role) await db.insertInto("memberships").values({ id: newId(), companyId, userId: id, role: account.role }).execute();
  }

  const storeSpecs = [
    { company: companies.rio, name: "Rio Downtown", address: "100 Main St, Rio Grande", active: true },
    { company: companies.rio, name: "Rio Eastside", address: "2450 E Valley Rd, Rio Grande", active: true },
    { company: companies.rio, name: "Rio Northgate", address: "88 Northgate Plaza, Rio Grande", active: true },
    { company: companies.rio, name: "Rio Old Mill", address: "7 Mill Ln, Rio Grande", active: false },
    { company: companies.suds, name: "Suds Harbor", address: "12 Harbor Way, Bayview", active: true },
    { company: companies.suds, name: "Suds Campus", address: "400 College Ave, Bayview", active: true },
  ];

  const typeIds = new Map<string, Map<Key, string>>();
  for (const company of Object.values(companies)) {
    const ids = new Map<Key, string>();
    for (const e of EQUIPMENT) {
      const id = newId();
      ids.set(e.key, id);
      await db
        .insertInto("equipmentTypes")
        .values({ id, companyId: company.id, name: e.name, category: e.category, acceptsCoins: e.acceptsCoins, acceptsBills: e.acceptsBills, specialCase: "specialCase" in e ? e.specialCase : null, colorHex: e.colorHex, iconType: e.iconType })
        .execute();
    }
    typeIds.set(company.id, ids);
  }

  const collections: Insertable<CollectionsTable>[] = [];
  const lines: Insertable<CollectionLinesTable>[] = [];
  for (const spec of storeSpecs) {
    const storeId = newId();
    const companyId = spec.company.id;
    await db
      .insertInto("stores")
      .values({ id: storeId, companyId, name: spec.name, address: spec.address, phone: "(555)010-0100", timeZone: "America/Chicago", hours: "6:00-22:00 daily", isActive: spec.active })
      .execute();
    const sectionLayout: Array<[string, Array<[Key, number]>]> = [
      ["Front washers", [["washer", 6], ["changer", 1]]],
      ["Back dryers", [["dryer", 6]]],
      ["Vending corner", [["vending", 1], ["arcade", 1]]],
    ];
    const machines: Array<{ id: string; key: Key }> = [];
    let labelNo = 1;
    for (const [position, [sectionName, contents]] of sectionLayout.entries()) {
      const sectionId = newId();
      await db.insertInto("storeSections").values({ id: sectionId, companyId, storeId, name: sectionName, position }).execute();
      let machinePosition = 0;
      for (const [key, count] of contents) {
        for (let i = 0; i < count; i++) {
          const id = newId();
          const prefix = { washer: "W", dryer: "D", changer: "C", vending: "V", arcade: "G" }[key];
          await db
            .insertInto("machines")
            .values({ id, companyId, storeId, sectionId, equipmentTypeId: typeIds.get(companyId)!.get(key)!, label: `${prefix}${labelNo++}`, coinBoxCapacityCents: key === "changer" ? null : 40000, position: machinePosition++ })
            .execute();
          machines.push({ id, key });
        }
      }
    }
    if (!spec.active) continue;

    // Two visits a week (Mondays and Thursdays) for the last 16 weeks.
    const collector = companyId === companies.rio.id ? users["staff@demo.test"] : users["owner@suds.test"];
    const verifier = companyId === companies.rio.id ? users["supervisor@demo.test"] : users["owner@suds.test"];
    for (let daysAgo = 112; daysAgo >= 1; daysAgo--) {
      const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo));
      if (![1, 4].includes(date.getUTCDay())) continue;
      const id = newId();
      const status = daysAgo > 7 ? "verified" : "submitted";
      let total = 0;
      for (const m of machines) {
        const [coins, bills] = TAKE[m.key];
        const factor = 0.75 + rand() * 0.5;
        const line = { coinsCents: Math.round((coins * factor) / 25) * 25, billsCents: Math.round((bills * factor) / 100) * 100 };
        total += line.coinsCents + line.billsCents;
        lines.push({ id: newId(), companyId, collectionId: id, machineId: m.id, ...line, meterReading: null, note: null });
      }
      const at = new Date(date.getTime() + 18 * 3600 * 1000);
      collections.push({
        id,
        companyId,
        storeId,
        businessDate: isoDate(date),
        collectorId: collector,
        status,
        totalCents: total,
        lineCount: machines.length,
        adjustsCollectionId: null,
        rejectionReason: null,
        submittedAt: at,
        verifiedAt: status === "verified" ? new Date(at.getTime() + 86400000) : null,
        verifiedBy: status === "verified" ? verifier : null,
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  for (let i = 0; i < collections.length; i += 500) await db.insertInto("collections").values(collections.slice(i, i + 500)).execute();
  for (let i = 0; i < lines.length; i += 1000) await db.insertInto("collectionLines").values(lines.slice(i, i + 1000)).execute();
  // Verified collections are in their store's safe, as verification would have put them.
  for (const c of collections.filter((c) => c.status === "verified")) {
    await postToSafe(db, { companyId: c.companyId, storeId: c.storeId, collectionId: c.id, amountCents: c.totalCents as number, actorId: c.verifiedBy as string, description: `Collection ${c.businessDate}` });
  }
}
