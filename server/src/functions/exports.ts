import { z } from "zod";
import { exportCompany, exportUser, type BuiltExport } from "../exports/build.ts";
import { audit } from "../runtime/audit.ts";
import { mutation } from "../runtime/define.ts";
import { AppError } from "../runtime/errors.ts";

// Issue 20, system-admin/export: a company's complete data, or one person's personal data, as a
// zip of CSV files with a README. Built in one request while the screen shows a spinner (decision
// 0043: the demo company, the largest we hold, takes well under a few seconds); a mutation so the
// export is audited in the same transaction. The zip travels base64-encoded in the response.

export const MESSAGES = { companyNotFound: "Company not found", userNotFound: "User not found" } as const;

const slug = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase() || "export";

function result(built: BuiltExport, fileName: string) {
  return {
    fileName,
    bytes: built.zip.byteLength,
    files: built.files,
    base64: Buffer.from(built.zip).toString("base64"),
  };
}

export const company = mutation({
  access: "isSystemAdmin",
  args: z.object({ companyId: z.string().min(1).max(64) }),
  handler: async (ctx, args) => {
    const row = await ctx.db.selectFrom("companies").select(["id", "name", "companyCode"]).where("id", "=", args.companyId).executeTakeFirst();
    if (!row) throw new AppError(MESSAGES.companyNotFound);
    const now = new Date(ctx.now);
    const built = await exportCompany(ctx.db.withoutPlugins(), row, now);
    await audit(ctx.db, {
      companyId: row.id,
      actorId: ctx.user.id,
      action: "export",
      entity: "company",
      entityId: row.id,
      after: { files: built.files.length, bytes: built.zip.byteLength },
    });
    return result(built, `${slug(row.name)}-${row.companyCode}-${now.toISOString().slice(0, 10)}.zip`);
  },
});

export const user = mutation({
  access: "isSystemAdmin",
  args: z.object({ userId: z.string().min(1).max(64) }),
  handler: async (ctx, args) => {
    const row = await ctx.db.selectFrom("users").select(["id", "email", "name"]).where("id", "=", args.userId).executeTakeFirst();
    if (!row) throw new AppError(MESSAGES.userNotFound);
    const now = new Date(ctx.now);
    const built = await exportUser(ctx.db.withoutPlugins(), row, now);
    await audit(ctx.db, {
      companyId: null,
      actorId: ctx.user.id,
      action: "export",
      entity: "user",
      entityId: row.id,
      after: { files: built.files.length, bytes: built.zip.byteLength },
    });
    return result(built, `personal-data-${slug(row.email ?? row.name ?? row.id)}-${now.toISOString().slice(0, 10)}.zip`);
  },
});
