import { startServer } from "../server/src/app.ts";
import { loadConfig } from "../server/src/config.ts";
import { pgliteTarget, postgresTarget } from "./databases.ts";
import { measure } from "./measure.ts";
import { HttpClient } from "./wire.ts";
import { sql } from "kysely";

for (const target of [pgliteTarget(), (await postgresTarget()).target!]) {
const t = await target.open();
const server = await startServer(loadConfig({ PORT: "0", SEED: "none" }), t.database, () => {});
const c = new HttpClient(server.url);
await c.signIn("owner@demo.test");
const opts = { warmup: 100, iterations: 500 };
const db = t.database.db;
const claims = (await server.services.tokens.verify(c.token!))!;
console.log(t.kind);
console.log("identity sql", await measure(() => db.selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.userId")
    .leftJoin("memberships as m", (join) => join.onRef("m.userId", "=", "u.id").onRef("m.companyId", "=", "u.activeCompanyId"))
    .select(["u.id","u.email","u.name","u.globalRole","u.language","u.isAnonymous","u.activeCompanyId","s.revokedAt","s.expiresAt","m.role as companyRole","m.companyId"])
    .where("s.id", "=", claims.sessionId).where("u.id", "=", claims.userId).executeTakeFirst(), opts));
console.log("select 1", await measure(() => sql`select 1`.execute(db), opts));
console.log("select lang", await measure(() => sql`select language from users where id = ${claims.userId}`.execute(db), opts));
console.log("http query", await measure(() => c.call("query", "users:getUserLanguage"), opts));
c.close();
await server.close(); await t.dispose();
}
