import type { Generated } from "kysely";
import type { DefaultTimestamp, NullableCents } from "./columnTypes.ts";

// Stores and equipment: stores, their sections, equipment types and machines. Merged into DB in schema.ts.

export interface StoresTable {
  id: string;
  companyId: string;
  name: string;
  address: string;
  phone: string | null;
  timeZone: Generated<string>;
  hours: string | null;
  isActive: Generated<boolean>;
  createdAt: DefaultTimestamp;
  /** The state or local minimum wage an hourly rate there may not go under (null: the company's). Migration 0042. */
  minimumWageCents: NullableCents;
}

export interface StoreSectionsTable {
  id: string;
  companyId: string;
  storeId: string;
  name: string;
  position: number;
}

export interface EquipmentTypesTable {
  id: string;
  companyId: string;
  name: string;
  category: string;
  acceptsCoins: Generated<boolean>;
  acceptsBills: Generated<boolean>;
  specialCase: string | null;
  colorHex: string | null;
  iconType: string | null;
}

export interface MachinesTable {
  id: string;
  companyId: string;
  storeId: string;
  sectionId: string;
  equipmentTypeId: string;
  label: string;
  coinBoxCapacityCents: number | null;
  position: number;
  isActive: Generated<boolean>;
}

export interface StoresTables {
  stores: StoresTable;
  storeSections: StoreSectionsTable;
  equipmentTypes: EquipmentTypesTable;
  machines: MachinesTable;
}
