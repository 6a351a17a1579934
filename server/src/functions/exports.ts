import { z } from "zod";
import { exportRefusal } from "@tumble/domain/exportRefusals";
import { EXPORTS_TOPIC, exportsOf, type ExportJob } from "../exports/service.ts";
import { action, query } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { dependOn } from "../runtime/tracking.ts";

// Issue 20, system-admin/export: a company's complete data, or one person's personal data, as a
// zip of CSV files with a README (docs/decisions/0047). Starting one returns at once; the zip is
// written from one snapshot by whichever server process claims the job (decision 0062), its progress
// read live with exports:get, the file fetched from /export-files/:id on any process. The export is audited when it is complete.

const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase() || "export";

const today = (now: number) => new Date(now).toISOString().slice(0, 10);

/** What the screen shows of an export. */
const view = (job: ExportJob) => ({
  exportId: job.id,
  kind: job.kind,
  fileName: job.fileName,
  status: job.status,
  filesDone: job.filesDone,
  filesTotal: job.filesTotal,
  rows: job.rows,
  bytes: job.bytes,
  files: job.files,
  error: job.error,
});

export const company = action({
  access: "isSystemAdmin",
  args: z.object({ companyId: z.string().min(1).max(64) }),
  handler: async (ctx, args) => {
    const row = await ctx.db.selectFrom("companies").select(["id", "name", "companyCode"]).where("id", "=", args.companyId).executeTakeFirst();
    if (!row) throw refused(exportRefusal("companyNotFound"));
    const exportId = await exportsOf(ctx.services).start(
      ctx.db,
      { kind: "company", subjectId: row.id, fileName: `${slug(row.name)}-${row.companyCode}-${today(ctx.now)}.zip` },
      { userId: ctx.user.id },
    );
    return { exportId };
  },
});

export const user = action({
  access: "isSystemAdmin",
  args: z.object({ userId: z.string().min(1).max(64) }),
  handler: async (ctx, args) => {
    const row = await ctx.db.selectFrom("users").select(["id", "email", "name"]).where("id", "=", args.userId).executeTakeFirst();
    if (!row) throw refused(exportRefusal("userNotFound"));
    const exportId = await exportsOf(ctx.services).start(
      ctx.db,
      { kind: "user", subjectId: row.id, fileName: `personal-data-${slug(row.email ?? row.name ?? row.id)}-${today(ctx.now)}.zip` },
      { userId: ctx.user.id },
    );
    return { exportId };
  },
});

/** An export's progress and, once ready, its files and size (download from /export-files/:exportId). */
export const get = query({
  access: "isSystemAdmin",
  args: z.object({ exportId: z.string().min(1).max(64) }),
  handler: async (ctx, args) => {
    dependOn(ctx.db, EXPORTS_TOPIC); // the worker tells progress on this topic, from any process
    const job = await exportsOf(ctx.services).get(args.exportId, ctx.db);
    if (!job) throw refused(exportRefusal("exportNotFound"));
    return view(job);
  },
});
