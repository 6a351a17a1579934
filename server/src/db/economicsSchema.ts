import type { DefaultTimestamp, Json } from "./columnTypes.ts";

// Store economics inputs (issue 35, migration 0052): vend prices, revenue beyond the coin boxes,
// recurring expenses and utility bills. Merged into DB by codegen.

/** A vend price from a business date on: for an equipment type, or one machine's override (exactly one of the two). */
export interface MachinePricesTable {
  id: string;
  companyId: string;
  equipmentTypeId: string | null;
  machineId: string | null;
  /** Business date (YYYY-MM-DD) the price applies from. */
  effectiveFrom: string;
  /** Per cycle; for a dryer, per `perMinutes` minutes. */
  priceCents: number;
  /** Dryers: the minutes `priceCents` buys (null: priced per cycle). */
  perMinutes: number | null;
  /** Dryers: a typical cycle's length in minutes (set together with perMinutes). */
  typicalCycleMinutes: number | null;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
}

/** Money a store takes outside the coin boxes, per store (or one of its machines) and business date. */
export interface OtherRevenueTable {
  id: string;
  companyId: string;
  storeId: string;
  machineId: string | null;
  businessDate: string;
  /** 'card' | 'app' | 'wash_dry_fold' | 'vending' | 'retail' | 'other' (OTHER_REVENUE_SOURCES). */
  source: string;
  amountCents: number;
  note: string | null;
  /** The import that wrote the line (null: entered by hand). */
  importBatch: string | null;
  /** The imported row's fingerprint (economics/revenueImport.ts), unique per company: the same file imported again adds nothing. */
  importKey: string | null;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
}

/** A payment system's CSV columns, remembered per provider name for its next import. */
export interface RevenueImportMappingsTable {
  companyId: string;
  provider: string;
  mapping: Json<unknown>;
  updatedBy: string | null;
  updatedAt: DefaultTimestamp;
}

/** A store's monthly expense (rent, insurance, a loan payment) from a month to an optional last month, inclusive. */
export interface RecurringExpensesTable {
  id: string;
  companyId: string;
  storeId: string;
  /** 'rent' | 'insurance' | 'loan' | 'other' (RECURRING_CATEGORIES). */
  category: string;
  description: string;
  /** Per month. */
  amountCents: number;
  /** 'YYYY-MM'. */
  fromMonth: string;
  /** 'YYYY-MM', inclusive; null: still running. */
  toMonth: string | null;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
}

/** A store's utility bill for its period, with usage when the bill gives it. */
export interface UtilityBillsTable {
  id: string;
  companyId: string;
  storeId: string;
  /** 'electricity' | 'gas' | 'water_sewer' (UTILITIES). */
  utility: string;
  periodStart: string;
  periodEnd: string;
  amountCents: number;
  /** Whole units of `unit` (kWh, therms, gallons or CCF), set together with unit. */
  usage: number | null;
  /** 'kWh' (electricity), 'therms' | 'CCF' (gas), 'gallons' | 'CCF' (water and sewer). */
  unit: string | null;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
}

export interface EconomicsTables {
  machinePrices: MachinePricesTable;
  otherRevenue: OtherRevenueTable;
  revenueImportMappings: RevenueImportMappingsTable;
  recurringExpenses: RecurringExpensesTable;
  utilityBills: UtilityBillsTable;
}

// A machine's capacity, purchase price and install date (migration 0052), declared beside the
// tables that read them so the stores module's file is left to its own changes.
declare module "./storesSchema.ts" {
  interface MachinesTable {
    /** Capacity class in pounds (e.g. 20, 30, 40, 60, 80). */
    capacityLb: number | null;
    purchasePriceCents: number | null;
    /** The date it was installed (YYYY-MM-DD). */
    installedOn: string | null;
  }
}
