import { sql } from "kysely";
import { z } from "zod";
import {
  BANK_ENTRY_MESSAGES,
  BANK_MESSAGES,
  DEFAULT_MATCH_WINDOW_DAYS,
  daysBetween,
  screenStatementLines,
  type BankMapping,
  type StatementLine,
} from "@tumble/domain/bankStatement";
import { CASH_MESSAGES, EXPENSE_CATEGORIES, MAX_AMOUNT_CENTS } from "@tumble/domain/cashLedger";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { todayIn } from "@tumble/domain/businessDate";
import { accountOfCompany, id, idempotencyKey } from "../cash/access.ts";
import { businessDateNow } from "../cash/dates.ts";
import { readFile } from "../fileReading/reader.ts";
import { autoMatchAccount, depositsById, fingerprints, unmatchedDeposits } from "../reconciliation/bank.ts";
import { bookLine, standingBookings } from "../reconciliation/bankEntries.ts";
import { clearLines, groupDifferences, reverseSettlements, settleGroup, unclearLines } from "../reconciliation/clearing.ts";
import { mutation, query, type QueryCtx } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AppError } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { isoDate } from "../cash/closedPeriods.ts";
import { readUpload, storeUploadPart, uploadIdSchema, uploadPartArgs } from "../uploads/parts.ts";

// Bank statement lines (issue 14, docs/decisions/0025): import a CSV (with a column mapping
// remembered per bank account) or OFX statement, all rows or none; list lines with their matches
// and the deposits still in transit; match deposits to a line by hand, unmatch, and match
// automatically (equal amount, dates within a window, a named bag or slip number first). A match
// clears the line's amount from deposits in transit into the bank; an approver posts a match's
// difference to cash over/short (docs/decisions/0026).

const column = z.string().trim().min(1).max(200);
const mappingSchema = z.object({
  date: column,
  description: column,
  amount: column.optional(),
  debit: column.optional(),
  credit: column.optional(),
  reference: column.optional(),
});
const windowDays = z.number().int().min(0).max(60).optional();

async function bankAccount(ctx: QueryCtx<"isAdmin">, accountId: string) {
  const account = await accountOfCompany(ctx, accountId);
  if (account.kind !== "bank") throw new AppError("Choose a bank account");
  if (account.archivedAt) throw new AppError("This account is archived");
  return account;
}

/** A part of an upload stays under the 1 MB request limit even when JSON escaping doubles every character. */
const MAX_PART_CHARS = 500_000;
const MAX_PARTS = 25;

/** Automatic matching, then the clearing of every line it matched. */
async function matchAndClear(ctx: QueryCtx<"isAdmin">, accountId: string, windowDays: number) {
  const pairs = await autoMatchAccount(ctx.db, ctx.company.id, accountId, windowDays, ctx.user.id);
  await clearLines(
    ctx.db,
    ctx.company.id,
    pairs.map((p) => p.lineId),
    ctx.user.id,
  );
  return pairs;
}

/** Stores one part of a long statement; bankLines:import with the upload's id reads them all as one file. */
export const uploadPart = mutation({
  access: "isAdmin",
  args: uploadPartArgs(MAX_PARTS, MAX_PART_CHARS),
  handler: async (ctx, args) => ({
    received: await storeUploadPart(ctx.db, "bankUploads", { companyId: ctx.company.id, userId: ctx.user.id, now: ctx.now }, args, MAX_PARTS * MAX_PART_CHARS),
  }),
});

/** Imports a statement (path bankLines:import; `import` is a keyword, so it is exported by name below). */
const importStatement = mutation({
  access: "isAdmin",
  args: z
    .object({
      accountId: id,
      format: z.enum(["csv", "ofx"]),
      content: z.string().max(MAX_PART_CHARS).optional(),
      uploadId: uploadIdSchema.optional(),
      parts: z.number().int().min(1).max(MAX_PARTS).optional(),
      mapping: mappingSchema.optional(),
      dryRun: z.boolean().optional(),
      validOnly: z.boolean().optional(),
    })
    .refine((a) => (a.content === undefined) !== (a.uploadId === undefined), "Give the statement's content or the id of its upload")
    .refine((a) => (a.uploadId === undefined) === (a.parts === undefined), "An upload needs its number of parts"),
  handler: async (ctx, args) => {
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
      const remembered = await ctx.db
        .selectFrom("bankMappings")
        .select("mapping")
        .where("companyId", "=", companyId)
        .where("accountId", "=", account.id)
        .executeTakeFirst();
      mapping = args.mapping ?? (remembered?.mapping as BankMapping | undefined);
      if (!mapping) throw new AppError("Map the statement's columns: date, description and amount (or debit and credit)");
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
  },
});

