import { sql, type Kysely } from "kysely";

// Geo-zones (docs/decisions/0030-geo-zones.md):
// - geo_zones: at most one zone per store — a centre and a radius in whole metres — that a phone
//   punch's location is checked against. The centre is kept in millionths of a degree (WGS 84) as
//   integers, latitude_e6 and longitude_e6: exact at the 6 decimals the rules round to (about
//   11 cm), no floating point in the table. Ranges are checked here as in
//   packages/domain/src/geoZones.ts, so no write path can store an impossible zone.
// - geo_zone_settings: the company's one choice about zones — what happens to a phone punch
//   outside its store's zone (or at a store without one): 'refuse' it, or accept it and 'flag' it
//   for the manager. No row means 'refuse'. A small table of its own until company settings exist.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations see the raw schema
export async function up(db: Kysely<any>): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);

  await run(`create table geo_zones (
    company_id text not null references companies (id),
    store_id text not null,
    latitude_e6 integer not null,
    longitude_e6 integer not null,
    radius_meters integer not null,
    updated_by text references users (id),
    updated_at timestamptz not null default now(),
    primary key (company_id, store_id),
    constraint geo_zones_store_id_company_fk foreign key (company_id, store_id) references stores (company_id, id) on delete cascade,
    constraint geo_zones_latitude_check check (latitude_e6 between -90000000 and 90000000),
    constraint geo_zones_longitude_check check (longitude_e6 between -180000000 and 180000000),
    constraint geo_zones_radius_check check (radius_meters between 10 and 5000)
  )`);

  await run(`create table geo_zone_settings (
    company_id text primary key references companies (id),
    outside_zone text not null default 'refuse',
    updated_by text references users (id),
    updated_at timestamptz not null default now(),
    constraint geo_zone_settings_outside_zone_check check (outside_zone in ('refuse', 'flag'))
  )`);
}
