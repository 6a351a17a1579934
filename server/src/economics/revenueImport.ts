import { createHash } from "node:crypto";
import { sql } from "kysely";
import { todayIn } from "@tumble/domain/businessDate";
import { EARLIEST_LINE_DATE } from "@tumble/domain/bankStatement";
import {
  MAX_REVENUE_IMPORT_ERRORS,
  MAX_REVENUE_IMPORT_ROWS,
  economicsInputRefusal,
  parseRevenueAmount,
  parseRevenueDate,
  parseRevenueSource,
  revenueMappingProblems,
  revenueMappingSchema,
  revenueRowError,
  type RevenueImportArgs,
  type RevenueMapping,
  type RevenueRowError,
} from "@tumble/domain/economicsInputs";
import { readFile } from "../fileReading/reader.ts";
import { audit } from "../runtime/audit.ts";
import type { MutationCtx, QueryCtx } from "../runtime/define.ts";
import { AppError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// Card and app revenue imported from a payment system's CSV export (issue 35): each row a date, a
// store and/or machine, an amount and optionally its source and transaction id. The column mapping
// is remembered per payment system ("provider"). Like the bank statement import
// (reconciliation/statementImport.ts): the file is read by server/src/fileReading (off the main
// thread when large), a dry run lists every bad row with its number, and a file with any bad row
// writes nothing. Bounds: 500,000 characters per request (the argument's limit) and
// MAX_REVENUE_IMPORT_ROWS rows; looking up and writing are one statement each over arrays.
//
// The same file imported again adds nothing. Each row's natural key is its store, machine (or
// none), business date, source and amount, and the payment system's transaction id when the file
// has one; without an id, identical rows of one file are told apart by their rank among them (the
// second $3.50 card payment at W4 on a day is rank 2), as bank lines are (reconciliation/bank.ts).
// A row's fingerprint is the SHA-256 of that key; other_revenue holds it as import_key, unique per
// company (other_revenue_company_import_key), and rows whose fingerprint is already there are
// counted as already imported, not written. An overlapping export (the 1st–15th, then the
// 10th–31st) therefore adds only the days it has beyond the first, provided each day's rows are
// complete in both. Two imports of one file at the same moment both write with
// `on conflict do nothing`: each row lands once.

type Editor = MutationCtx<"canManageStores">;

interface GoodRow {
  row: number;
  storeId: string;
  machineId: string | null;
  businessDate: string;
  source: string;
  amountCents: number;
  reference: string | null;
}

export function rowFingerprints(rows: readonly GoodRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    let key: string;
    if (r.reference) key = `ref|${r.storeId}|${r.source}|${r.reference}`;
    else {
      const base = `${r.storeId}|${r.machineId ?? ""}|${r.businessDate}|${r.source}|${r.amountCents}`;
      const rank = (seen.get(base) ?? 0) + 1;
      seen.set(base, rank);
      key = `row|${base}|${rank}`;
    }
    return createHash("sha256").update(key).digest("hex");
  });
}

/** The payment systems with a remembered mapping. */
export async function revenueImportMappings(ctx: QueryCtx<"canExportReports">) {
  const rows = await ctx.db
    .selectFrom("revenueImportMappings")
    .select(["provider", "mapping", "updatedAt"])
    .where("companyId", "=", ctx.company.id)
    .orderBy("provider")
    .execute();
  return rows.map((r) => ({ provider: r.provider, mapping: revenueMappingSchema.parse(r.mapping) as RevenueMapping, updatedAt: r.updatedAt }));
}

const lower = (text: string) => text.trim().toLowerCase();

