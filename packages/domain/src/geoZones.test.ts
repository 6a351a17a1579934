import { describe, expect, it } from "vitest";
import {
  ACCURACY_ALLOWANCE_CAP_METERS,
  assessPunchLocation,
  checkPunchLocation,
  distanceMeters,
  EARTH_RADIUS_METERS,
  geoMessage,
  geoZoneArgsSchema,
  geoZoneFormSchema,
  localizeGeoMessage,
  MAX_RADIUS_METERS,
  MAX_USABLE_ACCURACY_METERS,
  MIN_RADIUS_METERS,
  parseLatLng,
  punchLocationMessage,
  punchLocationSchema,
  zoneDecision,
} from "./geoZones.ts";

// Points a known distance apart. Empire State Building and the Statue of Liberty; 0.0009° of
// latitude north of the Empire State Building is 100.08 m on the mean-radius sphere.
const empireState = { latitude: 40.748817, longitude: -73.985428 };
const liberty = { latitude: 40.689247, longitude: -74.044502 };
const north100m = { latitude: 40.749717, longitude: -73.985428 };

describe("great-circle distance", () => {
  it("measures one degree along the equator and along a meridian as 2πR/360", () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(111_195.08, 1);
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195.08, 1);
  });

  it("matches the published haversine example Nashville–Los Angeles (2887.26 km on a 6372.8 km sphere)", () => {
    const d = distanceMeters({ latitude: 36.12, longitude: -86.67 }, { latitude: 33.94, longitude: -118.4 });
    expect((d / EARTH_RADIUS_METERS) * 6_372_800).toBeCloseTo(2_887_259.95, 1);
    expect(d).toBeCloseTo(2_886_448.43, 1);
  });

  it("measures Manhattan landmarks and short hops in metres, symmetric and zero on the spot", () => {
    expect(distanceMeters(empireState, liberty)).toBeCloseTo(8_286.25, 1);
    expect(distanceMeters(liberty, empireState)).toBeCloseTo(distanceMeters(empireState, liberty), 6);
    expect(distanceMeters(empireState, north100m)).toBeCloseTo(100.08, 2);
    expect(distanceMeters(empireState, empireState)).toBe(0);
  });

  it("crosses the antimeridian the short way and handles antipodes", () => {
    expect(distanceMeters({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(111_195.08, 1);
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * EARTH_RADIUS_METERS, 1);
  });
});

describe("a punch's location against a zone", () => {
  const zone = { ...empireState, radiusMeters: 80 };

  it("is inside when the distance is within the radius plus the accuracy", () => {
    expect(checkPunchLocation(zone, { ...empireState, accuracy: 5 })).toBe("inside");
    // 100.08 m away: outside 80 m with a 10 m fix, inside with a 25 m fix (80 + 25 = 105).
    expect(checkPunchLocation(zone, { ...north100m, accuracy: 10 })).toBe("outside");
    expect(checkPunchLocation(zone, { ...north100m, accuracy: 25 })).toBe("inside");
    expect(assessPunchLocation(zone, { ...north100m, accuracy: 25 })).toEqual({ verdict: "inside", distanceMeters: 100, allowedMeters: 105 });
  });

  it("counts at most the cap of a coarse fix's accuracy", () => {
    const far = { latitude: 40.748817 + 0.0018 * 1.5, longitude: -73.985428 }; // ≈ 300 m
    expect(checkPunchLocation({ ...empireState, radiusMeters: 150 }, { ...far, accuracy: 900 })).toBe("outside");
    expect(assessPunchLocation({ ...empireState, radiusMeters: 150 }, { ...far, accuracy: 900 }).allowedMeters).toBe(150 + ACCURACY_ALLOWANCE_CAP_METERS);
    expect(checkPunchLocation({ ...empireState, radiusMeters: 250 }, { ...far, accuracy: 900 })).toBe("inside");
  });

  it("has no location when a part is missing, impossible, or the fix is too imprecise", () => {
    expect(checkPunchLocation(zone, null)).toBe("noLocation");
    expect(checkPunchLocation(zone, { latitude: null, longitude: null, accuracy: null })).toBe("noLocation");
    expect(checkPunchLocation(zone, { ...empireState })).toBe("noLocation");
    expect(assessPunchLocation(zone, { latitude: 91, longitude: 0, accuracy: 5 })).toEqual({ verdict: "noLocation", reason: "invalid" });
    expect(assessPunchLocation(zone, { ...empireState, accuracy: -1 })).toEqual({ verdict: "noLocation", reason: "invalid" });
    expect(assessPunchLocation(zone, { ...empireState, accuracy: Number.NaN })).toEqual({ verdict: "noLocation", reason: "invalid" });
    expect(assessPunchLocation(zone, { ...empireState, accuracy: MAX_USABLE_ACCURACY_METERS })).toMatchObject({ verdict: "inside" });
    expect(assessPunchLocation(zone, { ...empireState, accuracy: MAX_USABLE_ACCURACY_METERS + 1 })).toEqual({ verdict: "noLocation", reason: "imprecise" });
  });

  it("decides: inside accepted, no location refused, outside and no zone by the company's policy", () => {
    expect(zoneDecision("inside", "refuse")).toBe("accepted");
    expect(zoneDecision("inside", "flag")).toBe("accepted");
    expect(zoneDecision("noLocation", "flag")).toBe("refused");
    expect(zoneDecision("outside", "refuse")).toBe("refused");
    expect(zoneDecision("outside", "flag")).toBe("flagged");
    expect(zoneDecision("noZone", "refuse")).toBe("refused");
    expect(zoneDecision("noZone", "flag")).toBe("flagged");
  });

  it("explains each refusal and flag in English and Spanish", () => {
    expect(punchLocationMessage("inside", "accepted")).toBeNull();
    expect(punchLocationMessage("noLocation", "refused", "missing")).toBe(geoMessage("noLocation"));
    expect(punchLocationMessage("noLocation", "refused", "imprecise")).toBe(geoMessage("impreciseLocation"));
    expect(punchLocationMessage("outside", "refused")).toBe(geoMessage("outsideZone"));
    expect(punchLocationMessage("outside", "flagged")).toBe(geoMessage("outsideZoneFlagged"));
    expect(punchLocationMessage("noZone", "refused")).toBe(geoMessage("noZone"));
    expect(localizeGeoMessage(geoMessage("outsideZone"), "es")).toMatch(/^Estás fuera de la zona/);
    expect(localizeGeoMessage("Something else", "es")).toBe("Something else");
  });
});

