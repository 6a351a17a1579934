import { useLocation, useNavigate } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { badgeLabel } from "@tumble/domain/display";
import { defaultSubScreenFor, resolveRoute, routePath, visibleSubScreens, visibleTabs, type Area } from "@tumble/domain/routes";
import { api } from "../../lib/api";
import { useQueryState } from "../../lib/hooks";
import { pathTarget } from "../pathTarget";
import { onEnterLaundromat } from "./laundromatEntry";

// Spec section 2 "Navigation behaviour": the tabs and sub-tabs the user may see, their live
// badges, and the switch to a tab's default (or first permitted) sub-screen.

export type BadgeCounts = {
  myRequests: number;
  ownUnverifiedCollections: number;
  allUnverifiedCollections: number;
  pendingCashTransactions: number;
  joinRequests: number;
  inactiveStores: number;
};

export interface NavSubTab {
  subScreen: string;
  path: string;
  badge: string | null;
}

export interface NavTab {
  area: Area;
  badge: string | null;
  subTabs: NavSubTab[];
}

export function tabCount(area: Area, c: BadgeCounts | undefined): number {
  if (!c) return 0;
  if (area === "user") return c.myRequests;
  if (area === "laundromat") return c.allUnverifiedCollections + c.pendingCashTransactions;
  if (area === "company") return c.joinRequests + c.inactiveStores;
  return 0;
}

export function subTabCount(area: Area, subScreen: string, c: BadgeCounts | undefined): number {
  if (!c) return 0;
  const key = `${area}/${subScreen}`;
  switch (key) {
    case "user/my-requests":
      return c.myRequests;
    case "laundromat/collections-list":
      return c.allUnverifiedCollections;
    case "laundromat/collection-record":
      return c.ownUnverifiedCollections;
    case "laundromat/cash-dashboard":
      return c.pendingCashTransactions;
    case "company/join-requests":
      return c.joinRequests;
    case "company/locations":
      return c.inactiveStores;
    default:
      return 0;
  }
}

export function useNavigation() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: role } = useQueryState(api.auth.getUserCompanyRole);
  const { data: counts } = useQueryState(api.navigation.getBadgeCounts);
  const permissions = role?.permissions ?? null;
  const resolution = resolveRoute(pathname);
  const currentArea = resolution.kind === "redirect" ? null : resolution.area;
  const currentSub = resolution.kind === "screen" ? resolution.subScreen : null;

  const tabs = useMemo<NavTab[]>(
    () =>
      visibleTabs(permissions).map((area) => ({
        area,
        badge: badgeLabel(tabCount(area, counts)),
        subTabs: visibleSubScreens(area, permissions).map((subScreen) => ({
          subScreen,
          path: routePath(area, subScreen),
          badge: badgeLabel(subTabCount(area, subScreen, counts)),
        })),
      })),
    [permissions, counts],
  );

  const go = useCallback(
    async (area: Area, subScreen: string | null): Promise<boolean> => {
      if (area === "laundromat" && currentArea !== "laundromat" && !(await onEnterLaundromat())) return false;
      const target = subScreen ?? defaultSubScreenFor(area, permissions);
      if (!target) return false;
      await navigate(pathTarget(routePath(area, target)));
      return true;
    },
    [currentArea, navigate, permissions],
  );

  return { tabs, currentArea, currentSub, loading: role === undefined, goToTab: (area: Area) => go(area, null), goToSubTab: go };
}
