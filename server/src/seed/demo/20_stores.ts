import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";
import type { DemoCompanyKey } from "./10_companies.ts";
import { EQUIPMENT, LABEL_PREFIX, STORE_LAYOUT, type EquipmentKey } from "../storeLayout.ts";

export type { EquipmentKey };

// Stores and equipment: each company's equipment types, and stores with three sections of
// washers, dryers, a bill changer, vending and a claw machine. Rio Old Mill is inactive.

export interface DemoStore {
  id: string;
  companyId: string;
  company: DemoCompanyKey;
  name: string;
  isActive: boolean;
  /** In section and position order. */
  machines: Array<{ id: string; key: EquipmentKey }>;
}

declare module "../demoContext.ts" {
  interface DemoData {
    /** In the order below. */
    stores: DemoStore[];
  }
}

const STORES: Array<{ company: DemoCompanyKey; name: string; address: string; active: boolean }> = [
  { company: "rio", name: "Rio Downtown", address: "100 Main St, Rio Grande", active: true },
  { company: "rio", name: "Rio Eastside", address: "2450 E Valley Rd, Rio Grande", active: true },
  { company: "rio", name: "Rio Northgate", address: "88 Northgate Plaza, Rio Grande", active: true },
  { company: "rio", name: "Rio Old Mill", address: "7 Mill Ln, Rio Grande", active: false },
  { company: "suds", name: "Suds Harbor", address: "12 Harbor Way, Bayview", active: true },
  { company: "suds", name: "Suds Campus", address: "400 College Ave, Bayview", active: true },
];

export const seed: DemoSeeder = async ({ db, data }) => {
  const typeIds = new Map<string, Map<EquipmentKey, string>>();
  for (const companyId of Object.values(data.companies)) {
    const ids = new Map<EquipmentKey, string>();
    for (const e of EQUIPMENT) {
      const id = newId();
      ids.set(e.key, id);
      await db
        .insertInto("equipmentTypes")
        .values({
          id,
          companyId,
          name: e.name,
          category: e.category,
          acceptsCoins: e.acceptsCoins,
          acceptsBills: e.acceptsBills,
          specialCase: e.specialCase,
          colorHex: e.colorHex,
          iconType: e.iconType,
        })
        .execute();
    }
    typeIds.set(companyId, ids);
  }

  data.stores = [];
  for (const spec of STORES) {
    const storeId = newId();
    const companyId = data.companies[spec.company];
    await db
      .insertInto("stores")
      .values({
        id: storeId,
        companyId,
        name: spec.name,
        address: spec.address,
        phone: "(555)010-0100",
        timeZone: "America/Chicago",
        hours: "6:00-22:00 daily",
        isActive: spec.active,
      })
      .execute();
    const machines: DemoStore["machines"] = [];
    let labelNo = 1;
    for (const [position, [sectionName, contents]] of STORE_LAYOUT.entries()) {
      const sectionId = newId();
      await db.insertInto("storeSections").values({ id: sectionId, companyId, storeId, name: sectionName, position }).execute();
      let machinePosition = 0;
      for (const [key, count] of contents) {
        for (let i = 0; i < count; i++) {
          const id = newId();
          await db
            .insertInto("machines")
            .values({
              id,
              companyId,
              storeId,
              sectionId,
              equipmentTypeId: typeIds.get(companyId)!.get(key)!,
              label: `${LABEL_PREFIX[key]}${labelNo++}`,
              coinBoxCapacityCents: key === "changer" ? null : 40000,
              position: machinePosition++,
            })
            .execute();
          machines.push({ id, key });
        }
      }
    }
    data.stores.push({ id: storeId, companyId, company: spec.company, name: spec.name, isActive: spec.active, machines });
  }
};
