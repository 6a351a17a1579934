import {
  sql,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from "kysely";
import type { DB } from "../db/schema.ts";

// Fail-closed company scoping (docs/decisions/0063). A company-level function's database handle
// carries this plugin: before a statement is sent it walks the statement's tree and refuses it
// when it reads, changes or removes rows of a company-owned table (one with a company_id column)
// without tying that table's company_id to the caller's company — equal to the company's id, or
// equal to the company_id of a table already tied to it — or inserts a row of another company.
// A forgotten `where("companyId", "=", ctx.company.id)` is then an error in the first test that
// runs the statement, not a leak. Code that must see every company (the platform, services) says
// so by using the handle named for it, `ctx.unscopedDb`.

/**
 * Modules whose company-level functions still run without the check, until their statements are
 * tied to the company; each one shrinks the list (docs/decisions/0063 keeps it too).
 */
export const NOT_YET_SCOPED = new Set<string>([]);

/** Whether the function at `path` ("stores:listAll") runs with the check. */
export function scopeEnforcedFor(path: string): boolean {
  return !NOT_YET_SCOPED.has(path.slice(0, path.lastIndexOf(":")));
}

/** A statement a company-level function may not run: it could reach another company's rows. */
export class UnscopedStatementError extends Error {}

type AnyNode = OperationNode & Record<string, unknown>;

const catalogues = new WeakMap<object, Promise<ReadonlySet<string>>>();

/** Every base table with a company_id column, read once per database from its catalogue. */
export function companyOwnedTables(db: Kysely<DB>, key: object = db): Promise<ReadonlySet<string>> {
  let tables = catalogues.get(key);
  if (!tables) {
    tables = sql<{ tableName: string }>`
      select c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.column_name = 'company_id' and c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`
      .execute(db)
      .then((r) => new Set(r.rows.map((row) => row.tableName)));
    tables.catch(() => catalogues.delete(key));
    catalogues.set(key, tables);
  }
  return tables;
}

/** The plugin a company-level function's handle carries: refuses statements not tied to `companyId`. */
export class CompanyScope implements KyselyPlugin {
  constructor(
    readonly companyId: string,
    private readonly tables: ReadonlySet<string>,
  ) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const problem = new Checker(this.companyId, this.tables).statement(node);
    if (problem) throw new UnscopedStatementError(`Statement not scoped to the caller's company: ${problem}`);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

const name = (node: unknown): string | null => {
  const n = node as AnyNode | undefined;
  if (!n) return null;
  if (n.kind === "IdentifierNode") return n.name as string;
  if (n.kind === "SchemableIdentifierNode") return name(n.identifier);
  if (n.kind === "TableNode") return name(n.table);
  if (n.kind === "ColumnNode") return name(n.column);
  return null;
};

/** A table a statement reads from: its name and the name the statement calls it by. */
interface Source {
  table: string;
  alias: string;
}

function sourceOf(node: unknown): Source | null {
  const n = node as AnyNode | undefined;
  if (n?.kind === "TableNode") {
    const table = name(n)!;
    return { table, alias: table };
  }
  if (n?.kind === "AliasNode" && (n.node as AnyNode).kind === "TableNode") {
    return { table: name(n.node)!, alias: name(n.alias)! };
  }
  return null;
}

/** One conjunct of a condition: ANDs (and parentheses around them) split, anything else whole. */
function conjuncts(node: unknown, out: AnyNode[] = []): AnyNode[] {
  const n = node as AnyNode | undefined;
  if (!n) return out;
  if (n.kind === "AndNode") {
    conjuncts(n.left, out);
    conjuncts(n.right, out);
  } else if (n.kind === "ParensNode") conjuncts(n.node, out);
  else out.push(n);
  return out;
}

/**
 * "alias" when the node is `alias.company_id` (or `alias.id` of the companies table, whose id is
 * the company's), "" for an unqualified `company_id`, else null.
 */
function companyColumnOf(node: unknown, companies: ReadonlySet<string> = new Set()): string | null {
  const n = node as AnyNode | undefined;
  if (n?.kind !== "ReferenceNode") return null;
  const column = name(n.column);
  const table = n.table ? name(n.table) : null;
  if (column === "id" && table && companies.has(table)) return table;
  if (column !== "company_id") return null;
  return table ?? "";
}

/** The plain value of a node: a bound value, or a fragment that is nothing but one. */
function valueOf(node: unknown): { value: unknown } | null {
  const n = node as AnyNode | undefined;
  if (n?.kind === "ValueNode") return { value: n.value };
  if (n?.kind === "RawNode" && (n.sqlFragments as string[]).every((f) => f.trim() === "") && (n.parameters as unknown[]).length === 1) {
    return valueOf((n.parameters as unknown[])[0]);
  }
  if (n?.kind === "CastNode") return valueOf(n.expression);
  return null;
}

function valuesOf(node: unknown): unknown[] | null {
  const n = node as AnyNode | undefined;
  if (n?.kind === "PrimitiveValueListNode") return n.values as unknown[];
  if (n?.kind === "ValueListNode" || n?.kind === "TupleNode") {
    const out: unknown[] = [];
    for (const item of n.values as unknown[]) {
      const v = valueOf(item);
      if (!v) return null;
      out.push(v.value);
    }
    return out;
  }
  const single = valueOf(node);
  return single ? [single.value] : null;
}

/** The tied tables outside a whole statement: none (and the mark of the statement itself). */
const ROOT: ReadonlySet<string> = new Set();

/** What one conjunct says: a company column equal to the company, or two company columns equal. */
type Tie = { kind: "company"; alias: string } | { kind: "pair"; left: string; right: string };

class Checker {
  /** Aliases of the companies table: `c.id` there is a company's id. */
  private readonly companies = new Set<string>();

  constructor(
    private readonly companyId: string,
    private readonly tables: ReadonlySet<string>,
  ) {}

  private tieOf(conjunct: AnyNode): Tie | null {
    if (conjunct.kind !== "BinaryOperationNode") return null;
    const operator = (conjunct.operator as AnyNode).operator as string;
    const left = companyColumnOf(conjunct.leftOperand, this.companies);
    const right = companyColumnOf(conjunct.rightOperand, this.companies);
    if (operator === "=" || operator === "is not distinct from") {
      if (left !== null && right !== null) return { kind: "pair", left, right };
      const [column, other] = left !== null ? [left, conjunct.rightOperand] : [right, conjunct.leftOperand];
      if (column === null) return null;
      const value = valueOf(other);
      return value && value.value === this.companyId ? { kind: "company", alias: column } : null;
    }
    if (operator === "in" && left !== null) {
      const values = valuesOf(conjunct.rightOperand);
      return values && values.length > 0 && values.every((v) => v === this.companyId) ? { kind: "company", alias: left } : null;
    }
    return null;
  }

  /**
   * The problem with a statement, or null. Every nested statement (subqueries, CTEs, a select an
   * insert takes its rows from) is checked too; one correlated with the outer statement may tie
   * its tables to the outer one's tied tables.
   */
  statement(node: unknown, outer: ReadonlySet<string> = ROOT): string | null {
    const n = node as AnyNode;
    const froms = (key: string, list: string) => ((n[key] as AnyNode | undefined)?.[list] as unknown[]) ?? [];
    let scoped: ReadonlySet<string> | string = outer;
    switch (n.kind) {
      case "SelectQueryNode":
        scoped = this.reading(n, froms("from", "froms"), outer);
        break;
      case "UpdateQueryNode":
        scoped = this.updates(n) ?? this.reading(n, [n.table, ...froms("from", "froms")], outer);
        break;
      case "DeleteQueryNode":
        scoped = this.reading(n, [...froms("from", "froms"), ...froms("using", "tables")], outer);
        break;
      case "InsertQueryNode":
        return this.insert(n, outer);
      case "RawNode": {
        const problem = this.raw(n, outer === ROOT);
        if (problem) return problem;
      }
    }
    if (typeof scoped === "string") return scoped;
    return this.children(n, scoped);
  }

  /** Checks every statement below a node's parts. */
  private children(n: AnyNode, scoped: ReadonlySet<string>): string | null {
    for (const key in n) {
      if (key === "kind") continue;
      const problem = this.search(n[key], scoped);
      if (problem) return problem;
    }
    return null;
  }

  /** Finds statements (and hand-written SQL) anywhere below `value` and checks each. */
  private search(value: unknown, scoped: ReadonlySet<string>): string | null {
    if (Array.isArray(value)) {
      for (const item of value) {
        const problem = this.search(item, scoped);
        if (problem) return problem;
      }
      return null;
    }
    if (typeof value !== "object" || value === null) return null;
    const n = value as AnyNode;
    if (["SelectQueryNode", "UpdateQueryNode", "DeleteQueryNode", "InsertQueryNode", "RawNode"].includes(n.kind)) return this.statement(n, scoped);
    return this.children(n, scoped);
  }

  /** A select, update or delete: each company table it reads must end up tied to the company. */
  private reading(n: AnyNode, froms: unknown[], outer: ReadonlySet<string>): ReadonlySet<string> | string {
    const sources: Source[] = [];
    for (const from of [...froms, ...((n.joins as AnyNode[] | undefined) ?? []).map((j) => j.table)]) {
      const s = sourceOf(from);
      if (s) sources.push(s);
      if (s?.table === "companies") this.companies.add(s.alias);
    }
    const ties: Tie[] = conjuncts((n.where as AnyNode)?.where)
      .map((c) => this.tieOf(c))
      .filter((t): t is Tie => t !== null);
    // Inner joins' conditions hold for the whole row; an outer join's only tie its own table.
    const outerJoinTies: Array<{ alias: string; ties: Tie[] }> = [];
    for (const join of (n.joins as AnyNode[] | undefined) ?? []) {
      const s = sourceOf(join.table);
      const joinTies = conjuncts((join.on as AnyNode)?.on)
        .map((c) => this.tieOf(c))
        .filter((t): t is Tie => t !== null);
      if (join.joinType === "InnerJoin" || join.joinType === "JoinLateral" || join.joinType === "InnerJoinLateral") ties.push(...joinTies);
      else if (s) outerJoinTies.push({ alias: s.alias, ties: joinTies });
    }
    const owned = sources.filter((s) => this.tables.has(s.table));
    const scoped = new Set<string>([...outer].filter((a) => !sources.some((s) => s.alias === a)));
    // An unqualified company_id is the one company table's (more than one would be ambiguous in SQL).
    const resolve = (alias: string) => (alias === "" ? (owned.length === 1 ? owned[0].alias : null) : alias);
    let grew = true;
    while (grew) {
      grew = false;
      const apply = (tie: Tie, only?: string) => {
        if (tie.kind === "company") {
          const alias = resolve(tie.alias);
          if (alias && (!only || alias === only) && !scoped.has(alias)) {
            scoped.add(alias);
            grew = true;
          }
          return;
        }
        const left = resolve(tie.left);
        const right = resolve(tie.right);
        if (!left || !right) return;
        for (const [a, b] of [
          [left, right],
          [right, left],
        ]) {
          if (scoped.has(a) && !scoped.has(b) && (!only || b === only)) {
            scoped.add(b);
            grew = true;
          }
        }
      };
      for (const tie of ties) apply(tie);
      for (const { alias, ties: joinTies } of outerJoinTies) for (const tie of joinTies) apply(tie, alias);
    }
    const loose = owned.filter((s) => !scoped.has(s.alias));
    if (loose.length)
      return `${n.kind === "SelectQueryNode" ? "select from" : n.kind === "UpdateQueryNode" ? "update of" : "delete from"} ${loose.map((s) => s.table).join(", ")}`;
    // Subqueries below may tie themselves to any table tied here.
    return scoped;
  }

  /** An update may not move a row to another company. */
  private updates(n: AnyNode): string | null {
    for (const update of (n.updates as AnyNode[] | undefined) ?? []) {
      if (name(update.column) !== "company_id") continue;
      const value = valueOf(update.value);
      if (!value || value.value !== this.companyId) return "update setting company_id to another company";
    }
    return null;
  }

  /** An insert into a company table: every row's company_id is the company's. */
  private insert(n: AnyNode, outer: ReadonlySet<string>): string | null {
    const table = name(n.into);
    const rest = this.search([n.onConflict, n.returning, n.with], outer);
    if (!table || !this.tables.has(table)) return rest ?? this.search(n.values, outer);
    const columns = ((n.columns as unknown[]) ?? []).map((c) => name(c));
    const at = columns.indexOf("company_id");
    if (at < 0) return `insert into ${table} without company_id`;
    const values = n.values as AnyNode | undefined;
    if (values?.kind === "ValuesNode") {
      for (const row of values.values as AnyNode[]) {
        const cells =
          row.kind === "PrimitiveValueListNode" ? (row.values as unknown[]).map((v) => ({ value: v })) : (row.values as unknown[]).map((v) => valueOf(v));
        if (cells[at]?.value !== this.companyId) return `insert into ${table} of another company's row`;
      }
      return rest ?? this.search(values, outer);
    }
    if (values?.kind === "SelectQueryNode") {
      const selection = ((values.selections as AnyNode[] | undefined) ?? [])[at];
      const picked = selection ? (selection.selection as AnyNode) : null;
      const inner = picked?.kind === "AliasNode" ? picked.node : picked;
      const value = valueOf(inner);
      const fromColumn = companyColumnOf(inner);
      if (!(value && value.value === this.companyId) && fromColumn === null) return `insert into ${table} from a select whose company_id is not the company's`;
      // A company_id copied from a table the select reads is the company's when that table is tied (checked with the select).
      return rest ?? this.statement(values, outer);
    }
    return `insert into ${table} of rows the check cannot read`;
  }

  /**
   * Hand-written SQL the check cannot parse. A whole statement naming a company table must name
   * company_id and carry the company's id among its values; a fragment inside a built statement
   * (a correlated subquery) must name company_id, tying itself to the statement around it.
   */
  private raw(n: AnyNode, whole: boolean): string | null {
    const text = (n.sqlFragments as string[]).join(" ? ");
    const named = [...text.matchAll(/\b(?:from|join|into|update)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)/gi)]
      .map((m) => m[1].toLowerCase())
      .filter((t) => this.tables.has(t));
    if (!named.length) return null;
    if (/company_id/i.test(text) && (!whole || this.carriesCompany(n.parameters))) return null;
    return `hand-written SQL on ${[...new Set(named)].join(", ")} without the company's id`;
  }

  /** Whether the company's id is among the values bound anywhere below `value`. */
  private carriesCompany(value: unknown): boolean {
    if (Array.isArray(value)) return value.some((v) => this.carriesCompany(v));
    if (typeof value !== "object" || value === null) return false;
    const n = value as AnyNode;
    if (n.kind === "ValueNode") return n.value === this.companyId;
    if (n.kind === "PrimitiveValueListNode") return (n.values as unknown[]).includes(this.companyId);
    return Object.keys(n).some((k) => k !== "kind" && this.carriesCompany(n[k]));
  }
}
