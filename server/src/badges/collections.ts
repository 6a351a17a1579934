import type { BadgeContributor } from "../runtime/badges.ts";

// Submitted collections waiting for verification: all of them for a verifier, and the caller's
// own on the record screen (a subset of the first, so it does not add into the tab).
export const badges: BadgeContributor[] = [
  {
    key: "allUnverifiedCollections",
    subTab: "laundromat/collections-list",
    countsTowardTab: true,
    count: (eb, { companyId, permissions }) =>
      companyId && permissions.canVerify
        ? eb.selectFrom("collections").select(eb.fn.countAll().as("n")).where("companyId", "=", companyId).where("status", "=", "submitted")
        : null,
  },
  {
    key: "ownUnverifiedCollections",
    subTab: "laundromat/collection-record",
    countsTowardTab: false,
    count: (eb, { companyId, userId }) =>
      companyId
        ? eb
            .selectFrom("collections")
            .select(eb.fn.countAll().as("n"))
            .where("companyId", "=", companyId)
            .where("status", "=", "submitted")
            .where("collectorId", "=", userId)
        : null,
  },
];
