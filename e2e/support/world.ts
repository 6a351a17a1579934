// A company of the test's own (POST /api/test/world, served only to browser tests): one member per
// role, a store laid out like the demo's Rio Downtown, and eight weeks of collections. Tests that
// write data use it, so parallel workers never share a user's drafts, badges or stores.

export type Role = "OWNER" | "ADMIN" | "MANAGER" | "SUPERVISOR" | "STAFF" | "MEMBER" | "MANAGING_MEMBER";

export interface World {
  companyId: string;
  companyName: string;
  companyCode: string;
  storeId: string;
  storeName: string;
  password: string;
  users: Record<Role, string>;
}

export async function createWorld(baseURL: string): Promise<World> {
  const response = await fetch(`${baseURL}/api/test/world`, { method: "POST" });
  if (!response.ok) throw new Error(`Creating a test company failed: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as World;
}
