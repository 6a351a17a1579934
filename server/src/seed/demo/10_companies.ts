import { hashSecretSlow } from "../../auth/passwords.ts";
import { newId } from "../../runtime/ids.ts";
import type { DemoSeeder } from "../demoContext.ts";

// The demo companies, their people and memberships (README "Demo accounts").

export const DEMO_PASSWORD = "demo-password";

export const DEMO_ACCOUNTS = [
  { email: "owner@demo.test", role: "OWNER", company: "rio" },
  { email: "admin@demo.test", role: "ADMIN", company: "rio" },
  { email: "manager@demo.test", role: "MANAGER", company: "rio" },
  { email: "supervisor@demo.test", role: "SUPERVISOR", company: "rio" },
  { email: "staff@demo.test", role: "STAFF", company: "rio" },
  { email: "member@demo.test", role: "MEMBER", company: "rio" },
  { email: "managing@demo.test", role: "MANAGING_MEMBER", company: "rio" },
  { email: "owner@suds.test", role: "OWNER", company: "suds" },
  // Belongs to both companies, so the company switcher has something to switch between.
  { email: "area@demo.test", role: "MANAGER", company: "rio", also: { company: "suds", role: "SUPERVISOR" } },
  { email: "sysadmin@demo.test", role: null, company: null, globalRole: "SYSTEM_ADMIN" },
] as const;

export type DemoCompanyKey = "rio" | "suds";

declare module "../demoContext.ts" {
  interface DemoData {
    /** Company ids by key. */
    companies: Record<DemoCompanyKey, string>;
    /** User ids by e-mail. */
    users: Record<string, string>;
  }
}

export const seed: DemoSeeder = async ({ db, data }) => {
  const passwordHash = await hashSecretSlow(DEMO_PASSWORD);
  const companies = {
    rio: {
      id: newId(),
      name: "Rio Laundromat",
      displayName: "Rio Laundromat",
      companyCode: "CMP100001",
      emailDomain: "demo.test",
      industry: "laundromat",
      size: "SMALL",
      description: "Coin laundromats across the Rio valley.",
      createdAt: new Date("2024-01-02T00:00:00Z"),
    },
    suds: {
      id: newId(),
      name: "Suds Express",
      displayName: "Suds Express",
      companyCode: "CMP200002",
      emailDomain: "suds.test",
      industry: "laundromat",
      size: "SMALL",
      description: "Express wash and fold.",
      createdAt: new Date("2024-06-03T00:00:00Z"),
    },
  };
  await db.insertInto("companies").values(Object.values(companies)).execute();
  data.companies = { rio: companies.rio.id, suds: companies.suds.id };

  data.users = {};
  for (const account of DEMO_ACCOUNTS) {
    const id = newId();
    data.users[account.email] = id;
    const companyId = account.company ? companies[account.company].id : null;
    await db
      .insertInto("users")
      .values({
        id,
        email: account.email,
        name: account.email.split("@")[0].replace(/^./, (c) => c.toUpperCase()),
        passwordHash,
        username: null,
        pinHash: null,
        globalRole: "globalRole" in account ? account.globalRole : null,
        language: null,
        activeCompanyId: companyId,
      })
      .execute();
    // Joined soon after the company was set up, so "member since" reads like a real team's.
    const joinedAt = account.company ? new Date(companies[account.company].createdAt.getTime() + 14 * 86_400_000) : null;
    if (companyId && account.role && joinedAt)
      await db.insertInto("memberships").values({ id: newId(), companyId, userId: id, role: account.role, joinedAt }).execute();
    if ("also" in account) {
      await db
        .insertInto("memberships")
        .values({ id: newId(), companyId: companies[account.also.company].id, userId: id, role: account.also.role, joinedAt: new Date("2025-03-01T15:00:00Z") })
        .execute();
    }
  }
};