export { importStatement as import };

/** Matches the account's unmatched credit lines to deposits in transit. */
export const autoMatch = mutation({
  access: "isAdmin",
  args: z.object({ accountId: id, windowDays }),
  handler: async (ctx, args) => {
    const account = await bankAccount(ctx, args.accountId);
    const pairs = await matchAndClear(ctx, account.id, args.windowDays ?? DEFAULT_MATCH_WINDOW_DAYS);
    if (pairs.length)
      await audit(ctx.db, {
        companyId: ctx.company.id,
        actorId: ctx.user.id,
        action: "autoMatch",
        entity: "bankLines",
        entityId: account.id,
        after: { pairs },
      });
    return { matched: pairs.length, pairs };
  },
});

/** The account's lines (newest first) with their deposits, the remembered mapping, and the deposits still in transit with their age. */
export const list = query({
  access: "isAdmin",
  args: z.object({ accountId: id }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const account = await accountOfCompany(ctx, args.accountId);
    if (account.kind !== "bank") throw new AppError("Choose a bank account");
    const lines = await ctx.db
      .selectFrom("bankLines")
      .select(["id", "date", "description", "amountCents", "reference", "source", "clearingId", "settlementId"])
      .where("companyId", "=", companyId)
      .where("accountId", "=", account.id)
      .orderBy("date", "desc")
      .orderBy("id")
      .limit(2000)
      .execute();
    const listed = lines.map((l) => l.id);
    const matches = listed.length
      ? await ctx.db
          .selectFrom("bankLineMatches")
          .select(["bankLineId", "transactionId", "automatic"])
          .where("companyId", "=", companyId)
          .where("bankLineId", "in", listed)
          .orderBy("transactionId")
          .execute()
      : [];
    const matchedIds = [...new Set(matches.map((m) => m.transactionId))];
    // A match group may reach lines beyond those listed (a deposit split with an older line).
    const groupMatches = matchedIds.length
      ? await ctx.db
          .selectFrom("bankLineMatches")
          .select(["bankLineId", "transactionId"])
          .where("companyId", "=", companyId)
          .where("transactionId", "in", matchedIds)
          .execute()
      : [];
    const outside = [...new Set(groupMatches.map((m) => m.bankLineId))].filter((l) => !listed.includes(l));
    const outsideLines = outside.length
      ? await ctx.db.selectFrom("bankLines").select(["id", "amountCents"]).where("companyId", "=", companyId).where("id", "in", outside).execute()
      : [];
    const matchedDeposits = matchedIds.length ? await depositsById(ctx.db, companyId, matchedIds) : [];
    const differences = groupDifferences(
      [...lines, ...outsideLines].map((l) => ({ id: l.id, amountCents: Number(l.amountCents) })),
      matchedDeposits.map((d) => ({ id: d.id, amountCents: Number(d.amountCents) })),
      groupMatches.map((m) => ({ lineId: m.bankLineId, depositId: m.transactionId })),
    );
    const mapping = await ctx.db
      .selectFrom("bankMappings")
      .select("mapping")
      .where("companyId", "=", companyId)
      .where("accountId", "=", account.id)
      .executeTakeFirst();
    const deposits = await unmatchedDeposits(ctx.db, companyId);
    const bookings = await standingBookings(ctx.db, companyId, listed);
    const now = new Date(ctx.now);
    const today = await businessDateNow(ctx.db, companyId, null, now);
    const deposit = (d: Awaited<ReturnType<typeof unmatchedDeposits>>[number]) => ({
      _id: d.id,
      businessDate: d.businessDate,
      amountCents: Number(d.amountCents),
      bagNumber: d.bagNumber,
      slipNumber: d.slipNumber,
      storeId: d.storeId,
      storeName: d.storeName,
      ageDays: daysBetween(d.businessDate, todayIn(d.timeZone ?? "UTC", now)),
    });
    return {
      mapping: (mapping?.mapping as BankMapping | undefined) ?? null,
      lines: lines.map(({ id: lineId, amountCents, clearingId, settlementId, ...l }) => {
        const mine = matches.filter((m) => m.bankLineId === lineId);
        return {
          _id: lineId,
          ...l,
          amountCents: Number(amountCents),
          ageDays: daysBetween(l.date, today),
          depositIds: mine.map((m) => m.transactionId),
          automatic: mine.some((m) => m.automatic),
          differenceCents: differences.get(lineId) ?? null,
          clearingId,
          settlementId,
          /** The fee or interest entry booked from this line, while it stands. */
          booking: bookings.get(lineId) ?? null,
        };
      }),
      unmatchedDeposits: deposits.map(deposit),
      matchedDeposits: matchedDeposits.map(deposit),
    };
  },
});

