import { z } from "zod";
import { accessDenied } from "@tumble/domain/accessRefusals";
import { lockArgsSchema, markPaidArgsSchema, periodArgsSchema, reopenArgsSchema, type PayPeriodDetail, type PayPeriodListItem } from "@tumble/domain/payroll";
import type { WorkforceSettings } from "@tumble/domain/companySettings";
import { settingsOf } from "../companySettings/settings.ts";
import { calculations, calendar, companyToday, detailOf, materialize, summaryOf } from "../payroll/periods.ts";
import { requirePeriod } from "../payroll/access.ts";
import { audit } from "../runtime/audit.ts";
import { mutation, query, type MutationCtx } from "../runtime/define.ts";
import type { Updateable } from "kysely";
import type { DB } from "../db/schema.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { payrollRefusal } from "@tumble/domain/payrollMessages";
import { payrollOutputRefusal, staleDays, type PayPeriodVersionInfo } from "@tumble/domain/payrollOutputs";
import { idempotencyKey } from "../cash/access.ts";
import type { Kysely } from "kysely";
import type { FrozenPeriod } from "../payroll/periods.ts";

// Pay periods (issue 18, docs/decisions/0037-payroll.md): the calendar with each period's totals,
// a period's lines, and its life: open → locked (figures frozen) → paid; an owner may reopen a
// locked period with a reason until it is paid. Every lock is a version of the period's figures
// (docs/decisions/0054-payroll-outputs.md): a reopen keeps the version it undoes readable.

/** A retried call with the same key acts once and answers as the first did (docs/decisions/0011); optional, so older clients keep working. */
const retryKey = { idempotencyKey: idempotencyKey.optional() };

/** The pay calendar, newest first: computed periods up to the next one and every stored period, each with its totals. */
export const list = query({
  access: "canManageStores",
  liveScope: "company",
  args: z.object({}),
  handler: async (ctx): Promise<(PayPeriodListItem & { staleDays: number | null })[]> => {
    const settings = await settingsOf(ctx.db, ctx.company.id, "workforce");
    const today = await companyToday(ctx.db, ctx.company.id, ctx.now);
    const periods = await calendar(ctx.db, ctx.company.id, settings, today);
    const figures = await calculations(ctx.db, ctx.company.id, settings, periods);
    // The server marks today's period, so every screen agrees with it on which one that is.
    return periods.map((p) => {
      const summary = summaryOf(p, figures.get(p.id)!);
      // An open period with pay whose last day is well past (or whose pay date passed) is flagged on
      // the payroll dashboard; one nobody worked in has nothing to lock.
      const stale = summary.employeeCount > 0 ? staleDays(summary, today) : null;
      return { ...summary, current: p.range.startsOn <= today && today <= p.range.endsOn, staleDays: stale };
    });
  },
});

/** A period with its lines per employee (days, entries, workweeks, adjustments) and the time not included. */
export const get = query({
  access: "canManageStores",
  liveScope: "company",
  args: periodArgsSchema,
  handler: async (ctx, args): Promise<PayPeriodDetail & { version: number | null; versions: PayPeriodVersionInfo[] }> => {
    const { period, settings } = await requirePeriod(ctx, args.periodId);
    const figures = await calculations(ctx.db, ctx.company.id, settings, [period]);
    const detail = detailOf(period, figures.get(period.id)!);
    // The version shown is the one frozen now; an open period shows none (its figures are not final).
    return { ...detail, version: detail.frozen ? (period.stored?.version ?? null) : null, versions: await versionsOf(ctx.db, ctx.company.id, period.id) };
  },
});

/** Every lock of a period, newest first: who locked it, when and why, and who reopened it. */
export async function versionsOf(db: Kysely<DB>, companyId: string, periodId: string): Promise<PayPeriodVersionInfo[]> {
  const rows = await db
    .selectFrom("payPeriodVersions as v")
    .leftJoin("users as l", "l.id", "v.lockedBy")
    .leftJoin("users as r", "r.id", "v.reopenedBy")
    .select(["v.version", "v.grossCents", "v.lockedAt", "v.lockReason", "v.reopenedAt", "v.reopenReason", "l.name as lockedByName", "r.name as reopenedByName"])
    .where("v.companyId", "=", companyId)
    .where("v.periodId", "=", periodId)
    .orderBy("v.version", "desc")
    .execute();
  return rows.map((r) => ({
    version: r.version,
    grossCents: Number(r.grossCents),
    lockedAt: new Date(r.lockedAt).getTime(),
    lockedByName: r.lockedByName,
    lockReason: r.lockReason,
    reopenedAt: r.reopenedAt ? new Date(r.reopenedAt).getTime() : null,
    reopenedByName: r.reopenedByName,
    reopenReason: r.reopenReason,
  }));
}

