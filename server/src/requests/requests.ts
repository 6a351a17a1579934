import type { Kysely } from "kysely";
import { DEFAULT_TIME_ZONE } from "@tumble/domain/businessDate";
import { formatClock } from "@tumble/domain/dateFormat";
import type { RequestKind, RequestStatus, TimeOffType } from "@tumble/domain/requests";
import type { DB } from "../db/schema.ts";
import { enqueue } from "../mail/outbox.ts";

// Reading requests (docs/decisions/0033): the caller's own and the approvers' queue, each with its
// employee, its shift as the employee was shown it and the other employee of a swap.

const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

export interface RequestView {
  _id: string;
  kind: RequestKind;
  status: RequestStatus;
  employeeId: string;
  employeeName: string;
  startsAt: number | null;
  endsAt: number | null;
  allDay: boolean;
  timeOffType: TimeOffType | null;
  shift: { _id: string; storeId: string; storeName: string; timeZone: string; startsAt: number; endsAt: number } | null;
  targetEmployeeId: string | null;
  targetEmployeeName: string | null;
  note: string | null;
  timeZone: string;
  decidedBy: string | null;
  decidedAt: number | null;
  decisionReason: string | null;
  createdAt: number;
}

export async function requestsOf(
  db: Kysely<DB>,
  companyId: string,
  where: { employeeId?: string; targetEmployeeId?: string; status?: RequestStatus; id?: string },
): Promise<RequestView[]> {
  let q = db
    .selectFrom("requests as r")
    .innerJoin("employees as e", (j) => j.onRef("e.companyId", "=", "r.companyId").onRef("e.id", "=", "r.employeeId"))
    .leftJoin("employees as t", (j) => j.onRef("t.companyId", "=", "r.companyId").onRef("t.id", "=", "r.targetEmployeeId"))
    .leftJoin("shifts as sh", (j) => j.onRef("sh.companyId", "=", "r.companyId").onRef("sh.id", "=", "r.shiftId"))
    .leftJoin("stores as s", (j) => j.onRef("s.companyId", "=", "sh.companyId").onRef("s.id", "=", "sh.storeId"))
    .leftJoin("users as d", "d.id", "r.decidedBy")
    .select([
      "r.id",
      "r.kind",
      "r.status",
      "r.employeeId",
      "e.name as employeeName",
      "r.startsAt",
      "r.endsAt",
      "r.allDay",
      "r.timeOffType",
      "r.shiftId",
      "sh.storeId as shiftStoreId",
      "s.name as shiftStoreName",
      "s.timeZone as shiftTimeZone",
      "sh.startsAt as shiftStartsAt",
      "sh.endsAt as shiftEndsAt",
      "r.targetEmployeeId",
      "t.name as targetEmployeeName",
      "r.note",
      "d.name as decidedByName",
      "r.decidedAt",
      "r.decisionReason",
      "r.createdAt",
    ])
    .where("r.companyId", "=", companyId);
  if (where.employeeId) q = q.where("r.employeeId", "=", where.employeeId);
  if (where.targetEmployeeId) q = q.where("r.targetEmployeeId", "=", where.targetEmployeeId);
  if (where.status) q = q.where("r.status", "=", where.status);
  if (where.id) q = q.where("r.id", "=", where.id);
  const rows = await q.orderBy("r.createdAt", "desc").orderBy("r.id").limit(500).execute();
  const zones = await employeeZones(
    db,
    companyId,
    rows.map((r) => r.employeeId),
  );
  return rows.map((r) => ({
    _id: r.id,
    kind: r.kind as RequestKind,
    status: r.status as RequestStatus,
    employeeId: r.employeeId,
    employeeName: r.employeeName,
    startsAt: ms(r.startsAt),
    endsAt: ms(r.endsAt),
    allDay: r.allDay,
    timeOffType: r.timeOffType as TimeOffType | null,
    shift:
      r.shiftId && r.shiftStartsAt && r.shiftEndsAt
        ? {
            _id: r.shiftId,
            storeId: r.shiftStoreId!,
            storeName: r.shiftStoreName ?? "",
            timeZone: r.shiftTimeZone ?? DEFAULT_TIME_ZONE,
            startsAt: ms(r.shiftStartsAt)!,
            endsAt: ms(r.shiftEndsAt)!,
          }
        : null,
    targetEmployeeId: r.targetEmployeeId,
    targetEmployeeName: r.targetEmployeeName,
    note: r.note,
    timeZone: r.shiftTimeZone ?? zones.get(r.employeeId) ?? DEFAULT_TIME_ZONE,
    decidedBy: r.decidedByName,
    decidedAt: ms(r.decidedAt),
    decisionReason: r.decisionReason,
    createdAt: ms(r.createdAt)!,
  }));
}

