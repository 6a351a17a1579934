import type { Kysely } from "kysely";
import { settingsOf } from "../companySettings/settings.ts";
import type { DB } from "../db/schema.ts";
import type { InvalidationBus } from "../runtime/invalidation.ts";
import { autoClockOut } from "./review.ts";

// Entries left open past the company's maximum shift are closed by a periodic sweep too, not only
// when someone opens the verification queue (timeEntries:settle), so a forgotten clock-out never
// keeps an employee from clocking in the next day. One transaction per company; open screens hear
// of it through the invalidation bus like any write.

export async function sweepOpenEntries(db: Kysely<DB>, bus: InvalidationBus, now: number = Date.now()): Promise<number> {
  // Any entry open longer than the largest maximum a company may set (24 h) is surely over; the
  // shorter ones are decided per company. The query is cheap: open entries are few.
  const companies = await db.selectFrom("timeEntries").select("companyId").distinct().where("status", "=", "open").execute();
  let closed = 0;
  for (const { companyId } of companies) {
    const ids = await db.transaction().execute(async (trx) => autoClockOut(trx, companyId, await settingsOf(trx, companyId, "workforce"), now));
    if (ids.length) {
      closed += ids.length;
      await bus.publish({ tables: ["time_entries", "punches"], companyId, userIds: [] });
    }
  }
  return closed;
}