/** One version of a period's frozen figures, as it was locked (an earlier one stays readable after a reopen). */
export const version = query({
  access: "canManageStores",
  liveScope: "company",
  args: periodArgsSchema.extend({ version: z.number().int().min(1).max(100_000) }),
  handler: async (ctx, args): Promise<PayPeriodVersionInfo & FrozenPeriod> => {
    const { period } = await requirePeriod(ctx, args.periodId);
    const row = await ctx.db
      .selectFrom("payPeriodVersions")
      .select("frozen")
      .where("companyId", "=", ctx.company.id)
      .where("periodId", "=", period.id)
      .where("version", "=", args.version)
      .executeTakeFirst();
    const info = (await versionsOf(ctx.db, ctx.company.id, period.id)).find((v) => v.version === args.version);
    if (!row || !info) throw refused(payrollOutputRefusal("versionNotFound"));
    return { ...info, ...(row.frozen as FrozenPeriod) };
  },
});

/** Refuses (until confirmed) to lock or pay a period while an earlier one with pay in it is open. */
async function refuseEarlierOpen(ctx: MutationCtx<"canManageStores">, settings: WorkforceSettings, row: { startsOn: string }) {
  const today = await companyToday(ctx.db, ctx.company.id, ctx.now);
  const earlier = (await calendar(ctx.db, ctx.company.id, settings, today)).filter(
    (p) => p.range.endsOn < row.startsOn && (p.stored?.status ?? "open") === "open",
  );
  if (!earlier.length) return;
  const figures = await calculations(ctx.db, ctx.company.id, settings, earlier);
  const open = earlier.filter((p) => figures.get(p.id)!.totals.employeeCount > 0).sort((a, b) => a.range.startsOn.localeCompare(b.range.startsOn));
  if (open.length) throw refused(payrollRefusal("earlierOpen", open[0].range));
}

/** Writes a period's move to its next status and the move's audit entry. */
async function move(
  ctx: MutationCtx<"canManageStores">,
  periodId: string,
  action: "lock" | "reopen" | "markPaid",
  from: "open" | "locked",
  set: Updateable<DB["payPeriods"]>,
  after: Record<string, unknown>,
) {
  await ctx.db.updateTable("payPeriods").set(set).where("companyId", "=", ctx.company.id).where("id", "=", periodId).execute();
  await audit(ctx.db, { companyId: ctx.company.id, actorId: ctx.user.id, action, entity: "payPeriod", entityId: periodId, before: { status: from }, after });
}