export async function importRevenue(ctx: Editor, args: RevenueImportArgs) {
  const companyId = ctx.company.id;
  const provider = args.provider.trim();
  const stores = await ctx.db.selectFrom("stores").select(["id", "name", "timeZone"]).where("companyId", "=", companyId).execute();
  const chosen = args.storeId ? stores.find((s) => s.id === args.storeId) : undefined;
  if (args.storeId && !chosen) throw refused(economicsInputRefusal("storeNotFound"));
  let mapping: RevenueMapping | undefined = args.mapping;
  if (!mapping) {
    const remembered = await ctx.db
      .selectFrom("revenueImportMappings")
      .select("mapping")
      .where("companyId", "=", companyId)
      .where("provider", "=", provider)
      .executeTakeFirst();
    if (!remembered) throw refused(economicsInputRefusal("noMapping"));
    mapping = revenueMappingSchema.parse(remembered.mapping);
  }
  const file = await readFile({ kind: "importFile", content: args.content, xlsx: false, maxRows: MAX_REVENUE_IMPORT_ROWS }).catch((error: unknown) => {
    // The reader's row limit is worded for its own imports; this one says its own.
    if (error instanceof AppError && (error.data as { code?: string } | undefined)?.code === "files.tooManyRows")
      throw refused(economicsInputRefusal("tooManyRows", { rows: Number((error.data as { params: { lines: number } }).params.lines) }));
    throw error;
  });
  const problems = revenueMappingProblems(mapping, file.headers, !!chosen);
  if (problems.length) {
    const first = problems[0];
    throw refused(first.key === "mappingMissing" ? economicsInputRefusal("mappingMissing", { column: first.column! }) : economicsInputRefusal(first.key));
  }
  if (!file.rows.length) throw refused(economicsInputRefusal("fileEmpty"));

  const storeByName = new Map(stores.map((s) => [lower(s.name), s]));
  const machines = await ctx.db.selectFrom("machines").select(["id", "storeId", "label"]).where("companyId", "=", companyId).execute();
  const machineByLabel = new Map(machines.map((m) => [`${m.storeId}|${lower(m.label)}`, m.id]));
  const todayOf = new Map(stores.map((s) => [s.id, todayIn(s.timeZone, ctx.now)]));
  const index = (name: string | undefined) => (name ? file.headers.indexOf(name) : -1);
  const at = { date: index(mapping.date), amount: index(mapping.amount), store: index(mapping.store), machine: index(mapping.machine) };
  const atSource = index(mapping.source);
  const atReference = index(mapping.reference);

  const good: GoodRow[] = [];
  const errors: RevenueRowError[] = [];
  const references = new Map<string, number>();
  for (const { line, cells } of file.rows) {
    const cell = (i: number) => (i >= 0 ? (cells[i] ?? "").trim() : "");
    const dateText = cell(at.date);
    const date = parseRevenueDate(dateText);
    if (!date) {
      errors.push(revenueRowError(line, "rowBadDate", { value: dateText }));
      continue;
    }
    const amount = parseRevenueAmount(cell(at.amount));
    if (!amount.ok) {
      errors.push(revenueRowError(line, amount.key, amount.key === "rowZeroAmount" ? {} : { value: cell(at.amount) }));
      continue;
    }
    const storeText = cell(at.store);
    const store = storeText ? storeByName.get(lower(storeText)) : chosen;
    if (!store) {
      errors.push(storeText ? revenueRowError(line, "rowUnknownStore", { value: storeText }) : revenueRowError(line, "rowNoStore"));
      continue;
    }
    const machineText = cell(at.machine);
    const machineId = machineText ? (machineByLabel.get(`${store.id}|${lower(machineText)}`) ?? null) : null;
    if (machineText && !machineId) {
      errors.push(revenueRowError(line, "rowUnknownMachine", { value: machineText }));
      continue;
    }
    if (date > todayOf.get(store.id)!) {
      errors.push(revenueRowError(line, "rowDateAfterToday", { value: date }));
      continue;
    }
    if (date < EARLIEST_LINE_DATE) {
      errors.push(revenueRowError(line, "rowDateTooOld", { value: date }));
      continue;
    }
    const sourceText = cell(atSource);
    const source = sourceText ? parseRevenueSource(sourceText) : args.defaultSource;
    if (!source) {
      errors.push(revenueRowError(line, "rowBadSource", { value: sourceText }));
      continue;
    }
    const reference = cell(atReference) || null;
    if (reference) {
      const first = references.get(reference);
      if (first !== undefined) {
        errors.push(revenueRowError(line, "rowDuplicate", { value: reference, first }));
        continue;
      }
      references.set(reference, line);
    }
    good.push({ row: line, storeId: store.id, machineId, businessDate: date, source, amountCents: amount.cents, reference });
  }

  const prints = rowFingerprints(good);
  const existing = new Set(
    prints.length
      ? (
          await sql<{ importKey: string }>`
            select import_key from other_revenue where company_id = ${companyId} and import_key = any(${prints}::text[])`.execute(ctx.db)
        ).rows.map((r) => r.importKey)
      : [],
  );
  const fresh = good.map((row, i) => ({ row, key: prints[i] })).filter((x) => !existing.has(x.key));
  const summary = {
    rows: file.rows.length,
    /** Rows that would be (or were) written. */
    added: fresh.length,
    /** Rows already imported (by an earlier import of the same rows). */
    alreadyImported: good.length - fresh.length,
    totalCents: fresh.reduce((sum, x) => sum + x.row.amountCents, 0),
    errorCount: errors.length,
    errors: errors.slice(0, MAX_REVENUE_IMPORT_ERRORS),
    batch: null as string | null,
  };
  // A file with one bad row writes nothing; a dry run writes nothing either.
  if (errors.length || args.dryRun) return summary;

  const batch = newId();
  let written = 0;
  let writtenCents = 0;
  if (fresh.length) {
    const column = <T>(pick: (x: (typeof fresh)[number]) => T) => fresh.map(pick);
    const { rows } = await sql<{ amountCents: number }>`
      insert into other_revenue (id, company_id, store_id, machine_id, business_date, source, amount_cents, import_batch, import_key, created_by)
      select r.id, ${companyId}, r.store_id, r.machine_id, r.business_date, r.source, r.amount_cents, ${batch}, r.import_key, ${ctx.user.id}
      from unnest(
        ${column(() => newId())}::text[], ${column((x) => x.row.storeId)}::text[], ${column((x) => x.row.machineId)}::text[],
        ${column((x) => x.row.businessDate)}::date[], ${column((x) => x.row.source)}::text[], ${column((x) => x.row.amountCents)}::int[],
        ${column((x) => x.key)}::text[]
      ) as r(id, store_id, machine_id, business_date, source, amount_cents, import_key)
      on conflict (company_id, import_key) where import_key is not null do nothing
      returning amount_cents`.execute(ctx.db);
    written = rows.length;
    writtenCents = rows.reduce((sum, r) => sum + Number(r.amountCents), 0);
  }
  if (args.mapping)
    await ctx.db
      .insertInto("revenueImportMappings")
      .values({ companyId, provider, mapping: JSON.stringify(args.mapping), updatedBy: ctx.user.id })
      .onConflict((oc) =>
        oc.columns(["companyId", "provider"]).doUpdateSet({ mapping: JSON.stringify(args.mapping), updatedBy: ctx.user.id, updatedAt: new Date() }),
      )
      .execute();
  await audit(ctx.db, {
    companyId,
    actorId: ctx.user.id,
    action: "import",
    entity: "otherRevenue",
    entityId: batch,
    after: { provider, rows: file.rows.length, added: written, alreadyImported: good.length - written },
  });
  // Rows another import of the same file wrote first count as already imported.
  return { ...summary, added: written, alreadyImported: good.length - written, totalCents: writtenCents, batch: written ? batch : null };
}
