import { z } from "zod";
import { KIOSK_VALID_DAYS_DEFAULT } from "@tumble/domain/timeClock";
import { kioskNameSchema, kioskValidDaysSchema } from "@tumble/domain/kioskForms";
import { kioskRefusal } from "@tumble/domain/kioskRefusals";
import { action, mutation, query } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { refused } from "../runtime/errors.ts";
import { hashSecret } from "../runtime/tokens.ts";
import { newId } from "../runtime/ids.ts";
import { kioskExpiry, kioskOf, newKioskToken } from "../timeClock/kiosks.ts";
import { releaseKiosk } from "../timeClock/kioskRelease.ts";

// Kiosks (issue 16): a manager turns a browser into a store's time clock. The device gets a
// credential that can do nothing but punch at that store (docs/decisions/0029), for a year unless
// the manager says otherwise (issue 31); revoking it stops the kiosk at once, and only a manager's
// e-mail and password take the browser out of kiosk mode.

const id = z.string().max(64);
const kioskName = kioskNameSchema;
/** The credential as the kiosk sends it (an argument, never a bearer token). */
export const kioskTokenArg = z.string().max(200);
const validDays = kioskValidDaysSchema;

/** Registers a kiosk for one of the company's stores for `validDays` (a year by default); the credential is shown once. */
export const register = mutation({
  access: "canManageKiosks",
  args: z.object({ storeId: id, name: kioskName, validDays: validDays.optional() }),
  handler: async (ctx, { storeId, name, validDays: days = KIOSK_VALID_DAYS_DEFAULT }) => {
    const companyId = ctx.company.id;
    const store = await ctx.db
      .selectFrom("stores")
      .select(["id", "name", "isActive"])
      .where("companyId", "=", companyId)
      .where("id", "=", storeId)
      .executeTakeFirst();
    if (!store) throw refused(kioskRefusal("storeNotFound"));
    if (!store.isActive) throw refused(kioskRefusal("storeInactive"));
    const kioskToken = newKioskToken();
    const kioskId = newId();
    const expiresAt = kioskExpiry(ctx.now, days);
    await ctx.db
      .insertInto("kiosks")
      .values({ id: kioskId, companyId, storeId, name, tokenHash: hashSecret(kioskToken), createdBy: ctx.user.id, expiresAt })
      .execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "create",
      entity: "kiosk",
      entityId: kioskId,
      after: { storeId, name, expiresAt: expiresAt.toISOString() },
    });
    return { kioskId, kioskToken, storeName: store.name, expiresAt: expiresAt.getTime() };
  },
});

/** The company's kiosks with when each was last seen and when its registration ends; revoked ones last. */
export const list = query({
  access: "canManageKiosks",
  liveScope: "company",
  args: z.object({ storeId: id.optional() }),
  handler: async (ctx, { storeId }) => {
    let q = ctx.db
      .selectFrom("kiosks as k")
      .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "k.companyId").onRef("s.id", "=", "k.storeId"))
      .leftJoin("users as u", "u.id", "k.createdBy")
      .select([
        "k.id",
        "k.name",
        "k.storeId",
        "s.name as storeName",
        "k.createdAt",
        "k.lastSeenAt",
        "k.revokedAt",
        "k.expiresAt",
        "u.name as createdByName",
        "u.email as createdByEmail",
      ])
      .where("k.companyId", "=", ctx.company.id);
    if (storeId) q = q.where("k.storeId", "=", storeId);
    const rows = await q
      .orderBy((eb) => eb.case().when("k.revokedAt", "is", null).then(0).else(1).end())
      .orderBy("s.name")
      .orderBy("k.name")
      .orderBy("k.id")
      .execute();
    const at = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
    return rows.map((r) => ({
      _id: r.id,
      name: r.name,
      storeId: r.storeId,
      storeName: r.storeName,
      createdAt: at(r.createdAt)!,
      createdBy: r.createdByName ?? r.createdByEmail,
      lastSeenAt: at(r.lastSeenAt),
      revokedAt: at(r.revokedAt),
      expiresAt: at(r.expiresAt)!,
    }));
  },
});

