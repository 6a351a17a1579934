import { afterAll, beforeAll, expect, it } from "vitest";
import { addDays } from "@tumble/domain/datePresets";
import { FILE_MESSAGES } from "@tumble/domain/fileLimits";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// Issue 32: a 20,000-line collections import on the embedded database (PGlite, whose statements run
// on the server's own thread) once answered nothing else — not even /api/health — until it ended,
// and its progress was never seen. It now writes in short steps that give other calls a turn
// (docs/decisions/0061-files-read-safely.md): health answers within 500 ms throughout, imports:get
// shows the rows written rising, and the import's row stores them as it goes.

let server: TestServer;
let manager: Client;

beforeAll(async () => {
  server = await startTestServer();
  manager = await new Client(server.url).signIn("manager@demo.test");
});
afterAll(() => server?.stop());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Shown {
  status: string;
  totalRows: number;
  progress: { phase: string; done: number; total: number } | null;
  counts: { created: number; updated: number; unchanged: number; failed: number };
  failureReason: string | null;
}

async function imported(kind: string, csv: string) {
  const header = csv.split("\n")[0].split(",");
  const { importId } = await manager.action<{ importId: string }>("imports:start", {
    kind,
    fileName: `${kind}.csv`,
    content: csv,
    mapping: Object.fromEntries(header.map((h) => [h, h])),
    dryRun: false,
    allOrNothing: true,
  });
  for (;;) {
    const shown = await manager.query<Shown>("imports:get", { importId });
    if (shown.status === "completed") return;
    if (shown.status === "failed") throw new Error(shown.failureReason ?? "failed");
    await sleep(50);
  }
}

it("keeps answering during a 20,000-line collections import, showing and storing its progress as it writes", { timeout: 600_000 }, async () => {
  const store = `Busy ${Date.now().toString(36)}`;
  const type = `Busy washer ${Date.now().toString(36)}`;
  await imported("stores", `name,address,timeZone\n${store},1 Busy St,America/Chicago\n`);
  await imported("sections", `store,name\n${store},Floor\n`);
  await imported("equipmentTypes", `name,category\n${type},laundry\n`);
  const machines = Array.from({ length: 20 }, (_, m) => `B${m + 1}`);
  await imported("machines", `store,machine,section,equipmentType\n${machines.map((m) => `${store},${m},Floor,${type}`).join("\n")}\n`);

  // 1,000 visits of 20 machines each, sent in parts as the screen sends a long file.
  const lines = Array.from({ length: 1_000 }, (_, d) =>
    machines.map((m, i) => `${store},${addDays("2015-01-05", d)},${m},${(10 + ((d + i) % 40)).toFixed(2)}`),
  ).flat();
  expect(lines).toHaveLength(20_000);
  const csv = `store,date,machine,coins\n${lines.join("\n")}\n`;
  const uploadId = `busy-${Date.now()}`;
  const parts = Math.ceil(csv.length / 450_000);
  for (let part = 0; part < parts; part++)
    await manager.mutation("imports:uploadPart", { uploadId, part, content: csv.slice(part * 450_000, (part + 1) * 450_000) });

  let running = true;
  let slowestHealthMs = 0;
  let healthAnswers = 0;
  const pinger = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${server.url}/api/health`);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - started);
      healthAnswers++;
      await sleep(20);
    }
  })();

  const { importId } = await manager.action<{ importId: string }>("imports:start", {
    kind: "collections",
    fileName: "history.csv",
    uploadId,
    parts,
    mapping: { store: "store", date: "date", machine: "machine", coins: "coins" },
    dryRun: false,
    allOrNothing: true,
  });
  const written: number[] = [];
  const stored: number[] = [];
  let shown: Shown;
  for (;;) {
    shown = await manager.query<Shown>("imports:get", { importId });
    if (shown.status === "completed" || shown.status === "failed") break;
    if (shown.progress?.phase === "writing") written.push(shown.progress.done);
    const row = await server.database.db.selectFrom("imports").select("processedRows").where("id", "=", importId).executeTakeFirstOrThrow();
    stored.push(row.processedRows);
    await sleep(100);
  }
  running = false;
  await pinger;

  expect(shown).toMatchObject({ status: "completed", totalRows: 20_000, counts: { created: 20_000, updated: 0, unchanged: 0, failed: 0 } });
  expect(healthAnswers).toBeGreaterThan(10);
  expect(slowestHealthMs).toBeLessThan(500);
  // The rows written rose in sight of imports:get, step by step, and were stored in the import's row as they rose.
  const midway = written.filter((done) => done > 0 && done < 20_000);
  expect(new Set(midway).size).toBeGreaterThanOrEqual(2);
  expect(midway).toEqual([...midway].sort((a, b) => a - b));
  expect(stored.some((rows) => rows > 0 && rows < 20_000)).toBe(true);
  // Everything is there: 1,000 verified visits of 20 lines.
  const db = server.database.db;
  const visits = await db
    .selectFrom("collections as c")
    .innerJoin("stores as s", "s.id", "c.storeId")
    .select((eb) => [eb.fn.countAll<string>().as("visits"), eb.fn.sum<string>("c.lineCount").as("lines")])
    .where("s.name", "=", store)
    .where("c.status", "=", "verified")
    .executeTakeFirstOrThrow();
  expect({ visits: Number(visits.visits), lines: Number(visits.lines) }).toEqual({ visits: 1_000, lines: 20_000 });
});

it("says what an import cut off by a restart had written, on the embedded database where it writes as it goes", async () => {
  const db = server.database.db;
  const company = await db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow();
  const user = await db.selectFrom("users").select("id").where("email", "=", "manager@demo.test").executeTakeFirstOrThrow();
  const row = (id: string, processedRows: number) => ({
    id,
    companyId: company.id,
    kind: "collections",
    fileName: "history.csv",
    status: "running",
    dryRun: false,
    allOrNothing: true,
    mapping: "{}",
    content: "",
    processedRows,
    createdBy: user.id,
    // Its process stopped two minutes ago.
    heartbeatAt: new Date(Date.now() - 120_000),
  });
  const stamp = Date.now().toString(36);
  await db
    .insertInto("imports")
    .values([row(`cut-part-${stamp}`, 780), row(`cut-none-${stamp}`, 0)])
    .execute();
  expect((await manager.query<Shown>("imports:get", { importId: `cut-part-${stamp}` })).failureReason).toBe(FILE_MESSAGES.importCutOff(780));
  expect((await manager.query<Shown>("imports:get", { importId: `cut-none-${stamp}` })).failureReason).toBe(
    "The server restarted during the import; nothing was written. Run it again.",
  );
  // The next import marks them so in the database.
  await imported("stores", `name,address\nAfter cut ${stamp},1 Cut St\n`);
  const marked = await db.selectFrom("imports").select(["id", "status", "failureReason"]).where("id", "like", `cut-%-${stamp}`).orderBy("id").execute();
  expect(marked).toEqual([
    { id: `cut-none-${stamp}`, status: "failed", failureReason: "The server restarted during the import; nothing was written. Run it again." },
    { id: `cut-part-${stamp}`, status: "failed", failureReason: FILE_MESSAGES.importCutOff(780) },
  ]);
});