describe("zone validation", () => {
  it("accepts a zone and rounds its coordinates to 6 decimals", () => {
    expect(geoZoneArgsSchema.parse({ storeId: "s1", latitude: 40.74881749, longitude: -73.98542849, radiusMeters: 120 })).toEqual({
      storeId: "s1",
      latitude: 40.748817,
      longitude: -73.985428,
      radiusMeters: 120,
    });
  });

  it("refuses out-of-range coordinates and radii with a message for each", () => {
    const errors = (v: object) =>
      geoZoneArgsSchema.safeParse({ storeId: "s1", latitude: 0, longitude: 0, radiusMeters: 100, ...v }).error?.issues.map((i) => i.message);
    expect(errors({ latitude: 90.0001 })).toEqual([geoMessage("latitudeRange")]);
    expect(errors({ latitude: -91 })).toEqual([geoMessage("latitudeRange")]);
    expect(errors({ longitude: 180.5 })).toEqual([geoMessage("longitudeRange")]);
    expect(errors({ radiusMeters: MIN_RADIUS_METERS - 1 })).toEqual([geoMessage("radiusRange")]);
    expect(errors({ radiusMeters: MAX_RADIUS_METERS + 1 })).toEqual([geoMessage("radiusRange")]);
    expect(errors({ radiusMeters: 50.5 })).toEqual([geoMessage("radiusWhole")]);
    expect(errors({ latitude: 90, longitude: -180, radiusMeters: MAX_RADIUS_METERS })).toBeUndefined();
    expect(errors({ storeId: "" })).toEqual([geoMessage("storeRequired")]);
  });

  it("reads the form's empty fields and decimal commas with the same rules", () => {
    const form = (v: object) => geoZoneFormSchema.safeParse({ latitude: "40.7", longitude: -73.9, radiusMeters: 100, ...v });
    expect(form({}).data).toEqual({ latitude: 40.7, longitude: -73.9, radiusMeters: 100 });
    expect(form({ latitude: "40,5" }).data?.latitude).toBe(40.5);
    expect(form({ latitude: "" }).error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["latitude", geoMessage("latitudeRequired")]]);
    expect(form({ radiusMeters: "" }).error?.issues[0]?.message).toBe(geoMessage("radiusRequired"));
    expect(form({ longitude: "abc" }).error?.issues[0]?.message).toBe(geoMessage("longitudeRequired"));
    expect(form({ latitude: 95 }).error?.issues[0]?.message).toBe(geoMessage("latitudeRange"));
  });

  it("takes a punch's location with missing parts as null, and refuses impossible ones", () => {
    expect(punchLocationSchema.parse({ latitude: null, longitude: null, accuracy: null })).toEqual({ latitude: null, longitude: null, accuracy: null });
    expect(punchLocationSchema.safeParse({ latitude: 100, longitude: 0, accuracy: 5 }).success).toBe(false);
    expect(punchLocationSchema.safeParse({ latitude: 10, longitude: 0, accuracy: -5 }).success).toBe(false);
  });

  it("reads a pasted 'lat, lng' pair", () => {
    expect(parseLatLng("40.748817, -73.985428")).toEqual(empireState);
    expect(parseLatLng("(40.748817,-73.985428)")).toEqual(empireState);
    expect(parseLatLng("40.748817 -73.985428")).toEqual(empireState);
    expect(parseLatLng("40.748817")).toBeNull();
    expect(parseLatLng("100, 20")).toBeNull();
  });
});
