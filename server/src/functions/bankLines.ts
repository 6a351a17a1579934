import { z } from "zod";
import { EXPENSE_CATEGORIES, MAX_AMOUNT_CENTS } from "@tumble/domain/cashLedger";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { id, idempotencyKey } from "../cash/access.ts";
import { addLineByHand, autoMatchLines, bookLineOf, matchByHand, settleLine, unmatchLine } from "../reconciliation/bankLineEdits.ts";
import { CANDIDATE_CURSOR, depositCandidates } from "../reconciliation/bankCandidates.ts";
import { BANK_LINE_CURSOR, BANK_LINE_VIEWS, bankLinesOfAccount, bankLinesPage } from "../reconciliation/bankLineList.ts";
import { bankSummary } from "../reconciliation/bankSummary.ts";
import { importStatementLines } from "../reconciliation/statementImport.ts";
import { mutation, query } from "../runtime/define.ts";
import { cursorArg, pageSizeArg } from "../runtime/paging.ts";
import { storeUploadPart, uploadIdSchema, uploadPartArgs } from "../uploads/parts.ts";

// Bank statement lines (issue 14, docs/decisions/0025): import a CSV (with a column mapping
// remembered per bank account) or OFX statement, all rows or none; list lines with their matches
// and the deposits still in transit; match deposits to a line by hand, unmatch, and match
// automatically (equal amount, dates within a window, a named bag or slip number first). A match
// clears the line's amount from deposits in transit into the bank; an approver posts a match's
// difference to cash over/short (docs/decisions/0026). The logic is in server/src/reconciliation.

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

/** A part of an upload stays under the 1 MB request limit even when JSON escaping doubles every character. */
const MAX_PART_CHARS = 500_000;
const MAX_PARTS = 25;

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
  handler: async (ctx, args) => importStatementLines(ctx, args),
});

export { importStatement as import };

/** Matches the account's unmatched credit lines to deposits in transit. */
export const autoMatch = mutation({
  access: "isAdmin",
  args: z.object({ accountId: id, windowDays }),
  handler: async (ctx, args) => autoMatchLines(ctx, args.accountId, args.windowDays),
});

/** The account's lines (newest first) with their deposits, the remembered mapping, and the deposits still in transit with their age. */
export const list = query({
  access: "isAdmin",
  args: z.object({ accountId: id }),
  handler: async (ctx, args) => bankLinesOfAccount(ctx, args.accountId),
});

/**
 * The account's lines a page at a time (newest date first, then by id), each with its matched
 * deposits, with the cursor of the next page, null on the last: the lines table pages through every
 * line instead of stopping at a cap. `view` keeps the unmatched or the matched (or booked) lines,
 * `credits` only the money in (the panel's credit lines waiting for a deposit).
 */
export const listPage = query({
  access: "isAdmin",
  args: z.object({
    accountId: id,
    view: z.enum(BANK_LINE_VIEWS).optional(),
    credits: z.boolean().optional(),
    cursor: cursorArg(BANK_LINE_CURSOR),
    pageSize: pageSizeArg,
  }),
  handler: async (ctx, args) => bankLinesPage(ctx, args),
});

/**
 * The panel's figures over every line of the account (counts and totals per status, the
 * differences to post) and every deposit in transit, counted in SQL; with the remembered mapping.
 */
export const summary = query({
  access: "isAdmin",
  args: z.object({ accountId: id }),
  handler: async (ctx, args) => bankSummary(ctx, args.accountId),
});

/**
 * The deposits a line can be matched to, likeliest first, filtered on the server (amount, days
 * from the line's date, bag/slip/store/amount search), a page at a time with the total; without a
 * line, the deposits in transit, oldest first.
 */
export const candidates = query({
  access: "isAdmin",
  args: z.object({
    bankLineId: id.optional(),
    search: z.string().max(100).optional(),
    windowDays,
    sameAmount: z.boolean().optional(),
    includeMatched: z.boolean().optional(),
    cursor: cursorArg(CANDIDATE_CURSOR),
    pageSize: pageSizeArg,
  }),
  handler: async (ctx, args) => depositCandidates(ctx, args),
});

/** Matches deposits to a line by hand: several deposits to one line, or one deposit split over lines. */
export const match = mutation({
  access: "isAdmin",
  args: z.object({ bankLineId: id, depositIds: z.array(id).min(1, "Choose at least one deposit").max(100) }),
  handler: async (ctx, args) => matchByHand(ctx, args.bankLineId, args.depositIds),
});

/** Removes a line's matches (all of them, or one deposit's). */
export const unmatch = mutation({
  access: "isAdmin",
  args: z.object({ bankLineId: id, depositId: id.optional() }),
  handler: async (ctx, args) => unmatchLine(ctx, args.bankLineId, args.depositId),
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
  handler: async (ctx, args) => addLineByHand(ctx, args),
});

/**
 * Books a line nobody deposited from the statement: a debit (a fee, a charge) to an expense of the
 * category, a credit (interest) to other income. It needs approval as an expense does.
 */
export const book = mutation({
  access: "isAdmin",
  idempotencyKeyInArgs: true,
  args: z.object({ bankLineId: id, category: z.enum(EXPENSE_CATEGORIES).optional(), idempotencyKey }),
  handler: async (ctx, args) => bookLineOf(ctx, args.bankLineId, args.category),
});

/** An approver posts a match's difference (a deposit that reached the bank short, or over) to cash over/short. */
export const settle = mutation({
  access: "canApproveDraws",
  idempotencyKeyInArgs: true,
  args: z.object({ bankLineId: id, reason: z.string().trim().max(500).optional(), idempotencyKey }),
  handler: async (ctx, args) => settleLine(ctx, args.bankLineId, args.reason),
});
