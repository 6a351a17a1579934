import { sql } from "kysely";
import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/base/config.ts";
import type { BenchDatabase } from "./databases.ts";
import { compare, type MeasureOptions, type Stats } from "./measure.ts";
import { HttpClient, SocketClient } from "./wire.ts";

// The foundation benchmark: what a round trip through Tumble costs compared with the same SQL run
// straight on the database handle (`database.db`) in this process.
//   query-http    users:getUserLanguage over POST /api/query
//   query-socket  the same query over /api/sync: Add a fresh subscription, await its Transition, Remove
//   mutation-http userPreferences:updateUserPreferences over POST /api/mutation (one upserted row)
// Server and benchmark share the process, so Tumble's figures include the client's side of HTTP/ws.

export interface BenchResult {
  benchmark: string;
  database: string;
  baseline: Stats;
  tumble: Stats;
  /** Tumble median / baseline median. */
  ratio: number;
}

const EMAIL = "owner@demo.test";
const FONT_SCALES = ["lg", "base"] as const;

export async function runFoundation(target: BenchDatabase, options: MeasureOptions, report: (line: string) => void): Promise<BenchResult[]> {
  const { db } = target.database;
  const serverLog: string[] = [];
  const server = await startServer(loadConfig({ PORT: "0", SEED: "none" }), target.database, (line) => serverLog.push(line));
  const http = new HttpClient(server.url);
  let socket: SocketClient | null = null;
  const results: BenchResult[] = [];
  const record = (benchmark: string, r: { baseline: Stats; subject: Stats }) => {
    const result = {
      benchmark,
      database: target.kind,
      baseline: r.baseline,
      tumble: r.subject,
      ratio: Math.round((r.subject.medianMs / r.baseline.medianMs) * 10) / 10,
    };
    results.push(result);
    report(`  ${benchmark.padEnd(14)} baseline ${r.baseline.medianMs.toFixed(3)} ms, Tumble ${r.subject.medianMs.toFixed(3)} ms (x${result.ratio})`);
  };
  try {
    await http.signIn(EMAIL);
    const { id: userId } = await db.selectFrom("users").select("id").where("email", "=", EMAIL).executeTakeFirstOrThrow();

    // --- trivial query ---
    const selectLanguage = async () => {
      const { rows } = await sql<{ language: string | null }>`select language from users where id = ${userId}`.execute(db);
      if (rows.length !== 1) throw new Error("Owner not found");
      return rows[0].language;
    };
    const expected = await selectLanguage();
    const overHttp = () => http.call("query", "users:getUserLanguage", {});
    if ((await overHttp()) !== expected) throw new Error("users:getUserLanguage over HTTP disagrees with the database");
    record("query-http", await compare(selectLanguage, overHttp, options));

    socket = await SocketClient.connect(server.url, http.token);
    const live = socket;
    const overSocket = () => live.subscribeOnce("users:getUserLanguage", {});
    if ((await overSocket()) !== expected) throw new Error("users:getUserLanguage over the socket disagrees with the database");
    record("query-socket", await compare(selectLanguage, overSocket, options));
    await socket.close();
    socket = null;

    // --- one-row insert mutation ---
    // The statement updateUserPreferences runs, in a transaction as the mutation does.
    const upsert = (i: number) =>
      db.transaction().execute(async (trx) => {
        const patch = JSON.stringify({ fontScale: FONT_SCALES[i % 2] });
        const { rows } = await sql<{ preferences: unknown }>`
          insert into user_preferences (user_id, preferences) values (${userId}, ${patch}::jsonb)
          on conflict (user_id) do update set preferences = user_preferences.preferences || ${patch}::jsonb, updated_at = now()
          returning preferences`.execute(trx);
        return rows[0].preferences;
      });
    const mutate = (i: number) =>
      http.call<{ fontScale: string }>("mutation", "userPreferences:updateUserPreferences", { preferences: { fontScale: FONT_SCALES[i % 2] } });
    if ((await mutate(1)).fontScale !== "base") throw new Error("userPreferences:updateUserPreferences did not apply");
    record("mutation-http", await compare(upsert, mutate, options));
  } finally {
    await socket?.close();
    http.close();
    await server.close();
  }
  // A function that failed inside the server makes the figures meaningless.
  const errors = serverLog.filter((line) => line.startsWith("[error]") || line.startsWith("[sync]"));
  if (errors.length) throw new Error(`The server logged ${errors.length} error(s), first: ${errors[0].slice(0, 500)}`);
  return results;
}
