import { z } from "zod";
import type { SupportedLanguage } from "./languagePriority.ts";
import { refusalTable } from "./refusals.ts";

// Geo-zones (issue 16): a store's zone is a circle — a centre (latitude, longitude in degrees,
// WGS 84) and a radius in metres. A phone punch carries the browser's location and its accuracy
// (the radius, in metres, of the browser's ~68% confidence circle). These rules are shared by the
// zone form, geoZones:set and the phone path of timeclock:punch, so the form refuses what the
// server would and the server decides every punch the same way.
//
// The accuracy rule: a punch is inside when
//
//     distance(centre, location) ≤ radius + min(accuracy, ACCURACY_ALLOWANCE_CAP_METERS)
//
// i.e. the phone gets the benefit of the doubt of its own accuracy, but never more than the cap,
// so a coarse fix (Wi-Fi or cell tower, hundreds of metres) cannot stretch a zone far. A fix worse
// than MAX_USABLE_ACCURACY_METERS says nothing useful about where the phone is: it counts as no
// location, as do a missing or impossible position.

/** Mean Earth radius (IUGG), metres: the sphere the great-circle distance is measured on. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

/** The smallest radius a zone may have: a phone's fix is rarely better than this. */
export const MIN_RADIUS_METERS = 10;
/** The largest radius a zone may have: beyond this a zone no longer says "at the store". */
export const MAX_RADIUS_METERS = 5_000;
/** The default radius a new zone form proposes. */
export const DEFAULT_RADIUS_METERS = 100;
/** At most this much of a fix's accuracy is added to the radius. */
export const ACCURACY_ALLOWANCE_CAP_METERS = 100;
/** A fix less precise than this counts as no location. */
export const MAX_USABLE_ACCURACY_METERS = 1_000;
/** Coordinates are kept to 6 decimals (about 11 cm), more than any phone can tell. */
export const COORDINATE_DECIMALS = 6;

export interface LatLng {
  readonly latitude: number;
  readonly longitude: number;
}

export interface GeoZone extends LatLng {
  readonly radiusMeters: number;
}

/** A browser location as a punch sends it; any part may be missing when the browser gave none. */
export interface PunchLocation {
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  readonly accuracy?: number | null;
}

export type PunchLocationVerdict = "inside" | "outside" | "noLocation";

/** What the company does with a phone punch outside its store's zone (or at a store without one). */
export const OUTSIDE_ZONE_POLICIES = ["refuse", "flag"] as const;
export type OutsideZonePolicy = (typeof OUTSIDE_ZONE_POLICIES)[number];
/** Until a company chooses, punches outside the zone are refused. */
export const DEFAULT_OUTSIDE_ZONE_POLICY: OutsideZonePolicy = "refuse";

