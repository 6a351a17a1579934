import { fileURLToPath } from "node:url";
import { sql, type Expression, type ExpressionBuilder, type Kysely } from "kysely";
import type { Permissions } from "@tumble/domain/permissions";
import { canSeeSubScreen, isArea, isSubScreenOf, type Area } from "@tumble/domain/routes";
import type { DB } from "../db/schema.ts";
import { importModuleFiles } from "../base/moduleFiles.ts";

// What needs the signed-in person's attention on the home (issue 34), contributed by modules the
// way the navigation badges are (runtime/badges.ts): each file in server/src/attention exports
// `attention`, a list of counts, each linking to the sub-screen that deals with it. home:attention
// runs them all in one statement and lists only those the caller may see: a contributor answers
// null when the caller may not see its rows, and an item whose screen the caller may not open is
// left out too.

export interface AttentionScope {
  userId: string;
  /** The active company, or null (then company items are left out). */
  companyId: string | null;
  permissions: Permissions;
  /** The instant the counts are taken at (epoch ms): "recent" and "overdue" are measured from it. */
  now: number;
}

export interface AttentionContributor {
  /** Unique name of the item, e.g. "collectionsToVerify": the web's label key, and the column it is counted in. */
  key: string;
  /** The sub-screen that deals with it, "area/subScreen". */
  link: string;
  /**
   * Reads the count needs before the statement (a calendar computed from the company's settings),
   * handed to `count`; only for the few counts that cannot be one subquery alone. Not called when
   * the caller may not open `link`.
   */
  prepare?(db: Kysely<DB>, scope: AttentionScope): Promise<unknown>;
  /** A scalar subquery counting the rows, or null when the caller may not see them (the item is left out). */
  count(eb: ExpressionBuilder<DB, never>, scope: AttentionScope, prepared: unknown): Expression<unknown> | null;
  /**
   * The link's search parameters, from what `prepare` read, when the screen would not show the
   * counted rows by itself (time to verify older than the queue's current period).
   */
  search?(prepared: unknown): Record<string, string> | null;
}

export interface AttentionItem {
  key: string;
  /** "area/subScreen". */
  link: string;
  /** Search parameters for the link, when the screen needs them to show what was counted. */
  search?: Record<string, string>;
  count: number;
}

const ATTENTION_DIR = fileURLToPath(new URL("../attention/", import.meta.url));
const KEY = /^[a-z][A-Za-z0-9]{0,62}$/;

let loaded: Promise<AttentionContributor[]> | null = null;

/** Every module's attention contributors, loaded once. */
export function attentionContributors(): Promise<AttentionContributor[]> {
  loaded ??= loadAttentionContributors();
  return loaded;
}

/** The contributors of every file in `dir`, checked for malformed or clashing keys and unknown sub-screens. */
export async function loadAttentionContributors(dir = ATTENTION_DIR): Promise<AttentionContributor[]> {
  const all = (await importModuleFiles<{ attention?: AttentionContributor[] }>(dir)).flatMap(({ name, module }) => {
    if (!Array.isArray(module.attention)) throw new Error(`Attention file ${name} exports no attention list`);
    return module.attention;
  });
  const keys = new Set<string>();
  for (const item of all) {
    if (typeof item.key !== "string" || !KEY.test(item.key)) throw new Error(`Attention item ${String(item.key)} needs a key of letters and digits`);
    if (keys.has(item.key)) throw new Error(`Two attention items are named ${item.key}`);
    keys.add(item.key);
    const [area, subScreen, ...rest] = String(item.link).split("/");
    if (rest.length || !isArea(area) || !isSubScreenOf(area, subScreen ?? ""))
      throw new Error(`Attention item ${item.key} links to an unknown sub-screen ${item.link}`);
  }
  return all;
}

/** Whether the caller may open the item's screen. */
function opens(item: AttentionContributor, permissions: Permissions): boolean {
  const [area, subScreen] = item.link.split("/") as [Area, string];
  return canSeeSubScreen(area, subScreen, permissions);
}

/**
 * The items the caller may see, each with its count (0 included), in the contributors' order. Every
 * count is a scalar subquery of one statement, one round trip.
 */
export async function countAttention(db: Kysely<DB>, contributors: AttentionContributor[], scope: AttentionScope): Promise<AttentionItem[]> {
  const visible = contributors.filter((item) => opens(item, scope.permissions));
  const prepared = await Promise.all(visible.map((item) => (item.prepare ? item.prepare(db, scope) : Promise.resolve(undefined))));
  const counted: { item: AttentionContributor; expression: Expression<unknown> }[] = [];
  const row = await db
    .selectNoFrom((eb) => {
      visible.forEach((item, i) => {
        const expression = item.count(eb, scope, prepared[i]);
        if (expression) counted.push({ item, expression });
      });
      // A statement selects something even when the caller may see no item.
      return counted.length ? counted.map(({ item, expression }) => sql<number>`(${expression})::int`.as(item.key)) : [sql<number>`0`.as("none")];
    })
    .executeTakeFirstOrThrow();
  return counted.map(({ item }) => {
    const search = item.search?.(prepared[visible.indexOf(item)]) ?? null;
    return { key: item.key, link: item.link, ...(search ? { search } : {}), count: Number((row as Record<string, unknown>)[item.key] ?? 0) };
  });
}
