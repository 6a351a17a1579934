import { permissionsFor } from "@tumble/domain/permissions";
import { timeClockRefusal } from "@tumble/domain/timeClock";
import { checkSignIn, MESSAGES } from "../auth/passwordFlows.ts";
import type { ActionCtx } from "../runtime/define.ts";
import { audit } from "../runtime/audit.ts";
import { AppError, refused } from "../runtime/errors.ts";
import { kioskByToken } from "./kiosks.ts";

// Leaving kiosk mode (issue 31, docs/decisions/0029): a browser holding a kiosk credential shows
// nothing but the kiosk until a manager of the kiosk's company types their e-mail and password on
// it. The password is checked under the sign-in limits (passwordFlows.ts) and no session starts;
// whoever wants the staff app on that browser signs in afterwards. The credential is revoked, so
// a copy of it stops working too.

/** Refusals that say only that the e-mail and password do not match an account. */
const WRONG = new Set<string>([MESSAGES.invalidEmail, MESSAGES.accountNotFound, MESSAGES.invalidPassword]);

export async function releaseKiosk(ctx: ActionCtx, args: { kioskToken: string; email: string; password: string }): Promise<void> {
  const kiosk = await kioskByToken(ctx.db, args.kioskToken);
  // A credential the server does not know has nothing to protect; the tablet is told so and lets go.
  if (!kiosk) throw refused(timeClockRefusal("kioskRevoked"));
  let userId: string;
  try {
    userId = await checkSignIn(ctx, { email: args.email, password: args.password });
  } catch (error) {
    if (error instanceof AppError && WRONG.has(error.message)) throw refused(timeClockRefusal("releaseWrongCredentials"));
    throw error;
  }
  const person = await ctx.db
    .selectFrom("users as u")
    .leftJoin("memberships as m", (j) => j.onRef("m.userId", "=", "u.id").on("m.companyId", "=", kiosk.companyId))
    .select([
      "u.globalRole",
      "m.role",
      (eb) => eb.exists(eb.selectFrom("userDisablements as d").select("d.userId").whereRef("d.userId", "=", "u.id")).as("disabled"),
      (eb) =>
        eb
          .exists(eb.selectFrom("companySuspensions as cs").select("cs.id").where("cs.companyId", "=", kiosk.companyId).where("cs.reactivatedAt", "is", null))
          .as("suspended"),
    ])
    .where("u.id", "=", userId)
    .executeTakeFirstOrThrow();
  if (person.disabled) throw refused(timeClockRefusal("accountDisabled"));
  // The same rule as every manager's function: the role in the kiosk's company (a suspended company's gives nothing).
  const role = person.suspended ? null : person.role;
  if (!permissionsFor(role, person.globalRole).canManageKiosks) throw refused(timeClockRefusal("releaseNotManager"));
  await ctx.db.transaction().execute(async (trx) => {
    const revokedAt = kiosk.revokedAt ? null : new Date(ctx.now);
    if (revokedAt) {
      await trx
        .updateTable("kiosks")
        .set({ revokedAt })
        .where("companyId", "=", kiosk.companyId)
        .where("id", "=", kiosk.id)
        .where("revokedAt", "is", null)
        .execute();
    }
    await audit(trx, {
      companyId: kiosk.companyId,
      actorId: userId,
      action: "release",
      entity: "kiosk",
      entityId: kiosk.id,
      after: { revoked: revokedAt !== null, expired: new Date(kiosk.expiresAt).getTime() <= ctx.now },
    });
  });
}