/** Renames a kiosk (its credential stays); a revoked one keeps its name. */
export const rename = mutation({
  access: "canManageKiosks",
  args: z.object({ kioskId: id, name: kioskName }),
  handler: async (ctx, { kioskId, name }) => {
    const companyId = ctx.company.id;
    const kiosk = await ctx.db
      .selectFrom("kiosks")
      .select(["id", "name", "revokedAt"])
      .where("companyId", "=", companyId)
      .where("id", "=", kioskId)
      .executeTakeFirst();
    if (!kiosk) throw refused(kioskRefusal("kioskNotFound"));
    if (kiosk.revokedAt) throw refused(kioskRefusal("kioskRevoked"));
    await ctx.db.updateTable("kiosks").set({ name }).where("companyId", "=", companyId).where("id", "=", kioskId).execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "rename",
      entity: "kiosk",
      entityId: kioskId,
      before: { name: kiosk.name },
      after: { name },
    });
    return null;
  },
});

/** Revokes a kiosk: its credential is refused from the next call on. */
export const revoke = mutation({
  access: "canManageKiosks",
  args: z.object({ kioskId: id }),
  handler: async (ctx, { kioskId }) => {
    const companyId = ctx.company.id;
    const kiosk = await ctx.db.selectFrom("kiosks").select(["id", "revokedAt"]).where("companyId", "=", companyId).where("id", "=", kioskId).executeTakeFirst();
    if (!kiosk) throw refused(kioskRefusal("kioskNotFound"));
    if (kiosk.revokedAt) return null;
    await ctx.db
      .updateTable("kiosks")
      .set({ revokedAt: new Date(ctx.now) })
      .where("companyId", "=", companyId)
      .where("id", "=", kioskId)
      .execute();
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "revoke", entity: "kiosk", entityId: kioskId });
    return null;
  },
});

/**
 * Gives a kiosk `validDays` more from now (an expired one works again at once); a revoked one
 * stays revoked: its tablet is registered again.
 */
export const extend = mutation({
  access: "canManageKiosks",
  args: z.object({ kioskId: id, validDays }),
  handler: async (ctx, { kioskId, validDays: days }) => {
    const companyId = ctx.company.id;
    const kiosk = await ctx.db
      .selectFrom("kiosks")
      .select(["id", "revokedAt", "expiresAt"])
      .where("companyId", "=", companyId)
      .where("id", "=", kioskId)
      .executeTakeFirst();
    if (!kiosk) throw refused(kioskRefusal("kioskNotFound"));
    if (kiosk.revokedAt) throw refused(kioskRefusal("kioskRevoked"));
    const expiresAt = kioskExpiry(ctx.now, days);
    await ctx.db.updateTable("kiosks").set({ expiresAt }).where("companyId", "=", companyId).where("id", "=", kioskId).execute();
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "extend",
      entity: "kiosk",
      entityId: kioskId,
      before: { expiresAt: new Date(kiosk.expiresAt).toISOString() },
      after: { expiresAt: expiresAt.toISOString() },
    });
    return { expiresAt: expiresAt.getTime() };
  },
});

/**
 * Takes a browser out of kiosk mode: a manager of the kiosk's company types their e-mail and
 * password on the tablet. Counted against the sign-in limits; starts no session. The credential
 * is revoked (audited as the manager's), so a copy of it stops too. Works on a revoked or expired
 * kiosk as well, whose tablet still shows only the kiosk until a manager releases it.
 */
export const release = action({
  access: "public",
  rateLimit: { perMinute: 30 },
  args: z.object({ kioskToken: kioskTokenArg, email: z.string().max(320), password: z.string().max(1000) }),
  handler: async (ctx, args) => {
    await releaseKiosk(ctx, args);
    return null;
  },
});

/** The kiosk a credential names, for its start screen; also marks it seen. Refused once revoked. */
export const current = action({
  access: "public",
  rateLimit: { perMinute: 120 },
  args: z.object({ kioskToken: kioskTokenArg }),
  handler: async (ctx, { kioskToken }) => {
    const kiosk = await kioskOf(ctx.db, kioskToken, ctx.now);
    return {
      kioskId: kiosk.id,
      name: kiosk.name,
      storeId: kiosk.storeId,
      storeName: kiosk.storeName,
      timeZone: kiosk.timeZone,
      companyName: kiosk.companyName,
    };
  },
});