export type ZoneDecision = "accepted" | "flagged" | "refused";

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance between two points, in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function isLatitude(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isLongitude(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= -180 && value <= 180;
}

/** Rounds a coordinate to COORDINATE_DECIMALS places. */
export function roundCoordinate(value: number): number {
  const factor = 10 ** COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
}

export type NoLocationReason = "missing" | "invalid" | "imprecise";

export interface PunchLocationAssessment {
  readonly verdict: PunchLocationVerdict;
  /** Why there is no usable location (only with verdict "noLocation"). */
  readonly reason?: NoLocationReason;
  /** Distance from the zone's centre, whole metres (not with "noLocation"). */
  readonly distanceMeters?: number;
  /** The radius plus the accuracy allowance the distance was compared with. */
  readonly allowedMeters?: number;
}

/** Whether a location is usable at all, and why not. */
export function locationProblem(location: PunchLocation | null | undefined): NoLocationReason | null {
  if (!location || location.latitude == null || location.longitude == null || location.accuracy == null) return "missing";
  if (!isLatitude(location.latitude) || !isLongitude(location.longitude)) return "invalid";
  if (typeof location.accuracy !== "number" || !Number.isFinite(location.accuracy) || location.accuracy < 0) return "invalid";
  if (location.accuracy > MAX_USABLE_ACCURACY_METERS) return "imprecise";
  return null;
}

/** The rule above, with the figures that led to it (for messages and the punch's record). */
export function assessPunchLocation(zone: GeoZone, location: PunchLocation | null | undefined): PunchLocationAssessment {
  const problem = locationProblem(location);
  if (problem) return { verdict: "noLocation", reason: problem };
  const point = location as Required<{ [K in keyof PunchLocation]: number }>;
  const distance = distanceMeters(zone, point);
  const allowed = zone.radiusMeters + Math.min(point.accuracy, ACCURACY_ALLOWANCE_CAP_METERS);
  return { verdict: distance <= allowed ? "inside" : "outside", distanceMeters: Math.round(distance), allowedMeters: Math.round(allowed) };
}

/** "inside" when distance ≤ radius + min(accuracy, cap); "noLocation" when missing, impossible or too imprecise. */
export function checkPunchLocation(zone: GeoZone, location: PunchLocation | null | undefined): PunchLocationVerdict {
  return assessPunchLocation(zone, location).verdict;
}

/**
 * What happens to a phone punch. No usable location: refused. Inside: accepted. Outside the zone,
 * or at a store without a zone (nothing to check against): the company's policy — refused, or
 * accepted and flagged for the manager.
 */
export function zoneDecision(verdict: PunchLocationVerdict | "noZone", policy: OutsideZonePolicy): ZoneDecision {
  if (verdict === "noLocation") return "refused";
  if (verdict === "inside") return "accepted";
  return policy === "flag" ? "flagged" : "refused";
}

// ---- Messages ----

/** Every message of the geo rules, in English (what the server answers) and Spanish; the refusals' codes are "geoZones.<key>". */
const GEO_ZONE_TABLE = refusalTable("geoZones", {
  latitudeRequired: { en: "Enter the latitude", es: "Escribe la latitud" },
  latitudeRange: { en: "Latitude must be between -90 and 90", es: "La latitud debe estar entre -90 y 90" },
  longitudeRequired: { en: "Enter the longitude", es: "Escribe la longitud" },
  longitudeRange: { en: "Longitude must be between -180 and 180", es: "La longitud debe estar entre -180 y 180" },
  radiusRequired: { en: "Enter the radius in metres", es: "Escribe el radio en metros" },
  radiusWhole: { en: "The radius is a whole number of metres", es: "El radio es un número entero de metros" },
  radiusRange: {
    en: `The radius must be between ${MIN_RADIUS_METERS} and ${MAX_RADIUS_METERS.toLocaleString("en-US")} metres`,
    es: `El radio debe estar entre ${MIN_RADIUS_METERS} y ${MAX_RADIUS_METERS.toLocaleString("en-US")} metros`,
  },
  storeRequired: { en: "Choose a store", es: "Elige una tienda" },
  accuracyInvalid: { en: "The location's accuracy must be zero or more metres", es: "La precisión de la ubicación debe ser cero o más metros" },
  noLocation: {
    en: "Your location is needed to punch from your phone. Allow location access and try again.",
    es: "Se necesita tu ubicación para marcar desde tu teléfono. Permite el acceso a la ubicación e inténtalo de nuevo.",
  },
  impreciseLocation: {
    en: "Your phone's location is too imprecise to check. Move where it can get a better fix (outdoors, with Wi-Fi on) and try again.",
    es: "La ubicación de tu teléfono es demasiado imprecisa. Ve a donde pueda obtener una mejor señal (al aire libre, con Wi-Fi activado) e inténtalo de nuevo.",
  },
  outsideZone: {
    en: "You are outside the store's zone, so this punch was refused. Punch at the store or at its kiosk.",
    es: "Estás fuera de la zona de la tienda, así que la marcación fue rechazada. Marca en la tienda o en su kiosco.",
  },
  outsideZoneFlagged: {
    en: "You are outside the store's zone: the punch was recorded and flagged for your manager.",
    es: "Estás fuera de la zona de la tienda: la marcación se registró y se señaló a tu gerente.",
  },
  noZone: {
    en: "This store has no geo-zone, so phone punches are not accepted there. Ask your manager, or punch at the store's kiosk.",
    es: "Esta tienda no tiene zona geográfica, así que no acepta marcaciones desde el teléfono. Pregunta a tu gerente o marca en el kiosco de la tienda.",
  },
  noZoneFlagged: {
    en: "This store has no geo-zone: the punch was recorded and flagged for your manager.",
    es: "Esta tienda no tiene zona geográfica: la marcación se registró y se señaló a tu gerente.",
  },
  zoneNotFound: { en: "This store has no geo-zone", es: "Esta tienda no tiene zona geográfica" },
  storeNotFound: { en: "Store not found", es: "No se encontró la tienda" },
});
export const GEO_ZONE_MESSAGES = GEO_ZONE_TABLE.texts;
/** A refusal for the server to throw, with its code ("geoZones.<key>", refusals.ts). */
export const geoRefusal = GEO_ZONE_TABLE.refusal;

export type GeoZoneMessageKey = keyof typeof GEO_ZONE_MESSAGES;

const BY_ENGLISH = new Map<string, Record<SupportedLanguage, string>>(Object.values(GEO_ZONE_MESSAGES).map((m) => [m.en, m]));

/** The English text of a geo rule's message (what the server answers). */
export function geoMessage(key: GeoZoneMessageKey): string {
  return GEO_ZONE_MESSAGES[key].en;
}

/** A geo message (English, from a schema or the server) in `language`; others are returned as they are. */
export function localizeGeoMessage(message: string, language: SupportedLanguage): string {
  return BY_ENGLISH.get(message)?.[language] ?? message;
}

/** The key of the message that explains a refused or flagged phone punch, by its cause. */
export function punchLocationMessageKey(verdict: PunchLocationVerdict | "noZone", decision: ZoneDecision, reason?: NoLocationReason): GeoZoneMessageKey | null {
  if (verdict === "noLocation") return reason === "imprecise" ? "impreciseLocation" : "noLocation";
  if (verdict === "inside") return null;
  if (verdict === "noZone") return decision === "flagged" ? "noZoneFlagged" : "noZone";
  return decision === "flagged" ? "outsideZoneFlagged" : "outsideZone";
}

/** The English message that explains a refused or flagged phone punch, by its cause. */
export function punchLocationMessage(verdict: PunchLocationVerdict | "noZone", decision: ZoneDecision, reason?: NoLocationReason): string | null {
  const key = punchLocationMessageKey(verdict, decision, reason);
  return key && geoMessage(key);
}

// ---- Schemas (geoZones:set, the zone form, a phone punch's location) ----

const latitudeSchema = z
  .number(geoMessage("latitudeRequired"))
  .refine((v) => Number.isFinite(v), geoMessage("latitudeRequired"))
  .refine((v) => v >= -90 && v <= 90, geoMessage("latitudeRange"));
const longitudeSchema = z
  .number(geoMessage("longitudeRequired"))
  .refine((v) => Number.isFinite(v), geoMessage("longitudeRequired"))
  .refine((v) => v >= -180 && v <= 180, geoMessage("longitudeRange"));
const radiusSchema = z
  .number(geoMessage("radiusRequired"))
  .int(geoMessage("radiusWhole"))
  .min(MIN_RADIUS_METERS, geoMessage("radiusRange"))
  .max(MAX_RADIUS_METERS, geoMessage("radiusRange"));

/** A zone's fields as geoZones:set checks them (coordinates rounded to 6 decimals). */
export const geoZoneFieldSchemas = {
  latitude: latitudeSchema.transform(roundCoordinate),
  longitude: longitudeSchema.transform(roundCoordinate),
  radiusMeters: radiusSchema,
};

export const geoZoneArgsSchema = z.object({ storeId: z.string().min(1, geoMessage("storeRequired")), ...geoZoneFieldSchemas });

/** The zone form: numbers or "" while a field is empty (Mantine's NumberInput), the same rules. */
const formNumber = (inner: z.ZodType<number, number>, requiredKey: GeoZoneMessageKey) =>
  z
    .union([z.number(), z.string()], geoMessage(requiredKey))
    .transform((v, ctx) => {
      const n = typeof v === "number" ? v : v.trim() === "" ? NaN : Number(v.trim().replace(",", "."));
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: geoMessage(requiredKey) });
        return z.NEVER;
      }
      return n;
    })
    .pipe(inner);

