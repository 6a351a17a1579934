import "leaflet/dist/leaflet.css";
import { Box } from "@mantine/core";
import { useEffect } from "react";
import { Circle, CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from "react-leaflet";

// The zone on a map (lazy: only loaded when a tile server is configured). The circle is the zone;
// a click or tap on the map moves its centre there. Circles only, so no marker images are needed.

export interface ZoneMapProps {
  tileUrl: string;
  attribution: string;
  /** The centre as the form holds it, or null while the fields are empty or wrong. */
  centre: { latitude: number; longitude: number } | null;
  radiusMeters: number;
  onPick: (latitude: number, longitude: number) => void;
  label: string;
}

function Follow({ centre }: { centre: ZoneMapProps["centre"] }) {
  const map = useMap();
  useEffect(() => {
    if (centre) map.setView([centre.latitude, centre.longitude], Math.max(map.getZoom(), 16));
  }, [map, centre?.latitude, centre?.longitude]); // eslint-disable-line react-hooks/exhaustive-deps -- follow the point, not the object
  return null;
}

function Pick({ onPick }: { onPick: ZoneMapProps["onPick"] }) {
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  return null;
}

export default function ZoneMap({ tileUrl, attribution, centre, radiusMeters, onPick, label }: ZoneMapProps) {
  const start: [number, number] = centre ? [centre.latitude, centre.longitude] : [39.5, -98.35];
  return (
    <Box h={260} style={{ borderRadius: "var(--mantine-radius-md)", overflow: "hidden" }} role="region" aria-label={label} data-testid="zone-map">
      <MapContainer center={start} zoom={centre ? 16 : 3} style={{ height: "100%", width: "100%" }} scrollWheelZoom={false}>
        <TileLayer url={tileUrl} attribution={attribution} />
        <Follow centre={centre} />
        <Pick onPick={onPick} />
        {centre ? (
          <>
            <Circle center={[centre.latitude, centre.longitude]} radius={radiusMeters} pathOptions={{ color: "#0b7285", weight: 2, fillOpacity: 0.15 }} />
            <CircleMarker center={[centre.latitude, centre.longitude]} radius={5} pathOptions={{ color: "#0b7285", fillOpacity: 1 }} />
          </>
        ) : null}
      </MapContainer>
    </Box>
  );
}
