import { strFromU8, unzipSync } from "fflate";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalText } from "@tumble/domain/refusals";
import { EXPORT_NOT_FOUND } from "../src/exports/service.ts";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// Issue 20, system-admin/export: a company's complete data and one person's personal data as a
// zip of CSV files with a generated README; only system admins; never a password hash or other
// secret.

// @postgres: the export reads one repeatable-read snapshot through a cursor, which the pool serves from another process

let server: TestServer;
let sysadmin: Client;

type Export = {
  exportId: string;
  status: string;
  fileName: string;
  bytes: number;
  files: { file: string; rows: number }[];
  filesDone: number;
  filesTotal: number;
  zip: Uint8Array;
};

/** Starts an export, follows exports:get until it is ready, and fetches its file as a system admin. */
async function exported(kind: "company" | "user", args: Record<string, string>): Promise<Export> {
  const { exportId } = await sysadmin.action<{ exportId: string }>(`exports:${kind}`, args);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = await sysadmin.query<Omit<Export, "zip"> & { error: string | null }>("exports:get", { exportId });
    if (job.status === "failed") throw new Error(job.error ?? "failed");
    if (job.status === "ready") {
      const response = await fetch(`${server.url}/export-files/${exportId}`, { headers: { authorization: `Bearer ${sysadmin.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${job.fileName}"`);
      return { ...job, zip: new Uint8Array(await response.arrayBuffer()) };
    }
    if (Date.now() > deadline) throw new Error("the export did not finish");
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  sysadmin = await new Client(server.url).signIn("sysadmin@demo.test");
});
afterAll(() => server?.stop());

function open(result: Export) {
  const files = unzipSync(result.zip);
  const text = (name: string) => strFromU8(files[name]);
  const csv = (name: string) => Papa.parse<Record<string, string>>(text(name), { header: true, skipEmptyLines: true });
  return {
    names: Object.keys(files),
    text,
    csv,
    all: Object.entries(files)
      .filter(([name]) => name.endsWith(".csv"))
      .map(([, data]) => strFromU8(data))
      .join("\n"),
  };
}

async function companyId(name: string) {
  return (await sysadmin.query<{ id: string; name: string }[]>("systemAdmin:listCompanies", { search: name })).find((c) => c.name === name)!.id;
}
async function userId(email: string) {
  return (await server.database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

describe("access", () => {
  it("refuses both exports to anyone but a system admin", async () => {
    const owner = await new Client(server.url).signIn("owner@demo.test");
    const rio = await companyId("Rio Laundromat");
    expect(await failure(owner.action("exports:company", { companyId: rio }))).toBe("You don't have permission to system administrator access");
    expect(await failure(owner.action("exports:user", { userId: await userId("owner@demo.test") }))).toBe(
      "You don't have permission to system administrator access",
    );
    expect(await failure(new Client(server.url).action("exports:company", { companyId: rio }))).toMatch(/signed in/i);
    expect(await failure(sysadmin.action("exports:company", { companyId: "missing" }))).toBe("Company not found");
    expect(await failure(sysadmin.action("exports:user", { userId: "missing" }))).toBe("User not found");
    // The screen says them in the reader's language by their codes (decision 0067); the download's
    // text answer is the same sentence, found by its English.
    const missing = await failureOf(sysadmin.query("exports:get", { exportId: "missing-export" }));
    expect(missing.message).toBe(EXPORT_NOT_FOUND);
    expect(missing.data).toEqual({ code: "exports.exportNotFound", params: {} });
    expect(refusalText(missing.data, "es")).toBe("Esa exportación no existe; puede que haya caducado. Iníciala de nuevo");
    expect((await failureOf(sysadmin.action("exports:user", { userId: "missing" }))).data).toEqual({ code: "exports.userNotFound", params: {} });
    // The file of a finished export is a system admin's alone.
    const { exportId } = await sysadmin.action<{ exportId: string }>("exports:company", { companyId: rio });
    expect(await failure(owner.query("exports:get", { exportId }))).toBe("You don't have permission to system administrator access");
    expect((await fetch(`${server.url}/export-files/${exportId}`)).status).toBe(401);
    expect((await fetch(`${server.url}/export-files/${exportId}`, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(403);
  });
});

describe("company export", () => {
  it("holds one CSV per company-owned table with the company's rows, a README of the columns, and no secret", async () => {
    const rio = await companyId("Rio Laundromat");
    const started = performance.now();
    const result = await exported("company", { companyId: rio });
    const elapsed = performance.now() - started;
    expect(result.fileName).toMatch(/^rio-laundromat-CMP100001-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = open(result);
    expect(result.bytes).toBe(result.zip.byteLength);
    expect([result.filesDone, result.filesTotal]).toEqual([result.files.length, result.files.length]);

    // Every table with a company_id column is there, and the child rows reached through one.
    const owned = await server.database.db
      .selectFrom("information_schema.columns" as never)
      .select("table_name as name" as never)
      .where("column_name" as never, "=", "company_id" as never)
      .where("table_schema" as never, "=", "public" as never)
      .execute();
    for (const { name } of owned as { name: string }[]) expect(zip.names, name).toContain(`${name}.csv`);
    expect(zip.names).toEqual(expect.arrayContaining(["README.txt", "companies.csv", "users.csv", "outbox_attempts.csv"]));

    // Known rows: the company, its stores, its members' profiles; no other company's rows.
    expect(zip.csv("companies.csv").data).toEqual([expect.objectContaining({ id: rio, name: "Rio Laundromat", company_code: "CMP100001" })]);
    const stores = zip.csv("stores.csv").data;
    expect(stores.map((s) => s.name)).toEqual(expect.arrayContaining(["Rio Downtown", "Rio Eastside", "Rio Northgate"]));
    expect(new Set(stores.map((s) => s.company_id))).toEqual(new Set([rio]));
    const dbStores = await server.database.db.selectFrom("stores").select("id").where("companyId", "=", rio).execute();
    expect(stores.length).toBe(dbStores.length);
    const lines = await server.database.db.selectFrom("collectionLines").select("id").where("companyId", "=", rio).execute();
    expect(zip.csv("collection_lines.csv").data.length).toBe(lines.length);
    expect(result.files.find((f) => f.file === "collection_lines.csv")!.rows).toBe(lines.length);
    expect(zip.csv("campaigns.csv").data.map((c) => c.friendly_id)).toContain("rio-fall-wash-credit");
    const users = zip.csv("users.csv");
    expect(users.meta.fields).toEqual(["id", "email", "name", "username", "language", "created_at"]);
    expect(users.data.map((u) => u.email)).toEqual(expect.arrayContaining(["owner@demo.test", "area@demo.test", "staff@demo.test"]));
    expect(users.data.map((u) => u.email)).not.toContain("owner@suds.test");
    expect(users.data.map((u) => u.email)).not.toContain("sysadmin@demo.test");

    // No hash of any kind anywhere (argon2 hashes start with $argon2), and the README says what was left out.
    expect(zip.all.match(/\$argon2|password_hash|pin_hash|code_hash|token_hash/)).toBeNull();
    expect(zip.csv("employees.csv").meta.fields).not.toContain("pin_hash");
    const readme = zip.text("README.txt");
    expect(readme).toMatch(/^Tumble export of the company Rio Laundromat/);
    expect(readme).toMatch(/stores\.csv \(\d+ rows\)[^\n]*\r\n {2}- id: text\r\n {2}- company_id: text/);
    expect(readme).toContain("(left out: password_hash, pin_hash");
    expect(readme).toContain("(left out: pin_hash)");
    console.info(`company export of Rio: ${result.bytes} bytes, ${zip.names.length} files, ${Math.round(elapsed)} ms`);
  });
});

describe("formulas", () => {
  it("writes text that a spreadsheet would run (= + - @ tab CR) as text, and negative amounts as numbers", async () => {
    const rio = await companyId("Rio Laundromat");
    const owner = await new Client(server.url).signIn("owner@demo.test");
    const risky = ['=HYPERLINK("http://evil.test","Open")', "+1+1", "-2+3", "@SUM(A1)", "\tTabbed", "\rReturned"];
    const ids: string[] = [];
    for (const name of risky) {
      const { storeId } = await owner.mutation<{ storeId: string }>("stores:create", {
        name: `Plain ${ids.length} ${Date.now()}`,
        address: "1 Main St",
        timeZone: "America/Chicago",
      });
      // As an import or a public form could leave it, whatever the screens allow.
      await server.database.db.updateTable("stores").set({ name, address: name }).where("id", "=", storeId).execute();
      ids.push(storeId);
    }
    const zip = open(await exported("company", { companyId: rio }));
    const stores = zip.csv("stores.csv").data.filter((s) => ids.includes(s.id as string));
    expect(stores.map((s) => s.name).sort()).toEqual(risky.map((r) => `'${r}`).sort());
    expect(stores.map((s) => s.address).sort()).toEqual(risky.map((r) => `'${r}`).sort());
    // A negative amount stays a number.
    const negative = zip.all.match(/,-\d+(\r\n|,)/);
    if (negative) expect(zip.all).not.toContain(`,'${negative[0].slice(1, -negative[1].length)}`);
  });
});

describe("user export", () => {
  it("holds the person's profile, memberships, preferences, sessions without tokens, audit entries and linked employee records", async () => {
    const elena = await userId("elena.torres@example.com");
    // A session of hers, so the export has one to show.
    const client = new Client(server.url);
    await server.database.db
      .updateTable("users")
      .set({
        passwordHash: (await server.database.db.selectFrom("users").select("passwordHash").where("email", "=", "owner@demo.test").executeTakeFirstOrThrow())
          .passwordHash,
      })
      .where("id", "=", elena)
      .execute();
    await client.signIn("elena.torres@example.com");
    const result = await exported("user", { userId: elena });
    expect(result.fileName).toMatch(/^personal-data-elena-torres-example-com-/);
    const zip = open(result);
    const profile = zip.csv("profile.csv");
    expect(profile.data).toEqual([expect.objectContaining({ id: elena, email: "elena.torres@example.com", name: "Elena Torres" })]);
    expect(profile.meta.fields).not.toContain("password_hash");
    expect(zip.csv("memberships.csv").data).toEqual([expect.objectContaining({ user_id: elena, role: "MEMBER" })]);
    const sessions = zip.csv("sessions.csv");
    expect(sessions.data.length).toBeGreaterThanOrEqual(1);
    expect(sessions.meta.fields).toEqual(expect.arrayContaining(["id", "user_id", "created_at", "expires_at"]));
    expect(zip.names).not.toContain("refresh_tokens.csv");
    const employees = zip.csv("employees.csv");
    expect(employees.data).toEqual([expect.objectContaining({ user_id: elena, username: "elena", status: "pending" })]);
    expect(employees.meta.fields).not.toContain("pin_hash");
    expect(zip.names).toEqual(expect.arrayContaining(["join_requests.csv", "audit_entries_by_user.csv", "user_preferences.csv"]));
    expect(zip.all.match(/\$argon2/)).toBeNull();
    // Nobody else's rows.
    expect(zip.csv("join_requests.csv").data.every((r) => r.user_id === elena)).toBe(true);
    const audit = await server.database.db
      .selectFrom("auditLog")
      .select(["action", "entityId"])
      .where("entity", "=", "user")
      .where("entityId", "=", elena)
      .execute();
    expect(audit.map((a) => a.action)).toContain("export");
  });
});

describe("jobs in the database (decision 0062)", () => {
  it("takes over a job whose process stopped, writes it again from the start, and shows one interrupted too often as failed", async () => {
    const rio = await companyId("Rio Laundromat");
    const by = await userId("sysadmin@demo.test");
    const db = server.database.db;
    // Two jobs a process claimed and then stopped renewing: one on its first try, one on its third.
    const abandoned = {
      kind: "company" as const,
      subjectId: rio,
      fileName: "rio.zip",
      requestedBy: by,
      status: "running" as const,
      claimedBy: "gone:1:export:1",
    };
    await db
      .insertInto("exportJobs")
      .values([
        { ...abandoned, id: "abandonedOnce1", attempts: 1, filesDone: 3, filesTotal: 9, lockedUntil: new Date(Date.now() - 1000) },
        { ...abandoned, id: "abandonedThrice1", attempts: 3, lockedUntil: new Date(Date.now() - 1000) },
        // Still held by a live process: left alone.
        { ...abandoned, id: "heldElsewhere1", attempts: 1, lockedUntil: new Date(Date.now() + 600_000) },
      ])
      .execute();
    const deadline = Date.now() + 60_000;
    type Job = { status: string; error: string | null; bytes: number | null; files: Array<{ file: string }> };
    let once: Job, thrice: Job;
    for (;;) {
      once = await sysadmin.query<Job>("exports:get", { exportId: "abandonedOnce1" });
      thrice = await sysadmin.query<Job>("exports:get", { exportId: "abandonedThrice1" });
      if (once.status === "ready" && thrice.status === "failed") break;
      if (Date.now() > deadline) throw new Error(`not taken over: ${once.status}, ${thrice.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(thrice.error).toBe("The export was interrupted too many times; start it again");
    expect(once.files.map((f) => f.file)).toContain("stores.csv");
    const response = await fetch(`${server.url}/export-files/abandonedOnce1`, { headers: { authorization: `Bearer ${sysadmin.token}` } });
    const zip = new Uint8Array(await response.arrayBuffer());
    expect(zip.byteLength).toBe(once.bytes);
    expect(Object.keys(unzipSync(zip))).toContain("stores.csv");
    const held = await db.selectFrom("exportJobs").select(["status", "claimedBy", "attempts"]).where("id", "=", "heldElsewhere1").executeTakeFirstOrThrow();
    expect(held).toEqual({ status: "running", claimedBy: "gone:1:export:1", attempts: 1 });
    // Nothing else can fetch it: a member of the company, nobody signed in, an unknown id.
    const owner = await new Client(server.url).signIn("owner@demo.test");
    expect((await fetch(`${server.url}/export-files/abandonedOnce1`, { headers: { authorization: `Bearer ${owner.token}` } })).status).toBe(403);
    expect((await fetch(`${server.url}/export-files/abandonedOnce1`)).status).toBe(401);
    expect(await failure(sysadmin.query("exports:get", { exportId: "heldElsewhere2" }))).toBe("There is no such export; it may have expired. Start it again");
    await db.deleteFrom("exportJobs").where("id", "=", "heldElsewhere1").execute();
  }, 90_000);

  it("forgets a finished export after an hour, with its file", async () => {
    const { exportId } = await sysadmin.action<{ exportId: string }>("exports:user", { userId: await userId("staff@demo.test") });
    const deadline = Date.now() + 60_000;
    while ((await sysadmin.query<{ status: string }>("exports:get", { exportId })).status !== "ready") {
      if (Date.now() > deadline) throw new Error("the export did not finish");
      await new Promise((r) => setTimeout(r, 100));
    }
    await server.database.db
      .updateTable("exportJobs")
      .set({ finishedAt: new Date(Date.now() - 61 * 60_000) })
      .where("id", "=", exportId)
      .execute();
    expect(await failure(sysadmin.query("exports:get", { exportId }))).toBe("There is no such export; it may have expired. Start it again");
    expect((await fetch(`${server.url}/export-files/${exportId}`, { headers: { authorization: `Bearer ${sysadmin.token}` } })).status).toBe(404);
  });
});
