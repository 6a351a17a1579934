import { fileURLToPath } from "node:url";
import type { Expression, ExpressionBuilder } from "kysely";
import type { Permissions } from "@tumble/domain/permissions";
import { isArea, isSubScreenOf, type Area } from "@tumble/domain/routes";
import type { DB } from "../db/schema.ts";
import { importModuleFiles } from "../base/moduleFiles.ts";

// Navigation badges (spec section 2 "Tab badges" / "Sub-tab badges") are contributed by modules:
// each file in server/src/badges exports `badges`, a list of counts, each shown on one sub-tab
// and, when `countsTowardTab`, added into its tab's badge. navigation:getBadgeCounts runs them all
// in one statement; the web shell shows whatever tabs and sub-tabs it returns.

export interface BadgeScope {
  userId: string;
  /** The active company, or null (then company counts are 0). */
  companyId: string | null;
  permissions: Permissions;
}

export interface BadgeContributor {
  /** Unique name of the count, e.g. "allUnverifiedCollections". */
  key: string;
  /** The sub-tab it is shown on, "area/subScreen". */
  subTab: string;
  /** Whether it adds into the tab's badge (not when it counts a subset of another badge's rows). */
  countsTowardTab: boolean;
  /** A scalar subquery counting the rows, or null when the caller may not see them (the badge is 0). */
  count(eb: ExpressionBuilder<DB, never>, scope: BadgeScope): Expression<unknown> | null;
}

const BADGES_DIR = fileURLToPath(new URL("../badges/", import.meta.url));

let loaded: Promise<BadgeContributor[]> | null = null;

/** Every module's badge contributors, loaded once. */
export function badgeContributors(): Promise<BadgeContributor[]> {
  loaded ??= loadBadgeContributors();
  return loaded;
}

/** The contributors of every file in `dir`, checked for clashing keys and unknown sub-tabs. */
export async function loadBadgeContributors(dir = BADGES_DIR): Promise<BadgeContributor[]> {
  const all = (await importModuleFiles<{ badges?: BadgeContributor[] }>(dir)).flatMap(({ name, module }) => {
    if (!Array.isArray(module.badges)) throw new Error(`Badge file ${name} exports no badges list`);
    return module.badges;
  });
  const keys = new Set<string>();
  for (const badge of all) {
    if (keys.has(badge.key)) throw new Error(`Two badges are named ${badge.key}`);
    keys.add(badge.key);
    const [area, subScreen] = badge.subTab.split("/");
    if (!isArea(area) || !isSubScreenOf(area, subScreen ?? "")) throw new Error(`Badge ${badge.key} names an unknown sub-tab ${badge.subTab}`);
  }
  return all;
}

export interface BadgeCounts {
  /** Each contributor's count by key. */
  counts: Record<string, number>;
  /** The tab badges: the sum of the counts that count toward each tab. */
  tabs: Partial<Record<Area, number>>;
  /** The sub-tab badges by "area/subScreen". */
  subTabs: Record<string, number>;
}

export function sumBadges(contributors: BadgeContributor[], counts: Record<string, number>): BadgeCounts {
  const tabs: Partial<Record<Area, number>> = {};
  const subTabs: Record<string, number> = {};
  for (const badge of contributors) {
    const n = counts[badge.key] ?? 0;
    subTabs[badge.subTab] = (subTabs[badge.subTab] ?? 0) + n;
    const area = badge.subTab.split("/")[0] as Area;
    if (badge.countsTowardTab) tabs[area] = (tabs[area] ?? 0) + n;
  }
  return { counts, tabs, subTabs };
}
