import { z } from "zod";
import { geoRefusal, geoZoneArgsSchema, OUTSIDE_ZONE_POLICIES } from "@tumble/domain/geoZones";
import { loadMapConfig } from "../geoZones/mapConfig.ts";
import { fromE6, outsideZonePolicy, toE6, zonesOf } from "../geoZones/zones.ts";
import { mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";

// Geo-zones (issue 16, company/geo-zones): each store may have a zone — a centre and a radius in
// metres — that phone punches are checked against, and the company chooses what happens outside
// it (docs/decisions/0030-geo-zones.md). Managing them needs canManageStores, like the screen.

const storeId = z.string().min(1).max(64);

/** Read once when the functions load, so a wrong MAP_TILE_URL stops start-up. */
const MAP = loadMapConfig();

async function storeOfCompany(db: Parameters<typeof zonesOf>[0], companyId: string, id: string) {
  const store = await db.selectFrom("stores").select(["id", "name"]).where("companyId", "=", companyId).where("id", "=", id).executeTakeFirst();
  if (!store) throw refused(geoRefusal("storeNotFound"));
  return store;
}

/** Every store of the company, active first then by name, with its zone or null. */
export const list = query({
  access: "canManageStores",
  args: z.object({}),
  liveScope: "company",
  handler: async (ctx) => {
    const companyId = ctx.company.id;
    const [stores, zones] = await Promise.all([
      ctx.db
        .selectFrom("stores")
        .select(["id", "name", "address", "timeZone", "isActive"])
        .where("companyId", "=", companyId)
        .orderBy("isActive", "desc")
        .orderBy("name")
        .execute(),
      zonesOf(ctx.db, companyId),
    ]);
    return stores.map((s) => {
      const zone = zones.get(s.id);
      return {
        storeId: s.id,
        storeName: s.name,
        address: s.address,
        timeZone: s.timeZone,
        isActive: s.isActive,
        zone: zone ? { latitude: zone.latitude, longitude: zone.longitude, radiusMeters: zone.radiusMeters, updatedAt: zone.updatedAt.toISOString() } : null,
      };
    });
  },
});

/** Sets (or replaces) a store's zone. Coordinates are kept to 6 decimals. */
export const set = mutation({
  access: "canManageStores",
  args: geoZoneArgsSchema.extend({ storeId }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    await storeOfCompany(ctx.db, companyId, args.storeId);
    const before = (await zonesOf(ctx.db, companyId, [args.storeId])).get(args.storeId);
    const values = {
      latitudeE6: toE6(args.latitude),
      longitudeE6: toE6(args.longitude),
      radiusMeters: args.radiusMeters,
      updatedBy: ctx.user.id,
      updatedAt: new Date(),
    };
    await ctx.db
      .insertInto("geoZones")
      .values({ companyId, storeId: args.storeId, ...values })
      .onConflict((oc) => oc.columns(["companyId", "storeId"]).doUpdateSet(values))
      .execute();
    const after = { latitude: fromE6(values.latitudeE6), longitude: fromE6(values.longitudeE6), radiusMeters: values.radiusMeters };
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: before ? "update" : "create",
      entity: "geoZone",
      entityId: args.storeId,
      ...(before ? { before: { latitude: before.latitude, longitude: before.longitude, radiusMeters: before.radiusMeters } } : {}),
      after,
    });
    return { storeId: args.storeId, ...after };
  },
});

/** Removes a store's zone; "This store has no geo-zone" when it had none. */
export const remove = mutation({
  access: "canManageStores",
  args: z.object({ storeId }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    await storeOfCompany(ctx.db, companyId, args.storeId);
    const before = (await zonesOf(ctx.db, companyId, [args.storeId])).get(args.storeId);
    if (!before) throw refused(geoRefusal("zoneNotFound"));
    await ctx.db.deleteFrom("geoZones").where("companyId", "=", companyId).where("storeId", "=", args.storeId).execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "delete",
      entity: "geoZone",
      entityId: args.storeId,
      before: { latitude: before.latitude, longitude: before.longitude, radiusMeters: before.radiusMeters },
    });
    return { storeId: args.storeId };
  },
});

/** The company's geo-zone setting: what happens to a phone punch outside its store's zone. */
export const getSettings = query({
  access: "canManageStores",
  args: z.object({}),
  liveScope: "company",
  handler: async (ctx) => ({ outsideZone: await outsideZonePolicy(ctx.db, ctx.company.id) }),
});

export const updateSettings = mutation({
  access: "canManageStores",
  args: z.object({ outsideZone: z.enum(OUTSIDE_ZONE_POLICIES) }),
  handler: async (ctx, { outsideZone }) => {
    const companyId = ctx.company.id;
    const before = await outsideZonePolicy(ctx.db, companyId);
    const now = new Date();
    await ctx.db
      .insertInto("geoZoneSettings")
      .values({ companyId, outsideZone, updatedBy: ctx.user.id, updatedAt: now })
      .onConflict((oc) => oc.column("companyId").doUpdateSet({ outsideZone, updatedBy: ctx.user.id, updatedAt: now }))
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "update",
      entity: "geoZoneSettings",
      entityId: companyId,
      before: { outsideZone: before },
      after: { outsideZone },
    });
    return { outsideZone };
  },
});

/** The tile server the zone form draws its map with, or null: no map is shown without one. */
export const map = query({
  access: "canManageStores",
  args: z.object({}),
  handler: async () => MAP,
});
