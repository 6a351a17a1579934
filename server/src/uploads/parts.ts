import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { FILE_MESSAGES, megabytes } from "@tumble/domain/fileLimits";
import type { DB } from "../db/schema.ts";
import { fileRefusal } from "@tumble/domain/fileRefusals";
import { refused } from "../runtime/errors.ts";

// A long file sent in parts (a bank statement, an import): each part is one mutation under the
// caller's upload id; the function that uses the file reads them back in order as one text.
// Bounded (docs/decisions/0061-files-read-safely.md): one upload holds at most its function's
// parts × part size; the parts waiting in a company, in both tables, at most COMPANY_UPLOAD_BYTES;
// a person's idle uploads in a table are dropped when they begin another (a screen holds one file
// at a time), and anyone's after a day.

/** The tables that hold upload parts; they share one shape. */
export type UploadTable = "importUploads" | "bankUploads";

const TABLES = { importUploads: "import_uploads", bankUploads: "bank_uploads" } as const satisfies Record<UploadTable, string>;

/** What the parts waiting in one company may add up to, in bytes, across both tables. */
export const COMPANY_UPLOAD_BYTES = 50 * 1024 * 1024;
/** An upload of the caller's untouched this long is idle: beginning another drops it. */
const IDLE_MS = 2 * 60_000;
/** An upload untouched this long is abandoned: anyone's next part drops it. */
const ABANDONED_MS = 86_400_000;

export const uploadIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "expected 8 to 64 letters, digits or dashes");

/** The arguments of an uploadPart mutation. */
export function uploadPartArgs(maxParts: number, maxPartChars: number) {
  return z.object({
    uploadId: uploadIdSchema,
    part: z
      .number()
      .int()
      .min(0)
      .max(maxParts - 1, FILE_MESSAGES.uploadTooLarge(megabytes(maxParts * maxPartChars))),
    content: z.string().min(1).max(maxPartChars),
  });
}

interface Caller {
  companyId: string;
  userId: string;
  now: number;
}

/**
 * Stores (or replaces) one part; returns how many parts of the upload have arrived. `maxChars` is
 * the most the whole upload may hold (its function's parts × part size). Runs in the calling
 * mutation's transaction.
 */
export async function storeUploadPart(
  db: Kysely<DB>,
  table: UploadTable,
  { companyId, userId, now }: Caller,
  args: { uploadId: string; part: number; content: string },
  maxChars: number,
): Promise<number> {
  // Both tables have the same columns; one name stands for both in the query's types.
  const t = table as "bankUploads";
  // The company's parts are counted and added one call at a time: two parts at once cannot both fit in the last free megabytes.
  await sql`select pg_advisory_xact_lock(hashtext(${`uploads:${companyId}`}))`.execute(db);
  // Uploads abandoned for a day are dropped.
  for (const other of Object.keys(TABLES) as UploadTable[])
    await db
      .deleteFrom(other as "bankUploads")
      .where("companyId", "=", companyId)
      .where("createdAt", "<", new Date(now - ABANDONED_MS))
      .execute();
  const mine = await db
    .selectFrom(t)
    .select((eb) => [eb.fn.countAll<string>().as("parts"), sql<string>`coalesce(sum(char_length(content)) filter (where part <> ${args.part}), 0)`.as("chars")])
    .where("companyId", "=", companyId)
    .where("uploadId", "=", args.uploadId)
    .executeTakeFirstOrThrow();
  if (Number(mine.parts) === 0)
    // A new upload: the caller's idle ones in this table are files they have moved on from.
    await sql`
      delete from ${sql.table(TABLES[table])}
      where company_id = ${companyId} and created_by = ${userId} and upload_id in (
        select upload_id from ${sql.table(TABLES[table])} where company_id = ${companyId} and created_by = ${userId}
        group by upload_id having max(created_at) < ${new Date(now - IDLE_MS)})`.execute(db);
  if (Number(mine.chars) + args.content.length > maxChars) throw refused(fileRefusal("uploadTooLarge", { limit: megabytes(maxChars) }));
  const bytes = Buffer.byteLength(args.content, "utf8");
  const waiting = await sql<{ bytes: string }>`
    select coalesce(sum(octet_length(content)), 0)::text as bytes from (
      select content from import_uploads where company_id = ${companyId} and not (upload_id = ${args.uploadId} and part = ${args.part} and ${table === "importUploads"})
      union all
      select content from bank_uploads where company_id = ${companyId} and not (upload_id = ${args.uploadId} and part = ${args.part} and ${table === "bankUploads"})
    ) as parts`.execute(db);
  const used = Number(waiting.rows[0].bytes);
  if (used + bytes > COMPANY_UPLOAD_BYTES) throw refused(fileRefusal("companyUploadsFull", { used: megabytes(used), limit: megabytes(COMPANY_UPLOAD_BYTES) }));
  await db
    .insertInto(t)
    .values({ companyId, uploadId: args.uploadId, part: args.part, content: args.content, createdBy: userId })
    .onConflict((oc) => oc.columns(["companyId", "uploadId", "part"]).doUpdateSet({ content: args.content, createdBy: userId }))
    .execute();
  const { received } = await db
    .selectFrom(t)
    .select((eb) => eb.fn.countAll<string>().as("received"))
    .where("companyId", "=", companyId)
    .where("uploadId", "=", args.uploadId)
    .executeTakeFirstOrThrow();
  return Number(received);
}

/** The caller's upload as one text; every part from 0 to parts − 1 must be there, and no more. */
export async function readUpload(
  db: Kysely<DB>,
  table: UploadTable,
  { companyId, userId }: Omit<Caller, "now">,
  upload: { uploadId: string; parts: number },
  noun: "file" | "statement",
): Promise<string> {
  const rows = await db
    .selectFrom(table as "bankUploads")
    .select(["part", "content"])
    .where("companyId", "=", companyId)
    .where("uploadId", "=", upload.uploadId)
    .where("createdBy", "=", userId)
    .orderBy("part")
    .execute();
  const { parts } = upload;
  for (let part = 0; part < parts; part++) if (rows[part]?.part !== part) throw refused(fileRefusal("partMissing", { part: part + 1, parts, noun }));
  if (rows.length > parts) throw refused(fileRefusal("partCount", { count: rows.length, parts }));
  return rows.map((r) => r.content).join("");
}
