import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../src/app.ts";
import { writeBackup } from "../src/backups/create.ts";
import { BACKUP_EXTENSION } from "../src/backups/format.ts";
import { beginMaintenance, endMaintenance, isRestoring, RESTORING_MESSAGE } from "../src/backups/maintenance.ts";
import { restoreBackup } from "../src/backups/restore.ts";
import { backupsOf, NOT_FOUND_MESSAGE } from "../src/backups/service.ts";
import { writeSchedule } from "../src/backups/store.ts";
import { loadConfig } from "../src/base/config.ts";
import { openPGlite, type Database } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { loadRegistry } from "../src/runtime/registry.ts";
import { seedDemoIfEmpty } from "../src/seed/demo.ts";
import { Client, createTestDatabase, failure, startTestServer, type TestServer } from "./support/testServer.ts";

// @postgres: backup on one engine, restore on the other, and the server version's own catalogue
// Issue 20, system-admin/backup (docs/decisions/0042): only system admins; backup → restore →
// backup gives the same bytes; a damaged, truncated or foreign file is refused before anything is
// replaced; other writes are refused while a restore runs; a backup of the embedded database
// restored on another server (PostgreSQL, with TEST_DATABASE_URL) answers every list query alike.

type Note = {
  id: string;
  status: string;
  size: number | null;
  source: string;
  counts: { companies: number; users: number; rows: number } | null;
  createdAt: string;
};
type Listing = { backups: Note[]; job: unknown; schedule: { intervalHours: number; keep: number }; current: { companies: number; users: number } };

/**
 * The value with every array's items in one order (by their JSON), objects' keys sorted, and
 * without `lastSignIn`: the comparison's own sign-ins happen at different moments on the two servers.
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([k]) => k !== "lastSignIn");
    return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-backups-"));
  tmpDirs.push(dir);
  return dir;
}

let server: TestServer;
let backupDir: string;
let sysadmin: Client;

beforeAll(async () => {
  backupDir = tmpDir();
  server = await startTestServer({ BACKUP_DIR: backupDir });
  sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
});
afterAll(async () => {
  await server?.stop();
  for (const dir of tmpDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const companyName = async (db: Database, code: string) =>
  (await db.db.selectFrom("companies").select("name").where("companyCode", "=", code).executeTakeFirstOrThrow()).name;

/** The decompressed lines of a backup file. */
const linesOf = (file: string) => zlib.gunzipSync(fs.readFileSync(file)).toString("utf8").split("\n");