/** Locks an open period, freezing its figures; refused while unverified time is inside unless a reason overrides it. */
export const lock = mutation({
  access: "canManageStores",
  args: lockArgsSchema.extend(retryKey),
  idempotencyKeyInArgs: true,
  handler: async (ctx, args) => {
    const { period, settings } = await requirePeriod(ctx, args.periodId);
    const row = await materialize(ctx.db, ctx.company.id, period);
    if (row.status !== "open") throw refused(payrollRefusal("notOpen"));
    // Computed now, whatever was stored: these are the figures the lock freezes.
    const fresh = (await calculations(ctx.db, ctx.company.id, settings, [{ ...period, stored: null }])).get(period.id)!;
    const unverified = fresh.totals.warnings.unverifiedEntries;
    if (unverified > 0 && !args.overrideReason) throw refused(payrollRefusal("unverified", { count: unverified }));
    // Closing a period before its last day is a decision someone explains.
    const early = (await companyToday(ctx.db, ctx.company.id, ctx.now)) <= row.endsOn;
    if (early && !args.overrideReason) throw refused(payrollRefusal("earlyLock", { endsOn: row.endsOn }));
    if (!args.confirmEarlierOpen) await refuseEarlierOpen(ctx, settings, row);
    // The next version of the figures; the row lock taken by materialize orders concurrent locks.
    const last = await ctx.db
      .selectFrom("payPeriodVersions")
      .select((eb) => eb.fn.max("version").as("version"))
      .where("companyId", "=", ctx.company.id)
      .where("periodId", "=", row.id)
      .executeTakeFirst();
    const version = Number(last?.version ?? 0) + 1;
    const lockReason = unverified > 0 || early ? args.overrideReason! : null;
    await ctx.db
      .insertInto("payPeriodVersions")
      .values({
        companyId: ctx.company.id,
        periodId: row.id,
        version,
        frozen: JSON.stringify(fresh),
        grossCents: fresh.totals.grossCents,
        lockedBy: ctx.user.id,
        lockedAt: new Date(ctx.now),
        lockReason,
      })
      .execute();
    await move(
      ctx,
      row.id,
      "lock",
      "open",
      {
        status: "locked",
        lockedBy: ctx.user.id,
        lockedAt: new Date(ctx.now),
        overrideReason: lockReason,
        frozen: JSON.stringify(fresh),
        version,
      },
      {
        status: "locked",
        startsOn: row.startsOn,
        endsOn: row.endsOn,
        grossCents: fresh.totals.grossCents,
        unverifiedEntries: unverified,
        overrideReason: unverified > 0 || early ? args.overrideReason : null,
        early,
        version,
      },
    );
    return { periodId: row.id, status: "locked" as const, grossCents: fresh.totals.grossCents, version };
  },
});

/** An owner reopens a locked period with a reason (not once it is paid); its figures are computed again. */
export const reopen = mutation({
  access: "canManageStores",
  args: reopenArgsSchema.extend(retryKey),
  idempotencyKeyInArgs: true,
  handler: async (ctx, args) => {
    if (ctx.company.role !== "OWNER" && !ctx.permissions.isSystemAdmin) throw refused(accessDenied(), AccessError);
    const { period } = await requirePeriod(ctx, args.periodId);
    const row = await materialize(ctx.db, ctx.company.id, period);
    if (row.status === "paid") throw refused(payrollRefusal("paidCannotReopen"));
    if (row.status === "open") throw refused(payrollRefusal("openCannotReopen"));
    // The version it undoes stays, marked with who reopened it, when and why.
    const current = await ctx.db
      .selectFrom("payPeriods")
      .select("version")
      .where("companyId", "=", ctx.company.id)
      .where("id", "=", row.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable("payPeriodVersions")
      .set({ reopenedBy: ctx.user.id, reopenedAt: new Date(ctx.now), reopenReason: args.reason })
      .where("companyId", "=", ctx.company.id)
      .where("periodId", "=", row.id)
      .where("version", "=", current.version)
      .execute();
    await move(
      ctx,
      row.id,
      "reopen",
      "locked",
      {
        status: "open",
        frozen: null,
        lockedBy: null,
        lockedAt: null,
        overrideReason: null,
        reopenedBy: ctx.user.id,
        reopenedAt: new Date(ctx.now),
        reopenReason: args.reason,
      },
      { status: "open", reason: args.reason, version: current.version },
    );
    return { periodId: row.id, status: "open" as const, reopenedVersion: current.version };
  },
});

/** Marks a locked period paid: final; later corrections go into the next open period. */
export const markPaid = mutation({
  access: "canManageStores",
  args: markPaidArgsSchema.extend(retryKey),
  idempotencyKeyInArgs: true,
  handler: async (ctx, args) => {
    const { period, settings } = await requirePeriod(ctx, args.periodId);
    const row = await materialize(ctx.db, ctx.company.id, period);
    if (row.status !== "locked") throw refused(payrollRefusal("notLocked"));
    if (!args.confirmEarlierOpen) await refuseEarlierOpen(ctx, settings, row);
    await move(ctx, row.id, "markPaid", "locked", { status: "paid", paidBy: ctx.user.id, paidAt: new Date(ctx.now) }, { status: "paid" });
    return { periodId: row.id, status: "paid" as const };
  },
});
