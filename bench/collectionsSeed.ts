import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DB } from "../server/src/db/schema.ts";

// A large operator for the collections benchmark, generated set-based inside PostgreSQL
// (INSERT … SELECT … FROM generate_series): one company, 50 stores of 3 sections and 40 machines,
// a collection with a line per machine every day for three years — about 2.2 million lines —
// verified except for the last week, which waits for review. Ids and amounts are derived from
// md5 of fixed names, so every run builds the same data. Runs on a database that already holds
// the demo (its users' password hash is reused, so `demo-password` signs the benchmark people in).

export const BENCH_COMPANY_CODE = "CMP900009";
export const BENCH_MANAGER = "manager@bench.test";
export const BENCH_SUPERVISOR = "supervisor@bench.test";
export const STORES = 50;
export const MACHINES_PER_STORE = 40;
export const DAYS = 3 * 365;
/** Collections this recent (in days before today) are submitted; older ones are verified. */
export const SUBMITTED_DAYS = 7;
const COLLECTORS = 10;

export interface BenchCompany {
  companyId: string;
  /** The UTC date the history ends before (the seed's "today"). */
  today: string;
  stores: number;
  machines: number;
  collections: number;
  lines: number;
  submitted: number;
  seedMs: number;
}

/** A 32-character id in the server's base32 alphabet, derived from a name. */
function benchId(name: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`translate(md5('bench:' || ${name}), '0189', 'wxyz')`;
}

/** The benchmark companies' five equipment types (washer, dryer, changer, vending, arcade), ids from `id`. */
export function equipmentTypesInsert(companyId: string, benchId: (name: RawBuilder<unknown>) => RawBuilder<string>): RawBuilder<unknown> {
  return sql`insert into equipment_types (id, company_id, name, category, accepts_coins, accepts_bills, special_case, color_hex, icon_type)
      select ${benchId(sql`'type:' || key`)}, ${companyId}, name, category, coins, bills, special, color, icon
      from (values ('washer', 'Front-load washer', 'laundry', true, false, null, '#3B82F6', 'washer'),
                   ('dryer', 'Stack dryer', 'laundry', true, false, null, '#F97316', 'dryer'),
                   ('changer', 'Bill changer', 'change', false, true, 'changer', '#22C55E', 'square'),
                   ('vending', 'Soap vending', 'vending', true, true, null, '#A855F7', 'vending'),
                   ('arcade', 'Claw machine', 'gaming', true, false, null, null, 'square')) as t(key, name, category, coins, bills, special, color, icon)`;
}

// The store layout: section, equipment key, label prefix, and how many.
const LAYOUT: Array<[number, string, string, number]> = [
  [0, "washer", "W", 18],
  [0, "changer", "C", 2],
  [1, "dryer", "D", 16],
  [2, "vending", "V", 2],
  [2, "arcade", "G", 2],
];

