import type {
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from "kysely";
import type { DB } from "../db/schema.ts";

// Records which tables a function reads and writes, by walking each query's operation tree.
// Live queries re-run when a committed write touches a table they read.

export class TableTracker implements KyselyPlugin {
  readonly reads = new Set<string>();
  readonly writes = new Set<string>();

  constructor(private readonly readOnly = false) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    walk(node, this.reads, this.writes);
    if (this.readOnly && this.writes.size) {
      throw new Error(`A query may not write (tried to write ${[...this.writes].join(", ")})`);
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/**
 * Makes the running live query depend on `topic`, a virtual table of state kept outside the
 * database (backup and export jobs): it re-runs when that topic is announced as written.
 */
export function dependOn(db: Kysely<DB>, topic: string): void {
  for (const plugin of db.getExecutor().plugins) if (plugin instanceof TableTracker) plugin.reads.add(topic);
}

/** How a campaign read is written among a query's reads (no table name holds a NUL). */
const CAMPAIGN_READ = "campaign\u0000";

/**
 * The running live query reads the campaign tables (invalidation.ts CAMPAIGN_TABLES) only for
 * `campaignId` — call it for every campaign whose rows it reads there, and not at all if it reads
 * rows of campaigns it cannot name (a list). A write naming other campaigns then leaves it be.
 */
export function readsCampaign(db: Kysely<DB>, campaignId: string): void {
  dependOn(db, CAMPAIGN_READ + campaignId);
}

/** The campaigns a query declared it reads (readsCampaign), or null when it declared none. */
export function campaignsRead(reads: ReadonlySet<string>): Set<string> | null {
  let campaigns: Set<string> | null = null;
  for (const read of reads) if (read.startsWith(CAMPAIGN_READ)) (campaigns ??= new Set()).add(read.slice(CAMPAIGN_READ.length));
  return campaigns;
}

type AnyNode = OperationNode & Record<string, unknown>;

function tableName(node: unknown): string | null {
  const n = node as AnyNode | undefined;
  if (n?.kind === "TableNode") return ((n.table as AnyNode).identifier as AnyNode).name as string;
  if (n?.kind === "AliasNode") return tableName(n.node);
  return null;
}

function walk(value: unknown, reads: Set<string>, writes: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, reads, writes);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  const node = value as AnyNode;
  switch (node.kind) {
    case "TableNode": {
      const name = tableName(node);
      if (name) addRead(name, reads);
      return;
    }
    case "InsertQueryNode":
      addWrite(node.into, writes);
      break;
    case "UpdateQueryNode":
      addWrite(node.table, writes);
      break;
    case "DeleteQueryNode":
      for (const from of ((node.from as AnyNode)?.froms as unknown[]) ?? []) addWrite(from, writes);
      break;
    case "MergeQueryNode":
      addWrite(node.into, writes);
      break;
    case "RawNode":
      rawTables(((node.sqlFragments as string[]) ?? []).join(" ? "), reads, writes);
      break;
  }
  for (const key in node) {
    if (key !== "kind") walk(node[key], reads, writes);
  }
}

/**
 * Tables named in hand-written SQL (sql`…`), which the builder's nodes do not show: what follows
 * insert into, update and delete from is written; what follows from and join is read. A word that
 * is no table (a subquery's alias, unnest) is harmless: no write ever names it.
 */
const RAW_TABLE = /\b(insert\s+into|(?<!\b(?:for|do|key)\s+)update|delete\s+from|from|join)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)/gi;

function rawTables(text: string, reads: Set<string>, writes: Set<string>): void {
  for (const [, verb, table] of text.matchAll(RAW_TABLE)) {
    const name = table.toLowerCase();
    if (/^(insert|update|delete)/i.test(verb)) writes.add(name);
    else addRead(name, reads);
  }
}

/**
 * Tables kept by database triggers, with the tables whose writes change them: a write's tracker
 * sees only the statement's own table, so a query reading a derived table reads its sources too.
 */
const DERIVED_FROM: Record<string, readonly string[]> = {
  revenue_days: ["collections", "collection_lines"],
  revenue_weeks: ["collections", "collection_lines"],
  revenue_months: ["collections", "collection_lines"],
  collector_days: ["collections", "collection_lines"],
};

function addRead(name: string, reads: Set<string>): void {
  reads.add(name);
  for (const source of DERIVED_FROM[name] ?? []) reads.add(source);
}

function addWrite(target: unknown, writes: Set<string>): void {
  const name = tableName(target);
  if (name) writes.add(name);
}
