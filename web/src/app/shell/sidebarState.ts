import type { LayoutPreferences } from "@tumble/domain/preferences";

export type SidebarState = "expanded" | "collapsed" | "hidden";

/**
 * Spec section 2: expanded, collapsed to icons, or hidden. With the "auto" behaviour the sidebar
 * follows the user's last toggle and collapses by itself on ultra-wide screens.
 */
export function sidebarStateOf(prefs: Pick<LayoutPreferences, "sidebarBehavior" | "sidebarCollapsed">, ultraWide: boolean): SidebarState {
  switch (prefs.sidebarBehavior) {
    case "hidden":
      return "hidden";
    case "collapsed":
      return "collapsed";
    case "expanded":
      return "expanded";
    default:
      return prefs.sidebarCollapsed || ultraWide ? "collapsed" : "expanded";
  }
}

/** Cmd/Ctrl+B: collapse an expanded sidebar, expand a collapsed (or hidden) one. */
export function toggledSidebar(state: SidebarState): Pick<LayoutPreferences, "sidebarBehavior" | "sidebarCollapsed"> {
  return state === "expanded" ? { sidebarBehavior: "collapsed", sidebarCollapsed: true } : { sidebarBehavior: "expanded", sidebarCollapsed: false };
}

/** Sidebar widths: 72 and 20 spacing units of 0.25rem. */
export const SIDEBAR_WIDTH = { expanded: "18rem", collapsed: "5rem" } as const;