export async function seedBenchCompany(db: Kysely<DB>, today: string, log: (line: string) => void = () => {}): Promise<BenchCompany> {
  const started = Date.now();
  const step = async (on: Kysely<DB>, label: string, statement: RawBuilder<unknown>) => {
    const t0 = Date.now();
    const result = await statement.execute(on);
    log(`    ${label}: ${result.numAffectedRows ?? "done"} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  };
  const companyId = await sql<{ id: string }>`select ${benchId(sql.lit("company"))} as id`.execute(db).then((r) => r.rows[0].id);
  const { passwordHash } = await db.selectFrom("users").select("passwordHash").where("email", "=", "owner@demo.test").executeTakeFirstOrThrow();

  await sql`
    insert into companies (id, name, display_name, company_code, email_domain, industry, size, description, created_at)
    values (${companyId}, 'Bench Laundries', 'Bench Laundries', ${BENCH_COMPANY_CODE}, 'bench.test', 'laundromat', 'LARGE', 'Fifty stores for the collections benchmark.', ${`${today}T00:00:00Z`}::timestamptz - interval '4 years')`.execute(
    db,
  );

  const people = sql`(values (${BENCH_MANAGER}, 'MANAGER'), (${BENCH_SUPERVISOR}, 'SUPERVISOR')) as p(email, role)
    union all select 'collector' || lpad(n::text, 2, '0') || '@bench.test', 'STAFF' from generate_series(1, ${COLLECTORS}) n`;
  await step(
    db,
    "users",
    sql`insert into users (id, email, name, password_hash, active_company_id)
      select ${benchId(sql`'user:' || email`)}, email, initcap(split_part(email, '@', 1)), ${passwordHash}, ${companyId} from (select * from ${people}) people`,
  );
  await step(
    db,
    "memberships",
    sql`insert into memberships (id, company_id, user_id, role)
      select ${benchId(sql`'membership:' || email`)}, ${companyId}, ${benchId(sql`'user:' || email`)}, role from (select * from ${people}) people`,
  );
  await step(db, "equipment types", equipmentTypesInsert(companyId, benchId));
  await step(
    db,
    "stores",
    sql`insert into stores (id, company_id, name, address, phone, time_zone, hours, is_active)
      select ${benchId(sql`'store:' || s`)}, ${companyId}, 'Bench Store ' || lpad(s::text, 2, '0'), s || ' Benchmark Ave, Testville', '(555)010-0100', 'America/Chicago', '6:00-22:00 daily', true
      from generate_series(1, ${STORES}) s`,
  );
  await step(
    db,
    "sections",
    sql`insert into store_sections (id, company_id, store_id, name, position)
      select ${benchId(sql`'section:' || s || ':' || p`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, name, p
      from generate_series(1, ${STORES}) s cross join (values (0, 'Front washers'), (1, 'Back dryers'), (2, 'Vending corner')) as v(p, name)`,
  );
  const layout = sql.join(LAYOUT.map(([section, key, prefix, count]) => sql`(${sql.lit(section)}, ${sql.lit(key)}, ${sql.lit(prefix)}, ${sql.lit(count)})`));
  await step(
    db,
    "machines",
    sql`insert into machines (id, company_id, store_id, section_id, equipment_type_id, label, coin_box_capacity_cents, position)
      select ${benchId(sql`'machine:' || s || ':' || n`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, ${benchId(sql`'section:' || s || ':' || section`)},
             ${benchId(sql`'type:' || key`)}, prefix || n, case when key = 'changer' then null else 40000 end, position
      from generate_series(1, ${STORES}) s
      cross join (
        select section, key, prefix, (row_number() over (order by section, ord, i))::int as n, (row_number() over (partition by section order by ord, i))::int - 1 as position
        from (select *, row_number() over () as ord from (values ${layout}) as l(section, key, prefix, cnt)) l, generate_series(1, cnt) i
      ) m`,
  );
  // Collectors cover five stores each; the supervisor verifies the next morning.
  await step(
    db,
    "collections",
    sql`insert into collections (id, company_id, store_id, business_date, collector_id, status, total_cents, line_count, submitted_at, verified_at, verified_by, created_at, updated_at)
      select ${benchId(sql`'collection:' || s || ':' || d`)}, ${companyId}, ${benchId(sql`'store:' || s`)}, day,
             ${benchId(sql`'user:collector' || lpad((((s - 1) % ${COLLECTORS}) + 1)::text, 2, '0') || '@bench.test'`)},
             case when d <= ${SUBMITTED_DAYS} then 'submitted' else 'verified' end, 0, ${MACHINES_PER_STORE},
             at, case when d > ${SUBMITTED_DAYS} then at + interval '15 hours' end,
             case when d > ${SUBMITTED_DAYS} then ${benchId(sql`'user:' || ${BENCH_SUPERVISOR}`)} end, at, at
      from generate_series(1, ${DAYS}) d cross join generate_series(1, ${STORES}) s,
           lateral (select ${today}::date - d as day) x, lateral (select (x.day + time '18:00') at time zone 'UTC' as at) y
      order by d desc, s`,
  );
  // Two million rows go in far faster without the table's keys and indexes;
  // they are put back, exactly as the migrations made them, straight after.
  const constraints = await sql<{ name: string; def: string }>`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'collection_lines'::regclass and contype in ('p', 'f') order by contype desc`.execute(
    db,
  );
  const indexes = await sql<{ name: string; def: string }>`
    select indexname as name, indexdef as def from pg_indexes
    where schemaname = current_schema() and tablename = 'collection_lines'
      and indexname not in (select conname from pg_constraint where conrelid = 'collection_lines'::regclass)`.execute(db);
  await db.connection().execute(async (conn) => {
    await sql`set work_mem = '256MB'`.execute(conn);
    await sql`set maintenance_work_mem = '512MB'`.execute(conn);
    for (const c of constraints.rows) await sql`alter table collection_lines drop constraint ${sql.id(c.name)}`.execute(conn);
    for (const i of indexes.rows) await sql`drop index ${sql.id(i.name)}`.execute(conn);
    // A machine's take: its type's typical figure, busier at weekends, ±25% from a hash.
    await step(
      conn,
      "collection lines",
      sql`insert into collection_lines (id, company_id, collection_id, machine_id, coins_cents, bills_cents)
        select translate(h, '0189', 'wxyz'), ${companyId}, c.id, m.id,
               (round(t.coins * f / 25) * 25)::int, (round(t.bills * f / 100) * 100)::int
        from collections c
        join machines m on m.store_id = c.store_id and m.company_id = c.company_id
        join equipment_types e on e.id = m.equipment_type_id
        join (values ('Front-load washer', 9000, 0), ('Stack dryer', 6000, 0), ('Bill changer', 0, 45000), ('Soap vending', 1500, 2500), ('Claw machine', 2500, 0)) as t(name, coins, bills) on t.name = e.name,
        lateral (select md5('bench:line:' || c.id || m.id) as h) hh,
        lateral (select (case when extract(isodow from c.business_date) >= 6 then 1.3 else 1.0 end) * (0.75 + 0.5 * (('x' || substr(h, 1, 8))::bit(32)::bigint / 4294967296.0)) as f) ff
        where c.company_id = ${companyId}
        order by c.business_date, c.store_id, m.position`,
    );
    const t0 = Date.now();
    for (const i of indexes.rows) await sql.raw(i.def).execute(conn);
    for (const c of constraints.rows) await sql`alter table collection_lines add constraint ${sql.id(c.name)} ${sql.raw(c.def)}`.execute(conn);
    log(`    collection line keys and indexes: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    await sql`reset work_mem`.execute(conn);
    await sql`reset maintenance_work_mem`.execute(conn);
  });
  await step(
    db,
    "collection totals",
    sql`update collections c set total_cents = x.total
      from (select l.collection_id, sum(case when e.special_case = 'changer' or e.category = 'change' then l.bills_cents - l.coins_cents else l.coins_cents + l.bills_cents end) as total
            from collection_lines l join machines m on m.id = l.machine_id join equipment_types e on e.id = m.equipment_type_id
            where l.company_id = ${companyId} group by l.collection_id) x
      where c.id = x.collection_id`,
  );
  // A long-lived database is vacuumed and analysed by autovacuum; bring it to that state now.
  const t0 = Date.now();
  for (const table of ["collections", "collection_lines", "machines", "stores", "store_sections", "equipment_types", "users", "memberships"]) {
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  }
  log(`    vacuum analyze: ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const counts = await sql<{ collections: number; lines: number; submitted: number; machines: number; stores: number }>`
    select (select count(*) from collections where company_id = ${companyId})::int as collections,
           (select count(*) from collection_lines where company_id = ${companyId})::int as lines,
           (select count(*) from collections where company_id = ${companyId} and status = 'submitted')::int as submitted,
           (select count(*) from machines where company_id = ${companyId})::int as machines,
           (select count(*) from stores where company_id = ${companyId})::int as stores`.execute(db);
  return { companyId, today, ...counts.rows[0], seedMs: Date.now() - started };
}

/**
 * The benchmark company an earlier seed left in this database, or null. `today` is the seed's,
 * from the newest collection (the history ends the day before it).
 */
export async function existingBenchCompany(db: Kysely<DB>): Promise<BenchCompany | null> {
  const company = await db.selectFrom("companies").select("id").where("companyCode", "=", BENCH_COMPANY_CODE).executeTakeFirst();
  if (!company) return null;
  const companyId = company.id;
  const counts = await sql<{ collections: number; lines: number; submitted: number; machines: number; stores: number; today: string }>`
    select (select count(*) from collections where company_id = ${companyId})::int as collections,
           (select count(*) from collection_lines where company_id = ${companyId})::int as lines,
           (select count(*) from collections where company_id = ${companyId} and status = 'submitted')::int as submitted,
           (select count(*) from machines where company_id = ${companyId})::int as machines,
           (select count(*) from stores where company_id = ${companyId})::int as stores,
           (select to_char(max(business_date) + 1, 'YYYY-MM-DD') from collections where company_id = ${companyId}) as today`.execute(db);
  return { companyId, ...counts.rows[0], seedMs: 0 };
}