/** The time zone of each employee's first store (by name): where their whole days begin. */
export async function employeeZones(db: Kysely<DB>, companyId: string, employeeIds: string[]): Promise<Map<string, string>> {
  if (!employeeIds.length) return new Map();
  const rows = await db
    .selectFrom("employeeStores as es")
    .innerJoin("stores as s", (j) => j.onRef("s.companyId", "=", "es.companyId").onRef("s.id", "=", "es.storeId"))
    .select(["es.employeeId", "s.timeZone"])
    .where("es.companyId", "=", companyId)
    .where("es.employeeId", "in", [...new Set(employeeIds)])
    .orderBy("s.name")
    .execute();
  const zones = new Map<string, string>();
  for (const r of rows) if (!zones.has(r.employeeId)) zones.set(r.employeeId, r.timeZone);
  return zones;
}

const KIND_WORDS: Record<RequestKind, string> = {
  timeOff: "time-off request",
  swap: "shift swap request",
  drop: "shift drop request",
  claim: "open-shift claim",
};

/** Tells the coworker a swap is offered to them, in their language (when they have an address). */
export async function notifyOffer(db: Kysely<DB>, companyId: string, request: RequestView, url: string): Promise<void> {
  if (!request.targetEmployeeId || !request.shift) return;
  const to = await db
    .selectFrom("employees as e")
    .leftJoin("users as u", "u.id", "e.userId")
    .select(["u.email as userEmail", "e.email", "e.name"])
    .where("e.companyId", "=", companyId)
    .where("e.id", "=", request.targetEmployeeId)
    .executeTakeFirst();
  const address = to?.userEmail ?? to?.email;
  if (!address) return;
  const s = request.shift;
  const shift = `${new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: s.timeZone }).format(s.startsAt)} ${formatClock(s.startsAt, s.timeZone)} – ${formatClock(s.endsAt, s.timeZone)} · ${s.storeName}`;
  await enqueue(db, {
    channel: "email",
    to: address,
    companyId,
    subject: `${request.employeeName} offers you a shift`,
    template: { kind: "swapOffered", data: { name: to?.name ?? "", requester: request.employeeName, shift, url } },
    body: `${request.employeeName} asks you to take their shift ${shift}. Accept or decline it in Tumble under My requests: ${url}.`,
  });
}

/** Tells the requester of the decision by e-mail (when their profile or account has an address). */
export async function notifyDecision(db: Kysely<DB>, companyId: string, request: RequestView, approved: boolean, reason: string | null): Promise<void> {
  const to = await db
    .selectFrom("employees as e")
    .leftJoin("users as u", "u.id", "e.userId")
    .select(["u.email as userEmail", "e.email"])
    .where("e.companyId", "=", companyId)
    .where("e.id", "=", request.employeeId)
    .executeTakeFirst();
  const address = to?.userEmail ?? to?.email;
  if (!address) return;
  const what = KIND_WORDS[request.kind];
  const verdict = approved ? "approved" : "denied";
  await enqueue(db, {
    channel: "email",
    to: address,
    companyId,
    subject: `Your ${what} was ${verdict}`,
    template: { kind: "requestDecided", data: { name: request.employeeName, kind: request.kind, approved, reason } },
    body: [
      `Hello ${request.employeeName},`,
      "",
      `Your ${what} was ${verdict}.`,
      ...(reason ? ["", `Reason: ${reason}`] : []),
      "",
      "See it in Tumble under My requests.",
    ].join("\n"),
  });
}

/** Whether deciding the request decides for `employeeId` (decision 0060): theirs, or a swap that gives them the shift. */
export function isOwnRequest(request: { employeeId: string; targetEmployeeId: string | null }, employeeId: string): boolean {
  return request.employeeId === employeeId || request.targetEmployeeId === employeeId;
}
