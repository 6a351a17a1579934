import { sql } from "kysely";
import { z } from "zod";
import { isRestoring } from "../backups/maintenance.ts";
import { BACKUPS_TOPIC, backupsOf } from "../backups/service.ts";
import { isBackupId, readSchedule, writeSchedule } from "../backups/store.ts";
import { audit } from "../runtime/audit.ts";
import { action, mutation, query } from "../runtime/define.ts";
import { dependOn } from "../runtime/tracking.ts";

// Issue 20, system-admin/backup (docs/decisions/0042-backup-and-restore.md): whole-platform
// backups for system admins. The work is in server/src/backups; these are its doors.

const backupId = z.string().refine(isBackupId, "Not a backup id");

export const MAX_KEEP = 365;
export const MAX_INTERVAL_HOURS = 24 * 31;

const lastCounts = new WeakMap<object, { companies: number; users: number }>();

/** The backups, the job running (with its progress), the schedule and what a restore would replace. */
export const list = query({
  access: "isSystemAdmin",
  args: z.object({}),
  handler: async (ctx) => {
    dependOn(ctx.db, BACKUPS_TOPIC); // backups live in files, not tables
    const service = backupsOf(ctx.services);
    // On PGlite a running backup's snapshot holds the only connection, so reading the counts would
    // wait for the whole backup and no progress would show: the last counts serve meanwhile.
    const cached = service.job && ctx.services.database.kind === "pglite" ? lastCounts.get(service) : undefined;
    const current =
      cached ??
      (await ctx.db
        .selectNoFrom([sql<number>`(select count(*)::int from companies)`.as("companies"), sql<number>`(select count(*)::int from users)`.as("users")])
        .executeTakeFirstOrThrow());
    lastCounts.set(service, current);
    return {
      backups: await service.list(),
      job: service.job ? { ...service.job } : null,
      restoring: isRestoring(ctx.services.database),
      schedule: readSchedule(service.dir),
      current,
      database: ctx.services.database.kind,
    };
  },
});

/** Takes a backup now and answers when it is complete; `backups:list` shows its progress meanwhile. */
export const create = action({
  access: "isSystemAdmin",
  args: z.object({}),
  handler: async (ctx) => backupsOf(ctx.services).create({ userId: ctx.user.id, label: ctx.user.email ?? ctx.user.name }, "manual"),
});

/** Replaces every table with the backup's rows, after checking the whole file. */
export const restore = action({
  access: "isSystemAdmin",
  args: z.object({ backupId }),
  handler: async (ctx, args) => backupsOf(ctx.services).restore(args.backupId, { userId: ctx.user.id }),
});

export const remove = mutation({
  access: "isSystemAdmin",
  args: z.object({ backupId }),
  handler: async (ctx, args) => {
    // Audited first: a refusal to remove rolls the audit row back with it.
    await audit(ctx.db, { companyId: null, actorId: ctx.user.id, action: "remove", entity: "backup", entityId: args.backupId });
    await backupsOf(ctx.services).remove(args.backupId);
    return null;
  },
});

export const setSchedule = mutation({
  access: "isSystemAdmin",
  args: z.object({
    intervalHours: z.number().int().min(0).max(MAX_INTERVAL_HOURS),
    keep: z.number().int().min(1).max(MAX_KEEP),
  }),
  handler: async (ctx, args) => {
    const service = backupsOf(ctx.services);
    const before = readSchedule(service.dir);
    await audit(ctx.db, { companyId: null, actorId: ctx.user.id, action: "update", entity: "backupSchedule", entityId: "schedule", before, after: args });
    writeSchedule(service.dir, args);
    await service.announce();
    return args;
  },
});
