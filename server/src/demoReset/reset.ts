import { fileURLToPath } from "node:url";
import { OperationNodeTransformer, sql, type Kysely, type KyselyPlugin, type PrimitiveValueListNode, type ValueNode } from "kysely";
import { systemAdminRefusal } from "@tumble/domain/systemAdminRefusals";
import type { DB } from "../db/schema.ts";
import { importModuleFiles } from "../base/moduleFiles.ts";
import type { DemoData, DemoSeeder } from "../seed/demoContext.ts";
import { refused } from "../runtime/errors.ts";
import { deleteCompanies } from "./deleteCompanies.ts";

// demo:reset (issue 20; decision 0043): deletes the companies the demo seed made (companies.demo_seed)
// with everything they own, then runs the demo seeders themselves (server/src/seed/demo) again in
// the same transaction — there is no second seed to keep in step.
//
// The seeders make the demo accounts as well, with fresh ids. An account that still exists keeps
// its id (its sessions, preferences and any other company's rows stay valid): the seeders' insert
// of it becomes an update of the existing row, and a query plugin replaces the fresh id by the
// existing one in every later statement of the seed.

const SEEDERS_DIR = fileURLToPath(new URL("../seed/demo/", import.meta.url));

class RemapIds extends OperationNodeTransformer {
  constructor(private readonly ids: Map<string, string>) {
    super();
  }
  protected override transformValue(node: ValueNode): ValueNode {
    const value = node.value;
    return typeof value === "string" && this.ids.has(value) ? { ...node, value: this.ids.get(value) } : super.transformValue(node);
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map((v) => (typeof v === "string" && this.ids.has(v) ? this.ids.get(v) : v)) };
  }
}

function remapPlugin(ids: Map<string, string>): KyselyPlugin {
  const transformer = new RemapIds(ids);
  return {
    transformQuery: (args) => (ids.size ? transformer.transformNode(args.node) : args.node),
    transformResult: async (args) => args.result,
  };
}

type UserRow = { id: string; email?: string | null } & Record<string, unknown>;

/**
 * The seeding handle: every statement goes through the id remapping; `insertInto("users")` turns an
 * existing e-mail into an update of that account (credentials only for accounts in no other company,
 * and never the caller's own).
 */
function seedingHandle(db: Kysely<DB>, ids: Map<string, string>, keepCredentialsOf: string): Kysely<DB> {
  const remapped = db.withPlugin(remapPlugin(ids));
  const insertUsers = (rows: UserRow[]) => ({
    async execute() {
      for (const row of rows) {
        const existing = row.email
          ? await remapped
              .selectFrom("users")
              .select("id")
              .where(sql`lower(email)`, "=", String(row.email).toLowerCase())
              .executeTakeFirst()
          : undefined;
        if (!existing) {
          await remapped
            .insertInto("users")
            .values(row as never)
            .execute();
          continue;
        }
        ids.set(row.id, existing.id);
        const otherCompanies = await remapped.selectFrom("memberships").select("id").where("userId", "=", existing.id).limit(1).executeTakeFirst();
        const restore = !otherCompanies && existing.id !== keepCredentialsOf;
        const set: Record<string, unknown> = { activeCompanyId: row.activeCompanyId ?? null };
        if (restore) for (const key of ["name", "passwordHash", "pinHash", "username", "language"]) if (key in row) set[key] = row[key];
        await remapped.updateTable("users").set(set).where("id", "=", existing.id).execute();
      }
      return [];
    },
  });
  return new Proxy(remapped, {
    get(target, prop) {
      if (prop === "insertInto")
        return (table: string) =>
          table === "users"
            ? {
                values: (v: UserRow | UserRow[]) => {
                  const q = insertUsers(Array.isArray(v) ? v : [v]);
                  return { execute: q.execute, executeTakeFirst: q.execute, executeTakeFirstOrThrow: q.execute };
                },
              }
            : target.insertInto(table as never);
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

export interface ResetResult {
  deleted: { rows: number; tables: number };
  companies: Array<{ id: string; name: string; companyCode: string }>;
}

/** Deletes and makes again the demo companies, in the caller's transaction. */
export async function resetDemo(db: Kysely<DB>, today: Date, callerId: string): Promise<ResetResult> {
  // One reset at a time; a second waits and then resets what the first made.
  await sql`select pg_advisory_xact_lock(hashtext('tumble:demo-reset'))`.execute(db);
  const old = await db.selectFrom("companies").select("id").where("demoSeed", "=", true).orderBy("id").forUpdate().execute();
  const deleted = await deleteCompanies(
    db.withoutPlugins(),
    old.map((c) => c.id),
  );
  const seeders = await importModuleFiles<{ seed?: DemoSeeder }>(SEEDERS_DIR);
  const data = {} as DemoData;
  const ids = new Map<string, string>();
  const handle = seedingHandle(db, ids, callerId);
  try {
    for (const { name, module } of seeders) {
      if (typeof module.seed !== "function") throw new Error(`Demo seeder ${name} exports no seed()`);
      await module.seed({ db: handle, today, data });
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw refused(systemAdminRefusal("demoCollision", { constraint: error.constraint ?? "unique" }));
    throw error;
  }
  // Read without the seeders' DemoData augmentation, which projects that reach this file through the API types do not load.
  const made: string[] = Object.values((data as { companies?: Record<string, string> }).companies ?? {});
  // The seed marks its companies itself (seed/demo/11_demo_marker.ts); this keeps the mark even if that file moved.
  if (made.length) await db.updateTable("companies").set({ demoSeed: true }).where("id", "in", made).execute();
  const companies = made.length
    ? await db.selectFrom("companies").select(["id", "name", "companyCode"]).where("id", "in", made).orderBy("companyCode").execute()
    : [];
  return { deleted, companies };
}