export const geoZoneFormSchema = z.object({
  latitude: formNumber(geoZoneFieldSchemas.latitude, "latitudeRequired"),
  longitude: formNumber(geoZoneFieldSchemas.longitude, "longitudeRequired"),
  radiusMeters: formNumber(radiusSchema, "radiusRequired"),
});
export type GeoZoneFormValues = z.input<typeof geoZoneFormSchema>;

/**
 * A phone punch's location as timeclock:punch receives it. Each part may be null (the browser
 * gave none, or permission was denied): the punch is then refused with the noLocation message
 * rather than rejected as malformed. Impossible values are rejected outright.
 */
export const punchLocationSchema = z.object({
  latitude: z.number().refine(isLatitude, geoMessage("latitudeRange")).nullable(),
  longitude: z.number().refine(isLongitude, geoMessage("longitudeRange")).nullable(),
  accuracy: z
    .number()
    .refine((v) => Number.isFinite(v) && v >= 0, geoMessage("accuracyInvalid"))
    .nullable(),
});

/**
 * Reads "lat, lng" as a map application copies it (e.g. "40.748817, -73.985428"), for a user
 * who pastes both into one field. Returns null unless it is exactly two valid coordinates.
 */
export function parseLatLng(text: string): LatLng | null {
  const match = /^\s*\(?\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*\)?\s*$/.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (!isLatitude(latitude) || !isLongitude(longitude)) return null;
  return { latitude: roundCoordinate(latitude), longitude: roundCoordinate(longitude) };
}
