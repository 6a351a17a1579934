import { randomBytes } from "node:crypto";
import type { Hono } from "hono";
import type { Insertable, Kysely } from "kysely";
import type { CollectionLinesTable, CollectionsTable, DB } from "../db/schema.ts";
import { hashSecretSlow } from "../auth/passwords.ts";
import { postCollection } from "../collections/posting.ts";
import { newId } from "../runtime/ids.ts";
import { EQUIPMENT, LABEL_PREFIX, STORE_LAYOUT as LAYOUT, typicalLine, type EquipmentKey } from "./storeLayout.ts";
import { lineAmountCents } from "@tumble/domain/collectionStats";

// Browser tests run in parallel, so each test gets a company of its own: one member per role,
// a store laid out like the demo's (washers and a changer in front, dryers at the back, vending and
// a claw machine in a corner) and eight weeks of collections. Served at POST /api/test/world only
// when TUMBLE_TEST_WORLD=1 (set by the browser-test server, never in production), because no
// public function creates a company.

export const TEST_WORLD_PASSWORD = "demo-password";
const ROLES = ["OWNER", "ADMIN", "MANAGER", "SUPERVISOR", "STAFF", "MEMBER", "MANAGING_MEMBER"] as const;
type Role = (typeof ROLES)[number];

type Key = EquipmentKey;

export interface TestWorld {
  companyId: string;
  companyName: string;
  companyCode: string;
  storeId: string;
  storeName: string;
  password: string;
  /** E-mail of the member holding each role. */
  users: Record<Role, string>;
}

export async function seedTestWorld(db: Kysely<DB>, today = new Date()): Promise<TestWorld> {
  const tag = randomBytes(4).toString("hex");
  const name = `Test ${tag.toUpperCase()}`;
  const domain = `${tag}.world.test`;
  const passwordHash = await hashSecretSlow(TEST_WORLD_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const companyId = newId();
    const companyCode = `CMP${String(parseInt(tag, 16) % 1_000_000).padStart(6, "0")}`;
    await trx
      .insertInto("companies")
      .values({
        id: companyId,
        name,
        displayName: name,
        companyCode,
        emailDomain: domain,
        industry: "laundromat",
        size: "SMALL",
        description: "A company of its own for one browser test.",
        createdAt: new Date(),
      })
      .execute();

    const users = {} as Record<Role, string>;
    const ids = {} as Record<Role, string>;
    for (const role of ROLES) {
      const id = newId();
      const email = `${role.toLowerCase().replace("_", "-")}@${domain}`;
      users[role] = email;
      ids[role] = id;
      const userName = `${role.charAt(0)}${role.slice(1).toLowerCase().replace("_", " ")} ${tag}`;
      await trx
        .insertInto("users")
        .values({ id, email, name: userName, passwordHash, username: null, pinHash: null, globalRole: null, language: null, activeCompanyId: companyId })
        .execute();
      await trx.insertInto("memberships").values({ id: newId(), companyId, userId: id, role }).execute();
    }

    const typeIds = new Map<Key, string>();
    for (const { key, ...type } of EQUIPMENT) {
      const id = newId();
      typeIds.set(key, id);
      await trx
        .insertInto("equipmentTypes")
        .values({ id, companyId, ...type })
        .execute();
    }

    const storeId = newId();
    const storeName = `${name} Downtown`;
    await trx
      .insertInto("stores")
      .values({
        id: storeId,
        companyId,
        name: storeName,
        address: "100 Main St, Testville",
        phone: "(555)010-0100",
        timeZone: "America/Chicago",
        hours: "6:00-22:00 daily",
        isActive: true,
      })
      .execute();
    const machines: Array<{ id: string; key: Key }> = [];
    let labelNo = 1;
    for (const [position, [sectionName, contents]] of LAYOUT.entries()) {
      const sectionId = newId();
      await trx.insertInto("storeSections").values({ id: sectionId, companyId, storeId, name: sectionName, position }).execute();
      let machinePosition = 0;
      for (const [key, count] of contents) {
        for (let i = 0; i < count; i++) {
          const id = newId();
          const prefix = LABEL_PREFIX[key];
          await trx
            .insertInto("machines")
            .values({
              id,
              companyId,
              storeId,
              sectionId,
              equipmentTypeId: typeIds.get(key)!,
              label: `${prefix}${labelNo++}`,
              coinBoxCapacityCents: key === "changer" ? null : 40000,
              position: machinePosition++,
            })
            .execute();
          machines.push({ id, key });
        }
      }
    }

    // Visits on Mondays and Thursdays for eight weeks; the last week's still await verification.
    const collections: Insertable<CollectionsTable>[] = [];
    const lines: Insertable<CollectionLinesTable>[] = [];
    let step = 0;
    for (let daysAgo = 56; daysAgo >= 1; daysAgo--) {
      const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - daysAgo));
      if (![1, 4].includes(date.getUTCDay())) continue;
      const id = newId();
      const status = daysAgo > 7 ? "verified" : "submitted";
      let total = 0;
      for (const m of machines) {
        // Within ±20% of the typical take, varying by visit and machine.
        const line = typicalLine(m.key, 0.8 + (((step++ * 37) % 41) / 40) * 0.4);
        total += lineAmountCents(line, m.key === "changer");
        lines.push({ id: newId(), companyId, collectionId: id, machineId: m.id, ...line, meterReading: null, note: null });
      }
      const at = new Date(date.getTime() + 18 * 3600 * 1000);
      collections.push({
        id,
        companyId,
        storeId,
        businessDate: date.toISOString().slice(0, 10),
        collectorId: ids.STAFF,
        status,
        totalCents: total,
        lineCount: machines.length,
        adjustsCollectionId: null,
        rejectionReason: null,
        submittedAt: at,
        verifiedAt: status === "verified" ? new Date(at.getTime() + 86400000) : null,
        verifiedBy: status === "verified" ? ids.SUPERVISOR : null,
        createdAt: at,
        updatedAt: at,
      });
    }
    await trx.insertInto("collections").values(collections).execute();
    await trx.insertInto("collectionLines").values(lines).execute();
    for (const c of collections.filter((c) => c.status === "verified")) {
      await postCollection(trx, {
        companyId,
        storeId,
        collectionId: c.id,
        businessDate: c.businessDate,
        actorId: ids.SUPERVISOR,
        description: `Collection ${c.businessDate}`,
      });
    }
    return { companyId, companyName: name, companyCode, storeId, storeName, password: TEST_WORLD_PASSWORD, users };
  });
}

/** Mounts POST /api/test/world when TUMBLE_TEST_WORLD=1; otherwise the route does not exist. */
export function mountTestWorld(app: Hono, db: Kysely<DB>, env: NodeJS.ProcessEnv = process.env): void {
  if (env.TUMBLE_TEST_WORLD !== "1") return;
  app.post("/api/test/world", async (c) => c.json(await seedTestWorld(db)));
}
