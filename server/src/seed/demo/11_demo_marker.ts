import type { DemoSeeder } from "../demoContext.ts";

// Marks the companies the demo seed made, so demo:reset (server/src/demoReset) knows which ones it
// may delete and make again, and refuses every other company (migration 0031).

export const seed: DemoSeeder = async ({ db, data }) => {
  await db.updateTable("companies").set({ demoSeed: true }).where("id", "in", Object.values(data.companies)).execute();
};
