import { z } from "zod";
import { addDays } from "@tumble/domain/datePresets";
import { todayIn } from "@tumble/domain/businessDate";
import { query } from "../runtime/define.ts";

// The home's "today" figures (spec section 6 gates): each active store's collected total for its
// own business today (in the store's time zone) beside the comparison period of the Today preset,
// the previous day. Submitted and verified collections count, with adjustments (their deltas).
// Only those who may see reports (canExportReports) get figures; everyone else gets null.

export interface StoreToday {
  storeId: string;
  storeName: string;
  businessDate: string;
  compareDate: string;
  totalCents: number;
  compareCents: number;
  collections: number;
}

export const summary = query({
  access: "signedIn",
  liveScope: "caller",
  args: z.object({}),
  handler: async (ctx): Promise<{ stores: StoreToday[] } | null> => {
    if (!ctx.company || !ctx.permissions.canExportReports) return null;
    const companyId = ctx.company.id;
    const now = new Date(ctx.now);
    const stores = await ctx.db
      .selectFrom("stores")
      .select(["id", "name", "timeZone"])
      .where("companyId", "=", companyId)
      .where("isActive", "=", true)
      .orderBy("name")
      .execute();
    if (stores.length === 0) return { stores: [] };
    const days = new Map(stores.map((s) => [s.id, todayIn(s.timeZone, now)]));
    const dates = [...new Set([...days.values()].flatMap((d) => [d, addDays(d, -1)]))];
    const rows = await ctx.db
      .selectFrom("collections")
      .select((eb) => [
        "storeId",
        "businessDate",
        eb.fn.sum<string>("totalCents").as("cents"),
        eb.fn.countAll<string>().as("n"),
        eb.fn.count<string>("adjustsCollectionId").as("adjustments"),
      ])
      .where("companyId", "=", companyId)
      .where("status", "in", ["submitted", "verified"])
      .where("businessDate", "in", dates)
      .groupBy(["storeId", "businessDate"])
      .execute();
    const sums = new Map(rows.map((r) => [`${r.storeId}|${r.businessDate}`, r]));
    return {
      stores: stores.map((s) => {
        const businessDate = days.get(s.id)!;
        const compareDate = addDays(businessDate, -1);
        const today = sums.get(`${s.id}|${businessDate}`);
        const before = sums.get(`${s.id}|${compareDate}`);
        return {
          storeId: s.id,
          storeName: s.name,
          businessDate,
          compareDate,
          totalCents: Number(today?.cents ?? 0),
          compareCents: Number(before?.cents ?? 0),
          collections: Number(today?.n ?? 0) - Number(today?.adjustments ?? 0),
        };
      }),
    };
  },
});
