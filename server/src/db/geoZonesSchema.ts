import type { Generated } from "kysely";
import type { DefaultTimestamp } from "./columnTypes.ts";

// Geo-zones (migration 0022): one zone per store and the company's outside-the-zone policy.
// Merged into DB in schema.ts.

export interface GeoZonesTable {
  companyId: string;
  storeId: string;
  /** Millionths of a degree (latitude × 1,000,000), -90,000,000 to 90,000,000. */
  latitudeE6: number;
  /** Millionths of a degree, -180,000,000 to 180,000,000. */
  longitudeE6: number;
  radiusMeters: number;
  updatedBy: string | null;
  updatedAt: DefaultTimestamp;
}

export interface GeoZoneSettingsTable {
  companyId: string;
  /** "refuse" | "flag" (OUTSIDE_ZONE_POLICIES). */
  outsideZone: Generated<string>;
  updatedBy: string | null;
  updatedAt: DefaultTimestamp;
}

export interface GeoZonesTables {
  geoZones: GeoZonesTable;
  geoZoneSettings: GeoZoneSettingsTable;
}
