import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { differsOnPostgres as differs, integrationFiles, POSTGRES_MARK } from "./support/engineMarks.ts";

// The PostgreSQL pass runs only the files marked `// @postgres: <why>` (support/engineMarks.ts).
// A file whose behaviour can differ there and lacks the mark would silently lose that pass.

describe("the PostgreSQL pass", () => {
  it("includes every integration file whose behaviour can differ on PostgreSQL", () => {
    // This file's own examples below are not tests of the engines.
    const unmarked = integrationFiles()
      .filter((file) => path.basename(file) !== "engineMarks.test.ts")
      .flatMap((file) => {
        const text = fs.readFileSync(file, "utf8");
        const reasons = differs(text);
        return reasons.length > 0 && !POSTGRES_MARK.test(text) ? [`${path.basename(file)}: ${reasons.join("; ")}`] : [];
      });
    expect(unmarked, "add a line `// @postgres: <why>` to the header of each").toEqual([]);
  });

  it("finds races, engine branches, migrations and locks, and not set-up done in parallel", () => {
    const differsOnPostgres = (body: string) => differs(`server = await startTestServer();\n${body}`);
    expect(differsOnPostgres(`await Promise.all([a.mutation("x:y"), b.mutation("x:y")]);`)).toHaveLength(1);
    expect(differsOnPostgres(`const { ok } = await race(server, calls);\nimport { race } from "./support/race.ts";`)).toHaveLength(1);
    expect(differsOnPostgres(`if (server.database.kind === "postgres") return;`)).toHaveLength(1);
    expect(differsOnPostgres(`await migrateToLatest(db);`)).toHaveLength(1);
    expect(differsOnPostgres("await sql`select id from stores where id = ${id} for update`.execute(conn);")).toHaveLength(1);
    expect(differsOnPostgres(`[a, b] = await Promise.all(["a@x", "b@x"].map((e) => new Client(url).signIn(e)));`)).toEqual([]);
    expect(differsOnPostgres(`await Promise.all([one.next(1), two.next(1)]);`)).toEqual([]);
    // No database at all: a query builder on a dummy driver.
    expect(differs("await track((d) => sql`select id from stores for update skip locked`.execute(d));")).toEqual([]);
  });
});