describe("access", () => {
  it("refuses every backup function and the download to anyone but a system admin", async () => {
    const owner = await new Client(server.url).signIn("owner@demo.test");
    const anonymous = new Client(server.url);
    const calls: Array<[kind: "query" | "mutation" | "action", path: string, args: object]> = [
      ["query", "backups:list", {}],
      ["action", "backups:create", {}],
      ["action", "backups:restore", { backupId: "backup-20260101-000000-abcdef" }],
      ["mutation", "backups:remove", { backupId: "backup-20260101-000000-abcdef" }],
      ["mutation", "backups:setSchedule", { intervalHours: 24, keep: 3 }],
    ];
    for (const [kind, fn, args] of calls) {
      expect(await failure(owner.call(kind, fn, args)), fn).toBe("You don't have permission to system administrator access");
      expect(await failure(anonymous.call(kind, fn, args)), fn).toMatch(/signed in/i);
    }
    expect(fs.readdirSync(backupDir).filter((f) => f.endsWith(BACKUP_EXTENSION))).toEqual([]);
    const made = await sysadmin.action<Note>("backups:create");
    const url = `${server.url}/backup-files/${made.id}`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(403);
    const ok = await fetch(url, { headers: { authorization: `Bearer ${sysadmin.token}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-disposition")).toContain(`${made.id}${BACKUP_EXTENSION}`);
    const bytes = Buffer.from(await ok.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(backupDir, `${made.id}${BACKUP_EXTENSION}`)))).toBe(true);
    await sysadmin.mutation("backups:remove", { backupId: made.id });
  });
});

describe("the file", () => {
  it("backup → restore → backup gives byte-identical files, and restore really replaces the rows", async () => {
    const { database, drop } = await createTestDatabase();
    const dir = tmpDir();
    try {
      const createdAt = new Date("2026-01-02T03:04:05.678Z");
      const first = path.join(dir, "first.gz");
      const manifest = await writeBackup(database.db, first, { kind: database.kind, createdAt });
      expect(manifest.tables.map((t) => t.name)).toContain("companies");
      expect(manifest.tables.map((t) => t.name)).not.toContain("kysely_migration");
      // Every table of the catalog is in it, a new module's included, without a list; but export jobs, an hour's copies (decision 0062).
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_tables where schemaname = 'public' and tablename not like 'kysely%'`.execute(
        database.db,
      );
      expect(manifest.tables.map((t) => t.name)).not.toContain("export_job_chunks");
      expect(manifest.tables).toHaveLength(rows[0].n - 2);

      // Writes after the backup, of several kinds (an update, a delete, an insert), are undone.
      const before = await companyName(database, "CMP100001");
      await database.db.updateTable("companies").set({ name: "Changed after the backup" }).where("companyCode", "=", "CMP100001").execute();
      await database.db.deleteFrom("auditLog").execute();
      await sql`insert into server_secrets (name, value) values ('extra', 'x')`.execute(database.db);
      await restoreBackup(database.db, first);
      expect(await companyName(database, "CMP100001")).toBe(before);

      const second = path.join(dir, "second.gz");
      await writeBackup(database.db, second, { kind: database.kind, createdAt });
      expect(fs.readFileSync(second).equals(fs.readFileSync(first))).toBe(true);

      // Values are portable text: bigint as a string, timestamps ISO in UTC.
      const lines = linesOf(first);
      const table = (name: string) => lines.indexOf(JSON.stringify({ table: name }));
      const companies = JSON.parse(lines[table("companies") + 1]) as unknown[];
      expect(companies.some((v) => typeof v === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(v))).toBe(true);
    } finally {
      await database.close();
      await drop();
    }
  });
});

describe("over HTTP", () => {
  it("takes a backup with progress, lists it with its size and counts, restores it and audits both", async () => {
    const owner = await new Client(server.url).signIn("owner@demo.test");
    const before = await companyName(server.database, "CMP100001");
    const made = await sysadmin.action<Note>("backups:create");
    expect(made).toMatchObject({ status: "ready", source: "manual" });
    expect(made.size).toBeGreaterThan(1000);
    expect(made.counts!.companies).toBe(
      await server.database.db
        .selectFrom("companies")
        .select((e) => e.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    );
    const listing = await sysadmin.query<Listing>("backups:list");
    expect(listing.backups.find((b) => b.id === made.id)).toMatchObject({ status: "ready", size: made.size });
    expect(listing.job).toBeNull();

    await server.database.db.updateTable("companies").set({ name: "Renamed after the backup" }).where("companyCode", "=", "CMP100001").execute();
    const restoring = sysadmin.action<Note>("backups:restore", { backupId: made.id });
    // Other writes are refused while the restore runs, with a clear message.
    while (!isRestoring(server.database)) await new Promise((r) => setImmediate(r));
    expect(await failure(owner.mutation("userPreferences:resetUserPreferences", {}))).toBe(RESTORING_MESSAGE);
    await restoring;
    expect(isRestoring(server.database)).toBe(false);
    expect(await companyName(server.database, "CMP100001")).toBe(before);

    const audits = await server.database.db.selectFrom("auditLog").select(["action", "entityId"]).where("entity", "=", "backup").execute();
    expect(audits).toContainEqual({ action: "restore", entityId: made.id });
    // The owner's session is the backup's: a client signs in again and carries on.
    const again = await new Client(server.url).signIn("owner@demo.test");
    expect(await again.query("stores:listAll")).toBeTruthy();
  });

  it("refuses a truncated, a damaged and a foreign file before replacing anything", async () => {
    const made = await sysadmin.action<Note>("backups:create");
    const file = path.join(backupDir, `${made.id}${BACKUP_EXTENSION}`);
    const good = fs.readFileSync(file);
    await server.database.db.updateTable("companies").set({ name: "Kept through refused restores" }).where("companyCode", "=", "CMP100001").execute();
    const refusal = async (bytes: Buffer) => {
      fs.writeFileSync(file, bytes);
      return failure(sysadmin.action("backups:restore", { backupId: made.id }));
    };

    expect(await refusal(good.subarray(0, Math.floor(good.length * 0.6)))).toMatch(/damaged or incomplete/);
    const flipped = Buffer.from(good);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    // Caught by gzip's own check or, when the damage reaches the rows first, by the manifest.
    expect(await refusal(flipped)).toMatch(/damaged|incomplete/);

    const lines = zlib.gunzipSync(good).toString("utf8").split("\n");
    const rowIndex = lines.findIndex((l, i) => i > 0 && l.startsWith("[") && l.includes("demo.test"));
    const edited = [...lines];
    edited[rowIndex] = edited[rowIndex].replace("demo.test", "demo.tesx");
    expect(await refusal(zlib.gzipSync(edited.join("\n")))).toMatch(/does not match its checksum/);

    const manifest = JSON.parse(lines[0]) as { migration: string; tables: { name: string }[] };
    const older = [JSON.stringify({ ...manifest, migration: "0001_foundation" }), ...lines.slice(1)];
    expect(await refusal(zlib.gzipSync(older.join("\n")))).toMatch(/taken at migration 0001_foundation but this server is at/);
    const short = [
      lines[0],
      ...lines.slice(
        1,
        lines.findIndex((l, i) => i > 1 && l.startsWith("{")),
      ),
    ];
    expect(await refusal(zlib.gzipSync(short.join("\n")))).toMatch(/incomplete: it ends after 1 of its/);
    expect(await refusal(Buffer.from("not a backup"))).toMatch(/damaged|not a Tumble backup/);

    expect(await companyName(server.database, "CMP100001")).toBe("Kept through refused restores");
    expect(await failure(sysadmin.action("backups:restore", { backupId: "backup-20200101-000000-000000" }))).toBe(NOT_FOUND_MESSAGE);
    fs.writeFileSync(file, good);
    await sysadmin.mutation("backups:remove", { backupId: made.id });
    expect(fs.existsSync(file)).toBe(false);
    expect(await failure(sysadmin.mutation("backups:remove", { backupId: made.id }))).toBe(NOT_FOUND_MESSAGE);
  });

  it("refuses writes while restoring, queries still answer", async () => {
    const owner = await new Client(server.url).signIn("owner@demo.test");
    beginMaintenance(server.database);
    try {
      expect(await failure(owner.mutation("userPreferences:resetUserPreferences", {}))).toBe(RESTORING_MESSAGE);
      expect(await owner.query("stores:listAll")).toBeTruthy();
    } finally {
      endMaintenance(server.database);
    }
  });

  it("takes scheduled backups when due and keeps only the newest ones", async () => {
    await sysadmin.mutation("backups:setSchedule", { intervalHours: 6, keep: 2 });
    expect((await sysadmin.query<Listing>("backups:list")).schedule).toEqual({ intervalHours: 6, keep: 2 });
    const service = backupsOf(server.services);
    const hour = 3_600_000;
    const first = await service.runSchedule();
    expect(first?.source).toBe("scheduled");
    // Not due yet: nothing new.
    expect(await service.runSchedule(Date.now() + 5 * hour)).toBeNull();
    const second = await service.runSchedule(Date.now() + 7 * hour);
    expect(second).not.toBeNull();
    await new Promise((r) => setTimeout(r, 5));
    const third = await service.runSchedule(Date.now() + 14 * hour);
    const scheduled = (await sysadmin.query<Listing>("backups:list")).backups.filter((b) => b.source === "scheduled").map((b) => b.id);
    expect(scheduled).toEqual([third!.id, second!.id]);
    writeSchedule(backupDir, { intervalHours: 0, keep: 7 });
    expect(await service.runSchedule(Date.now() + 100 * hour)).toBeNull();
  });
});

describe("moving between databases", () => {
  it("a backup of the embedded database restored on another server answers every list query alike", async () => {
    // The source: an embedded database, migrated and seeded here (on PostgreSQL runs the template is PostgreSQL).
    const pgliteTemplate = inject("pgliteTemplate");
    let source: Database;
    if (pgliteTemplate) {
      const sourceDir = tmpDir();
      fs.cpSync(pgliteTemplate, path.join(sourceDir, "db"), { recursive: true });
      source = await openPGlite(path.join(sourceDir, "db"), { durable: false });
    } else {
      source = await openPGlite("memory://", { lock: false });
      await migrateToLatest(source.db);
      await seedDemoIfEmpty(source.db);
    }
    const sourceBackups = tmpDir();
    const from: RunningServer = await startServer(loadConfig({ PORT: "0", SEED: "none", BACKUP_DIR: sourceBackups }), source, () => {});
    const targetBackups = tmpDir();
    const to = await startTestServer({ BACKUP_DIR: targetBackups });
    try {
      // Something only the source has, so the comparison shows the restore carried it.
      await source.db.updateTable("companies").set({ name: "Moved company" }).where("companyCode", "=", "CMP200002").execute();
      const made = await (await new Client(from.url).signIn("sysadmin@demo.test")).action<Note>("backups:create");
      const name = `${made.id}${BACKUP_EXTENSION}`;
      fs.copyFileSync(path.join(sourceBackups, name), path.join(targetBackups, name));
      const targetAdmin = await new Client(to.url).signIn("sysadmin@demo.test");
      // A file copied in by hand is listed from its manifest.
      expect((await targetAdmin.query<Listing>("backups:list")).backups.map((b) => b.id)).toContain(made.id);
      await targetAdmin.action("backups:restore", { backupId: made.id });
      expect(await companyName(to.database, "CMP200002")).toBe("Moved company");

      const registry = await loadRegistry();
      const lists = [...registry.entries()]
        .filter(([p, fn]) => fn.kind === "query" && /:list/.test(p) && !p.startsWith("backups:") && fn.args.safeParse({}).success)
        .map(([p]) => p);
      expect(lists.length).toBeGreaterThan(10);
      let compared = 0;
      for (const email of ["owner@demo.test", "owner@suds.test", "sysadmin@demo.test"]) {
        const a = await new Client(from.url).signIn(email);
        const b = await new Client(to.url).signIn(email);
        for (const fn of lists) {
          const [x, y] = await Promise.all([a.raw("query", fn, {}), b.raw("query", fn, {})]);
          // Rows a list sorts as equal (e.g. the same submittedAt) come in the table's physical
          // order, which a restore does not keep: compare them as sets, everything else exactly.
          expect(canonical(y), `${fn} as ${email}`).toEqual(canonical(x));
          if (x.status === 200) compared++;
        }
      }
      expect(compared).toBeGreaterThan(20);
    } finally {
      await from.close();
      await source.close();
      await to.stop();
    }
  }, 300_000);
});
