import type { Kysely } from "kysely";
import type { Refusal } from "@tumble/domain/refusals";
import { schedulingRefusal } from "@tumble/domain/scheduling";
import type { DB } from "../db/schema.ts";
import { refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";

// What other modules call: requests (swap, drop, claim) reassign a published shift once approved,
// and time-entry verification reads the shifts an employee was published for.

export interface PublishedShift {
  id: string;
  storeId: string;
  employeeId: string;
  startsAt: Date;
  endsAt: Date;
  breakMinutes: number;
  position: string | null;
  note: string | null;
}

/**
 * The shifts `employeeId` was last published for that overlap [from, to): what the employee was
 * shown, even when a manager has edited the shift since without publishing again.
 */
export async function publishedShiftsOf(db: Kysely<DB>, companyId: string, employeeId: string, from: Date, to: Date): Promise<PublishedShift[]> {
  const rows = await db
    .selectFrom("shifts")
    .select(["id", "storeId", "publishedEmployeeId", "publishedStartsAt", "publishedEndsAt", "publishedBreakMinutes", "publishedPosition", "publishedNote"])
    .where("companyId", "=", companyId)
    .where("publishedEmployeeId", "=", employeeId)
    .where("publishedAt", "is not", null)
    .where("publishedStartsAt", "<", to)
    .where("publishedEndsAt", ">", from)
    .orderBy("publishedStartsAt")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    storeId: r.storeId,
    employeeId: r.publishedEmployeeId!,
    startsAt: new Date(r.publishedStartsAt!),
    endsAt: new Date(r.publishedEndsAt!),
    breakMinutes: r.publishedBreakMinutes ?? 0,
    position: r.publishedPosition,
    note: r.publishedNote,
  }));
}

/**
 * Gives a shift to `employeeId` (null: makes it an open shift), as an approved swap, drop or claim
 * does. A published shift stays published with its new employee at once (the approval is the
 * publish), and both employees get a notice; a draft only changes hands. Call inside the
 * approval's transaction. Throws when the shift is not the company's or was removed, or the
 * employee is not active at the shift's store.
 */
export async function reassignShift(
  db: Kysely<DB>,
  companyId: string,
  shiftId: string,
  employeeId: string | null,
  /** Who must still hold the shift under the row lock (null: still open), and the refusal if not; two approvals at once cannot both move it. */
  expect?: { employeeId: string | null; refusal: Refusal },
): Promise<{ id: string; employeeId: string | null }> {
  const shift = await db.selectFrom("shifts").selectAll().where("companyId", "=", companyId).where("id", "=", shiftId).forUpdate().executeTakeFirst();
  if (!shift || shift.removedAt) throw refused(schedulingRefusal("shiftNotFound"));
  if (expect && shift.employeeId !== expect.employeeId) throw refused(expect.refusal);
  if (employeeId) {
    const works = await db
      .selectFrom("employees as e")
      .innerJoin("employeeStores as es", (j) => j.onRef("es.companyId", "=", "e.companyId").onRef("es.employeeId", "=", "e.id"))
      .select("e.id")
      .where("e.companyId", "=", companyId)
      .where("e.id", "=", employeeId)
      .where("e.status", "=", "active")
      .where("es.storeId", "=", shift.storeId)
      .executeTakeFirst();
    if (!works) throw refused(schedulingRefusal("notAtStore"));
  }
  const now = new Date();
  const published = shift.publishedAt !== null;
  const inSync = shift.status === "published";
  await db
    .updateTable("shifts")
    .set({
      employeeId,
      updatedAt: now,
      ...(published ? { publishedEmployeeId: employeeId, ...(inSync ? { publishedAt: now } : {}) } : {}),
    })
    .where("companyId", "=", companyId)
    .where("id", "=", shiftId)
    .execute();
  if (published && shift.publishedEmployeeId !== employeeId) {
    const shown = {
      shiftId,
      storeId: shift.storeId,
      startsAt: new Date(shift.publishedStartsAt!).toISOString(),
      endsAt: new Date(shift.publishedEndsAt!).toISOString(),
    };
    const notices = [
      ...(shift.publishedEmployeeId ? [{ employeeId: shift.publishedEmployeeId, change: { kind: "removed", ...shown } }] : []),
      ...(employeeId ? [{ employeeId, change: { kind: "added", ...shown } }] : []),
    ];
    for (const n of notices) {
      await db
        .insertInto("shiftNotices")
        .values({ id: newId(), companyId, employeeId: n.employeeId, publicationId: null, storeId: shift.storeId, changes: JSON.stringify([n.change]) })
        .execute();
    }
  }
  return { id: shiftId, employeeId };
}
