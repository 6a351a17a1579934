import type { DemoSeeder } from "../demoContext.ts";

// Geo-zones for two of Rio's active stores (Northgate has none, so the screens show both cases):
// phone punches within 150 m of the door are accepted. Coordinates in millionths of a degree.
const ZONES: Record<string, { latitudeE6: number; longitudeE6: number; radiusMeters: number }> = {
  "Rio Downtown": { latitudeE6: 26_379_400, longitudeE6: -98_820_300, radiusMeters: 150 },
  "Rio Eastside": { latitudeE6: 26_384_900, longitudeE6: -98_792_600, radiusMeters: 150 },
};

export const seed: DemoSeeder = async ({ db, data }) => {
  const zones = data.stores.filter((s) => ZONES[s.name]).map((s) => ({ companyId: s.companyId, storeId: s.id, ...ZONES[s.name], updatedBy: null }));
  if (zones.length) await db.insertInto("geoZones").values(zones).execute();
};
