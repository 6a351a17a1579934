import { Badge } from "@mantine/core";
import type { KeyboardEvent, MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import type { AppSearch } from "../../lib/searchParams";

// Badges link to what they count (decision 0020): a sub-tab badge with an entry here opens its
// screen filtered to exactly the rows it counts, whatever dates or store are selected.

/** "area/subScreen" → the search params of the list its badge counts. */
export const BADGE_LINKS: Partial<Record<string, { search: AppSearch; labelKey: string }>> = {
  // allUnverifiedCollections (server/src/badges/collections.ts): submitted, every store and date.
  "laundromat/collections-list": { search: { status: "submitted", store: "all", dates: "all" }, labelKey: "badgeLinks.unverifiedCollections" },
  // pendingCashTransactions (server/src/badges/cash.ts): every pending cash transaction.
  "laundromat/cash-dashboard": { search: { status: "pending" }, labelKey: "badgeLinks.pendingCash" },
};

interface Props {
  area: string;
  subScreen: string;
  label: string;
  /** Goes to the sub-tab with these search params (the navigation's own sub-tab switch). */
  onOpen: (search: AppSearch) => void;
}

/** A sub-tab's badge; a link to the filtered list when BADGE_LINKS has one for it. */
export function SubTabBadge({ area, subScreen, label, onOpen }: Props) {
  const { t } = useTranslation("navigation");
  const link = BADGE_LINKS[`${area}/${subScreen}`];
  if (!link) {
    return (
      <Badge size="xs" color="red" variant="light">
        {label}
      </Badge>
    );
  }
  // Inside the sub-tab's own link: a click here is the badge's, not the sub-tab's.
  const open = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onOpen(link.search);
  };
  return (
    <Badge
      component="span"
      size="sm"
      color="red"
      variant="light"
      role="link"
      tabIndex={0}
      style={{ cursor: "pointer" }}
      aria-label={t(link.labelKey, { count: label })}
      data-testid={`nav-badge-link-${area}-${subScreen}`}
      onClick={open}
      onKeyDown={(event: KeyboardEvent) => (event.key === "Enter" || event.key === " ") && open(event)}
    >
      {label}
    </Badge>
  );
}