async function lineOf(ctx: QueryCtx<"member">, bankLineId: string) {
  const line = await ctx.db
    .selectFrom("bankLines")
    .select(["id", "accountId", "amountCents", "date", "description"])
    .where("companyId", "=", ctx.company.id)
    .where("id", "=", bankLineId)
    .forUpdate()
    .executeTakeFirst();
  if (!line) throw new AppError("Bank line not found");
  return line;
}

/** Matches deposits to a line by hand: several deposits to one line, or one deposit split over lines. */
export const match = mutation({
  access: "isAdmin",
  args: z.object({ bankLineId: id, depositIds: z.array(id).min(1, "Choose at least one deposit").max(100) }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const line = await lineOf(ctx, args.bankLineId);
    if (Number(line.amountCents) <= 0) throw new AppError("Only a credit line can carry deposits");
    if ((await standingBookings(ctx.db, companyId, [line.id])).size) throw new AppError(BANK_ENTRY_MESSAGES.bookedNoMatch);
    const depositIds = [...new Set(args.depositIds)];
    // Locked in one order, as cashTransactions:reverse locks the entry it undoes: a match and a
    // reversal of the same deposit never pass each other.
    const deposits = await ctx.db
      .selectFrom("cashTransactions as t")
      .select(["t.id", "t.kind", "t.status", "t.amountCents", "t.reversesId"])
      .where("t.companyId", "=", companyId)
      .where("t.id", "in", depositIds)
      .orderBy("t.id")
      .forUpdate()
      .execute();
    if (deposits.length !== depositIds.length) throw new AppError("Deposit not found");
    if (deposits.some((d) => d.kind !== "deposit" || d.reversesId)) throw new AppError("Choose deposits only");
    if (deposits.some((d) => d.status !== "approved")) throw new AppError("Only an approved deposit can be matched");
    const reversed = await ctx.db
      .selectFrom("cashTransactions")
      .select("id")
      .where("companyId", "=", companyId)
      .where("reversesId", "in", depositIds)
      .executeTakeFirst();
    if (reversed) throw new AppError(CASH_MESSAGES.depositReversed);
    const already = await ctx.db
      .selectFrom("bankLineMatches")
      .select("transactionId")
      .where("companyId", "=", companyId)
      .where("bankLineId", "=", line.id)
      .where("transactionId", "in", depositIds)
      .executeTakeFirst();
    if (already) throw new AppError("This deposit is already matched to this line");
    // The group's difference changes with a new match: a difference already posted is undone first.
    await reverseSettlements(ctx.db, companyId, [line.id], ctx.user.id, new Date(ctx.now));
    await ctx.db
      .insertInto("bankLineMatches")
      .values(depositIds.map((transactionId) => ({ companyId, bankLineId: line.id, transactionId, automatic: false, matchedBy: ctx.user.id })))
      .execute();
    await clearLines(ctx.db, companyId, [line.id], ctx.user.id);
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "match", entity: "bankLine", entityId: line.id, after: { depositIds } });
    const matched = await ctx.db
      .selectFrom("bankLineMatches as m")
      .innerJoin("cashTransactions as t", (j) => j.onRef("t.companyId", "=", "m.companyId").onRef("t.id", "=", "m.transactionId"))
      .select(["t.amountCents"])
      .where("m.companyId", "=", companyId)
      .where("m.bankLineId", "=", line.id)
      .execute();
    const depositsCents = matched.reduce((sum, m) => sum + Number(m.amountCents), 0);
    // The difference is shown here and posted only on approval (bankLines:settle): a deposit split over lines leaves one until its last line is matched.
    return { bankLineId: line.id, lineCents: Number(line.amountCents), depositsCents, differenceCents: Number(line.amountCents) - depositsCents };
  },
});

