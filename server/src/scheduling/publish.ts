import type { Kysely } from "kysely";
import type { ShiftChange, ShiftConflict } from "@tumble/domain/scheduling";
import { localParts, formatClock } from "@tumble/domain/scheduling";
import type { DB } from "../db/schema.ts";
import { enqueue } from "../mail/outbox.ts";
import { notify } from "../notifications/notify.ts";
import { scheduleChangeList } from "../mail/templates/catalog.ts";
import { audit } from "../runtime/audit.ts";
import { newId } from "../runtime/ids.ts";
import { conflictsOf, scheduled, storeWeek, weekShifts, type ShiftRow, type StoreWeek } from "./week.ts";

// Publishing a store's week: every draft becomes what employees see, removed shifts go, and each
// employee whose shifts changed since the last publish gets a notice in the app and an e-mail
// listing what was added, changed and removed.

const iso = (d: Date | string | null) => (d === null ? "" : new Date(d).toISOString());

/**
 * Publishes the store's week (shifts:publish). With conflicts and no override reason nothing is
 * published and the conflicts come back; with a reason they are published over, the reason kept
 * and audited.
 */
export async function publishStoreWeek(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  args: { storeId: string; weekStart: string; overrideReason?: string },
  now: number,
) {
  const week = await storeWeek(db, companyId, args.storeId, args.weekStart);
  const rows = await weekShifts(db, companyId, week);
  const live = rows.filter((r) => !r.removedAt);
  const { conflicts: found } = await conflictsOf(db, companyId, week, live.map(scheduled));
  const reason = args.overrideReason?.trim() || null;
  if (found.length && !reason) return { published: 0, conflicts: found, notified: 0 };
  const { published, publicationId, notified } = await publishWeek(db, companyId, userId, week, rows, found, found.length ? reason : null, new Date(now));
  await audit(db, {
    companyId,
    actorId: userId,
    action: found.length ? "publishOverride" : "publish",
    entity: "shiftPublication",
    entityId: publicationId,
    after: { storeId: args.storeId, weekStart: week.weekStart, published, conflicts: found.length, overrideReason: found.length ? reason : null },
  });
  return { published, conflicts: found, notified };
}

export async function publishWeek(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  week: StoreWeek,
  shifts: ShiftRow[],
  conflicts: ShiftConflict[],
  overrideReason: string | null,
  now: Date,
): Promise<{ published: number; publicationId: string; notified: number }> {
  const publicationId = newId();
  const changes = new Map<string, ShiftChange[]>();
  const tell = (employeeId: string | null, change: ShiftChange) => {
    if (!employeeId) return;
    changes.set(employeeId, [...(changes.get(employeeId) ?? []), change]);
  };
  let published = 0;
  for (const s of shifts) {
    const shown = s.publishedAt !== null;
    const before = { startsAt: iso(s.publishedStartsAt), endsAt: iso(s.publishedEndsAt) };
    const now_ = { shiftId: s.id, storeId: s.storeId, startsAt: iso(s.startsAt), endsAt: iso(s.endsAt) };
    if (s.removedAt) {
      if (shown) tell(s.publishedEmployeeId, { kind: "removed", shiftId: s.id, storeId: s.storeId, ...before });
      await db.deleteFrom("shifts").where("companyId", "=", companyId).where("id", "=", s.id).execute();
      continue;
    }
    if (s.status === "published") continue;
    if (!shown || s.publishedEmployeeId !== s.employeeId) {
      if (shown) tell(s.publishedEmployeeId, { kind: "removed", shiftId: s.id, storeId: s.storeId, ...before });
      tell(s.employeeId, { kind: "added", ...now_ });
    } else if (
      before.startsAt !== now_.startsAt ||
      before.endsAt !== now_.endsAt ||
      s.publishedBreakMinutes !== s.breakMinutes ||
      s.publishedPosition !== s.position ||
      s.publishedNote !== s.note
    ) {
      tell(s.employeeId, { kind: "changed", ...now_, previous: before });
    }
    await db
      .updateTable("shifts")
      .set({
        status: "published",
        publishedAt: now,
        publishedEmployeeId: s.employeeId,
        publishedStartsAt: s.startsAt,
        publishedEndsAt: s.endsAt,
        publishedBreakMinutes: s.breakMinutes,
        publishedPosition: s.position,
        publishedNote: s.note,
        updatedAt: now,
      })
      .where("companyId", "=", companyId)
      .where("id", "=", s.id)
      .execute();
    published++;
  }
  await db
    .insertInto("shiftPublications")
    .values({
      id: publicationId,
      companyId,
      storeId: week.store.id,
      weekStart: week.weekStart,
      publishedBy: userId,
      publishedAt: now,
      shiftCount: shifts.filter((s) => !s.removedAt).length,
      conflicts: JSON.stringify(conflicts),
      overrideReason,
    })
    .execute();

  if (changes.size) {
    const people = await db
      .selectFrom("employees as e")
      .leftJoin("users as u", "u.id", "e.userId")
      .select(["e.id", "e.name", "e.email", "u.email as userEmail"])
      .where("e.companyId", "=", companyId)
      .where("e.id", "in", [...changes.keys()])
      .execute();
    for (const person of people) {
      const list = changes.get(person.id)!;
      await db
        .insertInto("shiftNotices")
        .values({ id: newId(), companyId, employeeId: person.id, publicationId, storeId: week.store.id, changes: JSON.stringify(list) })
        .execute();
      const to = person.email ?? person.userEmail;
      if (to) await sendSchedulePublished(db, companyId, to, person.name, week, list);
      const notice = { storeName: week.store.name, weekStart: week.weekStart, changes: list.length };
      await notify(db, { companyId, employeeId: person.id, kind: "shift.published", params: notice, link: "/user/employment" });
    }
  }
  return { published, publicationId, notified: changes.size };
}

/**
 * The schedulePublished e-mail (mail/templates/catalog.ts): the company's template in the
 * employee's language, not sent when they turned schedule e-mails off.
 */
async function sendSchedulePublished(db: Kysely<DB>, companyId: string, to: string, name: string, week: StoreWeek, list: ShiftChange[]): Promise<void> {
  const when = (startsAt: string, endsAt: string) => {
    const s = localParts(Date.parse(startsAt), week.store.timeZone);
    const e = localParts(Date.parse(endsAt), week.store.timeZone);
    return `${s.date} ${formatClock(s.minutes)}–${formatClock(e.minutes)}`;
  };
  const lines = list.map((c) => ({
    kind: c.kind,
    when: when(c.startsAt, c.endsAt),
    was: c.kind === "changed" && c.previous ? when(c.previous.startsAt, c.previous.endsAt) : null,
  }));
  await enqueue(db, {
    channel: "email",
    to,
    companyId,
    template: { kind: "schedulePublished", data: { name, storeName: week.store.name, weekStart: week.weekStart, changeList: scheduleChangeList(lines) } },
  });
}
