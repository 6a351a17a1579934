import { GeoZonesScreen } from "../geoZones/GeoZonesScreen";

/** /company/geo-zones: each store's zone (centre and radius) for phone punches, and the company's outside-the-zone rule. */
export default function GeoZonesRoute() {
  return <GeoZonesScreen />;
}
