import { describe, expect, it } from "vitest";
import { z } from "zod";
import { PERMISSION_FLAGS, permissionsFor } from "@tumble/domain/permissions";
import { mutation, query, type Access, type AnyRegisteredFunction, type Identity } from "../src/runtime/define.ts";
import { checkAccess } from "../src/runtime/executor.ts";

// The handler context is typed from the access literal. These definitions are type-checked by
// `tsc -p server`: each `@ts-expect-error` fails the type check if the line it marks compiles.

export const publicReadsCompany = query({
  access: "public",
  args: z.object({}),
  // @ts-expect-error a public handler may have no company: reading its id needs a check first
  handler: async (ctx) => ctx.company.id,
});

export const publicChecksCompany = query({
  access: "public",
  args: z.object({}),
  handler: async (ctx) => (ctx.company ? ctx.company.id : null),
});

export const signedInReadsCompany = query({
  access: "signedIn",
  args: z.object({}),
  // @ts-expect-error signed in is not a member of any company
  handler: async (ctx) => ctx.company.id,
});

export const systemAdminReadsCompany = mutation({
  access: "isSystemAdmin",
  args: z.object({}),
  // @ts-expect-error a platform flag holds without any company
  handler: async (ctx) => ctx.company.id,
});

export const publicReadsUser = query({
  access: "public",
  args: z.object({}),
  // @ts-expect-error anonymous callers have no user
  handler: async (ctx) => ctx.user.id,
});

export const signedInReadsUser = query({ access: "signedIn", args: z.object({}), handler: async (ctx) => ctx.user.id });
export const memberReadsCompany = query({
  access: "member",
  args: z.object({}),
  handler: async (ctx) => `${ctx.user.id} ${ctx.company.id} ${ctx.company.role}`,
});
export const flagReadsCompany = mutation({ access: "canManageStores", args: z.object({}), handler: async (ctx) => ctx.company.id });

const PLATFORM = new Set<Access>(["isSystemAdmin", "isSuperAdmin"]);
const LEVELS: Access[] = ["public", "signedIn", "member", ...PERMISSION_FLAGS];

function identity(company: Identity["company"], globalRole: string | null, signedIn = true): Identity {
  return {
    user: signedIn ? { id: "u1", email: "a@b.test", name: null, globalRole, language: null, isAnonymous: false, activeCompanyId: company?.id ?? null } : null,
    sessionId: signedIn ? "s1" : null,
    company,
    permissions: permissionsFor(company?.role, globalRole),
  };
}

describe("handler context by access level", () => {
  // The types above are only true because the executor runs checkAccess before every handler.
  it("admits a caller only when the identity holds what the handler's context type promises", () => {
    const callers = [
      identity(null, null, false),
      identity(null, null),
      identity(null, "SYSTEM_ADMIN"),
      identity(null, "SUPER_ADMIN"),
      identity({ id: "c1", role: "MEMBER" }, null),
      identity({ id: "c1", role: "OWNER" }, null),
      identity({ id: "c1", role: "OWNER" }, "SUPER_ADMIN"),
    ];
    let admittedWithCompany = 0;
    for (const access of LEVELS) {
      const fn = { kind: "query", access, args: z.object({}), handler: async () => null } as AnyRegisteredFunction;
      for (const caller of callers) {
        let admitted = true;
        try {
          checkAccess(fn, caller);
        } catch {
          admitted = false;
        }
        if (!admitted) continue;
        if (access !== "public") expect(caller.user, `${access} admitted an anonymous caller`).not.toBeNull();
        if (access !== "public" && access !== "signedIn" && !PLATFORM.has(access)) {
          expect(caller.company, `${access} admitted a caller without a company`).not.toBeNull();
          admittedWithCompany++;
        }
      }
    }
    expect(admittedWithCompany).toBeGreaterThan(0);
  });

  it("refuses a system admin without an active company every company-level function", () => {
    const admin = identity(null, "SUPER_ADMIN");
    for (const access of LEVELS.filter((a) => a !== "public" && a !== "signedIn" && !PLATFORM.has(a))) {
      const fn = { kind: "query", access, args: z.object({}), handler: async () => null } as AnyRegisteredFunction;
      expect(() => checkAccess(fn, admin), access).toThrow("You don't have permission to company membership");
    }
  });
});
