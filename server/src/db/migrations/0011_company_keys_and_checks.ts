import { sql, type Kysely } from "kysely";

// The database, not only the handlers, keeps each company's rows to themselves and its values
// sane (docs/decisions/0013-module-kit.md):
// - A child row's parent key includes company_id, so a collection line cannot point at another
//   company's machine: parents get UNIQUE (company_id, id) and the single-column foreign keys
//   become (company_id, x_id) → parent (company_id, id).
// - Status, role and kind columns accept only the values the code uses; money that cannot be
//   negative cannot be stored negative.
// - What the handlers checked with a read before writing (machine labels per store, store names
//   per company, section positions per store, one pending join request per user and company) is
//   unique in the database, so concurrent creates make one row. The constraint names are mapped to
//   messages in server/src/runtime/constraintErrors.ts.
// Rows that the old check-then-insert race duplicated are renamed or renumbered first.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  // --- duplicates left by the race, made unique before the constraints arrive ---
  await run(`
    update stores s set name = s.name || ' (' || d.n || ')'
    from (select id, row_number() over (partition by company_id, lower(name) order by created_at, id) as n from stores) d
    where d.id = s.id and d.n > 1`);
  await run(`
    update machines m set label = left(m.label, 14) || '-' || d.n
    from (select id, row_number() over (partition by company_id, store_id, lower(label) order by position, id) as n from machines) d
    where d.id = m.id and d.n > 1`);
  await run(`
    update store_sections s set position = d.n - 1
    from (select id, row_number() over (partition by company_id, store_id order by position, id) as n from store_sections) d
    where d.id = s.id and s.position <> d.n - 1`);
  await run(`
    update join_requests j set status = 'CANCELLED', updated_at = now()
    from (select id, row_number() over (partition by company_id, user_id order by requested_at, id) as n from join_requests where status = 'PENDING') d
    where d.id = j.id and d.n > 1`);

  // --- parents: (company_id, id) is a key a child can reference ---
  for (const table of ["stores", "equipment_types", "machines", "collections", "cash_accounts", "campaigns"]) {
    await run(`alter table ${table} add constraint ${table}_company_id_id unique (company_id, id)`);
  }
  // A machine's section must be in the machine's store.
  await run(`alter table store_sections add constraint store_sections_company_store_id unique (company_id, store_id, id)`);

  // --- children: every parent key includes company_id ---
  const fk = async (table: string, columns: string[], parent: string, parentColumns: string[], replaces: string[], onDelete = "") => {
    for (const old of replaces) await run(`alter table ${table} drop constraint if exists ${old}`);
    const name = `${table}_${columns.filter((c) => c !== "company_id").join("_")}_company_fk`;
    await run(`alter table ${table} add constraint ${name} foreign key (${columns.join(", ")}) references ${parent} (${parentColumns.join(", ")}) ${onDelete}`);
  };
  await fk("store_sections", ["company_id", "store_id"], "stores", ["company_id", "id"], ["store_sections_store_id_fkey"]);
  await fk("machines", ["company_id", "store_id"], "stores", ["company_id", "id"], ["machines_store_id_fkey"]);
  await fk("machines", ["company_id", "store_id", "section_id"], "store_sections", ["company_id", "store_id", "id"], ["machines_section_id_fkey"]);
  await fk("machines", ["company_id", "equipment_type_id"], "equipment_types", ["company_id", "id"], ["machines_equipment_type_id_fkey"]);
  await fk("collections", ["company_id", "store_id"], "stores", ["company_id", "id"], ["collections_store_id_fkey"]);
  await fk("collections", ["company_id", "adjusts_collection_id"], "collections", ["company_id", "id"], ["collections_adjusts_collection_id_fkey"]);
  await fk(
    "collection_lines",
    ["company_id", "collection_id"],
    "collections",
    ["company_id", "id"],
    ["collection_lines_collection_id_fkey"],
    "on delete cascade",
  );
  await fk("collection_lines", ["company_id", "machine_id"], "machines", ["company_id", "id"], ["collection_lines_machine_id_fkey"]);
  await fk("cash_accounts", ["company_id", "store_id"], "stores", ["company_id", "id"], ["cash_accounts_store_id_fkey"]);
  await fk("cash_transactions", ["company_id", "account_id"], "cash_accounts", ["company_id", "id"], ["cash_transactions_account_id_fkey"]);
  await fk("cash_transactions", ["company_id", "collection_id"], "collections", ["company_id", "id"], ["cash_transactions_collection_id_fkey"]);
  await fk("campaign_claims", ["company_id", "campaign_id"], "campaigns", ["company_id", "id"], ["campaign_claims_campaign_id_fkey"]);

  // --- the values the code uses ---
  const check = (table: string, name: string, condition: string) => run(`alter table ${table} add constraint ${table}_${name}_check check (${condition})`);
  await check("memberships", "role", `role in ('MEMBER', 'MANAGING_MEMBER', 'STAFF', 'SUPERVISOR', 'MANAGER', 'ADMIN', 'OWNER')`);
  await check("join_requests", "status", `status in ('PENDING', 'APPROVED', 'DENIED', 'CANCELLED')`);
  await check("store_sections", "position", `position >= 0`);
  await check("machines", "position", `position >= 0`);
  await check("machines", "capacity", `coin_box_capacity_cents is null or coin_box_capacity_cents >= 0`);
  await check("collections", "status", `status in ('draft', 'submitted', 'verified', 'rejected')`);
  // Collection totals and line amounts are not checked: a bill changer pays out more coins than
  // it takes bills on some visits, and an adjusting record holds differences.
  await check("collections", "line_count", `line_count >= 0`);
  await check("cash_accounts", "kind", `kind in ('safe', 'change_fund', 'petty_cash', 'bank')`);
  await check("cash_transactions", "status", `status in ('pending', 'approved', 'rejected')`);
  await check(
    "campaigns",
    "amounts",
    `offer_amount_cents >= 0 and (budget_cents is null or budget_cents >= 0) and (max_participants is null or max_participants >= 0)`,
  );
  await check("campaigns", "dates", `end_date >= start_date`);
  await check("campaign_claims", "status", `status in ('pending', 'verified', 'used')`);
  await check("campaign_claims", "attempts", `attempts >= 0`);

  // --- uniqueness that concurrent creates cannot race past ---
  await run(`create unique index stores_company_name on stores (company_id, lower(name))`);
  await run(`create unique index machines_company_store_label on machines (company_id, store_id, lower(label))`);
  // Deferred to commit: reordering moves positions one row at a time through transient clashes.
  await run(
    `alter table store_sections add constraint store_sections_company_store_position unique (company_id, store_id, position) deferrable initially deferred`,
  );
  await run(`create unique index join_requests_company_user_pending on join_requests (company_id, user_id) where status = 'PENDING'`);
}

export async function down(): Promise<void> {
  throw new Error("Not reversible");
}
