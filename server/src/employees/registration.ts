import type { Kysely } from "kysely";
import type { z } from "zod";
import { employeeRefusal, type completeRegistrationSchema } from "@tumble/domain/employees";
import type { CompanyRole } from "@tumble/domain/permissions";
import { canAssignRole } from "@tumble/domain/roleRank";
import { accessRefusal } from "@tumble/domain/accessRefusals";
import type { DB } from "../db/schema.ts";
import { admit, approveRequest } from "../companies/joinRequests.ts";
import { enqueue } from "../mail/outbox.ts";
import { audit } from "../runtime/audit.ts";
import { AccessError, refused } from "../runtime/errors.ts";
import { newId } from "../runtime/ids.ts";
import { invalidates } from "../runtime/invalidation.ts";
import { refuseOwnProfile } from "./ownProfile.ts";
import { addRate, assertStoresOfCompany, employeeOfCompany, payToday, setStores } from "./profiles.ts";

/**
 * The pending profile a self-registration creates: the username and PIN hash the employee chose,
 * waiting for a manager to complete it (the caller links the new account to it). The username is
 * reserved by employees_company_username, the one place a company's usernames are kept: when a
 * concurrent registration or a manager's create holds it, nothing is written and this is null.
 */
export async function createPendingProfile(
  db: Kysely<DB>,
  profile: { companyId: string; email: string; username: string; pinHash: string },
): Promise<string | null> {
  const id = newId();
  invalidates(db, { companyId: profile.companyId });
  const inserted = await db
    .insertInto("employees")
    .values({
      id,
      companyId: profile.companyId,
      userId: null,
      name: profile.username,
      email: profile.email,
      phone: null,
      position: null,
      payType: "hourly",
      status: "pending",
      hireDate: null,
      endDate: null,
      username: profile.username,
      usernameLower: profile.username.toLowerCase(),
      pinHash: profile.pinHash,
    })
    .onConflict((oc) => oc.columns(["companyId", "usernameLower"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted ? id : null;
}

/** The manager completing a registration: their company, account, role there and whether they are a system admin. */
export interface RegistrationManager {
  companyId: string;
  userId: string;
  role: string;
  isSystemAdmin: boolean;
}

/**
 * Completes a self-registered (pending) profile: stores, position, pay type and first rate, and the
 * company role, which approves the employee's join request. The profile becomes active and the
 * employee is told by e-mail.
 */
export async function completeRegistration(db: Kysely<DB>, manager: RegistrationManager, now: number, args: z.output<typeof completeRegistrationSchema>) {
  const companyId = manager.companyId;
  if (!canAssignRole(manager.role, args.role, manager.isSystemAdmin)) throw refused(accessRefusal("cannotGrantRole", { role: args.role }), AccessError);
  const employee = await employeeOfCompany(db, companyId, args.employeeId, true);
  refuseOwnProfile(employee, manager.userId, "ownRegistration");
  if (employee.status !== "pending") throw refused(employeeRefusal("notPending"));
  const storeIds = await assertStoresOfCompany(db, companyId, args.storeIds);
  invalidates(db, { companyId });
  await db
    .updateTable("employees")
    .set({
      name: args.name,
      phone: args.phone,
      position: args.position,
      hireDate: args.hireDate,
      payType: args.payType,
      status: "active",
      updatedAt: new Date(),
    })
    .where("companyId", "=", companyId)
    .where("id", "=", employee.id)
    .execute();
  await setStores(db, companyId, employee.id, storeIds);
  const today = await payToday(db, companyId, employee.id, now);
  await addRate(db, {
    companyId,
    employeeId: employee.id,
    payType: args.payType,
    rateCents: args.rateCents,
    effectiveFrom: args.effectiveFrom ?? args.hireDate ?? today,
    reason: null,
    createdBy: manager.userId,
    today,
  });

  // The role: approve the employee's pending join request with it; when a manager already
  // admitted them on the join-requests screen, their membership takes this role.
  let recipient = employee.email;
  let language: string | null = null;
  if (employee.userId) {
    const request = await db
      .selectFrom("joinRequests")
      .select("id")
      .where("companyId", "=", companyId)
      .where("userId", "=", employee.userId)
      .where("status", "=", "PENDING")
      .executeTakeFirst();
    if (request) await approveRequest(db, { companyId, requestId: request.id, role: args.role, actorId: manager.userId });
    else await assignRole(db, manager, employee.userId, args.role);
    const user = await db.selectFrom("users").select(["email", "language"]).where("id", "=", employee.userId).executeTakeFirst();
    recipient = user?.email ?? recipient;
    language = user?.language ?? null;
  }
  const company = await db.selectFrom("companies").select(["name", "defaultLanguage"]).where("id", "=", companyId).executeTakeFirstOrThrow();
  if (recipient) {
    const spanish = (language ?? company.defaultLanguage) === "es";
    await enqueue(db, {
      channel: "email",
      to: recipient,
      companyId,
      subject: spanish ? `Tu registro en ${company.name} está completo` : `Your registration with ${company.name} is complete`,
      template: { kind: "registrationCompleted", language: spanish ? "es" : "en", data: { companyName: company.name, username: employee.username } },
      body: spanish
        ? `Tu perfil de empleado en ${company.name} está activo. Ya puedes marcar tu entrada y salida en el quiosco de la tienda con tu usuario ${employee.username} y tu PIN. Para usar la aplicación web, elige "¿Olvidaste tu contraseña?" con este correo para crear una contraseña.`
        : `Your employee profile with ${company.name} is active. You can now clock in and out at the store kiosk with your username ${employee.username} and your PIN. To use the web app, choose "Forgot password" with this e-mail to set a password.`,
    });
  }
  await audit(db, {
    companyId,
    actorId: manager.userId,
    action: "completeRegistration",
    entity: "employee",
    entityId: employee.id,
    before: { status: "pending" },
    after: { status: "active", storeIds, position: args.position, payType: args.payType, rateCents: args.rateCents, role: args.role },
  });
  return null;
}

/** Gives a user the role in the manager's company: admits them, or changes the role of a member the manager outranks. */
async function assignRole(db: Kysely<DB>, manager: RegistrationManager, userId: string, role: CompanyRole): Promise<void> {
  const companyId = manager.companyId;
  const membership = await db
    .selectFrom("memberships")
    .select(["id", "role"])
    .where("companyId", "=", companyId)
    .where("userId", "=", userId)
    .executeTakeFirst();
  if (!membership) return admit(db, companyId, userId, role);
  if (membership.role === role) return;
  if (!canAssignRole(manager.role, membership.role as CompanyRole, manager.isSystemAdmin)) throw refused(accessRefusal("higherRole"), AccessError);
  invalidates(db, { userId });
  await db.updateTable("memberships").set({ role }).where("companyId", "=", companyId).where("id", "=", membership.id).execute();
  await audit(db, {
    companyId,
    actorId: manager.userId,
    action: "changeRole",
    entity: "membership",
    entityId: membership.id,
    before: { role: membership.role },
    after: { role },
  });
}
