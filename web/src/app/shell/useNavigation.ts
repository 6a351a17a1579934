import { useLocation, useNavigate } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { badgeLabel } from "@tumble/domain/display";
import { permissionsInCompany } from "@tumble/domain/permissions";
import { defaultSubScreenFor, resolveRoute, routePath, visibleSubScreens, visibleTabs, type Area } from "@tumble/domain/routes";
import { api } from "../../lib/api";
import { useQueryState } from "../../lib/hooks";
import type { AppSearch } from "../../lib/searchParams";
import { pathTarget } from "../../lib/pathTarget";
import { screenFor } from "../screens";
import { onEnterLaundromat } from "./laundromatEntry";

// Spec section 2 "Navigation behaviour": the tabs and sub-tabs the user may see, their live
// badges (summed by the server, so a module's new badge needs no change here), and the switch to
// a tab's default (or first permitted) sub-screen. Company screens need an active company (a
// system admin in none is not offered them), and a sub-screen not built yet is not offered (nor a
// tab with none built).

const isBuilt = (area: Area, subScreen: string) => screenFor(area, subScreen) !== undefined;

/** navigation:getBadgeCounts: each module's counts, summed per tab and per "area/subScreen" by the server. */
export type BadgeCounts = {
  tabs: Partial<Record<string, number>>;
  subTabs: Partial<Record<string, number>>;
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
  return c?.tabs[area] ?? 0;
}

export function subTabCount(area: Area, subScreen: string, c: BadgeCounts | undefined): number {
  return c?.subTabs[`${area}/${subScreen}`] ?? 0;
}

export function useNavigation() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: role } = useQueryState(api.auth.getUserCompanyRole);
  const { data: counts } = useQueryState(api.navigation.getBadgeCounts);
  const permissions = useMemo(() => (role ? permissionsInCompany(role.permissions, role.companyId) : null), [role]);
  const resolution = resolveRoute(pathname);
  const currentArea = resolution.kind === "redirect" ? null : resolution.area;
  const currentSub = resolution.kind === "screen" ? resolution.subScreen : null;

  const tabs = useMemo<NavTab[]>(
    () =>
      visibleTabs(permissions, isBuilt).map((area) => ({
        area,
        badge: badgeLabel(tabCount(area, counts)),
        // A sub-screen lands with its module: one not built yet is not offered (its address still
        // says it is coming).
        subTabs: visibleSubScreens(area, permissions)
          .filter((subScreen) => isBuilt(area, subScreen))
          .map((subScreen) => ({
            subScreen,
            path: routePath(area, subScreen),
            badge: badgeLabel(subTabCount(area, subScreen, counts)),
          })),
      })),
    [permissions, counts],
  );

  const go = useCallback(
    async (area: Area, subScreen: string | null, search?: AppSearch): Promise<boolean> => {
      if (area === "laundromat" && currentArea !== "laundromat" && !(await onEnterLaundromat())) return false;
      const target = subScreen ?? defaultSubScreenFor(area, permissions);
      if (!target) return false;
      await navigate({ ...pathTarget(routePath(area, target)), search });
      return true;
    },
    [currentArea, navigate, permissions],
  );

  return { tabs, currentArea, currentSub, loading: role === undefined, goToTab: (area: Area) => go(area, null), goToSubTab: go };
}
