import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "@tumble/domain/datePresets";
import { FairQueue, tooManySubscriptions } from "../src/runtime/liveQueries.ts";
import { SyncClient } from "./support/syncClient.ts";
import { Client, startTestServer, type TestServer } from "./support/testServer.ts";

// One member's live queries must not stall the others (issue 32): re-runs wait in their company's
// lane, lanes are served in turn with a few database connections at most, and one client address
// holds a bounded number of sockets and live queries over all of them.

describe("the fair queue", () => {
  it("serves a lane that arrives late before the busy lane's backlog, within its limits", async () => {
    const queue = new FairQueue(2, 1);
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const byLane = new Map<string, number>();
    const task = (lane: string, i: number) => async () => {
      running++;
      byLane.set(lane, (byLane.get(lane) ?? 0) + 1);
      most = Math.max(most, running);
      expect(byLane.get(lane)).toBe(1);
      await new Promise((r) => setTimeout(r, 2));
      order.push(`${lane}${i}`);
      byLane.set(lane, byLane.get(lane)! - 1);
      running--;
    };
    for (let i = 0; i < 50; i++) queue.push("busy", task("busy", i));
    queue.push("quiet", task("quiet", 0));
    while (queue.waiting) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toHaveLength(51);
    // The quiet lane's one task ran among the first, not after fifty.
    expect(order.indexOf("quiet0")).toBeLessThan(3);
    expect(most).toBeLessThanOrEqual(2);
    // Within a lane, first in first out.
    const busy = order.filter((o) => o.startsWith("busy")).map((o) => Number(o.slice(4)));
    expect(busy).toEqual([...busy].sort((a, b) => a - b));
  });
});

describe("the fair queue's rest", () => {
  it("leaves each slot idle as long as its last run took, so a backlog holds it at most half the time", async () => {
    const queue = new FairQueue(1, 1, 1, 2);
    const runs: Array<{ start: number; end: number }> = [];
    const task = () => async () => {
      const start = performance.now();
      await new Promise((r) => setTimeout(r, 20));
      runs.push({ start, end: performance.now() });
    };
    for (let i = 0; i < 5; i++) queue.push("busy", task());
    while (runs.length < 5) await new Promise((r) => setTimeout(r, 5));
    for (let i = 1; i < runs.length; i++) {
      const took = runs[i - 1].end - runs[i - 1].start;
      // Timers may fire a millisecond early; never a whole run early.
      // Past the backlog of two, a short queue is served at once.
      if (i <= 2) expect(runs[i].start - runs[i - 1].end).toBeGreaterThanOrEqual(took - 2);
      else expect(runs[i].start - runs[i - 1].end).toBeLessThan(took / 2);
    }
  });
});

describe("live queries under one member's flood", () => {
  let server: TestServer;
  let rio: Client;
  let suds: Client;
  const sockets: SyncClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ LIVE_QUERIES_PER_ADDRESS: "150", SOCKETS_PER_ADDRESS: "4" });
    [rio, suds] = await Promise.all(["owner@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)));
  });
  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await server?.stop();
  });

  it("answers another company at once while the flooding company's re-runs wait their turn", { timeout: 180_000 }, async () => {
    const floods = [await SyncClient.connect(server.url, rio.token), await SyncClient.connect(server.url, rio.token)];
    sockets.push(...floods);
    // 120 distinct live queries of Rio's (each its own entry), all reading collections.
    const subs = Array.from({ length: 120 }, (_, i) =>
      floods[i % 2].subscribe("collections:list", { fromDate: addDays("2025-01-01", i), toDate: "2026-12-31" }),
    );
    await Promise.all(subs.map((s) => s.next(1, 60_000)));
    const rioId = (await server.database.db.selectFrom("companies").select("id").where("companyCode", "=", "CMP100001").executeTakeFirstOrThrow()).id;
    const storeId = (await rio.query<Array<{ _id: string }>>("stores:listAll"))[0]._id;
    const before = server.live.stats.byCompany.get(rioId) ?? 0;

    // One write in Rio sets all 120 re-running; Suds calls meanwhile.
    await rio.mutation("collections:saveDraft", { storeId, businessDate: "2026-11-20", lines: [] });
    const started = performance.now();
    await suds.query("stores:listAll");
    const answered = performance.now() - started;
    const rerunsWhenAnswered = (server.live.stats.byCompany.get(rioId) ?? 0) - before;
    await server.live.idle();
    const reruns = (server.live.stats.byCompany.get(rioId) ?? 0) - before;
    expect(reruns).toBeGreaterThanOrEqual(120);
    // Suds was answered while most of Rio's re-runs still waited in Rio's lane.
    expect(rerunsWhenAnswered, `Suds answered in ${Math.round(answered)} ms`).toBeLessThan(reruns / 2);
  });

  it("caps the live queries and the sockets of one client address, over all its sockets", { timeout: 180_000 }, async () => {
    sockets.splice(0).forEach((s) => s.close());
    await new Promise((r) => setTimeout(r, 200));
    const a = await SyncClient.connect(server.url, rio.token);
    const b = await SyncClient.connect(server.url, suds.token);
    const c = await SyncClient.connect(server.url, suds.token);
    sockets.push(a, b, c);
    const held = [
      ...Array.from({ length: 100 }, (_, i) => a.subscribe("collections:list", { fromDate: addDays("2025-01-01", i) })),
      ...Array.from({ length: 40 }, (_, i) => b.subscribe("collections:list", { fromDate: addDays("2025-01-01", i) })),
      ...Array.from({ length: 9 }, (_, i) => c.subscribe("collections:list", { fromDate: addDays("2024-01-01", i) })),
    ];
    await Promise.all(held.map((s) => s.next(1, 120_000)));
    // The 150th of the address is the last; the 151st is refused by name, though its socket holds only 10.
    await c.subscribe("users:getProfile").next(1);
    const over = c.subscribe("users:getUserLanguage");
    expect(await over.next(1)).toMatchObject({ type: "QueryFailed", errorMessage: tooManySubscriptions(150) });
    // Freeing one makes room again.
    held[0].remove();
    await new Promise((r) => setTimeout(r, 100));
    expect(await c.subscribe("users:getUserLanguage").next(1)).toMatchObject({ type: "QueryUpdated" });

    // Sockets: four per address here, signed in or not; the fifth is closed at once.
    sockets.push(await SyncClient.connect(server.url));
    const fifth = await SyncClient.connect(server.url);
    sockets.push(fifth);
    const closed = await new Promise<number>((resolve) =>
      (fifth as unknown as { ws: { once(e: string, f: (code: number) => void): void } }).ws.once("close", resolve),
    );
    expect(closed).toBe(1008);
  });
});
