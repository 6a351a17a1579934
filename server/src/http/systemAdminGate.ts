import type { Context } from "hono";
import { AuthenticationError } from "../runtime/errors.ts";
import { resolveIdentity } from "../runtime/identity.ts";
import type { Services } from "../runtime/services.ts";

/**
 * For file routes only system admins may read (backups, exports): null when the request's bearer
 * token is a system admin's, else the refusal to send. A link cannot carry the token, so the
 * screens fetch these files and hand them to the browser.
 */
export async function refuseUnlessSystemAdmin(c: Context, services: Services): Promise<Response | null> {
  const token =
    c.req
      .header("authorization")
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim() ?? null;
  try {
    const identity = await resolveIdentity(services.database.db, services.tokens, token);
    if (!identity.user) return c.text("Not signed in", 401);
    if (!identity.permissions.isSystemAdmin) return c.text("System administrator privileges required", 403);
    return null;
  } catch (error) {
    if (error instanceof AuthenticationError) return c.text(error.message, 401);
    throw error;
  }
}
