import type { BadgeContributor } from "../runtime/badges.ts";
import { addressedTo, current } from "../announcements/audience.ts";

// Announcements addressed to the caller, shown now, that they have not read (decision 0041), on
// user/announcements and in the user tab's badge, like the schedule changes on user/employment.
export const badges: BadgeContributor[] = [
  {
    key: "unreadAnnouncements",
    subTab: "user/announcements",
    countsTowardTab: true,
    count: (eb, { companyId, userId }) =>
      companyId
        ? eb
            .selectFrom("announcements as a")
            .select(eb.fn.countAll().as("n"))
            .where("a.companyId", "=", companyId)
            .where((w) => w.and([addressedTo(w, userId), current(w, new Date())]))
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom("announcementReads as r")
                    .select("r.userId")
                    .whereRef("r.companyId", "=", "a.companyId")
                    .whereRef("r.announcementId", "=", "a.id")
                    .where("r.userId", "=", userId),
                ),
              ),
            )
        : null,
  },
];
