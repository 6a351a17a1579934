import { sql } from "kysely";
import { z } from "zod";
import { CASH_ACCOUNT_KINDS, cashRefusal } from "@tumble/domain/cashLedger";
import { businessDateSchema } from "@tumble/domain/zodSchemas";
import { blindCountsOf, id } from "../cash/access.ts";
import { listEntries } from "../cash/entries.ts";
import { query } from "../runtime/define.ts";
import { refused } from "../runtime/errors.ts";

// The cash dashboard (laundromat → cash-dashboard, canExportReports) in one call for the
// selection's store and range: balances by account, pending approvals (every store's), deposits in transit,
// collections against the comparison period, and count variances by store and counter.

const range = z.object({ fromDate: businessDateSchema, toDate: businessDateSchema });

export const get = query({
  access: "canExportReports",
  args: z.object({ storeId: id.optional(), fromDate: businessDateSchema, toDate: businessDateSchema, comparison: range.optional() }),
  handler: async (ctx, { storeId, fromDate, toDate, comparison }) => {
    const companyId = ctx.company.id;
    if (fromDate > toDate || (comparison && comparison.fromDate > comparison.toDate)) throw refused(cashRefusal("fromAfterTo"));
    const ledger = await ctx.db
      .selectFrom("cashAccounts")
      .select(["id", "kind"])
      .where("companyId", "=", companyId)
      .where("kind", "in", ["collections_income", "deposits_in_transit"])
      .execute();
    // A company that never moved money has no counterpart accounts yet; nothing matches "".
    const income = ledger.find((a) => a.kind === "collections_income")?.id ?? "";
    const inTransit = ledger.find((a) => a.kind === "deposits_in_transit")?.id ?? "";
    const latestBalance = (account: string) =>
      sql<
        number | null
      >`(select e.balance_after_cents from cash_entries e where e.company_id = ${companyId} and e.account_id = ${sql.ref(account)} and e.seq is not null order by e.seq desc limit 1)`;

    let accounts = ctx.db
      .selectFrom("cashAccounts as a")
      .select(["a.id", "a.name", "a.kind", "a.storeId", latestBalance("a.id").as("balanceCents")])
      .where("a.companyId", "=", companyId)
      .where("a.archivedAt", "is", null)
      .where("a.kind", "in", [...CASH_ACCOUNT_KINDS]);
    if (storeId) accounts = accounts.where((eb) => eb.or([eb("a.storeId", "=", storeId), eb("a.storeId", "is", null)]));

    /** Collections posted in a range: what left collections income (credits are negative). */
    const collected = (from: string, to: string) => {
      let q = ctx.db
        .selectFrom("cashEntries as e")
        .select(sql<number>`coalesce(-sum(e.amount_cents), 0)`.as("cents"))
        .where("e.companyId", "=", companyId)
        .where("e.accountId", "=", income)
        .where("e.seq", "is not", null)
        .where("e.businessDate", ">=", from)
        .where("e.businessDate", "<=", to);
      if (storeId) q = q.where("e.storeId", "=", storeId);
      return q.executeTakeFirstOrThrow();
    };

    let variances = ctx.db
      .selectFrom("physicalCounts as p")
      .innerJoin("cashAccounts as a", (j) => j.onRef("a.companyId", "=", "p.companyId").onRef("a.id", "=", "p.accountId"))
      .leftJoin("stores as s", (j) => j.onRef("s.id", "=", "a.storeId").onRef("s.companyId", "=", "a.companyId"))
      .innerJoin("users as u", "u.id", "p.countedBy")
      .select([
        "p.id",
        "p.submittedAt",
        "a.storeId",
        "s.name as storeName",
        "p.countedBy",
        sql<string>`coalesce(u.name, u.email)`.as("countedByName"),
        "p.varianceCents",
      ])
      .where("p.companyId", "=", companyId)
      .where("p.status", "=", "accepted")
      .where(sql<boolean>`p.submitted_at::date between ${fromDate}::date and ${toDate}::date`);
    if (storeId) variances = variances.where("a.storeId", "=", storeId);

    // Collections handed in and not yet verified: not in the safe's books until a verifier accepts them.
    let submitted = ctx.db
      .selectFrom("collections")
      .select(sql<number>`coalesce(sum(total_cents), 0)`.as("cents"))
      .where("companyId", "=", companyId)
      .where("status", "=", "submitted")
      .where("businessDate", ">=", fromDate)
      .where("businessDate", "<=", toDate);
    if (storeId) submitted = submitted.where("storeId", "=", storeId);

    const [balances, pending, transit, current, previous, counts, awaiting] = await Promise.all([
      accounts.orderBy("a.storeId").orderBy("a.name").execute(),
      // Every store's, as the cash badge counts them: approvers decide for the whole company.
      listEntries(ctx.db, companyId, { status: "pending", limit: 100 }),
      ctx.db
        .selectFrom("cashEntries")
        .select("balanceAfterCents")
        .where("companyId", "=", companyId)
        .where("accountId", "=", inTransit)
        .where("seq", "is not", null)
        .orderBy("seq", "desc")
        .limit(1)
        .executeTakeFirst(),
      collected(fromDate, toDate),
      comparison ? collected(comparison.fromDate, comparison.toDate) : Promise.resolve(null),
      variances.orderBy("p.submittedAt").limit(1000).execute(),
      submitted.executeTakeFirstOrThrow(),
    ]);
    const blind = await blindCountsOf(ctx);
    return {
      // null: the caller is counting this account blind.
      balances: balances.map(({ id, balanceCents, ...a }) => ({ _id: id, ...a, balanceCents: blind.has(id) ? null : Number(balanceCents ?? 0) })),
      pending,
      depositsInTransitCents: Number(transit?.balanceAfterCents ?? 0),
      /** Verified collections only: what is in the books. */
      collectionsCents: Number(current.cents),
      submittedCollectionsCents: Number(awaiting.cents),
      comparisonCollectionsCents: previous ? Number(previous.cents) : null,
      variances: counts.map(({ id, submittedAt, varianceCents, ...c }) => ({
        _id: id,
        ...c,
        submittedAt: new Date(submittedAt!).getTime(),
        varianceCents: Number(varianceCents),
      })),
    };
  },
});
