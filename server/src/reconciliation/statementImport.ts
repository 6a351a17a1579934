import { sql } from "kysely";
import { DEFAULT_MATCH_WINDOW_DAYS, screenStatementLines, type BankMapping, type StatementLine } from "@tumble/domain/bankStatement";
import { reconciliationRefusal } from "@tumble/domain/reconciliation";
import { businessDateNow } from "../cash/dates.ts";
import { readFile } from "../fileReading/reader.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { readUpload } from "../uploads/parts.ts";
import { fingerprints } from "./bank.ts";
import { bankAccount, matchAndClear } from "./bankLineAccess.ts";
import { rememberedMapping } from "./bankLineList.ts";

// A statement imported into a bank account: a CSV (with a column mapping remembered per account)
// or OFX file, given whole or as an upload's parts; all rows or none, unless the valid rows alone
// are asked for; lines already imported are skipped; then deposits are matched automatically.

export interface StatementImport {
  accountId: string;
  format: "csv" | "ofx";
  content?: string;
  uploadId?: string;
  parts?: number;
  mapping?: BankMapping;
  dryRun?: boolean;
  validOnly?: boolean;
}

export async function importStatementLines(ctx: MutationCtx<"isAdmin">, args: StatementImport) {
  const companyId = ctx.company.id;
  const account = await bankAccount(ctx, args.accountId);
  const content =
    args.content ??
    (await readUpload(
      ctx.db,
      "bankUploads",
      { companyId: ctx.company.id, userId: ctx.user.id },
      { uploadId: args.uploadId!, parts: args.parts! },
      "statement",
    ));
  let parsed: { lines: StatementLine[]; errors: Array<{ row: number; message: string }> };
  let mapping: BankMapping | undefined;
  if (args.format === "csv") {
    mapping = args.mapping ?? (await rememberedMapping(ctx, companyId, account.id)) ?? undefined;
    if (!mapping) throw refused(reconciliationRefusal("noMapping"));
    parsed = await readFile({ kind: "csvStatement", content, mapping });
  } else parsed = await readFile({ kind: "ofxStatement", content });
  parsed = screenStatementLines(parsed, await businessDateNow(ctx.db, companyId, null, new Date(ctx.now)));
  // All rows or none: a statement with one bad row writes nothing, unless the user asks for the valid rows alone.
  if (parsed.errors.length && !args.validOnly) return { added: 0, duplicates: 0, matched: 0, errors: parsed.errors };
  const prints = fingerprints(parsed.lines);
  // One statement each for the look-up and the insert (arrays, not 50,000 bound rows): a long statement imports in seconds.
  const existing = new Set(
    (
      await sql<{ fingerprint: string }>`
        select fingerprint from bank_lines where company_id = ${companyId} and account_id = ${account.id} and fingerprint = any(${prints}::text[])`.execute(
        ctx.db,
      )
    ).rows.map((r) => r.fingerprint),
  );
  const fresh = parsed.lines.map((line, i) => ({ line, fingerprint: prints[i] })).filter((x) => !existing.has(x.fingerprint));
  const duplicates = parsed.lines.length - fresh.length;
  if (args.dryRun) return { added: fresh.length, duplicates, matched: 0, errors: parsed.errors };
  if (fresh.length) {
    const column = <T>(pick: (x: (typeof fresh)[number]) => T) => fresh.map(pick);
    await sql`
      insert into bank_lines (id, company_id, account_id, date, description, amount_cents, reference, fingerprint, source, created_by)
      select l.id, ${companyId}, ${account.id}, l.date, l.description, l.amount_cents, l.reference, l.fingerprint, ${args.format}, ${ctx.user.id}
      from unnest(
        ${column(() => newId())}::text[], ${column((x) => x.line.date)}::date[], ${column((x) => x.line.description)}::text[],
        ${column((x) => x.line.amountCents)}::bigint[], ${column((x) => x.line.reference)}::text[], ${column((x) => x.fingerprint)}::text[]
      ) as l(id, date, description, amount_cents, reference, fingerprint)`.execute(ctx.db);
  }
  if (args.format === "csv" && args.mapping)
    await ctx.db
      .insertInto("bankMappings")
      .values({ companyId, accountId: account.id, mapping: JSON.stringify(args.mapping) })
      .onConflict((oc) => oc.columns(["companyId", "accountId"]).doUpdateSet({ mapping: JSON.stringify(args.mapping), updatedAt: new Date() }))
      .execute();
  if (args.uploadId) await ctx.db.deleteFrom("bankUploads").where("companyId", "=", companyId).where("uploadId", "=", args.uploadId).execute();
  const matched = await matchAndClear(ctx, account.id, DEFAULT_MATCH_WINDOW_DAYS);
  await audit(ctx.db, {
    companyId,
    actorId: ctx.user.id,
    action: "import",
    entity: "bankLines",
    entityId: account.id,
    after: { format: args.format, added: fresh.length, duplicates, matched: matched.length, skippedRows: parsed.errors.map((e) => e.row) },
  });
  return { added: fresh.length, duplicates, matched: matched.length, errors: parsed.errors };
}
