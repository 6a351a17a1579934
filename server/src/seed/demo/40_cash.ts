import { postToSafe } from "../../collections/posting.ts";
import type { DemoSeeder } from "../demoContext.ts";

// Verified collections are in their store's safe, as verification would have put them.
export const seed: DemoSeeder = async ({ db, data }) => {
  for (const c of data.collections.filter((c) => c.status === "verified")) {
    await postToSafe(db, {
      companyId: c.companyId,
      storeId: c.storeId,
      collectionId: c.id,
      amountCents: c.totalCents as number,
      actorId: c.verifiedBy as string,
      description: `Collection ${c.businessDate}`,
    });
  }
};
