// @postgres: two upload parts meet at the company's upload lock; two files meet at the reader's queue
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BANK_MESSAGES } from "@tumble/domain/bankStatement";
import { FILE_MESSAGES } from "@tumble/domain/fileLimits";
import { BACKUP_EXTENSION } from "../src/backups/format.ts";
import { READING_LIMITS } from "../src/fileReading/reader.ts";
import { lockTable, race } from "./support/race.ts";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// Issue 32, "One file freezes the server" (docs/decisions/0061-files-read-safely.md): no file a
// user sends or finds in a folder holds the server up. A 48-byte OFX file that made ofx-js
// backtrack for seconds is answered at once; a workbook that unpacks to far more than it weighs is
// refused before it is read, one whose last cell is a million lines down is read for the lines it
// has, and a file over the reader's time or memory limit stops its own thread with a clear refusal —
// /api/health answering within 500 ms all along. Upload parts are capped per file and per company,
// and the backup list reads only its own well-formed files.

let server: TestServer;
let admin: Client;
let manager: Client;
let sudsOwner: Client;
let companyId: string;
let bank: string;

beforeAll(async () => {
  server = await startTestServer();
  [admin, manager, sudsOwner] = await Promise.all(
    ["admin@demo.test", "manager@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
  companyId = (await server.database.db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
  ({ accountId: bank } = await admin.mutation<{ accountId: string }>("cashAccounts:create", {
    name: `Files ${Date.now()}`,
    kind: "bank",
    idempotencyKey: `files-bank-${Date.now()}`,
  }));
  // Run from sources, the first file read in a worker first bundles the worker's code (the built
  // server has it compiled): done here, so the tests time the reading alone.
  await manager.action("imports:preview", {
    kind: "stores",
    fileName: "warm.csv",
    content: `name,address\n${"Warm,1 Warm St\n".repeat(20_000)}`.slice(0, 299_990),
  });
});
afterAll(() => server?.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks /api/health every 20 ms while `work` runs: its outcome, how long it took, and the slowest health answer. */
async function healthDuring<T>(work: () => Promise<T>): Promise<{ outcome: T; tookMs: number; slowestHealthMs: number; pings: number }> {
  let running = true;
  let slowestHealthMs = 0;
  let pings = 0;
  const pinger = (async () => {
    while (running) {
      const started = performance.now();
      const answer = (await (await fetch(`${server.url}/api/health`)).json()) as { ok: boolean };
      expect(answer.ok).toBe(true);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      pings++;
      await sleep(20);
    }
  })();
  const started = performance.now();
  try {
    const outcome = await work();
    return { outcome, tookMs: performance.now() - started, slowestHealthMs, pings };
  } finally {
    running = false;
    await pinger;
  }
}

describe("a bank statement built to be slow", () => {
  it("answers a 48-byte OFX file that made the old reader backtrack for seconds at once, health answering throughout", async () => {
    // An unclosed tag name of 28 letters: ofx-js's SGML step tried every way to split it (13.5 s here).
    const pathological = `OFXHEADER:100\n<OFX><${"A".repeat(28)}`;
    expect(pathological.length).toBe(48);
    const run = await healthDuring(() => admin.mutation("bankLines:import", { accountId: bank, format: "ofx", content: pathological, dryRun: true }));
    expect(run.outcome).toEqual({ added: 0, duplicates: 0, matched: 0, errors: [{ row: 1, message: BANK_MESSAGES.badOfx }] });
    expect(run.tookMs).toBeLessThan(1000);
    expect(run.slowestHealthMs).toBeLessThan(500);
  });

  it("reads a long statement off the main thread, and the same OFX in XML form", async () => {
    const memo = "Card fee for the washers' payment terminal ".repeat(20);
    const trn = (i: number) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-${(i % 900) + 1}.25<FITID>FS${i}<NAME>CARD FEE ${i}<MEMO>${memo}</STMTTRN>\n`;
    const body = Array.from({ length: 300 }, (_, i) => trn(i)).join("");
    const sgml = `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>${body}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    // Over the size read in place: a worker reads it.
    expect(sgml.length).toBeGreaterThan(READING_LIMITS.inThreadChars);
    const run = await healthDuring(() =>
      admin.mutation<{ added: number; errors: unknown[] }>("bankLines:import", { accountId: bank, format: "ofx", content: sgml, dryRun: true }),
    );
    expect(run.outcome).toEqual({ added: 300, duplicates: 0, matched: 0, errors: [] });
    expect(run.slowestHealthMs).toBeLessThan(500);
    const xml = `<?xml version="1.0"?>\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20240103</DTPOSTED><TRNAMT>7.50</TRNAMT><FITID>X1</FITID><NAME>A &amp; B</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expect(await admin.mutation("bankLines:import", { accountId: bank, format: "ofx", content: xml, dryRun: true })).toEqual({
      added: 1,
      duplicates: 0,
      matched: 0,
      errors: [],
    });
  });
});

/** A zip holding the parts of a one-sheet workbook, its sheet XML as given. */
function workbookZip(sheetXml: string): string {
  const files = {
    "[Content_Types].xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    "_rels/.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(sheetXml),
  };
  return Buffer.from(zipSync(files, { level: 9 })).toString("base64");
}

const sheet = (rows: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe("a workbook built to be large", () => {
  it("refuses one that unpacks to far more than it weighs before reading it, health answering throughout", async () => {
    // A million identical lines (lines may leave out their numbers): 47 MB of sheet in a zip of some 140 KB.
    const rows = `<row>${cell("A1", "name")}</row>${`<row><c t="inlineStr"><is><t>x</t></is></c></row>`.repeat(1_000_000)}`;
    const bomb = workbookZip(sheet(rows));
    expect(bomb.length).toBeLessThan(200_000);
    const run = await healthDuring(() => failureOf(manager.action("imports:preview", { kind: "stores", fileName: "stores.xlsx", content: bomb })));
    expect(run.outcome.message).toBe(FILE_MESSAGES.unpacksTooLarge(47, 24));
    // Refused in the reading thread, its code crosses to the caller: the screen says it in the reader's language (decision 0067).
    expect(run.outcome.data).toEqual({ code: "files.unpacksTooLarge", params: { megabytes: 47, limit: 24 } });
    expect(refusalText(run.outcome.data, "es")).toBe(
      "El libro descomprimido ocupa 47 MB; el límite es 24 MB. Guárdalo como CSV o divídelo en archivos más pequeños.",
    );
    expect(run.slowestHealthMs).toBeLessThan(500);
  });

  it("reads one whose last cell is a million lines down and thousands of columns across for the lines it has", async () => {
    // Read as wide as the sheet and as long as its last line, this was 17 billion cells.
    const farOut = sheet(
      `<row r="1">${cell("A1", "name")}${cell("B1", "address")}</row><row r="2">${cell("A2", `Near ${Date.now()}`)}${cell("B2", "1 Edge Rd")}</row>` +
        `<row r="1048576">${cell("A1048576", `Deep ${Date.now()}`)}${cell("B1048576", "2 Edge Rd")}${cell("XFD1048576", "far")}</row>`,
    );
    const run = await healthDuring(() =>
      manager.action<{ headers: string[]; rowCount: number }>("imports:preview", { kind: "stores", fileName: "stores.xlsx", content: workbookZip(farOut) }),
    );
    expect(run.outcome).toMatchObject({ headers: ["name", "address"], rowCount: 2 });
    expect(run.slowestHealthMs).toBeLessThan(500);
    // Both lines, by their line numbers: a dry run would create both stores.
    const { importId } = await manager.action<{ importId: string }>("imports:start", {
      kind: "stores",
      fileName: "stores.xlsx",
      content: workbookZip(farOut),
      mapping: { name: "name", address: "address" },
      dryRun: true,
      allOrNothing: true,
    });
    let result: { status: string; totalRows: number; counts: { created: number; failed: number } } | null = null;
    for (let i = 0; i < 600 && !(result && ["completed", "failed"].includes(result.status)); i++) {
      await sleep(50);
      result = await manager.query("imports:get", { importId });
    }
    expect(result).toMatchObject({ status: "completed", totalRows: 2, counts: { created: 2, failed: 0 } });
  });
});

describe("the reader's limits", () => {
  const saved = structuredClone(READING_LIMITS);
  afterEach(() => Object.assign(READING_LIMITS, structuredClone(saved)));

  const bigCsv = `name,address\n${Array.from({ length: 12_000 }, (_, i) => `Limit Store ${i},${i} Limit Rd`).join("\n")}\n`;

  it("stops a reading that takes longer than its time, saying so, and the next file is read as usual", async () => {
    expect(bigCsv.length).toBeGreaterThan(READING_LIMITS.inThreadChars);
    READING_LIMITS.timeMs = { ...READING_LIMITS.timeMs, importFile: 5 };
    const uploadId = `slow-${Date.now()}`;
    await manager.mutation("imports:uploadPart", { uploadId, part: 0, content: bigCsv });
    const run = await healthDuring(() => failureOf(manager.action("imports:preview", { kind: "stores", fileName: "stores.csv", uploadId, parts: 1 })));
    expect(run.outcome.message).toBe(FILE_MESSAGES.tooLong(1));
    expect(run.outcome.data).toEqual({ code: "files.tooLong", params: { seconds: 1 } });
    Object.assign(READING_LIMITS, structuredClone(saved));
    expect(await manager.action("imports:preview", { kind: "stores", fileName: "stores.csv", uploadId, parts: 1 })).toMatchObject({ rowCount: 12_000 });
  });

  it("stops a reading that needs more memory than its thread may have, saying so", async () => {
    READING_LIMITS.memoryMb = 4;
    const uploadId = `heavy-${Date.now()}`;
    await manager.mutation("imports:uploadPart", { uploadId, part: 0, content: bigCsv });
    expect(await failure(manager.action("imports:preview", { kind: "stores", fileName: "stores.csv", uploadId, parts: 1 }))).toBe(FILE_MESSAGES.tooLarge(4));
  });

  it("refuses a file when too many wait for a reader, rather than queueing without end", async () => {
    READING_LIMITS.concurrent = 1;
    READING_LIMITS.waiting = 0;
    const uploadId = `queue-${Date.now()}`;
    await manager.mutation("imports:uploadPart", { uploadId, part: 0, content: bigCsv });
    const preview = () => manager.action("imports:preview", { kind: "stores", fileName: "stores.csv", uploadId, parts: 1 });
    const outcomes = await Promise.allSettled([preview(), preview()]);
    // One is read; the other, finding the only reader busy and no room to wait, is refused.
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as Error).message] : []))).toEqual([FILE_MESSAGES.busy]);
  });
});

describe("upload parts", () => {
  const db = () => server.database.db;
  const managerId = async () => (await db().selectFrom("users").select("id").where("email", "=", "manager@demo.test").executeTakeFirstOrThrow()).id;
  const adminId = async () => (await db().selectFrom("users").select("id").where("email", "=", "admin@demo.test").executeTakeFirstOrThrow()).id;
  afterEach(async () => {
    await db().deleteFrom("importUploads").where("companyId", "=", companyId).execute();
    await db().deleteFrom("bankUploads").where("companyId", "=", companyId).execute();
  });

  it("refuses a part past a file's limit, naming it", async () => {
    const refusal = await failure(admin.mutation("bankLines:uploadPart", { uploadId: `far-${Date.now()}`, part: 25, content: "x" }));
    expect(refusal).toContain(FILE_MESSAGES.uploadTooLarge(12));
  });

  it("refuses a part once the company's waiting parts hold 50 MB, storing nothing; another company is not held back", async () => {
    // Four parts of 12.5 MB another person of the company left waiting (made in the database, packed small).
    const by = await managerId();
    for (let part = 0; part < 4; part++)
      await sql`insert into import_uploads (company_id, upload_id, part, content, created_by)
        values (${companyId}, 'waiting-upload', ${part}, repeat('x', 13107200), ${by})`.execute(db());
    const uploadId = `full-${Date.now()}`;
    const full = await failureOf(admin.mutation("bankLines:uploadPart", { uploadId, part: 0, content: "Date,Amount\n" }));
    expect(full.message).toBe(FILE_MESSAGES.companyUploadsFull(50, 50));
    expect(full.data).toEqual({ code: "files.companyUploadsFull", params: { used: 50, limit: 50 } });
    expect(await db().selectFrom("bankUploads").select("part").where("uploadId", "=", uploadId).execute()).toEqual([]);
    expect(await sudsOwner.mutation("imports:uploadPart", { uploadId: `suds-${Date.now()}`, part: 0, content: "name\nSuds\n" })).toEqual({ received: 1 });
    // Once room is made, the same part is taken.
    await db().deleteFrom("importUploads").where("uploadId", "=", "waiting-upload").where("part", "=", 3).execute();
    expect(await admin.mutation("bankLines:uploadPart", { uploadId, part: 0, content: "Date,Amount\n" })).toEqual({ received: 1 });
  });

  it("lets only one of two parts sent at once into the company's last free room", async () => {
    const by = await managerId();
    // 50 MB less 600 KB waiting: room for one 400 KB part, not two.
    for (let part = 0; part < 4; part++)
      await sql`insert into import_uploads (company_id, upload_id, part, content, created_by)
        values (${companyId}, 'waiting-upload', ${part}, repeat('x', ${part < 3 ? 13107200 : 13107200 - 600 * 1024}), ${by})`.execute(db());
    const content = "x".repeat(400 * 1024);
    const stamp = Date.now();
    const result = await race(
      server,
      [0, 1].map((i) => () => admin.mutation("bankLines:uploadPart", { uploadId: `room-${stamp}-${i}`, part: 0, content })),
      [lockTable("bank_uploads")],
    );
    expect(result.ok).toBe(1);
    expect(result.errors).toEqual([FILE_MESSAGES.companyUploadsFull(50, 50)]);
    const stored = await db().selectFrom("bankUploads").select("uploadId").where("uploadId", "like", `room-${stamp}-%`).execute();
    expect(stored).toHaveLength(1);
  });

  it("drops a person's idle upload when they begin another, and nobody else's", async () => {
    const old = new Date(Date.now() - 5 * 60_000);
    await db()
      .insertInto("bankUploads")
      .values([
        { companyId, uploadId: "admin-idle", part: 0, content: "old", createdBy: await adminId(), createdAt: old },
        { companyId, uploadId: "manager-idle", part: 0, content: "old", createdBy: await managerId(), createdAt: old },
      ])
      .execute();
    await admin.mutation("bankLines:uploadPart", { uploadId: `fresh-${Date.now()}`, part: 0, content: "new" });
    const left = await db().selectFrom("bankUploads").select("uploadId").where("companyId", "=", companyId).orderBy("uploadId").execute();
    expect(left.map((u) => u.uploadId).filter((id) => id.endsWith("-idle"))).toEqual(["manager-idle"]);
  });
});

describe("the backup folder", () => {
  let backups: TestServer;
  let sysadmin: Client;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tumble-file-safety-"));
    backups = await startTestServer({ BACKUP_DIR: dir });
    sysadmin = await new Client(backups.url).signIn("sysadmin@demo.test");
  });
  afterAll(async () => {
    await backups?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** 600 MB of one line, gzipped to some 600 KB: reading its "first line" once ran the server out of string. */
  async function oneHugeLine(): Promise<Buffer> {
    const gzip = zlib.createGzip();
    const out: Buffer[] = [];
    gzip.on("data", (chunk: Buffer) => out.push(chunk));
    const ended = new Promise((resolve) => gzip.on("end", resolve));
    const chunk = Buffer.alloc(1 << 20, 0x61);
    for (let i = 0; i < 600; i++) if (!gzip.write(chunk)) await new Promise((resolve) => gzip.once("drain", resolve));
    gzip.end();
    await ended;
    return Buffer.concat(out);
  }

  it("lists only the real backups, whatever else lies in the folder", async () => {
    const real = await sysadmin.action<{ id: string; status: string }>("backups:create");
    expect(real.status).toBe("ready");
    const good = fs.readFileSync(path.join(dir, `${real.id}${BACKUP_EXTENSION}`));
    const named = (id: string) => path.join(dir, `${id}${BACKUP_EXTENSION}`);

    const huge = await oneHugeLine();
    expect(huge.length).toBeGreaterThan(500_000);
    expect(huge.length).toBeLessThan(700_000);
    fs.writeFileSync(named("backup-20240101-000000-aaaaaa"), huge);
    fs.writeFileSync(named("backup-20240101-000000-bbbbbb"), Buffer.alloc(600_000, 7));
    // A copy cut short after its manifest (no note: copied in by hand), and one cut inside it.
    fs.writeFileSync(named("backup-20240101-000000-cccccc"), good.subarray(0, Math.floor(good.length * 0.6)));
    fs.writeFileSync(named("backup-20240101-000000-dddddd"), good.subarray(0, 40));
    // A backup's own file cut short: its note says how long it was.
    const cut = await sysadmin.action<{ id: string }>("backups:create");
    const cutFile = named(cut.id);
    fs.writeFileSync(cutFile, fs.readFileSync(cutFile).subarray(0, 1000));
    // Notes that are not notes, a folder by a backup's name, and files of no concern.
    fs.writeFileSync(path.join(dir, "backup-20240101-000000-eeeeee.json"), JSON.stringify({ id: "backup-20240101-000000-eeeeee", status: "ready" }));
    fs.writeFileSync(path.join(dir, "backup-20240101-000000-ffffff.json"), "x".repeat(600_000));
    fs.writeFileSync(path.join(dir, "backup-20240101-000000-gggggg.json"), "null");
    fs.mkdirSync(named("backup-20240101-000000-hhhhhh"));
    fs.writeFileSync(path.join(dir, "notes.txt"), "hello");
    fs.writeFileSync(path.join(dir, "schedule.json"), "[".repeat(600_000));

    const listing = await healthDuring(() =>
      sysadmin.query<{ backups: Array<{ id: string; status: string; error: string | null }>; schedule: unknown }>("backups:list"),
    );
    const shown = listing.outcome.backups;
    expect(shown.filter((b) => b.status === "ready").map((b) => b.id)).toEqual([real.id]);
    expect(shown.find((b) => b.id === cut.id)).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/^The backup file is incomplete: it has 1000 of its \d+ bytes$/),
    });
    expect(shown.map((b) => b.id).sort()).toEqual([real.id, cut.id].sort());
    expect(listing.outcome.schedule).toEqual({ intervalHours: 0, keep: 7 });
    expect(listing.slowestHealthMs).toBeLessThan(500);
    // Read again, nothing is read twice, and the server still answers.
    expect((await sysadmin.query<{ backups: unknown[] }>("backups:list")).backups).toHaveLength(2);
    expect((await (await fetch(`${backups.url}/api/health`)).json()) as unknown).toMatchObject({ ok: true });
    // A refused restore of the stray file says why, instead of ending the server.
    expect(await failure(sysadmin.action("backups:restore", { backupId: "backup-20240101-000000-aaaaaa" }))).toBe(
      "This is not a Tumble backup file (a line is longer than any backup writes)",
    );
  });
});
