import type { Kysely } from "kysely";
import {
  assessPunchLocation,
  DEFAULT_OUTSIDE_ZONE_POLICY,
  distanceMeters,
  OUTSIDE_ZONE_POLICIES,
  geoRefusal,
  punchLocationMessageKey,
  zoneDecision,
  type GeoZone,
  type NoLocationReason,
  type OutsideZonePolicy,
  type PunchLocation,
  type PunchLocationVerdict,
  type ZoneDecision,
} from "@tumble/domain/geoZones";
import type { Refusal } from "@tumble/domain/refusals";
import type { DB } from "../db/schema.ts";

// Geo-zones on the server: reading a company's zones and its outside-the-zone policy, and the
// verdict on a phone punch's location (docs/decisions/0030-geo-zones.md). The rules themselves are
// in packages/domain/src/geoZones.ts; this file only reads the rows they need. Every read is
// scoped by the company.

const E6 = 1_000_000;

/** Degrees as the table keeps them (millionths of a degree, rounded). */
export function toE6(degrees: number): number {
  return Math.round(degrees * E6);
}

export function fromE6(value: number): number {
  return Number(value) / E6;
}

export interface StoreZone extends GeoZone {
  storeId: string;
  updatedAt: Date;
  updatedBy: string | null;
}

/** The zones of some (or all) of a company's stores, by store id. */
export async function zonesOf(db: Kysely<DB>, companyId: string, storeIds?: readonly string[]): Promise<Map<string, StoreZone>> {
  if (storeIds && storeIds.length === 0) return new Map();
  let q = db
    .selectFrom("geoZones")
    .select(["storeId", "latitudeE6", "longitudeE6", "radiusMeters", "updatedAt", "updatedBy"])
    .where("companyId", "=", companyId);
  if (storeIds) q = q.where("storeId", "in", [...storeIds]);
  const rows = await q.execute();
  return new Map(
    rows.map((r) => [
      r.storeId,
      {
        storeId: r.storeId,
        latitude: fromE6(r.latitudeE6),
        longitude: fromE6(r.longitudeE6),
        radiusMeters: Number(r.radiusMeters),
        updatedAt: r.updatedAt,
        updatedBy: r.updatedBy,
      },
    ]),
  );
}

/** The company's policy for phone punches outside their store's zone; "refuse" until it chooses. */
export async function outsideZonePolicy(db: Kysely<DB>, companyId: string): Promise<OutsideZonePolicy> {
  const row = await db.selectFrom("geoZoneSettings").select("outsideZone").where("companyId", "=", companyId).executeTakeFirst();
  const value = row?.outsideZone as OutsideZonePolicy | undefined;
  return value && OUTSIDE_ZONE_POLICIES.includes(value) ? value : DEFAULT_OUTSIDE_ZONE_POLICY;
}

/** What a phone punch's location means for the punch. */
export interface ZoneVerdict {
  /** accepted: record it; flagged: record it and flag it for the manager; refused: do not record it. */
  decision: ZoneDecision;
  /** Where the location was: inside or outside the zone, no usable location, or the store has no zone. */
  verdict: PunchLocationVerdict | "noZone";
  /** Why there is no usable location (verdict "noLocation"): missing, invalid or imprecise. */
  reason?: NoLocationReason;
  /** For a refused or flagged punch, the message to show (English; localizeGeoMessage translates it). */
  message: string | null;
  /** The same with its code (geoZones.<key>), for refused() to throw when the punch is refused. */
  refusal: Refusal | null;
  /** The store the verdict is about. */
  storeId: string;
  /** Whole metres from the zone's centre, and the radius plus accuracy allowance it was held to. */
  distanceMeters?: number;
  allowedMeters?: number;
  /** The company's policy that applied (outside the zone or without a zone). */
  policy: OutsideZonePolicy;
}

function explanation(verdict: PunchLocationVerdict | "noZone", decision: ZoneDecision, reason?: NoLocationReason) {
  const key = punchLocationMessageKey(verdict, decision, reason);
  const refusal = key && geoRefusal(key);
  return { message: refusal?.message ?? null, refusal };
}

function verdictFor(storeId: string, zone: GeoZone | undefined, location: PunchLocation | null | undefined, policy: OutsideZonePolicy): ZoneVerdict {
  if (!zone) {
    // Nothing to check against: a punch without a location is still refused; otherwise the policy decides.
    const assessed = assessPunchLocation({ latitude: 0, longitude: 0, radiusMeters: 0 }, location);
    const verdict = assessed.verdict === "noLocation" ? "noLocation" : "noZone";
    const decision = zoneDecision(verdict, policy);
    return {
      decision,
      verdict,
      ...(assessed.reason ? { reason: assessed.reason } : {}),
      ...explanation(verdict, decision, assessed.reason),
      storeId,
      policy,
    };
  }
  const assessed = assessPunchLocation(zone, location);
  const decision = zoneDecision(assessed.verdict, policy);
  return {
    decision,
    verdict: assessed.verdict,
    ...(assessed.reason ? { reason: assessed.reason } : {}),
    ...explanation(assessed.verdict, decision, assessed.reason),
    storeId,
    ...(assessed.distanceMeters !== undefined ? { distanceMeters: assessed.distanceMeters, allowedMeters: assessed.allowedMeters } : {}),
    policy,
  };
}

/**
 * The verdict on a phone punch at one store: inside its zone → accepted; no usable location
 * (missing, denied, impossible or too imprecise) → refused; outside the zone, or the store has no
 * zone → refused or accepted-and-flagged per the company's policy (geoZones:setPolicy). The
 * message explains a refusal or flag; throw refused(refusal) to refuse the punch.
 */
export async function zoneVerdict(db: Kysely<DB>, companyId: string, storeId: string, location: PunchLocation | null | undefined): Promise<ZoneVerdict> {
  const [zones, policy] = await Promise.all([zonesOf(db, companyId, [storeId]), outsideZonePolicy(db, companyId)]);
  return verdictFor(storeId, zones.get(storeId), location, policy);
}

/**
 * The verdict on a phone clock-in by someone who works at several stores: the store whose zone
 * the location is inside (the nearest centre if several), else the verdict at the nearest zone
 * (or, without zones, the first store). `storeIds` must not be empty.
 */
export async function zoneVerdictAmong(
  db: Kysely<DB>,
  companyId: string,
  storeIds: readonly string[],
  location: PunchLocation | null | undefined,
): Promise<ZoneVerdict> {
  if (storeIds.length === 0) throw new Error("zoneVerdictAmong needs at least one store");
  const [zones, policy] = await Promise.all([zonesOf(db, companyId, storeIds), outsideZonePolicy(db, companyId)]);
  const verdicts = storeIds.map((storeId) => verdictFor(storeId, zones.get(storeId), location, policy));
  const inside = verdicts.filter((v) => v.verdict === "inside").sort((a, b) => a.distanceMeters! - b.distanceMeters!);
  if (inside[0]) return inside[0];
  const zoned = verdicts.filter((v) => v.distanceMeters !== undefined).sort((a, b) => a.distanceMeters! - b.distanceMeters!);
  return zoned[0] ?? verdicts[0]!;
}

/** Whole metres between a location and a zone's centre (for lists that show how far someone was). */
export function metresFrom(zone: GeoZone, latitude: number, longitude: number): number {
  return Math.round(distanceMeters(zone, { latitude, longitude }));
}