/** Removes a line's matches (all of them, or one deposit's). */
export const unmatch = mutation({
  access: "isAdmin",
  args: z.object({ bankLineId: id, depositId: id.optional() }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const line = await lineOf(ctx, args.bankLineId);
    let q = ctx.db.deleteFrom("bankLineMatches").where("companyId", "=", companyId).where("bankLineId", "=", line.id);
    if (args.depositId) q = q.where("transactionId", "=", args.depositId);
    const removed = await q.returning("transactionId").execute();
    if (!removed.length) throw new AppError("This line has no such match");
    await unclearLines(ctx.db, companyId, [line.id], ctx.user.id, new Date(ctx.now));
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "unmatch",
      entity: "bankLine",
      entityId: line.id,
      before: { depositIds: removed.map((r) => r.transactionId) },
    });
    return { removed: removed.length };
  },
});

/** A line entered by hand (a deposit the statement file lacks, a fee): matched automatically like an imported one. */
export const add = mutation({
  access: "isAdmin",
  args: z.object({
    accountId: id,
    date: businessDateSchema,
    description: z.string().trim().min(1, "Describe the line").max(500),
    amountCents: z
      .number()
      .int("Amounts are whole cents")
      .min(-MAX_AMOUNT_CENTS, "The amount is too large")
      .max(MAX_AMOUNT_CENTS, "The amount is too large")
      .refine((cents) => cents !== 0, "The amount cannot be zero"),
    reference: z.string().trim().max(200).optional(),
  }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const account = await bankAccount(ctx, args.accountId);
    if (args.date > (await businessDateNow(ctx.db, companyId, null, new Date(ctx.now)))) throw new AppError(BANK_MESSAGES.futureLine);
    const bankLineId = newId();
    await ctx.db
      .insertInto("bankLines")
      .values({
        id: bankLineId,
        companyId,
        accountId: account.id,
        date: args.date,
        description: args.description,
        amountCents: args.amountCents,
        reference: args.reference || null,
        // A hand-entered line is its own: never a duplicate of another.
        fingerprint: `manual|${bankLineId}`,
        source: "manual",
        createdBy: ctx.user.id,
      })
      .execute();
    await audit(ctx.db, { companyId, actorId: ctx.user.id, action: "add", entity: "bankLine", entityId: bankLineId, after: args });
    const matched = await matchAndClear(ctx, account.id, DEFAULT_MATCH_WINDOW_DAYS);
    return { bankLineId, matched: matched.length };
  },
});

/**
 * Books a line nobody deposited from the statement: a debit (a fee, a charge) to an expense of the
 * category, a credit (interest) to other income. It needs approval as an expense does.
 */
export const book = mutation({
  access: "isAdmin",
  idempotencyKeyInArgs: true,
  args: z.object({ bankLineId: id, category: z.enum(EXPENSE_CATEGORIES).optional(), idempotencyKey }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const line = await lineOf(ctx, args.bankLineId);
    await bankAccount(ctx, line.accountId);
    const result = await bookLine(ctx.db, companyId, { ...line, amountCents: Number(line.amountCents), date: isoDate(line.date) }, args.category, ctx.user.id);
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "book",
      entity: "bankLine",
      entityId: line.id,
      after: { ...result, category: args.category },
    });
    return result;
  },
});

/** An approver posts a match's difference (a deposit that reached the bank short, or over) to cash over/short. */
export const settle = mutation({
  access: "canApproveDraws",
  idempotencyKeyInArgs: true,
  args: z.object({ bankLineId: id, reason: z.string().trim().max(500).optional(), idempotencyKey }),
  handler: async (ctx, args) => {
    const companyId = ctx.company.id;
    const line = await lineOf(ctx, args.bankLineId);
    const result = await settleGroup(ctx.db, companyId, line.id, ctx.user.id, new Date(ctx.now), args.reason || undefined);
    await audit(ctx.db, {
      companyId,
      actorId: ctx.user.id,
      action: "settle",
      entity: "bankLine",
      entityId: line.id,
      after: { ...result, reason: args.reason },
    });
    return { transactionId: result.transactionId, differenceCents: result.differenceCents };
  },
});
