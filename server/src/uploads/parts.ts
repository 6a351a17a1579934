import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB } from "../db/schema.ts";
import { AppError } from "../runtime/errors.ts";

// A long file sent in parts (a bank statement, an import): each part is one mutation under the
// caller's upload id; the function that uses the file reads them back in order as one text.

/** The tables that hold upload parts; they share one shape. */
export type UploadTable = "importUploads" | "bankUploads";

export const uploadIdSchema = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "expected 8 to 64 letters, digits or dashes");

/** The arguments of an uploadPart mutation. */
export function uploadPartArgs(maxParts: number, maxPartChars: number) {
  return z.object({
    uploadId: uploadIdSchema,
    part: z
      .number()
      .int()
      .min(0)
      .max(maxParts - 1),
    content: z.string().min(1).max(maxPartChars),
  });
}

interface Caller {
  companyId: string;
  userId: string;
  now: number;
}

/** Stores (or replaces) one part; returns how many parts of the upload have arrived. */
export async function storeUploadPart(
  db: Kysely<DB>,
  table: UploadTable,
  { companyId, userId, now }: Caller,
  args: { uploadId: string; part: number; content: string },
): Promise<number> {
  // Both tables have the same columns; one name stands for both in the query's types.
  const t = table as "bankUploads";
  // Uploads abandoned for a day are dropped.
  await db
    .deleteFrom(t)
    .where("companyId", "=", companyId)
    .where("createdAt", "<", new Date(now - 86_400_000))
    .execute();
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
  for (let part = 0; part < parts; part++)
    if (rows[part]?.part !== part) throw new AppError(`Part ${part + 1} of ${parts} of the ${noun} is missing; upload the file again`);
  if (rows.length > parts) throw new AppError(`The upload has ${rows.length} parts, not ${parts}; upload the file again`);
  return rows.map((r) => r.content).join("");
}
